#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension ICUNumberFormatter {
    /// The shared formatter for a skeleton a style has already validated (one cache lookup).
    /// A failure is a broken invariant: skeleton syntax does not depend on the locale.
    static func forStyle(skeleton: String, locale: LocaleID) -> ICUNumberFormatter {
        do {
            return try cached(skeleton: skeleton, locale: locale)
        } catch {
            preconditionFailure("ICU rejected a validated number skeleton for \(locale.identifier): \(error)")
        }
    }
}

/// Numbers as a Foundation `FormatStyle`: plain decimals, percentages, compact and scientific
/// notation, with typed precision, rounding, grouping and sign options — or any ICU
/// ``NumberSkeleton``.
///
/// ```swift
/// 1234.5.formatted(.parlance.number.locale("de"))                           // "1.234,5"
/// 1234567.formatted(.parlance.number.locale("hi-IN"))                       // "12,34,567"
/// 1234.formatted(.parlance.number.notation(.compactShort).locale("en"))     // "1.2K"
/// 0.25.formatted(.parlance.percent.locale("de"))                            // "25 %"
/// try DecimalNumber("12345678901234567890.5").formatted(.parlance.number.locale("fr"))
/// // "12 345 678 901 234 567 890,5" (exact)
/// ```
public struct NumberFormatStyle<Value: ParlanceFormattableNumber>: ParlanceFormatStyle {
    /// What a style shows the number as.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A plain number.
        case decimal
        /// A fraction as a percentage (0.25 → "25%").
        case percent
    }

    /// The locale the number is written for.
    public private(set) var locale: LocaleID
    /// Plain or percent.
    public private(set) var kind: Kind
    /// The typed options (ignored when ``skeleton`` was set directly).
    public private(set) var options: NumberOptions
    /// The ICU skeleton the style formats with: compiled from the options, or set with
    /// ``skeleton(_:)``.
    public private(set) var skeleton: String

    /// A plain number style for `locale` (root, ICU's base data, when not given).
    public init(locale: LocaleID = .root, kind: Kind = .decimal) {
        self.locale = locale
        self.kind = kind
        self.options = NumberOptions(style: kind == .percent ? .percent : .decimal)
        self.skeleton = options.skeleton
    }

    /// Formats `value` (total: integers and decimals exactly, doubles as ICU does).
    public func format(_ value: Value) -> String {
        value.formattableNumber.format(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }

    private func with(_ change: (inout NumberOptions) -> Void) -> Self {
        var copy = self
        change(&copy.options)
        copy.skeleton = copy.options.sanitized.skeleton
        return copy
    }

    /// Standard, scientific, engineering or compact notation.
    public func notation(_ notation: NumberOptions.Notation) -> Self { with { $0.notation = notation } }
    /// How many digits are shown; digit counts are clamped to ICU's range 0…999 (1…999 for
    /// significant digits) with max ≥ min.
    public func precision(_ precision: NumberOptions.Precision) -> Self { with { $0.precision = precision } }
    /// How digits beyond the precision are rounded.
    public func rounded(_ mode: NumberOptions.RoundingMode) -> Self { with { $0.roundingMode = mode } }
    /// When group separators are shown.
    public func grouping(_ grouping: NumberOptions.Grouping) -> Self { with { $0.grouping = grouping } }
    /// When the sign is shown.
    public func sign(_ display: NumberOptions.SignDisplay) -> Self { with { $0.signDisplay = display } }

    /// Any ICU number skeleton; it replaces the typed options.
    public func skeleton(_ skeleton: NumberSkeleton) -> Self {
        var copy = self
        copy.skeleton = skeleton.text
        return copy
    }

    private enum CodingKeys: String, CodingKey { case locale, kind, options, skeleton }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        locale = try container.decode(LocaleID.self, forKey: .locale)
        kind = try container.decode(Kind.self, forKey: .kind)
        options = try container.decode(NumberOptions.self, forKey: .options)
        // Decoded text is untrusted: validated as any skeleton from outside.
        skeleton = try container.decode(NumberSkeleton.self, forKey: .skeleton).text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(locale, forKey: .locale)
        try container.encode(kind, forKey: .kind)
        try container.encode(options, forKey: .options)
        try container.encode(NumberSkeleton(trusted: skeleton), forKey: .skeleton)
    }
}

extension NumberOptions {
    /// The options with digit counts clamped into ICU's ranges, so that the skeleton compiles.
    var sanitized: NumberOptions {
        var copy = self
        func clamp(_ min: Int, _ max: Int, floor: Int) -> (Int, Int) {
            let low = Swift.min(Swift.max(min, floor), 999)
            return (low, Swift.min(Swift.max(max, low), 999))
        }
        switch precision {
        case .fractionDigits(let min, let max):
            let (a, b) = clamp(min, max, floor: 0)
            copy.precision = .fractionDigits(min: a, max: b)
        case .significantDigits(let min, let max):
            let (a, b) = clamp(min, max, floor: 1)
            copy.precision = .significantDigits(min: a, max: b)
        case .automatic, .integer, .unlimited: break
        }
        return copy
    }
}

/// Money as a Foundation `FormatStyle`: exact amounts (integers and ``DecimalNumber``, never a
/// binary `Double`) in an ISO 4217 ``CurrencyCode`` with the currency's own fraction digits.
///
/// ```swift
/// try DecimalNumber("1234.5").formatted(.parlance.currency(code: "EUR").locale("de"))  // "1.234,50 €"
/// try 5.formatted(.parlance.currency(code: "JPY").locale("ja"))                       // "￥5"
/// try DecimalNumber("-3.5").formatted(.parlance.currency(code: "USD").accounting().locale("en"))
/// // "($3.50)"
/// ```
public struct CurrencyFormatStyle<Value: ExactAmount>: ParlanceFormatStyle {
    /// The locale the amount is written for.
    public private(set) var locale: LocaleID
    /// The currency.
    public private(set) var currency: CurrencyCode
    /// How the currency is named.
    public private(set) var display: NumberOptions.CurrencyDisplay
    private var accountingSign: Bool
    var skeleton: String

    /// Money in `currency` for `locale`.
    public init(currency: CurrencyCode, locale: LocaleID = .root, display: NumberOptions.CurrencyDisplay = .symbol) {
        self.locale = locale
        self.currency = currency
        self.display = display
        self.accountingSign = false
        self.skeleton = NumberOptions.currency(currency.code, display: display).skeleton
    }

    /// Formats the amount exactly.
    public func format(_ value: Value) -> String {
        value.formattableNumber.format(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }

    /// Negative amounts in the locale's accounting form ("($3.50)" in English).
    public func accounting() -> Self {
        var copy = self
        copy.accountingSign = true
        copy.skeleton = NumberOptions.currency(currency.code, display: display, accounting: true).skeleton
        return copy
    }

    /// How the currency is named: symbol, narrow symbol, ISO code or name.
    public func display(_ display: NumberOptions.CurrencyDisplay) -> Self {
        var copy = self
        copy.display = display
        copy.skeleton = NumberOptions.currency(currency.code, display: display, accounting: accountingSign).skeleton
        return copy
    }
}

/// Measurements in a CLDR unit as a Foundation `FormatStyle`.
///
/// ```swift
/// try 12.5.formatted(.parlance.measurement("length-kilometer", width: .wide).locale("fr"))  // "12,5 kilomètres"
/// ```
public struct MeasurementFormatStyle<Value: ParlanceFormattableNumber>: ParlanceFormatStyle {
    /// The locale the measurement is written for.
    public private(set) var locale: LocaleID
    /// The unit.
    public let unit: MeasureUnit
    /// How the unit is named.
    public let width: NumberOptions.UnitWidth
    let skeleton: String

    /// A measurement in `unit`.
    public init(unit: MeasureUnit, width: NumberOptions.UnitWidth = .short, locale: LocaleID = .root) {
        self.locale = locale
        self.unit = unit
        self.width = width
        self.skeleton = NumberOptions.unit(unit.identifier, width: width).skeleton
    }

    /// Formats the amount of the unit.
    public func format(_ value: Value) -> String {
        value.formattableNumber.format(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }
}

/// File and memory sizes as a Foundation `FormatStyle`: 1000-based units (`.binary` for 1024),
/// whole bytes and kilobytes, one decimal for megabytes, two beyond.
///
/// ```swift
/// Int64(1_500_000).formatted(.parlance.byteCount.locale("de"))   // "1,5 MB"
/// ```
public struct ByteCountFormatStyle: ParlanceFormatStyle {
    /// The locale the size is written for.
    public private(set) var locale: LocaleID
    /// Decimal (1000) or binary (1024) steps.
    public let base: ByteCountBase

    /// A byte-count style.
    public init(base: ByteCountBase = .decimal, locale: LocaleID = .root) {
        self.locale = locale
        self.base = base
    }

    /// Formats the size.
    public func format(_ bytes: Int64) -> String {
        ByteCountFormat(locale: locale, base: base).format(bytes)
    }

    /// The style for another locale.
    public func locale(_ locale: LocaleID) -> Self {
        var copy = self
        copy.locale = locale
        return copy
    }

    /// The style for a Foundation locale (a malformed Foundation identifier is root).
    public func locale(_ locale: Locale) -> Self { self.locale(LocaleID.forStyle(locale)) }
}
