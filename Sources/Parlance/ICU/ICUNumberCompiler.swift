internal import CICU

/// Feeds ``CompiledNumberFormat`` from ICU: reads what an ICU number formatter writes
/// (digits, separators, grouping, affixes) from probe values and their field positions, and
/// compiles the skeletons it covers.
package enum ICUNumberCompiler {
    /// Why a formatter has no compiled path (for `--verify-numbers` counts).
    package enum Fallback: String, Sendable, CaseIterable {
        case skeleton = "skeleton not compiled"
        case currencyRounding = "currency rounding increment"
        case layout = "output not read"
        case selfCheck = "compile-time check against ICU failed"
        case disabled = "PARLANCE_ICU_ONLY=1"
    }

    /// What the compiled path covers of a skeleton: its tokens, in any order, drawn from
    /// `percent` (with or without `scale/100`), `currency/XXX`, `.0…#…`, `precision-integer`,
    /// `group-off|group-min2|group-auto|group-on-aligned|group-thousands` and
    /// `rounding-mode-half-even`. Anything else (units, notations, significant digits, other
    /// rounding modes, sign displays, numbering systems, unit widths) is not compiled.
    struct Spec: Equatable {
        enum Style: Equatable {
            case decimal
            case percent
            case currency(String)
        }
        var style = Style.decimal
        var scale = 0
        /// Explicit fraction digits (nil: the style's default).
        var fraction: (min: Int, max: Int)?

        static func == (lhs: Spec, rhs: Spec) -> Bool {
            lhs.style == rhs.style && lhs.scale == rhs.scale && lhs.fraction?.min == rhs.fraction?.min
                && lhs.fraction?.max == rhs.fraction?.max
        }
    }

    /// The covered part of the skeleton grammar, or nil.
    static func parse(_ skeleton: String) -> Spec? {
        var spec = Spec()
        var seen = Set<String>()
        for token in skeleton.split(separator: " ", omittingEmptySubsequences: true) {
            let kind: String
            switch token {
            case "percent":
                guard spec.style == .decimal else { return nil }
                spec.style = .percent
                kind = "style"
            case "scale/100":
                spec.scale = 2
                kind = "scale"
            case "precision-integer":
                spec.fraction = (0, 0)
                kind = "precision"
            case "group-off", "group-min2", "group-auto", "group-on-aligned", "group-thousands":
                kind = "grouping"
            case "rounding-mode-half-even":
                kind = "rounding"
            default:
                if token.hasPrefix("currency/") {
                    let code = token.dropFirst("currency/".count)
                    guard spec.style == .decimal, code.utf8.count == 3,
                        code.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) })
                    else { return nil }
                    spec.style = .currency(String(code))
                    kind = "style"
                } else if token.first == "." {
                    let marks = token.dropFirst().utf8
                    let zeros = marks.prefix { $0 == 0x30 }.count
                    let hashes = marks.dropFirst(zeros).count
                    guard marks.dropFirst(zeros).allSatisfy({ $0 == 0x23 }), zeros + hashes <= 20 else { return nil }
                    spec.fraction = (zeros, zeros + hashes)
                    kind = "precision"
                } else {
                    return nil
                }
            }
            guard seen.insert(kind).inserted else { return nil }
        }
        if spec.scale != 0, spec.style != .percent { return nil }
        return spec
    }

    /// Compiles the formatter `handle` of `skeleton`, or says why it falls back to ICU.
    static func compile(handle: OpaquePointer, skeleton: String) -> (CompiledNumberFormat?, Fallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        guard let spec = parse(skeleton) else { return (nil, .skeleton) }
        var rounding = CompiledNumberFormat.Rounding(minFraction: 0, maxFraction: 6, scale: spec.scale)
        if let fraction = spec.fraction {
            (rounding.minFraction, rounding.maxFraction) = fraction
        } else if case .currency(let code) = spec.style {
            guard let digits = currencyDigits(code) else { return (nil, .currencyRounding) }
            (rounding.minFraction, rounding.maxFraction) = (digits, digits)
        }
        guard let layout = readLayout(handle, rounding), let compiled = CompiledNumberFormat(layout: layout, rounding: rounding) else {
            return (nil, .layout)
        }
        // Values over every branch (grouping, rounding ties, carries, zeros, signs, exponents),
        // checked against ICU before the compiled path is used at all (the full proof is
        // `parlance bench --verify-numbers`).
        for value in selfCheckDoubles {
            guard let mine = compiled.format(value), mine == icuFormat(handle, value) else { return (nil, .selfCheck) }
        }
        for value in selfCheckIntegers {
            guard compiled.format(value) == icuFormat(handle, value) else { return (nil, .selfCheck) }
        }
        return (compiled, nil)
    }

    static let selfCheckDoubles: [Double] = [
        0, -0.0, 1, -1, 7, 12, 123, 1234, -1234, 12345, 123_456, 1_234_567, 0.5, 1.5, 2.5, -2.5, 0.125, 1.005, 1.015, 0.994,
        -1234.5678, 0.1 + 0.2, 1e-7, -1e-7, 123_456_789.123456, 1e15, 1.5e21, 1e-5, 99.999_999_9, 999_999.999_999_9,
        0.000_123_456_789, 9_007_199_254_740_992, 9_007_199_254_740_992.0.nextUp, 4.35, 1e300, .leastNonzeroMagnitude,
    ]
    static let selfCheckIntegers: [Int64] = [0, 1, -1, 999, 1000, -10_000, 123_456_789, .max, .min]

    /// The digits of a currency's standard precision, or nil when ICU rounds it to an increment.
    private static func currencyDigits(_ code: String) -> Int? {
        let units = Array(code.uppercased().utf16)
        guard units.count == 3 else { return nil }
        var digits: Int32 = 0
        var increment = 0.0
        let ok = units.withUnsafeBufferPointer { CICU_currencyStandardRounding($0.baseAddress, &digits, &increment) }
        guard ok, increment == 0, digits >= 0 else { return nil }
        return Int(digits)
    }

    /// ICU's text for `value` (the reference of the self-check and of `--verify-numbers`).
    static func icuFormat(_ handle: OpaquePointer, _ value: Double) -> String? {
        try? ICUOutput.utf8 { CICU_numberFormatDouble(handle, value, $0, $1, $2) }
    }

    static func icuFormat(_ handle: OpaquePointer, _ value: Int64) -> String? {
        try? ICUOutput.utf8 { CICU_numberFormatInt64(handle, value, $0, $1, $2) }
    }

    /// A formatted probe: its UTF-16 text and ICU's number fields (id, start, limit).
    struct Probe {
        var units: [UInt16]
        var fields: [(field: Int32, start: Int, limit: Int)]

        func spans(_ field: Int32) -> [Range<Int>] {
            fields.filter { $0.field == field }.map { $0.start..<$0.limit }
        }

        func utf8(_ range: Range<Int>) -> [UInt8] {
            Array(String(decoding: units[range], as: UTF16.self).utf8)
        }
    }

    static func probe(_ handle: OpaquePointer, _ value: Double) -> Probe? {
        var units = [UInt16](repeating: 0, count: 256)
        var raw = [Int32](repeating: 0, count: 3 * 32)
        var fieldCount: Int32 = 0
        var status: Int32 = 0
        let length = units.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeMutableBufferPointer { fields in
                CICU_numberFormatFields(handle, value, out.baseAddress, Int32(out.count), fields.baseAddress, 32, &fieldCount, &status)
            }
        }
        guard status <= 0, length <= units.count, fieldCount < 32 else { return nil }
        var fields: [(field: Int32, start: Int, limit: Int)] = []
        for index in 0..<Int(fieldCount) {
            let start = Int(raw[3 * index + 1])
            let limit = Int(raw[3 * index + 2])
            guard start >= 0, start <= limit, limit <= Int(length) else { return nil }
            fields.append((field: raw[3 * index], start: start, limit: limit))
        }
        return Probe(units: Array(units.prefix(Int(length))), fields: fields)
    }

    /// The number part of a probe of 123456789012.5 (after scaling): its digits, separators
    /// and groups, and the affixes around it.
    private struct Reading {
        var digits: [[UInt8]]
        var decimalSeparator: [UInt8]
        var groupingSeparator: [UInt8]
        var groups: [Int]
        var prefix: [UInt8]
        var suffix: [UInt8]
        var number: [UInt16]
    }

    private static func read(_ probe: Probe, _ rounding: CompiledNumberFormat.Rounding) -> Reading? {
        let integers = probe.spans(CICU_NUMBER_FIELD_INTEGER)
        guard integers.count == 1, let integer = integers.first else { return nil }
        let separators = probe.spans(CICU_NUMBER_FIELD_GROUPING_SEPARATOR)
        guard separators.allSatisfy({ integer.contains($0.lowerBound) && $0.upperBound <= integer.upperBound && !$0.isEmpty }) else {
            return nil
        }
        let separatorTexts = Set(separators.map { probe.utf8($0) })
        guard separatorTexts.count <= 1 else { return nil }
        // The integer digits, scalar by scalar, and the group sizes from the left.
        var digitScalars: [[UInt8]] = []
        var groups: [Int] = []
        var run = 0
        var index = integer.lowerBound
        var sorted = separators.sorted { $0.lowerBound < $1.lowerBound }[...]
        while index < integer.upperBound {
            if let next = sorted.first, next.lowerBound == index {
                groups.append(run)
                run = 0
                index = next.upperBound
                sorted = sorted.dropFirst()
                continue
            }
            let width = UTF16.isLeadSurrogate(probe.units[index]) ? 2 : 1
            guard index + width <= integer.upperBound else { return nil }
            digitScalars.append(probe.utf8(index..<(index + width)))
            run += 1
            index += width
        }
        groups.append(run)
        // 123456789012: the first ten are 1…9, 0; the last two repeat 1 and 2.
        guard digitScalars.count == 12, digitScalars[10] == digitScalars[0], digitScalars[11] == digitScalars[1] else { return nil }
        let digits = [digitScalars[9]] + digitScalars[0..<9]
        guard Set(digits).count == 10 else { return nil }
        var end = integer.upperBound
        var decimalSeparator: [UInt8] = []
        let decimals = probe.spans(CICU_NUMBER_FIELD_DECIMAL_SEPARATOR)
        let fractions = probe.spans(CICU_NUMBER_FIELD_FRACTION)
        // The fraction written: "5" then zeros to the minimum, or nothing when rounded away
        // (123456789012.5 rounds half-even to …012).
        let expected: [[UInt8]] = rounding.maxFraction == 0 ? [] : [digits[5]] + Array(repeating: digits[0], count: max(0, rounding.minFraction - 1))
        if expected.isEmpty {
            guard decimals.isEmpty, fractions.isEmpty else { return nil }
        } else {
            guard decimals.count == 1, fractions.count == 1, decimals[0].lowerBound == integer.upperBound,
                fractions[0].lowerBound == decimals[0].upperBound, !decimals[0].isEmpty
            else { return nil }
            decimalSeparator = probe.utf8(decimals[0])
            guard probe.utf8(fractions[0]) == expected.flatMap({ $0 }) else { return nil }
            end = fractions[0].upperBound
        }
        return Reading(
            digits: digits, decimalSeparator: decimalSeparator, groupingSeparator: separatorTexts.first ?? [], groups: groups,
            prefix: probe.utf8(0..<integer.lowerBound), suffix: probe.utf8(end..<probe.units.count),
            number: Array(probe.units[integer.lowerBound..<end]))
    }

    static func readLayout(_ handle: OpaquePointer, _ rounding: CompiledNumberFormat.Rounding) -> CompiledNumberFormat.Layout? {
        let unscale: Double = rounding.scale == 2 ? 100 : 1
        // 123456789012.5 and 1234567890.125 are exact binary doubles (so is their shortest form).
        let value = rounding.scale == 2 ? 1_234_567_890.125 : rounding.scale == 0 ? 123_456_789_012.5 : 0
        guard value != 0, let positiveProbe = probe(handle, value), let negativeProbe = probe(handle, -value),
            let positive = read(positiveProbe, rounding), let negative = read(negativeProbe, rounding),
            positive.number == negative.number
        else { return nil }
        var primary = 0
        var secondary = 0
        var minimumGrouping = 1
        let groups = positive.groups
        if groups.count > 1 {
            // From the right: the primary group, then secondary groups, then a partial one.
            primary = groups[groups.count - 1]
            guard groups.count >= 3 else { return nil }
            secondary = groups[groups.count - 2]
            guard primary > 0, secondary > 0, groups.dropFirst().dropLast().allSatisfy({ $0 == secondary }),
                groups[0] > 0, groups[0] <= secondary
            else { return nil }
            // The fewest integer digits grouped: 10^(k-1) has k.
            var found: Int?
            for digits in (primary + 1)...(primary + 4) {
                var power = 1.0
                for _ in 1..<digits { power *= 10 }
                guard let sample = probe(handle, power / unscale) else { return nil }
                if !sample.spans(CICU_NUMBER_FIELD_GROUPING_SEPARATOR).isEmpty {
                    found = digits
                    break
                }
            }
            guard let found else { return nil }
            minimumGrouping = found - primary
        }
        return CompiledNumberFormat.Layout(
            digits: positive.digits, decimalSeparator: positive.decimalSeparator, groupingSeparator: positive.groupingSeparator,
            primaryGroup: primary, secondaryGroup: secondary, minimumGrouping: minimumGrouping, positivePrefix: positive.prefix,
            positiveSuffix: positive.suffix, negativePrefix: negative.prefix, negativeSuffix: negative.suffix)
    }

    /// The ISO code of the locale's own currency, if it has one (for `--verify-numbers`).
    package static func currency(for locale: LocaleID) -> String? {
        var units = [UInt16](repeating: 0, count: 4)
        let ok = units.withUnsafeMutableBufferPointer { CICU_currencyForLocale(locale.identifier, $0.baseAddress) }
        return ok ? String(decoding: units.prefix(3), as: UTF16.self) : nil
    }
}
