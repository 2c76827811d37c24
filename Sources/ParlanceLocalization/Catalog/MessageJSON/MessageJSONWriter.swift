import Parlance

/// Writes ARB and i18next JSON text: two-space indentation, members in the order given,
/// strings escaped as JSON requires (`"`, `\`, control characters) and nothing else, so that
/// what ``MessageJSONFile`` reads back is what was written, and a second write is the same bytes.
package enum MessageJSONWriter {
    /// One ARB message.
    package struct ARBEntry: Sendable {
        package var key: String
        package var message: String
        /// The `description`.
        package var comment: String?
        /// The rest of the `@key` object, as JSON text (``CatalogEntry/messageMetadata``).
        package var metadata: String?

        package init(key: String, message: String, comment: String?, metadata: String?) {
            self.key = key
            self.message = message
            self.comment = comment
            self.metadata = metadata
        }
    }

    /// An ARB file: `@@locale` first, then each message followed by its `@key` metadata
    /// (`description` first, then the kept members).
    package static func arb(locale: String, entries: [ARBEntry]) -> String {
        var out = "{\n  \"@@locale\": \(quote(locale))"
        for entry in entries {
            out += ",\n  \(quote(entry.key)): \(quote(entry.message))"
            var members: [(String, LocatedJSON)] = []
            if let comment = entry.comment { members.append(("description", LocatedJSON(value: .string(comment), line: 0, column: 0))) }
            if let metadata = entry.metadata, let parsed = try? LocatedJSON.parse(Array(metadata.utf8), file: ""),
                case .object(let kept) = parsed.value
            {
                members += kept.filter { $0.0 != "description" }
            }
            if !members.isEmpty {
                out += ",\n  \(quote("@" + entry.key)): "
                pretty(LocatedJSON(value: .object(members), line: 0, column: 0), indent: 1, into: &out)
            }
        }
        return out + "\n}\n"
    }

    /// An i18next file: keys split at `.` into nested objects. Returns the text and the keys
    /// that could not be placed (a key that is also the prefix of another: `a` and `a.b`).
    package static func i18next(_ entries: [(key: String, value: String)]) -> (text: String, conflicts: [String]) {
        final class Node {
            var leaf: String?
            var children: [(String, Node)] = []
            var index: [String: Int] = [:]

            func child(_ name: String) -> Node {
                if let at = index[name] { return children[at].1 }
                let made = Node()
                index[name] = children.count
                children.append((name, made))
                return made
            }
        }
        let root = Node()
        var conflicts: [String] = []
        for (key, value) in entries {
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            // An empty segment (`a..b`, `.a`) cannot be nested: such a key is written whole.
            let segments = path.contains("") ? [key] : path
            var node = root
            var blocked = false
            for segment in segments.dropLast() {
                node = node.child(segment)
                if node.leaf != nil { blocked = true }
            }
            let last = node.child(segments.last ?? key)
            if blocked || last.leaf != nil || !last.children.isEmpty {
                conflicts.append(key)
                continue
            }
            last.leaf = value
        }
        func json(_ node: Node) -> LocatedJSON {
            if let leaf = node.leaf { return LocatedJSON(value: .string(leaf), line: 0, column: 0) }
            return LocatedJSON(
                value: .object(node.children.filter { $0.1.leaf != nil || !$0.1.children.isEmpty }.map { ($0.0, json($0.1)) }), line: 0, column: 0)
        }
        var out = ""
        pretty(json(root), indent: 0, into: &out)
        return (out + "\n", conflicts)
    }

    /// A JSON string literal (``JSONStringLiteral``, the writer of every JSON text Parlance writes).
    package static func quote(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    /// A value on one line.
    static func compact(_ value: LocatedJSON) -> String {
        switch value.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quote(text)
        case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { quote($0.0) + ":" + compact($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// A value indented by two spaces a level, starting at the current position of `out`.
    static func pretty(_ value: LocatedJSON, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch value.value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                pretty(item, indent: indent + 1, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + quote(member.0) + ": "
                pretty(member.1, indent: indent + 1, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        default:
            out += compact(value)
        }
    }
}
