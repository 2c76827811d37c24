/// The text of a top-level member's value in a JSON object line, exactly as written, so that
/// `id` is echoed back unchanged (`1.50` stays `1.50`, object members keep their order).
///
/// The line has already been validated by `JSONDecoder`; this scanner only finds spans. When
/// a key occurs more than once it answers nil, and the caller uses the decoded value, so that
/// the echo and the request's own reading of duplicate keys can never disagree.
enum RawJSON {
    static func member(_ name: String, in line: String) -> Substring? {
        let bytes = Array(line.utf8)
        var index = 0
        var found: Range<Int>?
        var matches = 0
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }
        /// Skips a string starting at `index` (on its opening quote); returns its raw contents.
        func skipString() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<(index - 1)
                default: index += 1
                }
            }
            return nil
        }
        /// Skips any value; returns its span.
        func skipValue() -> Range<Int>? {
            skipSpace()
            let start = index
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard skipString() != nil else { return nil }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() != nil else { return nil }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return start..<index
                        }
                    default: break
                    }
                    index += 1
                }
                return nil
            default:
                while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
            return start..<index
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        let key = Array(name.utf8)
        while true {
            skipSpace()
            guard let keySpan = skipString() else { return matches == 1 ? foundText(found, in: line) : nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let valueSpan = skipValue() else { return nil }
            // Keys are compared as written; an escaped "id" (\u0069d) is not recognised here,
            // and then the decoded value is used instead.
            if Array(bytes[keySpan]) == key {
                found = valueSpan
                matches += 1
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return matches == 1 ? foundText(found, in: line) : nil }
            index += 1
        }
    }

    private static func foundText(_ span: Range<Int>?, in line: String) -> Substring? {
        guard let span else { return nil }
        let utf8 = line.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: span.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: span.upperBound)
        return line[start..<end]
    }
}
