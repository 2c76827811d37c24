internal import CICU

/// Feeds ``CompiledRelativeFormat`` from ICU: reads the patterns of an ICU relative formatter
/// from probe values (the text around ICU's numeric field, per unit, direction and plural
/// category), its named offsets, and checks the result against ICU before it is used.
package enum ICURelativeCompiler {
    /// Why a relative formatter has no compiled path (for `--verify-relative` counts).
    package enum Fallback: String, Sendable, CaseIterable {
        case number = "number format not compiled"
        case rules = "plural rules not available"
        case pattern = "pattern not read"
        case selfCheck = "compile-time check against ICU failed"
        case disabled = "PARLANCE_ICU_ONLY=1"
    }

    /// The number skeleton equal to the decimal format ICU's relative formatter writes with
    /// (`#,##0.###`: at most three fraction digits, half-even, grouped from 1,000 on whatever
    /// the locale's minimum grouping digits); the self-check proves the equality per locale.
    package static let numberSkeleton = ".### group-on-aligned"

    /// The numeric field of a relative time (ICU's `UDAT_REL_NUMERIC_FIELD`).
    static let numericField: Int32 = 1

    /// Values of every category in most locales, tried in order for a sample of each category.
    static let sampleCandidates: [Double] = {
        var values = (0...200).map(Double.init)
        values += [1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
        values += (1..<400).map { Double($0) / 10 } + (1..<400).map { Double($0) / 100 } + [0.001, 0.005, 1.001, 2.001, 1.125]
        return values
    }()

    /// Values over every branch (named offsets and their edges, signs, zeros, rounding, grouping,
    /// categories), checked against ICU for every unit and both numeric modes before the
    /// compiled path is used (the full proof is `parlance bench --verify-relative`).
    static let selfCheckValues: [Double] = [
        0, -0.0, 1, -1, 2, -2, 3, -3, 5, -7, 11, 21, 22, 101, 1234, -1234, 12_345.678, 0.5, -0.5, 1.5, 0.999, -0.999, 1.0005, -2.004, 2.1,
        -2.1, 2.0049, 0.0049, -0.0004, 1e6, 1e7, 0.1 + 0.2, 123_456_789.125,
    ]

    /// Compiles the relative formatter `handle` of `locale`, or says why it falls back to ICU.
    static func compile(handle: OpaquePointer, locale: LocaleID) -> (CompiledRelativeFormat?, Fallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        guard let numberFormatter = try? ICUNumberFormatter.cached(skeleton: numberSkeleton, locale: locale),
            let number = numberFormatter.compiled
        else { return (nil, .number) }
        guard let rules = try? PluralRules.rules(locale: locale) else { return (nil, .rules) }
        let asciiLayout = CompiledNumberFormat.Layout(
            digits: (0..<10).map { [UInt8(ascii: "0") + UInt8($0)] }, decimalSeparator: [UInt8(ascii: ".")], groupingSeparator: [],
            primaryGroup: 0, secondaryGroup: 0, minimumGrouping: 1, positivePrefix: [], positiveSuffix: [], negativePrefix: [],
            negativeSuffix: [])
        guard let ascii = CompiledNumberFormat(layout: asciiLayout, rounding: number.rounding) else { return (nil, .number) }
        // One sample per category, chosen as the formatter chooses the category.
        var samples: [(PluralCategory, Double)] = []
        for value in sampleCandidates {
            let category: PluralCategory
            if value.rounded(.towardZero) == value {
                category = rules.category(for: Int(value))
            } else {
                guard let plain = ascii.format(value), let selected = try? rules.category(for: plain) else { continue }
                category = selected
            }
            if !samples.contains(where: { $0.0 == category }) { samples.append((category, value)) }
        }
        var patterns: [[[PluralCategory: CompiledRelativeFormat.Pattern]]] = []
        var named: [[[UInt8]?]] = []
        for unit in 0..<Int32(CompiledRelativeFormat.unitCount) {
            var directions: [[PluralCategory: CompiledRelativeFormat.Pattern]] = []
            for future in [false, true] {
                var byCategory: [PluralCategory: CompiledRelativeFormat.Pattern] = [:]
                for (category, sample) in samples {
                    guard let digits = number.format(sample),
                        let pattern = readPattern(handle, future ? sample : -sample, unit: unit, digits: digits)
                    else { return (nil, .pattern) }
                    byCategory[category] = pattern
                }
                directions.append(byCategory)
            }
            patterns.append(directions)
            var offsets: [[UInt8]?] = []
            for offset in -2...2 {
                // A value off the whole number that ICU still takes for it: its numeric text
                // differs from the named one, so a named offset shows as a difference.
                let near = Double(offset) + (offset < 0 ? -0.001 : 0.001)
                guard let auto = icuFormat(handle, near, unit: unit, numericAuto: true),
                    let numeric = icuFormat(handle, near, unit: unit, numericAuto: false)
                else { return (nil, .pattern) }
                if auto.utf8.elementsEqual(numeric.utf8) {
                    offsets.append(nil)
                } else {
                    guard let exact = icuFormat(handle, Double(offset), unit: unit, numericAuto: true), exact.utf8.elementsEqual(auto.utf8) else {
                        return (nil, .pattern)
                    }
                    offsets.append(Array(auto.utf8))
                }
            }
            named.append(offsets)
        }
        guard let compiled = CompiledRelativeFormat(patterns: patterns, named: named, number: number, rules: rules) else {
            return (nil, .pattern)
        }
        for unit in 0..<Int32(CompiledRelativeFormat.unitCount) {
            for numericAuto in [false, true] {
                for value in selfCheckValues {
                    guard let mine = compiled.format(value, unit: unit, numericAuto: numericAuto) else { continue }
                    guard let theirs = icuFormat(handle, value, unit: unit, numericAuto: numericAuto), mine.utf8.elementsEqual(theirs.utf8) else {
                        return (nil, .selfCheck)
                    }
                }
            }
        }
        return (compiled, nil)
    }

    /// ICU's text (the reference of the self-check).
    static func icuFormat(_ handle: OpaquePointer, _ value: Double, unit: Int32, numericAuto: Bool) -> String? {
        try? ICUOutput.utf16 { CICU_relativeFormat(handle, value, unit, numericAuto, $0, $1, $2) }
    }

    /// The pattern ICU used for `value`: the text around its numeric field, which must read
    /// `digits`; the whole text when there is no numeric field.
    private static func readPattern(_ handle: OpaquePointer, _ value: Double, unit: Int32, digits: String) -> CompiledRelativeFormat.Pattern? {
        let shim: ICUFormattedFields.ShimCall = { CICU_relativeFormatParts(handle, value, unit, false, $0, $1, $2, $3, $4, $5) }
        let read: CompiledRelativeFormat.Pattern?? = try? ICUFormattedFields.call(shim) { result -> CompiledRelativeFormat.Pattern? in
            func utf8(_ range: Range<Int>) -> [UInt8] { Array(String(decoding: result.text[range], as: UTF16.self).utf8) }
            var numeric: [ICUFormattedFields.Field] = []
            for index in 0..<result.fieldCount {
                guard let field = result.field(at: index) else { return nil }
                if field.category == ICUFormattedFields.Category.relative, field.field == numericField { numeric.append(field) }
            }
            if numeric.isEmpty { return CompiledRelativeFormat.Pattern(prefix: utf8(0..<result.text.count), suffix: [], hasNumber: false) }
            guard numeric.count == 1, let span = numeric.first, utf8(span.start..<span.limit) == Array(digits.utf8) else { return nil }
            return CompiledRelativeFormat.Pattern(
                prefix: utf8(0..<span.start), suffix: utf8(span.limit..<result.text.count), hasNumber: true)
        }
        return read ?? nil
    }
}
