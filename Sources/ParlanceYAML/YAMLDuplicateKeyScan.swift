#if YAML
/// A pre-scan of block mapping keys, so that a file with many duplicate keys is parsed twice
/// instead of once per duplicate.
///
/// Yams refuses a mapping with two equal keys and names only one of them, so each duplicate
/// would otherwise cost one more parse. After the first refusal the text is scanned once, line
/// by line, for block mapping keys (`key:`, `"key":`, `'key':`, `- key:`) per mapping (by
/// indentation), and every earlier occurrence of a repeated key is marked at once. The scan is
/// conservative: it reads no key inside a flow collection (`{a: 1, a: 2}`), a block scalar or a
/// multi-line quoted or plain scalar, nor a key with an escape, a tag or an anchor; what it does
/// not see is still found by the one-at-a-time loop. A key it marks that the parser finds to
/// have no later equal key in its mapping is restored, not dropped (``YAMLWalker/pairs(_:language:)``).
extension YAMLFileReader {
    /// The 1-based line and column (Unicode scalars) of every earlier occurrence of a key that
    /// is written again later in the same block mapping.
    static func duplicateKeyCandidates(_ text: String) -> [(line: Int, column: Int)] {
        struct Mapping {
            var column: Int
            var keys: [String: (Int, Int)] = [:]
        }
        var stack: [Mapping] = []
        var out: [(line: Int, column: Int)] = []
        /// Lines indented more than this belong to the previous value (block scalar, multi-line plain).
        var valueIndent: Int?
        /// An open multi-line quoted scalar (its quote) or flow collection (its depth).
        var open = Scanner.State()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Array(rawLine.unicodeScalars)
            if line.last == "\r" { line.removeLast() }
            if open.isOpen {
                open = Scanner.continueValue(line, from: 0, state: open)
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let blank = indent == line.count || line[indent] == "#"
            if let limit = valueIndent {
                if blank || indent > limit { continue }
                valueIndent = nil
            }
            if blank { continue }
            if indent == 0, line.starts(with: Array("---".unicodeScalars)) || line.starts(with: Array("...".unicodeScalars)) || line[0] == "%" {
                // A new document (or a directive): its mappings are new.
                stack = []
                if line.count > 3, line[0] == "-" { valueIndent = 0 }
                continue
            }
            var position = indent
            var afterDash = false
            while position < line.count, line[position] == "-", position + 1 == line.count || line[position + 1] == " " {
                // Mappings deeper than the dash's column end; one at its column (`key:` then `- item`) goes on.
                while let last = stack.last, last.column > position + 1 { stack.removeLast() }
                position += 1
                while position < line.count, line[position] == " " { position += 1 }
                afterDash = true
            }
            if position >= line.count || line[position] == "#" { continue }
            guard let (key, valueStart) = Scanner.key(line, at: position) else {
                // A sequence item's scalar or flow value, or a line the scan does not read.
                open = Scanner.continueValue(line, from: position, state: Scanner.State())
                if !open.isOpen { valueIndent = position }
                continue
            }
            let column = position + 1
            while let last = stack.last, last.column > column { stack.removeLast() }
            if afterDash || stack.last?.column != column { stack.append(Mapping(column: column)) }
            if let earlier = stack[stack.count - 1].keys[key] { out.append((earlier.0, earlier.1)) }
            stack[stack.count - 1].keys[key] = (index + 1, column)
            // The value: nothing (a nested block follows), or one whose further lines are skipped.
            var start = valueStart
            while start < line.count, line[start] == " " { start += 1 }
            if start < line.count, line[start] != "#" {
                open = Scanner.continueValue(line, from: start, state: Scanner.State())
                if !open.isOpen { valueIndent = position }
            }
        }
        return out
    }
}

/// The small lexical pieces of the pre-scan.
private enum Scanner {
    struct State {
        /// The quote of an open quoted scalar.
        var quote: Unicode.Scalar?
        /// The depth of open flow collections.
        var depth = 0
        var isOpen: Bool { quote != nil || depth > 0 }
    }

    static let indicators: Set<Unicode.Scalar> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]

    /// A key starting at `position` and the index after its `:`, or nil (not a simple key).
    static func key(_ line: [Unicode.Scalar], at position: Int) -> (String, Int)? {
        var index = position
        var key = String.UnicodeScalarView()
        let first = line[index]
        if first == "\"" || first == "'" {
            index += 1
            while true {
                guard index < line.count else { return nil }
                let scalar = line[index]
                if first == "\"", scalar == "\\" { return nil }
                if scalar == first {
                    if first == "'", index + 1 < line.count, line[index + 1] == "'" {
                        key.append("'")
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                key.append(scalar)
                index += 1
            }
            while index < line.count, line[index] == " " { index += 1 }
            guard index < line.count, line[index] == ":", index + 1 == line.count || line[index + 1] == " " else { return nil }
            return (String(key), index + 1)
        }
        guard !indicators.contains(first) else { return nil }
        while index < line.count {
            let scalar = line[index]
            if scalar == ":", index + 1 == line.count || line[index + 1] == " " {
                var text = String(key)
                while text.last == " " { text.removeLast() }
                return text == "<<" ? nil : (text, index + 1)
            }
            if scalar == "#", index > position, line[index - 1] == " " { return nil }
            key.append(scalar)
            index += 1
        }
        return nil
    }

    /// Reads a value (or the rest of an open one) to the end of the line: whether a quoted
    /// scalar or a flow collection stays open. A block scalar header (`|`, `>`) or a plain
    /// scalar ends the line closed (its further lines are more indented).
    static func continueValue(_ line: [Unicode.Scalar], from start: Int, state: State) -> State {
        var state = state
        var index = start
        if !state.isOpen {
            // Anchors and tags before the value.
            while index < line.count, line[index] == "&" || line[index] == "!" {
                while index < line.count, line[index] != " " { index += 1 }
                while index < line.count, line[index] == " " { index += 1 }
            }
            guard index < line.count else { return state }
            let first = line[index]
            guard first == "\"" || first == "'" || first == "[" || first == "{" else { return state }
        }
        while index < line.count {
            let scalar = line[index]
            if let quote = state.quote {
                if quote == "\"", scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == quote {
                    if quote == "'", index + 1 < line.count, line[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    state.quote = nil
                    if state.depth == 0 { return state }
                }
            } else if scalar == "\"" || scalar == "'" {
                state.quote = scalar
            } else if scalar == "[" || scalar == "{" {
                state.depth += 1
            } else if scalar == "]" || scalar == "}" {
                state.depth -= 1
                if state.depth <= 0 {
                    state.depth = 0
                    return state
                }
            } else if scalar == "#", state.depth > 0, index > 0, line[index - 1] == " " {
                return state
            }
            index += 1
        }
        return state
    }
}
#endif
