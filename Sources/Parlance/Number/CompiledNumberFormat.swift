/// A number skeleton compiled into Swift: plain decimals, percent and currency in the
/// locale's standard pattern, with fraction-digit bounds and grouping, written from the digits,
/// separators, grouping sizes and affixes ICU gave at compile time.
///
/// It formats a value as ICU's `unumf_formatDouble` / `unumf_formatInt` do: the shortest
/// round-trip decimal digits of a double (ICU's double-conversion; Swift's `description` gives
/// the same digits), shifted by the skeleton's power-of-ten scale, rounded half-even to the
/// maximum fraction digits, padded to the minimum, grouped as the pattern says (primary and
/// secondary sizes, minimum grouping digits), between the positive or negative affixes (a
/// negative value that rounds to zero keeps its sign, as ICU writes "-0").
///
/// It covers that and nothing else: the owner (``ICUNumberFormatter``) compiles only skeletons
/// of that shape, checks the result against ICU on probe values, and asks ICU for NaN and the
/// infinities (``format(_:)-(Double)`` returns nil). `parlance bench --verify-numbers` proves
/// the output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock. Its bytes live in
/// memory it owns (not a Swift array), so that formatting on many threads at once touches no
/// reference count: an array's, retained and released per call, is one cache line that every
/// core writes, and two threads would not get near twice the formatting of one.
package final class CompiledNumberFormat: @unchecked Sendable {
    /// What ICU writes for a formatter, as UTF-8 (read from probe values by the owner).
    package struct Layout: Sendable, Equatable {
        /// The digits 0…9 (each the same number of UTF-8 bytes).
        package var digits: [[UInt8]]
        package var decimalSeparator: [UInt8]
        package var groupingSeparator: [UInt8]
        /// Digits in the group next to the decimal separator; 0 for no grouping.
        package var primaryGroup: Int
        /// Digits in every further group.
        package var secondaryGroup: Int
        /// Integer digits a value needs beyond `primaryGroup` before it is grouped (ICU's
        /// minimum grouping digits: 1, or 2 for "1234" but "12.345").
        package var minimumGrouping: Int
        package var positivePrefix: [UInt8]
        package var positiveSuffix: [UInt8]
        package var negativePrefix: [UInt8]
        package var negativeSuffix: [UInt8]

        package init(
            digits: [[UInt8]], decimalSeparator: [UInt8], groupingSeparator: [UInt8], primaryGroup: Int, secondaryGroup: Int,
            minimumGrouping: Int, positivePrefix: [UInt8], positiveSuffix: [UInt8], negativePrefix: [UInt8], negativeSuffix: [UInt8]
        ) {
            self.digits = digits
            self.decimalSeparator = decimalSeparator
            self.groupingSeparator = groupingSeparator
            self.primaryGroup = primaryGroup
            self.secondaryGroup = secondaryGroup
            self.minimumGrouping = minimumGrouping
            self.positivePrefix = positivePrefix
            self.positiveSuffix = positiveSuffix
            self.negativePrefix = negativePrefix
            self.negativeSuffix = negativeSuffix
        }
    }

    /// The rounding a skeleton asks for.
    package struct Rounding: Sendable, Equatable {
        package var minFraction: Int
        package var maxFraction: Int
        /// The power of ten the value is multiplied by first (2 for `scale/100`).
        package var scale: Int

        package init(minFraction: Int, maxFraction: Int, scale: Int) {
            self.minFraction = minFraction
            self.maxFraction = maxFraction
            self.scale = scale
        }
    }

    /// The layout, rebuilt from the compact form the formatter keeps (tests and diagnostics read
    /// it; formatting does not).
    package var layout: Layout {
        Layout(
            digits: (0..<10).map { Array(bytes[($0 * digitWidth)..<(($0 + 1) * digitWidth)]) },
            decimalSeparator: Array(bytes[decimalSeparator]), groupingSeparator: Array(bytes[groupingSeparator]),
            primaryGroup: primary, secondaryGroup: secondary, minimumGrouping: minimumGrouping,
            positivePrefix: Array(bytes[positivePrefix]), positiveSuffix: Array(bytes[positiveSuffix]),
            negativePrefix: Array(bytes[negativePrefix]), negativeSuffix: Array(bytes[negativeSuffix]))
    }
    package let rounding: Rounding
    /// Everything the formatter writes, in one allocation (to keep the all-locale sweep under
    /// 150 MB of resident memory: a layout's seventeen small arrays took about 850 bytes a
    /// formatter, this about 80): the ten digits, `digitWidth` bytes each, back to back, then
    /// the separators and affixes, which the ranges below locate. Allocated by `init`, freed by
    /// `deinit`, never written in between.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let digitWidth: Int
    private let decimalSeparator: Range<Int>
    private let groupingSeparator: Range<Int>
    private let positivePrefix: Range<Int>
    private let positiveSuffix: Range<Int>
    private let negativePrefix: Range<Int>
    private let negativeSuffix: Range<Int>
    private let primary: Int
    private let secondary: Int
    private let minimumGrouping: Int

    /// Compiles a layout and a rounding; nil when the layout is not one this formatter writes
    /// (digits of unequal widths, fraction bounds out of range).
    package init?(layout: Layout, rounding: Rounding) {
        guard layout.digits.count == 10, let width = layout.digits.first?.count, width > 0,
            layout.digits.allSatisfy({ $0.count == width }),
            rounding.minFraction >= 0, rounding.maxFraction >= rounding.minFraction, rounding.maxFraction <= 100,
            rounding.scale >= 0, rounding.scale <= 10,
            layout.primaryGroup >= 0, layout.secondaryGroup >= 0, layout.minimumGrouping >= 1,
            layout.primaryGroup == 0 || layout.secondaryGroup > 0
        else { return nil }
        self.rounding = rounding
        var bytes = layout.digits.flatMap { $0 }
        func append(_ part: [UInt8]) -> Range<Int> {
            let start = bytes.count
            bytes += part
            return start..<bytes.count
        }
        self.decimalSeparator = append(layout.decimalSeparator)
        self.groupingSeparator = append(layout.groupingSeparator)
        self.positivePrefix = append(layout.positivePrefix)
        self.positiveSuffix = append(layout.positiveSuffix)
        self.negativePrefix = append(layout.negativePrefix)
        self.negativeSuffix = append(layout.negativeSuffix)
        self.bytes = .allocate(copying: bytes)
        self.digitWidth = width
        self.primary = layout.primaryGroup
        self.secondary = layout.secondaryGroup
        self.minimumGrouping = layout.minimumGrouping
    }

    /// 2^53: below it every integral double is an exact integer, its own shortest digits.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Formats a double as ICU does; nil for NaN and the infinities (the owner asks ICU).
    package func format(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let negative = value.sign == .minus
        return Self.withShortestDigits(Swift.abs(value)) { digits, count, exponent in
            write(digits, count: count, exponent: exponent, negative: negative)
        }
    }

    /// Formats an integer as ICU does (exactly; the fraction only pads to the minimum).
    package func format(_ value: Int64) -> String {
        let negative = value < 0
        return Self.withDigits(of: value.magnitude) { digits, count, exponent in
            write(digits, count: count, exponent: exponent, negative: negative)
        }
    }

    deinit { bytes.deallocate() }

    /// 10^0 … 10^22, each exact: in memory allocated once and never freed or written again, so
    /// that reading it touches no array's reference count.
    private nonisolated(unsafe) static let powersOfTen: UnsafeBufferPointer<Double> = {
        let table = UnsafeMutableBufferPointer<Double>.allocate(capacity: 23)
        var power = 1.0
        for exponent in 0...22 {
            table[exponent] = power
            power *= 10
        }
        return UnsafeBufferPointer(table)
    }()

    /// Calls `body` with the shortest round-trip decimal digits of a finite, non-negative double
    /// (ICU's double-conversion; Swift's `description` gives the same digits) as 0.d₁d₂…dₙ ×
    /// 10^exponent: `count` digits, the first and last non-zero (`count` 0 for zero), in a
    /// buffer of 24 places. Nil when the digits cannot be read (never for a
    /// finite double).
    @inline(__always)
    package static func withShortestDigits<R>(
        _ magnitude: Double, _ body: (UnsafeMutableBufferPointer<UInt8>, _ count: Int, _ exponent: Int) -> R?
    ) -> R? {
        if magnitude < Self.exactIntegerLimit, magnitude.rounded(.towardZero) == magnitude {
            return withDigits(of: UInt64(magnitude), body)
        }
        // A value with at most 15 significant digits, m / 10^k for the least k that gives the
        // double back: those are its shortest digits. (Below 10^15 the doubles around m / 10^k
        // are less than 10^-k apart, so one m at most reads back, and m · 10^-k is computed to
        // within 0.25 of m, so rounding finds it.)
        if magnitude >= 1e-6, magnitude < 1e14 {
            var k = 1
            var scaled = magnitude * 10
            while scaled < 1e15, k <= 15 {
                let m = scaled.rounded()
                if m / Self.powersOfTen[k] == magnitude {
                    return withDigits(of: UInt64(m), fractionDigits: k, body)
                }
                k += 1
                scaled = magnitude * Self.powersOfTen[k]
            }
        }
        // The shortest round-trip digits, as Swift writes them: "1234.5", "1e-05", "1.2e+16".
        let text = magnitude.description
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits -> R? in
            var count = 0
            var pointAt = -1
            var exponent = 0
            var leadingZeros = 0
            var utf8 = text.utf8.makeIterator()
            while let byte = utf8.next() {
                switch byte {
                case 0x30...0x39:
                    if count == 0, byte == 0x30 {
                        // A leading zero ("0.001"): it only moves the decimal point.
                        leadingZeros += 1
                    } else {
                        guard count < 24 else { return nil }
                        digits[count] = byte &- 0x30
                        count += 1
                    }
                case 0x2E:
                    pointAt = count + leadingZeros
                case 0x65:
                    var sign = 1
                    var power = 0
                    while let next = utf8.next() {
                        if next == 0x2D {
                            sign = -1
                        } else if next >= 0x30, next <= 0x39 {
                            power = power * 10 + Int(next &- 0x30)
                        }
                    }
                    exponent = sign * power
                default:
                    return nil
                }
            }
            // The integer digits written before the point, less the leading zeros.
            let integerDigits = (pointAt < 0 ? count + leadingZeros : pointAt) - leadingZeros
            while count > 0, digits[count - 1] == 0 { count -= 1 }
            return body(digits, count, integerDigits + exponent)
        }
    }

    /// Calls `body` with the digits of magnitude · 10^-fractionDigits, as
    /// ``withShortestDigits(_:_:)`` does.
    @inline(__always)
    package static func withDigits<R>(
        of magnitude: UInt64, fractionDigits: Int = 0, _ body: (UnsafeMutableBufferPointer<UInt8>, _ count: Int, _ exponent: Int) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var count = 0
            var rest = magnitude
            while rest > 0 {
                digits[count] = UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            }
            // Most significant first.
            var low = 0
            var high = count - 1
            while low < high {
                digits.swapAt(low, high)
                low += 1
                high -= 1
            }
            let exponent = count - fractionDigits
            while count > 0, digits[count - 1] == 0 { count -= 1 }
            return body(digits, count, exponent)
        }
    }

    /// Rounds 0.d₁d₂…dₙ × 10^exponent half-even to `maxFraction` fraction digits, in place (a
    /// carry can make it 0.1 × 10^(exponent + 1)); returns the digits left (trailing zeros
    /// dropped; 0 for zero) and the exponent (0 for zero).
    @inline(__always)
    package static func round(
        _ digits: UnsafeMutableBufferPointer<UInt8>, count digitCount: Int, exponent start: Int, maxFraction: Int
    ) -> (count: Int, exponent: Int) {
        var count = digitCount
        var exponent = start
        let keep = exponent + maxFraction
        if keep < count {
            if keep < 0 {
                count = 0
            } else {
                let next = digits[keep]
                var up = next > 5
                if next == 5 {
                    var rest = false
                    var index = keep + 1
                    while index < count {
                        if digits[index] != 0 {
                            rest = true
                            break
                        }
                        index += 1
                    }
                    // Half-even: a tie goes up only from an odd digit.
                    up = rest || (keep > 0 && digits[keep - 1] & 1 == 1)
                }
                count = keep
                if up {
                    var index = count - 1
                    while index >= 0, digits[index] == 9 {
                        digits[index] = 0
                        index -= 1
                    }
                    if index < 0 {
                        digits[0] = 1
                        count = 1
                        exponent += 1
                    } else {
                        digits[index] += 1
                    }
                }
                while count > 0, digits[count - 1] == 0 { count -= 1 }
            }
        }
        if count == 0 { exponent = 0 }
        return (count, exponent)
    }

    /// Writes 0.d₁d₂…dₙ × 10^exponent (`count` digits, the first non-zero, the last non-zero;
    /// `count` 0 for zero), after scaling and rounding. `digits` needs one spare place.
    private func write(_ digits: UnsafeMutableBufferPointer<UInt8>, count digitCount: Int, exponent: Int, negative: Bool) -> String {
        let (count, exponent) = Self.round(
            digits, count: digitCount, exponent: digitCount == 0 ? 0 : exponent + rounding.scale, maxFraction: rounding.maxFraction)
        let bytes = UnsafeBufferPointer(self.bytes)
        return emit(
            digits, count: count, exponent: exponent, minFraction: rounding.minFraction,
            prefix: UnsafeBufferPointer(rebasing: bytes[negative ? negativePrefix : positivePrefix]),
            suffix: UnsafeBufferPointer(rebasing: bytes[negative ? negativeSuffix : positiveSuffix]))
    }

    /// Writes rounded digits (``round(_:count:exponent:maxFraction:)``'s result) in the layout's
    /// digits, separators and grouping, padded to `minFraction` fraction digits, between
    /// `prefix` and `suffix`.
    @inline(__always)
    package func emit(
        _ digits: UnsafeMutableBufferPointer<UInt8>, count: Int, exponent: Int, minFraction: Int, prefix: UnsafeBufferPointer<UInt8>,
        suffix: UnsafeBufferPointer<UInt8>
    ) -> String {
        let integerCount = exponent > 0 ? exponent : 1
        let fractionWritten = count > exponent ? count - exponent : 0
        let fractionCount = Swift.max(fractionWritten, minFraction)
        let grouped = primary > 0 && integerCount - primary >= minimumGrouping
        let separators = grouped ? 1 + (integerCount - primary - 1) / secondary : 0
        let capacity =
            prefix.count + suffix.count + (integerCount + fractionCount) * digitWidth + separators * groupingSeparator.count
            + (fractionCount > 0 ? decimalSeparator.count : 0)
        let bytes = self.bytes
        return String(unsafeUninitializedCapacity: capacity) { out in
            var at = 0
            @inline(__always) func put(_ range: Range<Int>) {
                for index in range {
                    out[at] = bytes[index]
                    at += 1
                }
            }
            @inline(__always) func put(_ affix: UnsafeBufferPointer<UInt8>) {
                for byte in affix {
                    out[at] = byte
                    at += 1
                }
            }
            @inline(__always) func putDigit(_ digit: UInt8) {
                if digitWidth == 1 {
                    out[at] = bytes[Int(digit)]
                    at += 1
                } else {
                    let start = Int(digit) * digitWidth
                    for index in start..<(start + digitWidth) {
                        out[at] = bytes[index]
                        at += 1
                    }
                }
            }
            put(prefix)
            if exponent <= 0 {
                putDigit(0)
            } else {
                for index in 0..<integerCount {
                    putDigit(index < count ? digits[index] : 0)
                    let position = integerCount - 1 - index
                    if grouped, position >= primary, (position - primary) % secondary == 0 {
                        put(groupingSeparator)
                    }
                }
            }
            if fractionCount > 0 {
                put(decimalSeparator)
                for index in 0..<fractionCount {
                    let place = exponent + index
                    putDigit(place >= 0 && place < count ? digits[place] : 0)
                }
            }
            put(suffix)
            return at
        }
    }
}
