/// Compact notation ("1,2 Mio.", "12K", "1.2 thousand") compiled into Swift: the decimal
/// skeletons `compact-short` and `compact-long`, with ICU's default compact precision.
///
/// It formats a value as ICU 72's compact notation does (`CompactHandler`, `RoundingImpl::
/// chooseMultiplierAndApply`): from the shortest round-trip digits of the double, the magnitude
/// m (10^m ≤ |value| < 10^(m+1)) picks a power-of-ten multiplier; the scaled value is rounded
/// half-even to two significant digits when it has one integer digit and to an integer
/// otherwise (`Precision::integer().withMinDigits(2)`), trailing zeros dropped; a value that
/// rounds up into the next magnitude is scaled again by that magnitude's multiplier when it
/// differs ("999.95K" is "1M"); then the rounded magnitude and the plural category of the scaled,
/// rounded number (a positive integer 1 on its own, for CLDR's explicit "1" patterns such as
/// French "mille", which writes no number) pick the pattern, whose affixes surround the number. Values below 1, and magnitudes without a pattern, keep the
/// locale's decimal affixes. The number itself is written by ``CompiledNumberFormat`` with the
/// locale's digits and separators and ICU's compact grouping (`group-min2`).
///
/// Everything the locale's data decides (multipliers, affixes per magnitude and category, which
/// category each scaled value has) is read from ICU by ``ICUCompactCompiler`` when the formatter
/// is built, and checked there against ICU. It covers magnitudes 0…14 (values below 10^15);
/// ``format(_:)`` returns nil for larger values, NaN, the infinities and any magnitude the
/// compiler could not read, and the owner asks ICU. `parlance bench --verify-compact` proves the
/// output byte for byte equal to ICU's over every locale.
///
/// Immutable after compilation: `Sendable`, no lock, and its tables live in memory it owns (no
/// array reference counts touched while formatting).
package final class CompiledCompactFormat: @unchecked Sendable {
    /// The largest magnitude compiled: values from 10^15 up go to ICU.
    package static let maximumMagnitude = 14
    /// Magnitudes 0…14.
    static let magnitudes = maximumMagnitude + 1
    /// Pattern classes: the six plural categories (``PluralCategory`` order), then the integer 1.
    package static let classCount = 7
    /// The class of a scaled number that is the integer 1 (ICU's explicit "1" patterns).
    package static let integerOne = 6
    /// The largest scaled magnitude whose numbers' classes are tabulated (up to 9,999).
    package static let maximumScaledMagnitude = 3

    /// What the compiler read from ICU.
    package struct Plan: Sendable, Equatable {
        /// Per magnitude 0…14: the power of ten the value is multiplied by (0 or negative).
        package var multipliers: [Int]
        /// Per magnitude: the affix set of each class (`classCount` entries, -1 where the class
        /// cannot occur or was not read), or nil when the magnitude is not compiled.
        package var patterns: [[Int]?]
        /// The affix sets: positive prefix, positive suffix, negative prefix, negative suffix.
        /// Set 0 is the locale's decimal affixes (values below 1 and magnitudes without pattern).
        package var affixes: [[[UInt8]]]
        /// Per affix set: whether the positive and the negative pattern write no number (French
        /// "mille" for an integer 1,000), their prefix then being the whole text.
        package var numberless: [[Bool]]
        /// Per scaled magnitude 0…3: the class of each rounded scaled number (1.0, 1.1 … 9.9 for
        /// magnitude 0, as tenths less 10; 10^k … 10^(k+1) - 1 less 10^k above), or empty when no
        /// magnitude needs it.
        package var classes: [[UInt8]]

        package init(multipliers: [Int], patterns: [[Int]?], affixes: [[[UInt8]]], numberless: [[Bool]], classes: [[UInt8]]) {
            self.multipliers = multipliers
            self.patterns = patterns
            self.affixes = affixes
            self.numberless = numberless
            self.classes = classes
        }
    }

    /// The number's digits, separators and grouping; its own affixes are affix set 0.
    package let number: CompiledNumberFormat
    /// Per magnitude: the multiplier.
    private let multipliers: UnsafeMutableBufferPointer<Int8>
    /// Per magnitude, `classCount + 1` entries: the affix set of each class, then the one set
    /// every class of the magnitude uses (-1 when they differ); -2 throughout when the magnitude
    /// is not compiled.
    private let patterns: UnsafeMutableBufferPointer<Int16>
    /// The class tables, back to back, and where each scaled magnitude's starts (-1: none).
    private let classes: UnsafeMutableBufferPointer<UInt8>
    private let classStarts: UnsafeMutableBufferPointer<Int>
    /// The affixes' bytes, and per set four (start, end) pairs into them.
    private let affixBytes: UnsafeMutableBufferPointer<UInt8>
    private let affixRanges: UnsafeMutableBufferPointer<Int32>
    /// Per set, positive then negative: 1 when that pattern writes no number.
    private let numberless: UnsafeMutableBufferPointer<UInt8>
    /// The plan, as given (tests and diagnostics read it; formatting does not).
    package let plan: Plan

    /// Compiles a plan over a number layout; nil when the plan is malformed.
    package init?(number: CompiledNumberFormat, plan: Plan) {
        let sizes = (0...Self.maximumScaledMagnitude).map { $0 == 0 ? 90 : 9 * Self.power(of: $0) }
        guard plan.multipliers.count == Self.magnitudes, plan.patterns.count == Self.magnitudes,
            plan.multipliers.allSatisfy({ $0 <= 0 && $0 >= -Self.magnitudes }),
            !plan.affixes.isEmpty, plan.affixes.allSatisfy({ $0.count == 4 }),
            plan.numberless.count == plan.affixes.count, plan.numberless.allSatisfy({ $0.count == 2 }),
            plan.classes.count == Self.maximumScaledMagnitude + 1,
            plan.classes.indices.allSatisfy({ plan.classes[$0].isEmpty || plan.classes[$0].count == sizes[$0] }),
            plan.classes.allSatisfy({ $0.allSatisfy { Int($0) < Self.classCount } })
        else { return nil }
        for (magnitude, row) in plan.patterns.enumerated() {
            guard let row else { continue }
            let scaled = magnitude + plan.multipliers[magnitude]
            guard row.count == Self.classCount, row.allSatisfy({ $0 >= -1 && $0 < plan.affixes.count }), scaled >= 0 else { return nil }
            // A magnitude whose classes differ needs its scaled numbers' class table.
            if Set(row.filter { $0 >= 0 }).count > 1 {
                guard scaled <= Self.maximumScaledMagnitude, !plan.classes[scaled].isEmpty else { return nil }
            }
        }
        self.number = number
        self.plan = plan
        multipliers = .allocate(capacity: Self.magnitudes)
        patterns = .allocate(capacity: Self.magnitudes * (Self.classCount + 1))
        for magnitude in 0..<Self.magnitudes {
            multipliers[magnitude] = Int8(plan.multipliers[magnitude])
            let base = magnitude * (Self.classCount + 1)
            guard let row = plan.patterns[magnitude] else {
                for index in 0...Self.classCount { patterns[base + index] = -2 }
                continue
            }
            for index in 0..<Self.classCount { patterns[base + index] = Int16(row[index]) }
            let used = Set(row.filter { $0 >= 0 })
            patterns[base + Self.classCount] = used.count == 1 ? Int16(used.first ?? -1) : -1
        }
        classStarts = .allocate(capacity: Self.maximumScaledMagnitude + 1)
        var table: [UInt8] = []
        for (scaled, entries) in plan.classes.enumerated() {
            classStarts[scaled] = entries.isEmpty ? -1 : table.count
            table += entries
        }
        classes = .allocate(copying: table.isEmpty ? [0] : table)
        var bytes: [UInt8] = []
        var ranges: [Int32] = []
        for set in plan.affixes {
            for affix in set {
                ranges.append(Int32(bytes.count))
                bytes += affix
                ranges.append(Int32(bytes.count))
            }
        }
        affixBytes = .allocate(copying: bytes.isEmpty ? [0] : bytes)
        affixRanges = .allocate(copying: ranges)
        numberless = .allocate(copying: plan.numberless.flatMap { $0.map { $0 ? UInt8(1) : 0 } })
    }

    deinit {
        multipliers.deallocate()
        patterns.deallocate()
        classes.deallocate()
        classStarts.deallocate()
        affixBytes.deallocate()
        affixRanges.deallocate()
        numberless.deallocate()
    }

    private static func power(of exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Formats a double as ICU's compact notation does; nil for NaN, the infinities, values of
    /// 10^15 and more, and magnitudes not compiled (the owner asks ICU).
    package func format(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let negative = value.sign == .minus
        return CompiledNumberFormat.withShortestDigits(Swift.abs(value)) { digits, count, exponent in
            write(digits, count: count, exponent: exponent, negative: negative)
        }
    }

    /// Scales, rounds and writes 0.d₁d₂…dₙ × 10^exponent.
    private func write(_ digits: UnsafeMutableBufferPointer<UInt8>, count digitCount: Int, exponent: Int, negative: Bool) -> String? {
        guard digitCount > 0 else {
            // Zero: magnitude 0 unscaled, no pattern below 1,000 in any locale's data (the
            // compiler's check covers 0 and -0).
            return write(digits, count: 0, exponent: 0, set: 0, negative: negative)
        }
        let magnitude = exponent - 1
        guard magnitude <= Self.maximumMagnitude else { return nil }
        var multiplier = magnitude < 0 ? 0 : Int(multipliers[magnitude])
        // Two significant digits for one integer digit, else an integer: half-even at
        // 10^min(0, scaled magnitude - 1).
        let scaledExponent = exponent + multiplier
        var (count, rounded) = CompiledNumberFormat.round(
            digits, count: digitCount, exponent: scaledExponent, maxFraction: Swift.max(0, 2 - scaledExponent))
        if rounded != scaledExponent {
            // Rounded up into the next magnitude: its multiplier applies when it differs.
            guard magnitude + 1 <= Self.maximumMagnitude else { return nil }
            if magnitude + 1 >= 0 {
                let next = Int(multipliers[magnitude + 1])
                rounded += next - multiplier
                multiplier = next
            }
        }
        let final = rounded - 1 - multiplier
        guard final >= 0 else { return write(digits, count: count, exponent: rounded, set: 0, negative: negative) }
        let row = final * (Self.classCount + 1)
        var set = Int(patterns[row + Self.classCount])
        if set < 0 {
            guard set == -1 else { return nil }
            let scaled = rounded - 1
            guard scaled >= 0, scaled <= Self.maximumScaledMagnitude else { return nil }
            let start = classStarts[scaled]
            guard start >= 0 else { return nil }
            // The scaled number as an integer (tenths for one integer digit), less the first.
            var key = 0
            let places = scaled == 0 ? 2 : scaled + 1
            for index in 0..<places { key = key * 10 + (index < count ? Int(digits[index]) : 0) }
            key -= scaled == 0 ? 10 : Self.power(of: scaled)
            set = Int(patterns[row + Int(classes[start + key])])
            guard set >= 0 else { return nil }
        }
        return write(digits, count: count, exponent: rounded, set: set, negative: negative)
    }

    @inline(__always)
    private func write(_ digits: UnsafeMutableBufferPointer<UInt8>, count: Int, exponent: Int, set: Int, negative: Bool) -> String {
        let base = set * 8 + (negative ? 4 : 0)
        let bytes = UnsafeBufferPointer(affixBytes)
        let prefix = UnsafeBufferPointer(rebasing: bytes[Int(affixRanges[base])..<Int(affixRanges[base + 1])])
        let suffix = UnsafeBufferPointer(rebasing: bytes[Int(affixRanges[base + 2])..<Int(affixRanges[base + 3])])
        if numberless[set * 2 + (negative ? 1 : 0)] != 0 { return String(decoding: prefix, as: UTF8.self) }
        return number.emit(digits, count: count, exponent: exponent, minFraction: 0, prefix: prefix, suffix: suffix)
    }
}
