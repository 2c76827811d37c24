/// How a display name is capitalized (ICU's capitalization display contexts).
public enum DisplayNameCapitalization: String, Sendable, CaseIterable, Codable {
    /// CLDR's data as is (ICU's default): "chinois (traditionnel, Taïwan)".
    case none
    /// For the middle of a sentence.
    case middleOfSentence
    /// For the beginning of a sentence: "Chinois (traditionnel, Taïwan)".
    case beginningOfSentence
    /// For an item in a menu or list, such as a language picker: "Español".
    case uiListOrMenu
    /// For a standalone name, such as a heading.
    case standalone
}

extension LocaleID {
    /// The name of this locale written in `language`, for language pickers and settings
    /// (ICU's `uldn_localeDisplayName`, CLDR's localeDisplayNames).
    ///
    /// Standard names spell out the parts ("English (United Kingdom)"); dialect names use
    /// CLDR's single names where they exist ("British English"). A locale ICU has no names
    /// for is written with its codes. Total: never fails on well-formed ids.
    ///
    /// ```swift
    /// try LocaleID("zh-Hant-TW").displayName(in: LocaleID("fr"))       // "chinois (traditionnel, Taïwan)"
    /// try LocaleID("en-GB").displayName(in: LocaleID("en"), dialect: true)  // "British English"
    /// try LocaleID("de").displayName(in: LocaleID("ja"))               // "ドイツ語"
    /// ```
    /// - Parameters:
    ///   - language: the locale whose language the name is written in.
    ///   - dialect: use dialect names ("British English") instead of standard names.
    ///   - capitalization: the context the name appears in; `.none` keeps CLDR's case.
    public func displayName(
        in language: LocaleID, dialect: Bool = false, capitalization: DisplayNameCapitalization = .none
    ) -> String {
        let name = ICULocale.displayName(
            of: isRoot ? "und" : identifier, in: language.identifier, dialect: dialect, capitalization: capitalization)
        return name ?? languageTag
    }

    /// The locale's name in its own language, capitalized for a language picker
    /// ("العربية", "Español", "日本語").
    ///
    /// ```swift
    /// try LocaleID("es").nativeDisplayName   // "Español"
    /// try LocaleID("ar").nativeDisplayName   // "العربية"
    /// try LocaleID("ja").nativeDisplayName   // "日本語"
    /// ```
    public var nativeDisplayName: String {
        displayName(in: self, capitalization: .uiListOrMenu)
    }
}
