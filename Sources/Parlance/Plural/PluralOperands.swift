/// The CLDR plural operands of a number (UTS #35, Part 3, "Plural Operand Meanings").
///
/// | operand | meaning | `"1.50"` | `"1.2c3"` |
/// |---|---|---|---|
/// | n | absolute value | 1.5 | 1200 |
/// | i | integer digits of n | 1 | 1200 |
/// | v | number of visible fraction digits, with trailing zeros | 2 | 0 |
/// | w | number of visible fraction digits, without trailing zeros | 1 | 0 |
/// | f | visible fraction digits, with trailing zeros, as an integer | 50 | 0 |
/// | t | visible fraction digits, without trailing zeros, as an integer | 5 | 0 |
/// | e (c) | compact decimal exponent | 0 | 3 |
///
/// Operands are computed exactly from the decimal digits, never through a binary `Double`, so
/// numbers of any length keep their value and visible fraction digits.
///
/// ```swift
/// let operands = try PluralOperands("1.50")
/// operands.visibleFractionDigitCount  // 2
/// try PluralRules(locale: "en").category(for: operands)  // .other
/// ```
public struct PluralOperands: Hashable, Sendable, CustomStringConvertible {
    /// i: the integer part of the absolute value.
    package var integer: DecimalInteger
    /// f: the visible fraction digits, as an integer.
    package var fraction: DecimalInteger
    /// t: the visible fraction digits without trailing zeros, as an integer.
    package var fractionWithoutTrailingZeros: DecimalInteger
    /// v: how many fraction digits are visible.
    public private(set) var visibleFractionDigitCount: Int
    /// w: how many fraction digits are visible, not counting trailing zeros.
    public private(set) var significantFractionDigitCount: Int
    /// e (also c): the compact decimal exponent, 0 outside compact notation.
    public private(set) var compactExponent: Int

    /// Operands of an integer.
    public init(_ value: Int) {
        let magnitude = UInt64(value.magnitude)
        self.init(integer: magnitude < DecimalInteger.smallLimit ? DecimalInteger(small: magnitude) : DecimalInteger(magnitude))
    }

    /// Operands of an integer of any width.
    public init<I: BinaryInteger>(_ value: I) {
        self.init(integer: DecimalInteger(value.magnitude))
    }

    private init(integer: DecimalInteger) {
        self.integer = integer
        self.fraction = .zero
        self.fractionWithoutTrailingZeros = .zero
        self.visibleFractionDigitCount = 0
        self.significantFractionDigitCount = 0
        self.compactExponent = 0
    }

    /// Operands of a decimal string `[+-]?digits[.digits][(e|E)[+-]?digits]`.
    ///
    /// The exponent is scientific notation: `"1.25e1"` is 12.5 with one visible fraction digit.
    /// Visible fraction digits are the ones written, so `"1.0"` differs from `"1"`.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidNumber`` for anything
    ///   else (`""`, `"1,5"`, `".5"`, `"5."`, `"1e"`, `"NaN"`, spaces, group separators).
    public init(_ decimal: String) throws {
        self = try PluralOperands.parse(decimal, compactNotation: false)
    }

    /// Operands of a `Double` shown with exactly `visibleFractionDigits` fraction digits
    /// (rounded half-even, as a formatter showing that many digits would): the way to say that
    /// `1.0` is displayed as "1.0" (v = 1, English `other`) rather than "1" (`one`).
    ///
    /// ```swift
    /// try PluralOperands(1.0, visibleFractionDigits: 1) == PluralOperands("1.0")    // true (v = 1)
    /// try PluralOperands(2.345, visibleFractionDigits: 2) == PluralOperands("2.34")  // true
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidNumber`` for NaN or an infinity,
    ///   ``ParlanceError/Code/invalidArgument`` for a digit count outside 0…999.
    public init(_ value: Double, visibleFractionDigits: Int) throws {
        guard value.isFinite else { throw ParlanceError(.invalidNumber, "\(value) has no plural operands") }
        guard (0...999).contains(visibleFractionDigits) else {
            throw ParlanceError(.invalidArgument, "visible fraction digits must be within 0…999, not \(visibleFractionDigits)")
        }
        // The root locale writes ASCII digits, "." and "-": a decimal string for the parser.
        let skeleton =
            (visibleFractionDigits == 0 ? "precision-integer" : "." + String(repeating: "0", count: visibleFractionDigits))
            + " group-off"
        let text = ICUNumberFormatter.forStyle(skeleton: skeleton, locale: .root).format(value)
        self = try PluralOperands.parse(text, compactNotation: false)
    }

    /// Operands of a number written as in CLDR's plural samples, where `c` (or `e`) introduces a
    /// **compact** exponent: `"1.2c3"` is 1200 shown as "1.2K", with operand e = 3.
    ///
    /// - Throws: ``ParlanceError`` (``ParlanceError/Code/invalidNumber``) for malformed input.
    public init(cldrSample: String) throws {
        self = try PluralOperands.parse(cldrSample, compactNotation: true)
    }

    /// n: the absolute value, as a `Double` (approximate for long numbers; rules never use it).
    public var absoluteValue: Double {
        let fractionValue = fraction.doubleValue / pow10(visibleFractionDigitCount)
        return integer.doubleValue + fractionValue
    }

    /// n as a plain decimal with its visible fraction digits (`"1.50"`), for ICU's selection;
    /// nil in compact notation (e ≠ 0), which a plain decimal cannot say.
    package var plainDecimal: String? {
        guard compactExponent == 0 else { return nil }
        guard visibleFractionDigitCount > 0 else { return integer.description }
        let digits = fraction.description
        return "\(integer.description)." + String(repeating: "0", count: max(visibleFractionDigitCount - digits.count, 0)) + digits
    }

    /// Whether n has no fractional part (f = 0), e.g. `1`, `1.0`.
    public var isIntegral: Bool { fraction.isZero }

    public var description: String {
        "n=\(absoluteValue) i=\(integer) v=\(visibleFractionDigitCount) w=\(significantFractionDigitCount) f=\(fraction) t=\(fractionWithoutTrailingZeros) e=\(compactExponent)"
    }

    // MARK: Parsing

    /// Exponents beyond this magnitude are rejected rather than expanded into digits.
    package static let maximumExponent = 100_000

    private static func parse(_ text: String, compactNotation: Bool) throws(ParlanceError) -> PluralOperands {
        var copy = text
        let parsed = copy.withUTF8 { bytes in parse(bytes, compactNotation: compactNotation) }
        guard let parsed else {
            throw ParlanceError(
                .invalidNumber,
                "\(quoted(text)) is not a decimal number: expected [+-]?digits[.digits][(e|E)[+-]?digits]")
        }
        return parsed
    }

    private static func parse(_ s: UnsafeBufferPointer<UInt8>, compactNotation: Bool) -> PluralOperands? {
        let zero = UInt8(ascii: "0")
        var index = 0
        let count = s.count
        if index < count, s[index] == UInt8(ascii: "+") || s[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < count, s[index] &- zero < 10 { index += 1 }
        let integerEnd = index
        guard integerEnd > integerStart else { return nil }
        var fractionStart = index
        var fractionEnd = index
        if index < count, s[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < count, s[index] &- zero < 10 { index += 1 }
            fractionEnd = index
            guard fractionEnd > fractionStart else { return nil }
        }
        var exponent = 0
        var isCompact = false
        if index < count {
            let marker = s[index] | 0x20
            guard marker == UInt8(ascii: "e") || (compactNotation && marker == UInt8(ascii: "c")) else { return nil }
            isCompact = compactNotation
            index += 1
            var negative = false
            if index < count, s[index] == UInt8(ascii: "+") || s[index] == UInt8(ascii: "-") {
                negative = s[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            while index < count, s[index] &- zero < 10 {
                if exponent <= maximumExponent { exponent = exponent * 10 + Int(s[index] &- zero) }
                index += 1
            }
            guard index > digitsStart, index == count, exponent <= maximumExponent else { return nil }
            if negative { exponent = -exponent }
        }
        guard index == count else { return nil }

        // Fast path: no exponent, everything fits in 64 bits.
        if exponent == 0 {
            let integer = DecimalInteger(digits: UnsafeBufferPointer(rebasing: s[integerStart..<integerEnd]))
            return PluralOperands(
                integer: integer,
                fractionDigits: UnsafeBufferPointer(rebasing: s[fractionStart..<fractionEnd]),
                compactExponent: 0)
        }
        // Shift the decimal point by the exponent.
        var all = Array(s[integerStart..<integerEnd])
        all.append(contentsOf: s[fractionStart..<fractionEnd])
        let point = (integerEnd - integerStart) + exponent
        var integerDigits: [UInt8]
        var fractionDigits: [UInt8]
        if point <= 0 {
            integerDigits = [zero]
            fractionDigits = Array(repeating: zero, count: -point) + all
        } else if point >= all.count {
            integerDigits = all + Array(repeating: zero, count: point - all.count)
            fractionDigits = []
        } else {
            integerDigits = Array(all[..<point])
            fractionDigits = Array(all[point...])
        }
        let integer = integerDigits.withUnsafeBufferPointer { DecimalInteger(digits: $0) }
        return fractionDigits.withUnsafeBufferPointer {
            PluralOperands(integer: integer, fractionDigits: $0, compactExponent: isCompact ? exponent : 0)
        }
    }

    private init(integer: DecimalInteger, fractionDigits: UnsafeBufferPointer<UInt8>, compactExponent: Int) {
        self.integer = integer
        self.visibleFractionDigitCount = fractionDigits.count
        self.fraction = DecimalInteger(digits: fractionDigits)
        var significant = fractionDigits.count
        while significant > 0, fractionDigits[significant - 1] == UInt8(ascii: "0") { significant -= 1 }
        self.significantFractionDigitCount = significant
        self.fractionWithoutTrailingZeros = DecimalInteger(
            digits: UnsafeBufferPointer(rebasing: fractionDigits[..<significant]))
        self.compactExponent = compactExponent
    }
}

/// A non-negative integer of any length, exact: a `UInt64` while it has at most 18 digits,
/// its decimal digits beyond that. Plural rules only need `mod` and comparisons with small
/// bounds, which both forms answer exactly.
package struct DecimalInteger: Hashable, Sendable, CustomStringConvertible {
    /// The value when `digits` is nil.
    package var small: UInt64
    /// Decimal digits (values 0...9, most significant first, no leading zero) of a value of 19
    /// digits or more.
    package var digits: [UInt8]?

    package static let zero = DecimalInteger(small: 0)
    package static let smallLimit: UInt64 = 1_000_000_000_000_000_000

    package init(small: UInt64) {
        self.small = small
        self.digits = nil
    }

    package init<M: BinaryInteger>(_ value: M) {
        if let exact = UInt64(exactly: value), exact < DecimalInteger.smallLimit {
            self.init(small: exact)
        } else {
            self.init(digitString: String(value))
        }
    }

    package init(digitString: String) {
        var copy = digitString
        self = copy.withUTF8 { DecimalInteger(digits: $0) }
    }

    /// From ASCII digits (leading zeros allowed).
    package init(digits ascii: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < ascii.count - 1, ascii[start] == UInt8(ascii: "0") { start += 1 }
        let significant = ascii.count - start
        if significant <= 18 {
            var value: UInt64 = 0
            for index in start..<ascii.count { value = value &* 10 &+ UInt64(ascii[index] &- UInt8(ascii: "0")) }
            self.init(small: value)
        } else {
            self.init(small: 0)
            self.digits = ascii[start...].map { $0 &- UInt8(ascii: "0") }
        }
    }

    package var isZero: Bool { digits == nil && small == 0 }

    /// `self mod m`, exactly.
    package func mod(_ m: UInt64) -> UInt64 {
        guard let digits else { return small % m }
        var remainder: UInt64 = 0
        for digit in digits {
            let (product, overflow) = remainder.multipliedReportingOverflow(by: 10)
            if overflow {
                remainder = UInt64((UInt128(remainder) * 10 + UInt128(digit)) % UInt128(m))
            } else {
                remainder = (product + UInt64(digit)) % m
            }
        }
        return remainder
    }

    /// The value if it fits in a `UInt64` below 10^18, else nil (larger than any rule bound).
    package var smallValue: UInt64? { digits == nil ? small : nil }

    package var doubleValue: Double {
        guard let digits else { return Double(small) }
        return digits.reduce(0.0) { $0 * 10 + Double($1) }
    }

    package var description: String {
        guard let digits else { return String(small) }
        return String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    }
}

private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<min(exponent, 400) { result *= 10 }
    return result
}
