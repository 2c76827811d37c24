internal import CICU

/// Parses locale-formatted numbers back (unum_parseDecimal), for round-trip checks.
package enum ICUNumberParser {
    /// The decimal ICU reads from `text` in `locale`'s decimal style, and how many UTF-16 units
    /// it consumed; nil when ICU cannot parse it.
    package static func parseDecimal(_ text: String, locale: LocaleID) -> (decimal: String, consumed: Int)? {
        let units = Array(text.utf16)
        var consumed: Int32 = 0
        let decimal = try? ICUOutput.utf8 { out, capacity, status in
            units.withUnsafeBufferPointer { CICU_numberParseDecimal(locale.identifier, $0.baseAddress, Int32($0.count), &consumed, out, capacity, status) }
        }
        guard let decimal else { return nil }
        return (decimal, Int(consumed))
    }
}
