/// The plural category of a number range compiled into Swift, as ICU 72's
/// `uplrules_selectForRange` decides it over a range formatted with the default skeleton.
///
/// ICU formats both ends (rounded half-even to at most six fraction digits, the default
/// precision, trailing zeros dropped), selects each end's category from its rounded value
/// (also when both ends round to one value and the range is written "~5"), and looks the pair
/// up in CLDR's `pluralRanges` table for the locale (a pair the table lacks is `other`).
///
/// The table is read from ICU itself when a locale is first used: for each category of the
/// locale a sample number is found (by the compiled plural rules, over the rounding above),
/// and `uplrules_selectForRange` is asked for every pair of samples. Probing ICU's public
/// call, rather than reading the `pluralRanges` resource, keeps the table ICU's by
/// construction: ICU's own lookup (by language, with its fallback) decides each cell.
///
/// ``category(_:_:)`` covers plain decimals `[+-]digits[.digits]`: integers below 2^53 and
/// fractions below 10^9 (ICU evaluates the operand n as a double); it returns nil for anything
/// else (exponents, larger values, a category with no sample), and the caller asks ICU. `parlance bench --verify-plural-ranges` proves it equal to ICU over every locale.
package final class CompiledPluralRanges: Sendable {
    let rules: PluralRules
    /// The result of each (start, end) pair of categories, at `start.index * 6 + end.index`;
    /// nil where the locale has no sample of a category.
    private let table: [PluralCategory?]
    /// The sample of each category (CLDR order), nil for a category the locale does not use.
    package let samples: [String?]

    private init(rules: PluralRules, table: [PluralCategory?], samples: [String?]) {
        self.rules = rules
        self.table = table
        self.samples = samples
    }

    private static let cache = LRUCache<String, CompiledPluralRanges>(capacity: 1024)

    /// The compiled ranges of `locale` for the formatter `icu` (the default skeleton), nil
    /// under `PARLANCE_ICU_ONLY=1` or when ICU answers for no pair.
    package static func compiled(locale: LocaleID, icu: ICUNumberRangeFormatter) -> CompiledPluralRanges? {
        if FormattingPaths.icuOnly { return nil }
        return try? cache.value(for: locale.identifier) { () throws(ParlanceError) in
            try CompiledPluralRanges(locale: locale, icu: icu)
        }
    }

    private convenience init(locale: LocaleID, icu: ICUNumberRangeFormatter) throws(ParlanceError) {
        let rules = try PluralRules.rules(locale: locale, type: .cardinal)
        var samples = [String?](repeating: nil, count: 6)
        var candidates = (0...1100).map(String.init)
        candidates += ["10000", "100000", "1000000", "10000000", "100000000", "1000000000", "1000000000000"]
        candidates += (1...99).map { "\($0 / 10).\($0 % 10)" }
        candidates += (1...99).map { "0.\($0 < 10 ? "0" : "")\($0)" }
        candidates += (1...99).map { "1.\($0 < 10 ? "0" : "")\($0)" }
        for candidate in candidates {
            guard let category = Self.category(candidate, rules), samples[category.index] == nil else { continue }
            samples[category.index] = candidate
        }
        var table = [PluralCategory?](repeating: nil, count: 36)
        for (start, startSample) in samples.enumerated() {
            guard let startSample else { continue }
            for (end, endSample) in samples.enumerated() {
                guard let endSample else { continue }
                let keyword = try icu.pluralCategory(start: startSample, end: endSample, rules: rules.icuRules)
                guard let category = PluralCategory(keyword: keyword) else {
                    throw ParlanceError(.internal, "ICU answered the unknown plural category \(quoted(keyword))")
                }
                table[start * 6 + end] = category
            }
        }
        self.init(rules: rules, table: table, samples: samples)
    }

    /// The category of the range from `start` to `end` (decimal strings); nil when not covered.
    package func category(_ start: String, _ end: String) -> PluralCategory? {
        guard let first = Self.category(start, rules), let second = Self.category(end, rules) else { return nil }
        return table[first.index * 6 + second.index]
    }

    /// 10^18: ICU reads the integer operand of larger values from truncated digits.
    private static let integerLimit: UInt64 = 1_000_000_000_000_000_000
    /// 2^53: ICU evaluates the operand n as a double, exact for integers below it.
    private static let exactIntegerLimit: UInt64 = 9_007_199_254_740_992
    /// 10^9: below it a double keeps six fraction digits apart from the integers around them,
    /// so that n, which ICU evaluates as a double, is non-integral exactly when the decimal is.
    private static let fractionIntegerLimit: UInt64 = 1_000_000_000

    /// The category of a plain decimal `[+-]digits[.digits]` rounded as the default skeleton
    /// rounds it (half-even to six fraction digits, trailing zeros dropped); nil for anything
    /// else, an integer of 2^53 or more, or a fraction of 10^9 or more.
    static func category(_ text: String, _ rules: PluralRules) -> PluralCategory? {
        var integer: UInt64 = 0
        var fraction: UInt64 = 0
        var fractionDigits = 0
        // The seventh fraction digit and whether any digit after it is not zero.
        var roundingDigit: UInt8 = 0
        var sticky = false
        var integerDigits = 0
        var inFraction = false
        var first = true
        for byte in text.utf8 {
            defer { first = false }
            if first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { continue }
            if byte == UInt8(ascii: ".") {
                guard !inFraction, integerDigits > 0 else { return nil }
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if inFraction {
                if fractionDigits < 6 {
                    fraction = fraction * 10 + UInt64(digit)
                    fractionDigits += 1
                } else if fractionDigits == 6 {
                    roundingDigit = digit
                    fractionDigits += 1
                } else if digit != 0 {
                    sticky = true
                }
            } else {
                integerDigits += 1
                guard integer < integerLimit / 10 || integer == 0 else { return nil }
                integer = integer * 10 + UInt64(digit)
                guard integer < integerLimit else { return nil }
            }
        }
        guard integerDigits > 0, !inFraction || fractionDigits > 0 else { return nil }
        var kept = min(fractionDigits, 6)
        if fractionDigits > 6 {
            let up = roundingDigit > 5 || (roundingDigit == 5 && (sticky || fraction & 1 == 1))
            if up {
                fraction += 1
                if fraction == 1_000_000 {
                    fraction = 0
                    integer += 1
                    guard integer < integerLimit else { return nil }
                }
            }
        }
        while kept > 0, fraction % 10 == 0 {
            fraction /= 10
            kept -= 1
        }
        if kept == 0 { return integer < exactIntegerLimit ? rules.category(for: Int(integer)) : nil }
        guard integer < fractionIntegerLimit else { return nil }
        let digits = String(fraction)
        return try? rules.category(for: String(integer) + "." + String(repeating: "0", count: kept - digits.utf8.count) + digits)
    }
}
