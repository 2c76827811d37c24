import Parlance

// Every call ParlanceLocalization makes into Parlance's locale, plural and number services
// goes through this file, so that a change of Parlance's API (typed or plain throws, `package`
// instead of `@_spi`, a `LocaleID` parameter) is absorbed here.

/// A compiled ICU number formatter (shared, thread-safe).
package typealias NumberFormatterHandle = ICUNumberFormatter

/// Adapters over Parlance's API.
package enum ParlanceCore {

    /// Parses a locale id.
    package static func locale(_ id: String) throws(ParlanceError) -> LocaleID { try LocaleID.parsing(id) }

    /// The catalog fallback chain (CLDR parents, truncation across scripts).
    package static func catalogChain(_ locale: LocaleID) -> [LocaleID] { locale.fallbackChain(rules: .catalog) }

    /// The locale with likely subtags added.
    package static func maximized(_ locale: LocaleID) -> LocaleID { locale.maximized }

    /// Cardinal plural rules of a language (cached by Parlance).
    package static func pluralRules(_ locale: LocaleID) throws(ParlanceError) -> PluralRules { try PluralRules.rules(locale: locale) }

    /// The exact plural operands of a decimal string, nil when it is not a decimal number.
    package static func operands(_ decimal: String) -> PluralOperands? { try? PluralOperands(decimal) }

    /// A cached ICU number formatter for a skeleton.
    package static func numberFormatter(skeleton: String, locale: LocaleID) throws(ParlanceError) -> NumberFormatterHandle {
        try ICUNumberFormatter.cached(skeleton: skeleton, locale: locale)
    }

    /// The best of `supported` for `desired` by ICU's `LocaleMatcher` (default settings), nil
    /// when it would only return its default.
    package static func bestMatch(_ desired: LocaleID, in supported: [LocaleID]) -> LocaleID? {
        guard !supported.isEmpty, let matcher = try? LocaleMatcher(supported: supported) else { return nil }
        let match = matcher.bestMatch(for: [desired])
        return match.isDefault ? nil : match.locale
    }
}
