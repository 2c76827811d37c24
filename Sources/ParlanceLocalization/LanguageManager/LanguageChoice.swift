public import Parlance

/// What the user chose: follow the system, or one language.
///
/// ```swift
/// let choice: LanguageChoice = .language(try LocaleID("pt-BR"))
/// choice.description                       // "pt-BR"
/// try LanguageChoice(parsing: "system")    // .system
/// ```
public enum LanguageChoice: Hashable, Sendable, CustomStringConvertible {
    /// Follow the process environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`).
    case system
    /// One language, whatever the environment says.
    case language(LocaleID)

    /// Parses `"system"` or a locale id (BCP 47 or ICU), as stored by ``FileLanguagePreferenceStore``.
    ///
    /// ```swift
    /// try LanguageChoice(parsing: "sr_Latn_RS")   // .language(sr-Latn-RS)
    /// ```
    /// - Throws: `ParlanceError/Code/invalidLocale` for an ill-formed id.
    public init(parsing text: String) throws {
        if text == "system" {
            self = .system
        } else {
            self = .language(try LocaleID(text))
        }
    }

    /// `"system"`, or the language's BCP 47 tag.
    public var description: String {
        switch self {
        case .system: "system"
        case .language(let locale): locale.languageTag
        }
    }
}

/// How a requested language that is not exactly one of the supported languages is treated.
///
/// ```swift
/// try manager.setLanguage(.language(LocaleID("fr-CA")))                        // throws unless fr-CA is supported
/// try manager.setLanguage(.language(LocaleID("fr-CA")), matching: .negotiate)  // fr
/// ```
public enum LanguageMatching: Hashable, Sendable {
    /// Only a supported language (the same id, or the same id once likely subtags are added:
    /// `sr` and `sr-Cyrl-RS`) is accepted; anything else is an error.
    case exact
    /// The closest supported language by ICU's `LocaleMatcher` (CLDR language matching data);
    /// an error only when no supported language is close at all.
    case negotiate
}
