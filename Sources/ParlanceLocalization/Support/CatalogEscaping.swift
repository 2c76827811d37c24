/// Quoting for the catalog files Parlance writes (`parlance convert`): `.strings` string
/// literals, YAML double-quoted scalars (which are also JSON strings) and XML text.
///
/// Every character a reader would take differently is escaped; other control characters
/// (C0, DEL, C1, U+2028, U+2029, U+FEFF) are written as 4 hex digits, so that a written file
/// never holds an invisible or line-breaking character inside a value.
package enum CatalogEscaping {
    /// The escapes `.strings`, JSON and YAML share (`\\ \" \n \t \r`), other control characters
    /// as `unicodePrefix` + 4 hex digits.
    package static func escaped(_ text: String, unicodePrefix: String) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case _ where isHidden(scalar): unicodePrefix + hex4(scalar.value)
            default: nil
            }
        }
    }

    /// The text with each scalar `replacement` gives a text for replaced, others kept.
    static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// At least 4 uppercase hex digits.
    static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }

    /// A `.strings` string literal, quotes included (`\U` + 4 hex digits for hidden characters,
    /// as CoreFoundation reads them).
    package static func stringsQuoted(_ text: String) -> String { "\"" + escaped(text, unicodePrefix: "\\U") + "\"" }

    /// A YAML double-quoted scalar, quotes included; also a JSON string literal.
    package static func yamlQuoted(_ text: String) -> String { "\"" + escaped(text, unicodePrefix: "\\u") + "\"" }

    /// XML character data or attribute text: `& < > "` as entities; hidden characters that XML
    /// 1.0 allows as `&#xNN;`. (XML 1.0 cannot hold U+0000 nor most C0 controls at all: they
    /// are written as references too, which Parlance reads and Apple's parser refuses;
    /// ``xmlRepresentable(_:)`` tells a writer to report them.)
    package static func xmlEscaped(_ text: String) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\r": "&#xD;"
            case _ where isHidden(scalar) && scalar != "\n" && scalar != "\t": "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: nil
            }
        }
    }

    /// Whether XML 1.0 (a `.stringsdict` property list) can hold the text: no C0 control other
    /// than tab, line feed and carriage return, no U+FFFE/U+FFFF.
    package static func xmlRepresentable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return (value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D) && value != 0xFFFE && value != 0xFFFF
        }
    }

    /// The text of a `/* … */` comment: `*/` cannot end it early.
    package static func commentText(_ text: String) -> String { text.replacing("*/", with: "* /") }
}
