#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A Parlance format style: a `Sendable`, `Hashable`, `Codable` value that conforms to
/// Foundation's `FormatStyle` and produces a `String` with the system ICU.
///
/// Styles hold only their settings (locale, options, validated skeletons). The compiled ICU
/// object is looked up in Parlance's process-wide caches when a value is formatted, never
/// stored in the style, so styles can be encoded, compared and kept in collections.
/// Formatting a style is total: invalid settings are rejected where they enter
/// (``NumberSkeleton/init(validating:)``, ``CurrencyCode``, ``DecimalNumber``),
/// never when a value is formatted.
///
/// ```swift
/// 1234.5.formatted(.parlance.number.locale("de"))                 // "1.234,5"
/// 0.25.formatted(.parlance.percent.locale("fr"))                  // "25 %" (U+202F)
/// ["a", "b", "c"].formatted(.parlance.list.locale("es"))          // "a, b y c"
/// ```
public protocol ParlanceFormatStyle: FormatStyle, Sendable where FormatOutput == String {}

extension BinaryInteger where Self: Sendable {
    /// Formats the integer with a Parlance style: `1234.formatted(.parlance.number.locale("hi-IN"))`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Self {
        style.format(self)
    }
}

extension BinaryFloatingPoint where Self: Sendable {
    /// Formats the number with a Parlance style: `1234.5.formatted(.parlance.number.locale("de"))`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Self {
        style.format(self)
    }
}

extension Decimal {
    /// Formats the decimal exactly with a Parlance style.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Self {
        style.format(self)
    }
}

extension DecimalNumber {
    /// Formats the decimal exactly with a Parlance style:
    /// `try DecimalNumber("19.99").formatted(.parlance.currency(code: "EUR").locale("de"))`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Self {
        style.format(self)
    }
}

extension Sequence {
    /// Formats the sequence with a Parlance style: `["a", "b"].formatted(.parlance.list)`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Self {
        style.format(self)
    }
}

extension Date {
    /// Formats the date with a Parlance style:
    /// `date.formatted(.parlance.date(skeleton: "yMMMd").locale("ja"))`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Date {
        style.format(self)
    }
}

extension Duration {
    /// Formats the duration with a Parlance style: `Duration.seconds(3900).formatted(.parlance.duration)`.
    public func formatted<S: ParlanceFormatStyle>(_ style: S) -> String where S.FormatInput == Duration {
        style.format(self)
    }
}

// MARK: Locales from Foundation

extension LocaleID {
    /// The Parlance locale for a Foundation locale, used by every style's `locale(_: Locale)`
    /// (the `FormatStyle` requirement, which cannot throw): a Foundation identifier that is not
    /// a well-formed locale id is the root locale, which is what ICU formats it with too.
    static func forStyle(_ locale: Locale) -> LocaleID {
        (try? LocaleID(locale)) ?? .root
    }
}
