import Foundation
public import Parlance

/// The languages a process's environment asks for, read the way GNU gettext reads them for
/// messages (the `LC_MESSAGES` category).
///
/// 1. The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX precedence).
/// 2. A locale of `C` or `POSIX` (with or without a codeset, e.g. `C.UTF-8`) means "untranslated":
///    the list is empty and the manager uses the development language. As in gettext,
///    `LANGUAGE` is then ignored.
/// 3. Otherwise the colon-separated `LANGUAGE` list comes first (`LANGUAGE=fr:de`), then the
///    locale itself as the last preference. (gettext stops after `LANGUAGE`; keeping the
///    locale gives negotiation one more good candidate.) When no locale variable is set at all,
///    `LANGUAGE` is still honoured: gettext would see the `C` locale there, but a container
///    with only `LANGUAGE` set clearly asks for those languages.
///
/// POSIX locale names `language[_territory][.codeset][@modifier]` become BCP 47: the codeset is
/// dropped (`pt_BR.UTF-8` → `pt-BR`), script modifiers become scripts (`sr_RS@latin` →
/// `sr-Latn-RS`, `uz_UZ@cyrillic` → `uz-Cyrl-UZ`, `ks_IN@devanagari` → `ks-Deva-IN`),
/// `@valencia` becomes a variant (`ca-ES-valencia`), other modifiers (`@euro`) are dropped.
/// Entries that are not locale names are skipped, never an error.
///
/// ```swift
/// SystemLanguages.preferred(in: ["LANG": "pt_BR.UTF-8"]).map(\.languageTag)             // ["pt-BR"]
/// SystemLanguages.preferred(in: ["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"])           // [fr, de, en-US]
/// SystemLanguages.preferred(in: ["LC_ALL": "C", "LANGUAGE": "fr"])                      // []
/// SystemLanguages.preferred(in: ["LANG": "sr_RS@latin"]).map(\.languageTag)             // ["sr-Latn-RS"]
/// ```
public enum SystemLanguages {
    /// This process's environment variables (the default environment of ``LanguageManager``).
    ///
    /// ```swift
    /// SystemLanguages.preferred(in: SystemLanguages.processEnvironment)
    /// ```
    public static var processEnvironment: [String: String] { ProcessInfo.processInfo.environment }

    /// The languages asked for by an environment, best first, without duplicates; empty for
    /// the `C`/`POSIX` locale or when nothing is set.
    ///
    /// ```swift
    /// SystemLanguages.preferred(in: SystemLanguages.processEnvironment)
    /// ```
    public static func preferred(in environment: [String: String]) -> [LocaleID] {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG")
        if let locale, isPOSIXLocale(locale) { return [] }
        var names: [String] = []
        if let list = value("LANGUAGE") {
            names += list.split(separator: ":").map(String.init)
        }
        if let locale { names.append(locale) }
        var result: [LocaleID] = []
        for name in names where !isPOSIXLocale(name) {
            if let parsed = localeID(posix: name), !result.contains(parsed) { result.append(parsed) }
        }
        return result
    }

    /// Whether a locale name is the `C`/`POSIX` locale (`C`, `POSIX`, `C.UTF-8`, `C.utf8`).
    ///
    /// ```swift
    /// SystemLanguages.isPOSIXLocale("C.UTF-8")   // true
    /// ```
    public static func isPOSIXLocale(_ name: String) -> Bool {
        let base = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        return base == "C" || base == "POSIX"
    }

    /// Script modifiers of glibc locale names (see `/usr/share/i18n/SUPPORTED`) and the
    /// ISO 15924 scripts they mean.
    static let scriptModifiers: [String: String] = [
        "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab",
        "iqtelif": "Latn",  // tt_RU@iqtelif: Tatar in the İQTElif Latin alphabet
    ]

    /// Modifiers that are BCP 47 variants.
    static let variantModifiers: Set<String> = ["valencia"]

    /// Converts one POSIX locale name to a locale id, or nil when it is not one.
    ///
    /// ```swift
    /// SystemLanguages.localeID(posix: "sr_RS@latin")?.languageTag   // "sr-Latn-RS"
    /// SystemLanguages.localeID(posix: "de_DE.ISO-8859-1@euro")?.languageTag   // "de-DE"
    /// ```
    public static func localeID(posix name: String) -> LocaleID? {
        var rest = Substring(name)
        var modifier: String?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...].lowercased()
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let language = parts.first,
            (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var subtags = [language.lowercased()]
        if let modifier, let script = scriptModifiers[modifier] { subtags.append(script) }
        if parts.count == 2 {
            let territory = parts[1]
            guard
                territory.count == 2 && territory.allSatisfy({ $0.isASCII && $0.isLetter })
                    || territory.count == 3 && territory.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            subtags.append(territory.uppercased())
        }
        if let modifier, variantModifiers.contains(modifier) { subtags.append(modifier) }
        return try? LocaleID(subtags.joined(separator: "-"))
    }
}
