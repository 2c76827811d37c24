import Foundation
import Parlance

/// A Flutter ARB, i18next or FormatJS file read into catalog records whose values are ICU
/// MessageFormat (``CatalogEntry/isMessageFormat``).
///
/// - ARB: every member not starting with `@` is a message; `@key` is its metadata: the
///   `description` is the entry's comment, the rest (`placeholders` with their `type`,
///   `context`) is kept as ``CatalogEntry/messageMetadata``; `@@locale` names the file's locale.
/// - i18next: nested objects are flattened with `.` (`{"menu": {"open": …}}` is `menu.open`),
///   arrays by index (`list.0`); `{{name}}` is the argument `name`; the v4 plural suffixes
///   (`key_one`, `key_other`, `key_ordinal_one`, …) are one plural (`selectordinal`) by
///   `count`, written as ICU (`{count, plural, one {…} other {…}}`).
/// - FormatJS: `{"id": "message"}` or `{"id": {"defaultMessage": …, "description": …}}`.
///
/// JSON is read by ``LocatedJSON``: a syntax error is located and stops the file; a member of
/// the wrong type or a message that is not valid MessageFormat is a located diagnostic, and the
/// other members are read.
package struct MessageJSONFile: Sendable {
    /// `.arb`, `.i18next` or `.formatjs`.
    package var format: CatalogFileFormat
    package var records: [EntryRecord] = []
    package var diagnostics: [CatalogDiagnostic] = []
    /// An ARB file's `@@locale`.
    package var declaredLocale: String?

    /// The largest file read.
    static let maximumFileSize = 64 << 20

    /// Reads an ARB file (`arb`) or a JSON file (i18next or FormatJS, told apart by content:
    /// ``sniff(_:)``).
    ///
    /// - Throws: the file's diagnostic when it cannot be read or is not JSON.
    package init(reading path: String, arb: Bool) throws(CatalogDiagnostic) {
        let bytes = try CatalogFileSystem.read(path)
        guard bytes.count <= Self.maximumFileSize else {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "the file is larger than \(Self.maximumFileSize) bytes: not read")
        }
        try self.init(bytes: bytes, file: path, arb: arb)
    }

    /// Reads the bytes of a file named `file`.
    package init(bytes: [UInt8], file: String, arb: Bool) throws(CatalogDiagnostic) {
        let root = try LocatedJSON.parse(bytes, file: file)
        guard case .object(let members) = root.value else {
            throw CatalogDiagnostic(file: file, line: root.line, column: root.column, message: "expected an object at the top, found \(root.typeName)")
        }
        format = arb ? .arb : Self.sniff(members)
        var reader = Reader(file: file)
        switch format {
        case .arb: reader.arb(members)
        case .formatjs: reader.formatJS(members)
        default: reader.i18next(members)
        }
        records = reader.records
        diagnostics = reader.diagnostics
        declaredLocale = reader.declaredLocale
    }

    /// FormatJS when a member is a `{defaultMessage}` object, or when the (flat) values use ICU
    /// arguments and no i18next `{{…}}`; i18next otherwise.
    static func sniff(_ members: [(String, LocatedJSON)]) -> CatalogFileFormat {
        var icuArguments = false
        for (key, value) in members {
            switch value.value {
            case .object(let inner):
                if inner.contains(where: { $0.0 == "defaultMessage" }) { return .formatjs }
                return .i18next
            case .string(let text):
                if text.contains("{{") { return .i18next }
                if I18nextPlural.split(key) != nil { return .i18next }
                if text.contains("{"), let parts = try? MessageSyntax.parse(text), !MessageSyntax.argumentNames(parts).isEmpty {
                    icuArguments = true
                }
            default: continue
            }
        }
        return icuArguments ? .formatjs : .i18next
    }

    private struct Reader {
        let file: String
        var records: [EntryRecord] = []
        var diagnostics: [CatalogDiagnostic] = []
        var declaredLocale: String?

        func location(_ value: LocatedJSON) -> CatalogLocation { CatalogLocation(file: file, line: value.line, column: value.column) }

        mutating func diagnose(_ value: LocatedJSON, _ message: String, key: String?, code: String = "malformed-entry") {
            diagnostics.append(CatalogDiagnostic(file: file, line: value.line, column: value.column, message: message, key: key, code: code))
        }

        /// A message record, its pattern checked.
        mutating func message(_ key: String, _ text: String, at value: LocatedJSON, comment: String? = nil) -> EntryRecord {
            do throws(MessageSyntaxError) {
                _ = try MessageSyntax.parse(text)
            } catch {
                diagnose(
                    value, "\(quoted(key)) is not valid ICU MessageFormat: \(error.message) (at character \(error.offset + 1))", key: key,
                    code: "invalid-message")
            }
            var record = EntryRecord(key: key, location: location(value), content: .text(LocatedText(text: text, location: location(value))), comment: comment)
            record.isMessageFormat = true
            return record
        }

        mutating func arb(_ members: [(String, LocatedJSON)]) {
            var metadata: [String: LocatedJSON] = [:]
            for (key, value) in members where key.hasPrefix("@") && !key.hasPrefix("@@") {
                metadata[String(key.dropFirst())] = value
            }
            var seen: [String: Int] = [:]
            for (key, value) in members {
                if key == "@@locale" {
                    if case .string(let locale) = value.value {
                        declaredLocale = locale
                    } else {
                        diagnose(value, "@@locale is \(value.typeName), not a string", key: key)
                    }
                    continue
                }
                if key.hasPrefix("@") {
                    if !key.hasPrefix("@@"), case .object = value.value {
                        continue
                    } else if !key.hasPrefix("@@") {
                        diagnose(value, "the metadata \(quoted(key)) is \(value.typeName), not an object: ignored", key: String(key.dropFirst()))
                    }
                    continue
                }
                guard case .string(let text) = value.value else {
                    diagnose(value, "\(quoted(key)) is \(value.typeName), not a string: skipped", key: key)
                    continue
                }
                var comment: String?
                var kept: String?
                if let meta = metadata[key], case .object(let fields) = meta.value {
                    if let description = meta["description"] {
                        if case .string(let text) = description.value {
                            comment = text
                        } else {
                            diagnose(description, "the description of \(quoted(key)) is \(description.typeName), not a string: ignored", key: key)
                        }
                    }
                    let rest = fields.filter { $0.0 != "description" }
                    if !rest.isEmpty { kept = MessageJSONWriter.compact(LocatedJSON(value: .object(rest), line: 0, column: 0)) }
                }
                if let first = seen[key] {
                    diagnose(value, "duplicate key \(quoted(key)) (first at line \(first)); the last value wins", key: key, code: "duplicate-key")
                }
                seen[key] = value.line
                var record = message(key, text, at: value, comment: comment)
                record.messageMetadata = kept
                records.append(record)
            }
        }

        mutating func formatJS(_ members: [(String, LocatedJSON)]) {
            for (key, value) in members {
                switch value.value {
                case .string(let text):
                    records.append(message(key, text, at: value))
                case .object:
                    guard let defaultMessage = value["defaultMessage"], case .string(let text) = defaultMessage.value else {
                        diagnose(value, "\(quoted(key)) has no string defaultMessage: skipped", key: key)
                        continue
                    }
                    var comment: String?
                    if let description = value["description"] {
                        switch description.value {
                        case .string(let text): comment = text
                        default: comment = MessageJSONWriter.compact(description)
                        }
                    }
                    records.append(message(key, text, at: defaultMessage, comment: comment))
                default:
                    diagnose(value, "\(quoted(key)) is \(value.typeName), not a message: skipped", key: key)
                }
            }
        }

        mutating func i18next(_ members: [(String, LocatedJSON)]) {
            var leaves: [(key: String, text: String, value: LocatedJSON)] = []
            func walk(_ members: [(String, LocatedJSON)], prefix: String) {
                for (name, value) in members {
                    let key = prefix.isEmpty ? name : prefix + "." + name
                    switch value.value {
                    case .string(let text): leaves.append((key, text, value))
                    case .object(let inner): walk(inner, prefix: key)
                    case .array(let items): walk(items.enumerated().map { (String($0.offset), $0.element) }, prefix: key)
                    default: diagnose(value, "\(quoted(key)) is \(value.typeName), not a string: skipped", key: key)
                    }
                }
            }
            walk(members, prefix: "")
            // Plural suffixes: a base with an `other` form is one plural.
            var groups: [String: [(keyword: String, text: String, value: LocatedJSON)]] = [:]
            for leaf in leaves {
                guard let split = I18nextPlural.split(leaf.key) else { continue }
                groups[split.base, default: []].append((split.keyword, leaf.text, leaf.value))
            }
            groups = groups.filter { group in group.value.contains { $0.keyword == "other" || $0.keyword == "ordinal_other" } }
            var written = Set<String>()
            var plain = Set(leaves.filter { leaf in I18nextPlural.split(leaf.key).map { groups[$0.base] == nil } ?? true }.map(\.key))
            for leaf in leaves {
                if let base = I18nextPlural.split(leaf.key)?.base, let group = groups[base] {
                    guard written.insert(base).inserted else { continue }
                    if plain.remove(base) != nil {
                        diagnose(
                            leaf.value, "\(quoted(base)) is both a string and the base of plural forms; the plural is kept", key: base, code: "duplicate-key")
                    }
                    records.append(pluralRecord(base, group))
                } else if plain.contains(leaf.key), !written.contains(leaf.key) {
                    written.insert(leaf.key)
                    let (parts, dropped) = MessageSyntax.fromI18next(leaf.text)
                    for format in dropped {
                        diagnose(
                            leaf.value, "\(quoted(leaf.key)): the format \(quoted(format)) has no ICU form: the argument is kept without it", key: leaf.key,
                            code: "i18next-format")
                    }
                    records.append(message(leaf.key, MessageSyntax.icu(parts), at: leaf.value))
                }
            }
        }

        mutating func pluralRecord(_ base: String, _ forms: [(keyword: String, text: String, value: LocatedJSON)]) -> EntryRecord {
            var cardinal: [MessageOption] = []
            var ordinal: [MessageOption] = []
            for form in forms {
                let (parts, dropped) = MessageSyntax.fromI18next(form.text)
                for format in dropped {
                    diagnose(
                        form.value, "\(quoted(base)): the format \(quoted(format)) has no ICU form: the argument is kept without it", key: base,
                        code: "i18next-format")
                }
                if form.keyword.hasPrefix("ordinal_") {
                    ordinal.append(MessageOption(keyword: String(form.keyword.dropFirst("ordinal_".count)), parts: parts))
                } else {
                    cardinal.append(MessageOption(keyword: form.keyword, parts: parts))
                }
            }
            var choices: [MessagePart] = []
            if cardinal.contains(where: { $0.keyword == "other" }) { choices.append(.choice(name: "count", kind: "plural", offset: nil, options: cardinal)) }
            if ordinal.contains(where: { $0.keyword == "other" }) {
                if choices.isEmpty {
                    choices.append(.choice(name: "count", kind: "selectordinal", offset: nil, options: ordinal))
                } else {
                    diagnose(forms[0].value, "\(quoted(base)) has both cardinal and ordinal forms; the ordinal forms are not read", key: base)
                }
            }
            return message(base, MessageSyntax.icu(choices), at: forms[0].value)
        }
    }
}

/// i18next's plural suffixes (v4): `_zero`, `_one`, `_two`, `_few`, `_many`, `_other`, and
/// `_ordinal_` before them.
package enum I18nextPlural {
    static let keywords: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The base key and the suffix (`one`, `ordinal_one`), or nil.
    package static func split(_ key: String) -> (base: String, keyword: String)? {
        guard let underscore = key.lastIndex(of: "_") else { return nil }
        let keyword = String(key[key.index(after: underscore)...])
        guard keywords.contains(keyword) else { return nil }
        let base = key[..<underscore]
        if base.hasSuffix("_ordinal") {
            let ordinalBase = base.dropLast("_ordinal".count)
            return ordinalBase.isEmpty ? nil : (String(ordinalBase), "ordinal_" + keyword)
        }
        return base.isEmpty ? nil : (String(base), keyword)
    }
}
