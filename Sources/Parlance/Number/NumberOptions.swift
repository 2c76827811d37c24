/// A typed description of how to format a number, compiled to an ICU number skeleton.
///
/// The ``skeleton`` string is what ICU compiles, the key formatters are cached under, and an
/// ICU-free test oracle: options that look different but mean the same produce the same string.
///
/// ```swift
/// var options = NumberOptions()
/// options.precision = .fractionDigits(min: 2, max: 2)
/// options.grouping = .off
/// options.skeleton                                          // ".00 group-off"
/// NumberOptions.currency("EUR").skeleton                    // "currency/EUR"
/// NumberOptions(style: .percent).skeleton                   // "percent scale/100"
/// ```
public struct NumberOptions: Hashable, Sendable, Codable {
    /// What the number measures.
    public enum Style: Hashable, Sendable, Codable {
        /// A plain number.
        case decimal
        /// A fraction shown as a percentage: 0.25 → "25%".
        case percent
        /// An amount of money in an ISO 4217 currency, shown as `display` says.
        case currency(code: String, display: CurrencyDisplay = .symbol)
        /// A measurement in a CLDR unit given as ICU's `type-subtype` id ("length-meter",
        /// "digital-megabyte", "duration-hour"), shown at `width`.
        case unit(String, width: UnitWidth = .short)
    }

    /// How a currency is named.
    public enum CurrencyDisplay: String, Hashable, Sendable, Codable, CaseIterable {
        /// "€", "US$": ICU's `unit-width-short` (the default).
        case symbol
        /// "€", "$": `unit-width-narrow`.
        case narrowSymbol
        /// "EUR": `unit-width-iso-code`.
        case isoCode
        /// "euros": `unit-width-full-name`.
        case name
    }

    /// How a measurement unit is named.
    public enum UnitWidth: String, Hashable, Sendable, Codable, CaseIterable {
        /// "5 meters": `unit-width-full-name`.
        case wide
        /// "5 m": `unit-width-short`.
        case short
        /// "5m": `unit-width-narrow`.
        case narrow
    }

    /// How the magnitude is written.
    public enum Notation: String, Hashable, Sendable, Codable, CaseIterable {
        case standard, scientific, engineering
        /// "1.2K".
        case compactShort
        /// "1.2 thousand".
        case compactLong
    }

    /// How many digits are shown.
    public enum Precision: Hashable, Sendable, Codable {
        /// ICU's default for the style (up to 6 fraction digits for decimals; the currency's
        /// own digits for money; 2 significant digits for compact notation).
        case automatic
        /// No fraction digits.
        case integer
        /// Between `min` and `max` fraction digits (0...999).
        case fractionDigits(min: Int, max: Int)
        /// Between `min` and `max` significant digits (1...999).
        case significantDigits(min: Int, max: Int)
        /// Every digit of the input.
        case unlimited
    }

    /// How digits beyond the precision are rounded (ICU's rounding modes).
    public enum RoundingMode: String, Hashable, Sendable, Codable, CaseIterable {
        case ceiling, floor, down, up, halfEven, halfDown, halfUp
    }

    /// When group separators are shown.
    public enum Grouping: String, Hashable, Sendable, Codable, CaseIterable {
        /// The locale's rule (ICU's default, `group-auto`).
        case automatic
        /// Never: `group-off`.
        case off
        /// Only from 2 digits in the leading group (Spanish "1234" but "12.345"): `group-min2`.
        case min2
        /// Always, even for 4 digits: `group-on-aligned`.
        case always
        /// Always in groups of three, whatever the locale: `group-thousands`.
        case thousands
    }

    /// When the sign is shown.
    public enum SignDisplay: String, Hashable, Sendable, Codable, CaseIterable {
        case automatic, always, never, accounting, accountingAlways, exceptZero
        case accountingExceptZero, negative, accountingNegative
    }

    /// Decimal, percent, currency or a measure unit.
    public var style: Style
    /// Standard, scientific, engineering or compact.
    public var notation: Notation
    /// Fraction or significant digits (automatic by default).
    public var precision: Precision
    /// `nil` keeps ICU's default (half-even).
    public var roundingMode: RoundingMode?
    /// Digit grouping (the locale's by default).
    public var grouping: Grouping
    /// When to show a sign.
    public var signDisplay: SignDisplay
    /// A CLDR numbering system ("latn", "arab", "deva", …), overriding the locale's.
    public var numberingSystem: String?

    /// Options with ICU's defaults for everything not given.
    public init(
        style: Style = .decimal, notation: Notation = .standard, precision: Precision = .automatic,
        roundingMode: RoundingMode? = nil, grouping: Grouping = .automatic,
        signDisplay: SignDisplay = .automatic, numberingSystem: String? = nil
    ) {
        self.style = style
        self.notation = notation
        self.precision = precision
        self.roundingMode = roundingMode
        self.grouping = grouping
        self.signDisplay = signDisplay
        self.numberingSystem = numberingSystem
    }

    /// Money in `code`, with the currency's own fraction digits.
    ///
    /// ```swift
    /// try NumberFormat(locale: "de", options: .currency("EUR")).format(1234.5)  // "1.234,50 €"
    /// ```
    public static func currency(_ code: String, display: CurrencyDisplay = .symbol, accounting: Bool = false) -> NumberOptions {
        NumberOptions(style: .currency(code: code, display: display), signDisplay: accounting ? .accounting : .automatic)
    }

    /// A measurement in a CLDR unit (`"length-kilometer"`).
    public static func unit(_ unit: String, width: UnitWidth = .short) -> NumberOptions {
        NumberOptions(style: .unit(unit, width: width))
    }

    /// The ICU number skeleton these options compile to (tokens in a fixed order; the empty
    /// string means ICU's defaults).
    public var skeleton: String {
        var tokens: [String] = []
        switch style {
        case .decimal: break
        case .percent: tokens += ["percent", "scale/100"]
        case .currency(let code, let display):
            tokens.append("currency/\(code)")
            switch display {
            case .symbol: break
            case .narrowSymbol: tokens.append("unit-width-narrow")
            case .isoCode: tokens.append("unit-width-iso-code")
            case .name: tokens.append("unit-width-full-name")
            }
        case .unit(let unit, let width):
            tokens.append("measure-unit/\(unit)")
            switch width {
            case .wide: tokens.append("unit-width-full-name")
            case .short: break
            case .narrow: tokens.append("unit-width-narrow")
            }
        }
        switch notation {
        case .standard: break
        case .scientific: tokens.append("scientific")
        case .engineering: tokens.append("engineering")
        case .compactShort: tokens.append("compact-short")
        case .compactLong: tokens.append("compact-long")
        }
        switch precision {
        case .automatic: break
        case .integer: tokens.append("precision-integer")
        case .unlimited: tokens.append("precision-unlimited")
        case .fractionDigits(let min, let max):
            tokens.append(
                "." + String(repeating: "0", count: Swift.max(0, min))
                    + String(repeating: "#", count: Swift.max(0, max - Swift.max(0, min))))
        case .significantDigits(let min, let max):
            tokens.append(
                String(repeating: "@", count: Swift.max(0, min))
                    + String(repeating: "#", count: Swift.max(0, max - Swift.max(0, min))))
        }
        if let roundingMode {
            let names: [RoundingMode: String] = [
                .ceiling: "ceiling", .floor: "floor", .down: "down", .up: "up",
                .halfEven: "half-even", .halfDown: "half-down", .halfUp: "half-up",
            ]
            tokens.append("rounding-mode-" + names[roundingMode, default: "half-even"])
        }
        switch grouping {
        case .automatic: break
        case .off: tokens.append("group-off")
        case .min2: tokens.append("group-min2")
        case .always: tokens.append("group-on-aligned")
        case .thousands: tokens.append("group-thousands")
        }
        switch signDisplay {
        case .automatic: break
        case .always: tokens.append("sign-always")
        case .never: tokens.append("sign-never")
        case .accounting: tokens.append("sign-accounting")
        case .accountingAlways: tokens.append("sign-accounting-always")
        case .exceptZero: tokens.append("sign-except-zero")
        case .accountingExceptZero: tokens.append("sign-accounting-except-zero")
        case .negative: tokens.append("sign-negative")
        case .accountingNegative: tokens.append("sign-accounting-negative")
        }
        if let numberingSystem { tokens.append("numbering-system/\(numberingSystem)") }
        return tokens.joined(separator: " ")
    }
}
