#if YAML
/// A pre-scan for aliases inside mapping keys, which Yams cannot parse in bounded time.
///
/// Yams checks every mapping for duplicate keys by hashing its key nodes, and a node's hash
/// covers the whole structure under it, aliases included. A key that is an alias (`*h: x`,
/// `[*h: x]`, `? *h`) or a flow collection holding one (`[*h]: x`) therefore costs as much as
/// the alias's expansion, and nested anchors (`b: &b [*a, *a, …]`, `c: &c [*b, *b, …]`) make
/// that expansion exponential in the file's size: a 365-byte file kept the parser busy for
/// minutes. The walker's alias budget (``YAMLCatalogBudget/maximumAliasExpansion``) runs only
/// after the parse, so such a file must be refused before Yams sees it.
///
/// Catalog keys are text, so no catalog needs an alias in a key. The scan reads the text once,
/// as libyaml tokenizes it where that matters: an alias (`*` and the characters libyaml takes
/// for an anchor name: letters, digits, `-`, `_`) counts only where a token may start (at the
/// start of a line, after `[`, `{`, `,`, or after `-`, `?`, `:` and a blank), never inside a
/// quoted scalar, a comment, a block scalar or the middle of a plain scalar.
extension YAMLFileReader {
    /// The first alias used in a mapping key: its 1-based line and column (Unicode scalars) and
    /// name; nil when there is none.
    static func aliasInKey(_ text: String) -> (line: Int, column: Int, name: String)? {
        var scan = AliasKeyScan()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine.unicodeScalars)
            if line.last == "\r" { line.removeLast() }
            if let found = scan.read(line, number: lineNumber) { return found }
        }
        return nil
    }
}

/// The state of ``YAMLFileReader/aliasInKey(_:)`` between lines.
private struct AliasKeyScan {
    /// The quote of a quoted scalar open across lines.
    var quote: Unicode.Scalar?
    /// Open flow collections, innermost last: the first alias inside each, if any.
    var flows: [(line: Int, column: Int, name: String)?] = []
    /// Lines indented more than this belong to a block scalar (`|`, `>`).
    var blockScalarIndent: Int?
    /// The column of an explicit key (`? `) whose lines are still being read.
    var explicitKeyIndent: Int?

    static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    static func isBlank(_ line: [Unicode.Scalar], _ index: Int) -> Bool {
        index >= line.count || line[index] == " " || line[index] == "\t"
    }

    /// The index of the first scalar from `index` on that is not a space or tab.
    static func skipBlanks(_ line: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
        return index
    }

    mutating func read(_ line: [Unicode.Scalar], number: Int) -> (line: Int, column: Int, name: String)? {
        let indent = line.prefix { $0 == " " }.count
        let blank = Self.skipBlanks(line, from: 0) == line.count
        if quote == nil, flows.isEmpty {
            if let limit = blockScalarIndent {
                if blank || indent > limit { return nil }
                blockScalarIndent = nil
            }
            if let keyIndent = explicitKeyIndent, !blank, indent <= keyIndent { explicitKeyIndent = nil }
        }
        var index = quote == nil && flows.isEmpty ? indent : 0
        // Whether a token may start at `index`: true at the start of a line.
        var tokenStart = true
        while index < line.count {
            let scalar = line[index]
            if let open = quote {
                if open == "\"", scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == open {
                    if open == "'", index + 1 < line.count, line[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    quote = nil
                    tokenStart = false
                }
                index += 1
                continue
            }
            if scalar == " " || scalar == "\t" {
                index += 1
                continue
            }
            if scalar == "#", index == 0 || line[index - 1] == " " || line[index - 1] == "\t" { return nil }
            let flowing = !flows.isEmpty
            if (scalar == "\"" || scalar == "'") && tokenStart {
                quote = scalar
            } else if (scalar == "[" || scalar == "{") && (tokenStart || flowing) {
                flows.append(nil)
                tokenStart = true
                index += 1
                continue
            } else if (scalar == "]" || scalar == "}") && flowing {
                if let inner = flows.removeLast() {
                    // A flow collection holding an alias, used as a key.
                    let next = Self.skipBlanks(line, from: index + 1)
                    if next < line.count, line[next] == ":" { return inner }
                    if !flows.isEmpty, flows[flows.count - 1] == nil { flows[flows.count - 1] = inner }
                }
            } else if scalar == "," && flowing {
                tokenStart = true
                index += 1
                continue
            } else if (scalar == "-" || scalar == "?" || scalar == ":") && (Self.isBlank(line, index + 1) || (scalar == ":" && flowing)) {
                if scalar == "?", tokenStart, !flowing { explicitKeyIndent = index }
                tokenStart = true
                index += 1
                continue
            } else if (scalar == "&" || scalar == "!") && tokenStart {
                // A node's anchor or tag: the node itself follows.
                while index < line.count, !Self.isBlank(line, index) { index += 1 }
                continue
            } else if (scalar == "|" || scalar == ">") && tokenStart && !flowing {
                blockScalarIndent = indent
                return nil
            } else if scalar == "*" && tokenStart {
                var end = index + 1
                while end < line.count, Self.isAnchorCharacter(line[end]) { end += 1 }
                if end > index + 1 {
                    let alias = (line: number, column: index + 1, name: String(String.UnicodeScalarView(line[(index + 1)..<end])))
                    let next = Self.skipBlanks(line, from: end)
                    if explicitKeyIndent != nil || (next < line.count && line[next] == ":") { return alias }
                    if flowing, flows[flows.count - 1] == nil { flows[flows.count - 1] = alias }
                    tokenStart = false
                    index = end
                    continue
                }
            }
            // The rest of a plain scalar's word, or a closed quote, bracket or indicator.
            tokenStart = false
            index += 1
        }
        return nil
    }
}
#endif
