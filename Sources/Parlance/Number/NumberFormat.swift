#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Formats numbers for a locale: plain, percent, currency, units, compact and scientific,
/// from typed ``NumberOptions`` or a raw ICU number skeleton.
///
/// The compiled ICU formatter is cached per (locale, skeleton), so creating a `NumberFormat`
/// again is a dictionary lookup and formatting never recompiles anything.
///
/// ```swift
/// try NumberFormat(locale: "de").format(1234.5)                           // "1.234,5"
/// try NumberFormat(locale: "hi-IN").format(1234567)                        // "12,34,567"
/// try NumberFormat(locale: "de", options: .currency("EUR")).format(1234.5) // "1.234,50 €"
/// try NumberFormat(locale: "en", skeleton: "compact-short").format(1234)   // "1.2K"
/// try NumberFormat(locale: "en").format(decimal: "12345678901234567890.5") // exact, no Double
/// ```
package struct NumberFormat: Hashable, Sendable {
    /// The locale the numbers are written for.
    public let locale: LocaleID
    /// The ICU number skeleton this formatter was compiled from.
    public let skeleton: String
    /// The shared compiled formatter (internal so tests can check it is reused).
    let icu: ICUNumberFormatter

    /// A formatter from typed options.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for a malformed currency code, unit or
    ///   numbering system, ``ParlanceError/Code/invalidSkeleton`` when ICU rejects the result
    ///   (an unknown unit, out-of-range digit counts).
    public init(locale: LocaleID, options: NumberOptions = NumberOptions()) throws {
        try options.validate()
        try self.init(locale: locale, skeleton: options.skeleton)
    }

    /// A formatter from a raw ICU number skeleton (power users), e.g. `"currency/USD .00"`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidSkeleton`` naming the position ICU rejects.
    public init(locale: LocaleID, skeleton: String) throws {
        self.locale = locale
        self.skeleton = skeleton
        self.icu = try ICUNumberFormatter.cached(skeleton: skeleton, locale: locale)
    }

    /// Formats an integer exactly.
    public func format(_ value: Int) -> String { icu.format(Int64(value)) }

    /// Formats a binary double as ICU does (its shortest round-trip digits; NaN and infinities
    /// in the locale's symbols, e.g. "NaN", "∞", "-∞").
    public func format(_ value: Double) -> String { icu.format(value) }

    /// Formats a `Decimal` exactly, from its decimal digits (never through a `Double`);
    /// a NaN `Decimal` formats like `Double.nan`.
    public func format(_ value: Decimal) -> String {
        if value.isNaN { return icu.format(Double.nan) }
        return (try? icu.format(decimal: value.description)) ?? icu.format(Double.nan)
    }

    /// Formats an exact decimal string `[+-]?digits[.digits][(e|E)[+-]?digits]`, any length,
    /// never through a `Double`: `"0.1"` stays 0.1 and 30-digit integers keep every digit.
    ///
    /// - Throws: ``ParlanceError/Code/invalidNumber`` for anything else (`"1,5"`, `".5"`,
    ///   `"NaN"`), or a decimal ICU cannot represent (an exponent beyond ICU's range).
    public func format(decimal: String) throws -> String {
        try DecimalString.validate(decimal)
        return try icu.format(decimal: decimal)
    }

    public static func == (lhs: NumberFormat, rhs: NumberFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.skeleton == rhs.skeleton
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(skeleton)
    }
}

extension NumberOptions {
    /// Rejects parts that would change the skeleton's meaning (a currency code with a space
    /// would smuggle in another token).
    func validate() throws(ParlanceError) {
        func check(_ value: String, _ what: String, _ allowed: (UInt8) -> Bool) throws(ParlanceError) {
            guard !value.isEmpty, value.utf8.allSatisfy(allowed) else {
                throw ParlanceError(.invalidArgument, "\(quoted(value)) is not a valid \(what)")
            }
        }
        let letter = { (b: UInt8) in (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        let digit = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
        switch style {
        case .currency(let code, _):
            try check(code, "ISO 4217 currency code (three letters)", letter)
            if code.utf8.count != 3 {
                throw ParlanceError(.invalidArgument, "\(quoted(code)) is not a valid ISO 4217 currency code (three letters)")
            }
        case .unit(let unit, _):
            try check(unit, "CLDR unit id such as \"length-meter\"") { letter($0) || digit($0) || $0 == 0x2D }
        case .decimal, .percent: break
        }
        if let numberingSystem {
            try check(numberingSystem, "numbering system such as \"arab\"") { letter($0) || digit($0) }
        }
        switch precision {
        case .fractionDigits(let min, let max), .significantDigits(let min, let max):
            let floor = { if case .significantDigits = precision { 1 } else { 0 } }()
            guard min >= floor, max >= min, max <= 999 else {
                throw ParlanceError(.invalidArgument, "digit counts must satisfy \(floor) ≤ min ≤ max ≤ 999, not min \(min), max \(max)")
            }
        case .automatic, .integer, .unlimited: break
        }
    }
}

/// The protocol's decimal syntax: `[+-]?digits[.digits][(e|E)[+-]?digits]`.
package enum DecimalString {
    /// Throws ``ParlanceError/Code/invalidNumber`` unless `text` is a decimal.
    package static func validate(_ text: String) throws(ParlanceError) {
        guard isValid(text) else {
            throw ParlanceError(.invalidNumber, "\(quoted(text)) is not a decimal number [+-]digits[.digits][e[+-]digits]")
        }
        // ICU would write every digit of 1e999999999 (gigabytes of text): bound the size.
        guard text.utf8.count <= maximumLength, abs(exponent(of: text)) <= maximumExponent else {
            throw ParlanceError(
                .invalidNumber, "\(quoted(text)) is too large to format: at most \(maximumLength) characters and an exponent within ±\(maximumExponent)")
        }
    }

    /// The longest decimal string formatted (a megabyte of digits).
    package static let maximumLength = 1_000_000
    /// The largest exponent magnitude formatted.
    package static let maximumExponent = 100_000

    /// The exponent written after `e`, saturating (0 when there is none).
    static func exponent(of text: String) -> Int {
        guard let e = text.utf8.firstIndex(where: { $0 == 0x65 || $0 == 0x45 }) else { return 0 }
        var digits = text.utf8[text.utf8.index(after: e)...]
        var sign = 1
        if let s = digits.first, s == 0x2B || s == 0x2D {
            sign = s == 0x2D ? -1 : 1
            digits = digits.dropFirst()
        }
        var value = 0
        for b in digits {
            value = value * 10 + Int(b - 0x30)
            if value > 1_000_000_000 { break }
        }
        return sign * value
    }

    package static func isValid(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Bool {
            let start = bytes.startIndex
            while let b = bytes.first, b >= 0x30, b <= 0x39 { bytes.removeFirst() }
            return bytes.startIndex != start
        }
        if let b = bytes.first, b == 0x2B || b == 0x2D { bytes.removeFirst() }
        guard digits() else { return false }
        if bytes.first == 0x2E {
            bytes.removeFirst()
            guard digits() else { return false }
        }
        if let b = bytes.first, b == 0x65 || b == 0x45 {
            bytes.removeFirst()
            if let s = bytes.first, s == 0x2B || s == 0x2D { bytes.removeFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }
}
