internal import CICU

/// Feeds ``CompiledCompactFormat`` from ICU: reads, from what ICU's own compact formatter
/// writes for probe values, the multiplier of each magnitude and the affixes of each
/// (magnitude, plural class), the number layout from a `group-min2` decimal formatter of the
/// same locale, and the plural class of each scaled number from the locale's plural rules; then
/// checks the compiled formatter against ICU before it is used.
package enum ICUCompactCompiler {
    /// Why a compact formatter has no compiled path (for `--verify-compact` counts).
    package enum Fallback: String, Sendable, CaseIterable {
        case skeleton = "skeleton not compiled"
        case layout = "number layout not read"
        case patterns = "compact patterns not read"
        case selfCheck = "compile-time check against ICU failed"
        case disabled = "PARLANCE_ICU_ONLY=1"
    }

    /// Whether the skeleton is one this compiler covers: `compact-short` or `compact-long`
    /// alone (decimal style, ICU's default compact precision, rounding and grouping).
    package static func covers(_ skeleton: String) -> Bool {
        let tokens = skeleton.split(separator: " ", omittingEmptySubsequences: true)
        return tokens.count == 1 && (tokens[0] == "compact-short" || tokens[0] == "compact-long")
    }

    /// Whether the skeleton asks for compact notation (`compact-short` or `compact-long` among
    /// its tokens): such formatters get a compiled compact path or a reason why not.
    package static func isCompact(_ skeleton: String) -> Bool {
        skeleton.split(separator: " ", omittingEmptySubsequences: true).contains { $0 == "compact-short" || $0 == "compact-long" }
    }

    /// Compiles the compact formatter `handle` of `skeleton` for `locale`, or says why it
    /// falls back to ICU.
    static func compile(handle: OpaquePointer, skeleton: String, locale: LocaleID) -> (CompiledCompactFormat?, Fallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        guard covers(skeleton) else { return (nil, .skeleton) }
        guard let number = numberLayout(locale) else { return (nil, .layout) }
        guard let rules = try? PluralRules.rules(locale: locale), let plan = readPlan(handle, number, rules.program),
            let compiled = CompiledCompactFormat(number: number, plan: plan)
        else { return (nil, .patterns) }
        // Every branch (scaling, rounding ties, carries into the next magnitude and multiplier,
        // each magnitude's classes, signs, zeros, small and huge values), checked before the
        // compiled path is used at all (the full proof is `parlance bench --verify-compact`).
        for value in selfCheckValues + probedValues(plan) {
            for signed in [value, -value] {
                if let mine = compiled.format(signed), mine != ICUNumberCompiler.icuFormat(handle, signed) { return (nil, .selfCheck) }
            }
        }
        return (compiled, nil)
    }

    /// The number part: digits, separators, grouping sizes and ICU's compact grouping
    /// (`group-min2`), with the locale's decimal affixes.
    private static func numberLayout(_ locale: LocaleID) -> CompiledNumberFormat? {
        var status: Int32 = 0
        var offset: Int32 = -1
        let units = Array("group-min2".utf16)
        let opened = units.withUnsafeBufferPointer { buffer in
            CICU_numberFormatterOpen(buffer.baseAddress, Int32(buffer.count), locale.identifier, &offset, &status)
        }
        guard let opened, status <= 0 else { return nil }
        defer { CICU_numberFormatterClose(opened) }
        let rounding = CompiledNumberFormat.Rounding(minFraction: 0, maxFraction: 6, scale: 0)
        guard let layout = ICUNumberCompiler.readLayout(opened, rounding) else { return nil }
        return CompiledNumberFormat(layout: layout, rounding: rounding)
    }

    /// A scaled number: `digits` / 10^`fractionDigits` (one fraction digit at most).
    struct Scaled: Equatable {
        var digits: Int
        var fractionDigits: Int
    }

    /// The classes of the rounded scaled numbers of a scaled magnitude (the table
    /// ``CompiledCompactFormat/Plan/classes`` holds) and one number of each class.
    static func classes(scaledMagnitude: Int, _ program: PluralRuleProgram) -> (table: [UInt8], samples: [Int: Scaled]) {
        var table: [UInt8] = []
        var samples: [Int: Scaled] = [:]
        func add(_ scaled: Scaled, _ kind: Int) {
            table.append(UInt8(kind))
            if samples[kind] == nil { samples[kind] = scaled }
        }
        if scaledMagnitude == 0 {
            // 1.0 … 9.9: a trailing zero is not written, so 2.0 is the integer 2.
            for tenths in 10...99 {
                let (integer, fraction) = (UInt64(tenths / 10), UInt64(tenths % 10))
                let kind: Int
                if tenths == 10 {
                    kind = CompiledCompactFormat.integerOne
                } else if fraction == 0 {
                    kind = index(program.category(forInteger: integer))
                } else {
                    kind = index(program.category(integer: integer, fraction: fraction, visible: 1, fractionWithoutZeros: fraction, significant: 1))
                }
                add(fraction == 0 ? Scaled(digits: tenths / 10, fractionDigits: 0) : Scaled(digits: tenths, fractionDigits: 1), kind)
            }
        } else {
            var low = 1
            for _ in 0..<scaledMagnitude { low *= 10 }
            for integer in low..<(low * 10) {
                add(Scaled(digits: integer, fractionDigits: 0), index(program.category(forInteger: UInt64(integer))))
            }
        }
        return (table, samples)
    }

    private static func index(_ category: PluralCategory) -> Int {
        PluralCategory.allCases.firstIndex(of: category) ?? 5
    }

    /// Reads the plan: each magnitude's multiplier from ICU's output for 10^m, then the affixes
    /// of one probe per class the magnitude's scaled numbers can have.
    private static func readPlan(_ handle: OpaquePointer, _ number: CompiledNumberFormat, _ program: PluralRuleProgram)
        -> CompiledCompactFormat.Plan?
    {
        let layout = number.layout
        var affixes: [[[UInt8]]] = [[layout.positivePrefix, layout.positiveSuffix, layout.negativePrefix, layout.negativeSuffix]]
        var numberless: [[Bool]] = [[false, false]]
        var multipliers: [Int] = []
        var patterns: [[Int]?] = []
        var classTables = [[UInt8]](repeating: [], count: CompiledCompactFormat.maximumScaledMagnitude + 1)
        var samples: [Int: [Int: Scaled]] = [:]
        func set(of affix: (texts: [[UInt8]], numberless: [Bool])) -> Int {
            if let known = affixes.indices.first(where: { affixes[$0] == affix.texts && numberless[$0] == affix.numberless }) { return known }
            affixes.append(affix.texts)
            numberless.append(affix.numberless)
            return affixes.count - 1
        }
        for magnitude in 0...CompiledCompactFormat.maximumMagnitude {
            // k · 10^m is written as k · 10^(m + multiplier): its integer digits give the
            // multiplier. (Several k: a pattern for one, such as French and Italian "mille",
            // may write no number.)
            var found: (probe: ICUNumberCompiler.Probe, span: Range<Int>)?
            for k in ["-1", "2", "-2", "3", "5"] {
                if let value = Double("\(k)e\(magnitude)"), let probe = ICUNumberCompiler.probe(handle, value), let span = numberSpan(probe) {
                    found = (probe, span)
                    break
                }
            }
            guard let (probe, span) = found, probe.spans(CICU_NUMBER_FIELD_FRACTION).isEmpty else { return nil }
            let integers = probe.spans(CICU_NUMBER_FIELD_INTEGER)
            let separators = probe.spans(CICU_NUMBER_FIELD_GROUPING_SEPARATOR)
            let digitScalars =
                String(decoding: probe.units[span], as: UTF16.self).unicodeScalars.count
                - separators.reduce(0) { $0 + String(decoding: probe.units[$1], as: UTF16.self).unicodeScalars.count }
            guard integers.count == 1, digitScalars >= 1, digitScalars <= magnitude + 1 else { return nil }
            let multiplier = digitScalars - 1 - magnitude
            multipliers.append(multiplier)
            let scaled = magnitude + multiplier
            var row = [Int](repeating: -1, count: CompiledCompactFormat.classCount)
            var probes: [(kinds: [Int], value: Scaled, single: Bool)] = []
            if scaled <= CompiledCompactFormat.maximumScaledMagnitude {
                if samples[scaled] == nil {
                    let found = classes(scaledMagnitude: scaled, program)
                    classTables[scaled] = found.table
                    samples[scaled] = found.samples
                }
                let table = classTables[scaled]
                for (kind, value) in samples[scaled] ?? [:] {
                    probes.append(([kind], value, table.lazy.filter { Int($0) == kind }.count == 1))
                }
            } else if multiplier == 0 {
                // An unscaled magnitude beyond the tables: a pattern here would need m + 1
                // zeros; the samples (a number of each class found among them) show it has
                // none, and every class takes their one affix set.
                var low = 1
                for _ in 0..<scaled { low *= 10 }
                var byKind: [Int: Scaled] = [:]
                for candidate in [low, 2 * low, 5 * low, 11 * low / 10, low + 1, low + 2, low + 3, low + 7, low + 21, low + 100, 9 * low + 999] {
                    let kind = index(program.category(forInteger: UInt64(candidate)))
                    if byKind[kind] == nil { byKind[kind] = Scaled(digits: candidate, fractionDigits: 0) }
                }
                for (_, value) in byKind { probes.append((Array(0..<CompiledCompactFormat.classCount), value, false)) }
            } else {
                patterns.append(nil)
                continue
            }
            var readable = true
            for (kinds, value, single) in probes.sorted(by: { $0.kinds[0] < $1.kinds[0] }) {
                guard let affix = readAffixes(handle, value, multiplier: multiplier, single: single) else {
                    readable = false
                    break
                }
                let found = set(of: affix)
                for kind in kinds {
                    if row[kind] >= 0, row[kind] != found { readable = false }
                    row[kind] = found
                }
            }
            patterns.append(readable ? row : nil)
        }
        return CompiledCompactFormat.Plan(
            multipliers: multipliers, patterns: patterns, affixes: affixes, numberless: numberless, classes: classTables)
    }

    /// The value whose scaled, rounded form is `scaled` under `multiplier`.
    static func value(_ scaled: Scaled, multiplier: Int) -> Double? {
        Double("\(scaled.digits)e\(-multiplier - scaled.fractionDigits)")
    }

    /// The affixes ICU writes around the number for a positive and a negative probe. A text with
    /// no number field (French "mille" for the integer 1,000, Italian "mille" and "-mille" for
    /// the category one) is kept whole as the prefix, marked numberless, when `single`: its class
    /// has that one scaled number, so the text is the same for every value of the class.
    private static func readAffixes(_ handle: OpaquePointer, _ scaled: Scaled, multiplier: Int, single: Bool)
        -> (texts: [[UInt8]], numberless: [Bool])?
    {
        guard let value = Self.value(scaled, multiplier: multiplier), let positive = ICUNumberCompiler.probe(handle, value),
            let negative = ICUNumberCompiler.probe(handle, -value)
        else { return nil }
        var texts: [[UInt8]] = []
        var numberless: [Bool] = []
        for probe in [positive, negative] {
            if let span = numberSpan(probe) {
                texts += [probe.utf8(0..<span.lowerBound), probe.utf8(span.upperBound..<probe.units.count)]
                numberless.append(false)
            } else {
                guard single else { return nil }
                texts += [probe.utf8(0..<probe.units.count), []]
                numberless.append(true)
            }
        }
        return (texts, numberless)
    }

    /// Where the number (integer digits, separators, fraction) is in a probe's text.
    private static func numberSpan(_ probe: ICUNumberCompiler.Probe) -> Range<Int>? {
        let parts =
            probe.spans(CICU_NUMBER_FIELD_INTEGER) + probe.spans(CICU_NUMBER_FIELD_DECIMAL_SEPARATOR)
            + probe.spans(CICU_NUMBER_FIELD_FRACTION) + probe.spans(CICU_NUMBER_FIELD_GROUPING_SEPARATOR)
        guard let start = parts.map(\.lowerBound).min(), let end = parts.map(\.upperBound).max(), start < end else { return nil }
        return start..<end
    }

    /// Values around every power-of-ten boundary and rounding edge below 10^16 (ties, carries,
    /// carries into a magnitude with another multiplier), zero, small and huge values.
    static let selfCheckValues: [Double] = {
        var values: [Double] = [0, 0.5, 0.01234, 0.996, 0.9996, 1e-7, 1.5e-7, 123.456, 1234.5678, 1e300, .leastNonzeroMagnitude]
        let mantissas = ["1", "1.04", "1.05", "1.15", "1.25", "1.5", "2.5", "9.5", "9.94", "9.95", "9.96", "9.995", "9.9995", "9.99995"]
        for exponent in 0...16 {
            for mantissa in mantissas {
                if let value = Double("\(mantissa)e\(exponent)") { values.append(value) }
            }
        }
        return values
    }()

    /// The probe values of the plan's classes (each class's sample, scaled back).
    private static func probedValues(_ plan: CompiledCompactFormat.Plan) -> [Double] {
        var values: [Double] = []
        for (magnitude, multiplier) in plan.multipliers.enumerated() {
            let scaled = magnitude + multiplier
            guard plan.patterns[magnitude] != nil, scaled >= 0, scaled <= CompiledCompactFormat.maximumScaledMagnitude else { continue }
            // The first, second and last scaled numbers and a few between.
            let tenths = scaled == 0
            var low = 1
            for _ in 0..<scaled { low *= 10 }
            let candidates: [Scaled] =
                tenths
                ? [10, 11, 15, 20, 21, 25, 99].map { Scaled(digits: $0, fractionDigits: 1) }
                : [low, low + 1, low + 2, 2 * low, 3 * low + 1, low * 10 - 1].map { Scaled(digits: $0, fractionDigits: 0) }
            for candidate in candidates {
                if let value = Self.value(candidate, multiplier: multiplier) { values.append(value) }
            }
        }
        return values
    }
}
