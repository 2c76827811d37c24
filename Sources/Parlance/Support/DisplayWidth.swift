/// How many columns text takes in a monospaced terminal, by Unicode's East Asian Width
/// (UAX #11) from ICU's character data: CJK ideographs, kana, Hangul syllables, fullwidth forms
/// and emoji take two columns; combining marks and format characters none.
///
/// Use it to align tables of localized text, where counting `Character`s misaligns every
/// CJK cell.
///
/// ```swift
/// DisplayWidth.of("日本語")        // 6
/// DisplayWidth.of("Français")     // 8
/// DisplayWidth.of("e\u{301}")     // 1
/// DisplayWidth.padding("日本", to: 6)  // "日本  "
/// ```
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            // ASCII fast path: printable characters are one column.
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                total += 1
            } else {
                total += ICUCharacterProperties.displayWidth(scalar)
            }
        }
        return total
    }

    /// `text` followed by spaces up to `width` columns (unchanged when it is already wider).
    public static func padding(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
