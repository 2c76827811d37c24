public import Parlance

/// One consistent view of a manager's language: the choice, the effective locale, its
/// direction and the catalog to look strings up in, taken together.
///
/// A state is immutable. ``LanguageManager`` swaps whole states atomically, so code that
/// takes ``LanguageManager/state`` once and reads from it never mixes two languages (a
/// string in Arabic laid out left to right):
///
/// ```swift
/// let state = manager.state
/// let title = state.string("settings.title")
/// render(title, direction: state.direction)   // always the direction of `title`'s language
/// ```
public struct LanguageState: Sendable, Equatable, CustomStringConvertible {
    /// What was chosen: ``LanguageChoice/system`` or one language.
    public let choice: LanguageChoice
    /// The languages asked for, best first: the explicit language, the environment's list for
    /// `system`, or an `Accept-Language` header's list for a request.
    public let requested: [LocaleID]
    /// The effective locale: the supported language negotiated for ``requested``. Strings are
    /// looked up and formatted in it.
    public let locale: LocaleID
    /// The direction of ``locale``'s script.
    public let direction: TextDirection
    /// Counts the manager's changes: 0 for the state it started with, +1 for each change.
    /// A per-request state (``LanguageManager/withLanguage(_:operation:)-(LanguageState,_)``)
    /// keeps the generation it was resolved at.
    public let generation: UInt64
    /// The catalog strings come from, nil for a manager built from a list of languages only.
    public let catalog: Catalog?

    init(choice: LanguageChoice, requested: [LocaleID], locale: LocaleID, generation: UInt64, catalog: Catalog?) {
        self.choice = choice
        self.requested = requested
        self.locale = locale
        self.direction = locale.characterDirection
        self.generation = generation
        self.catalog = catalog
    }

    func with(generation: UInt64) -> LanguageState {
        LanguageState(choice: choice, requested: requested, locale: locale, generation: generation, catalog: catalog)
    }

    /// Whether ``direction`` is right to left.
    public var isRightToLeft: Bool { direction == .rightToLeft }

    /// `"fr (system, requested fr-CH, de) ltr #3"`: for logs and debugging.
    public var description: String {
        "\(locale.languageTag) (\(choice), requested \(requested.map(\.languageTag).joined(separator: ", "))) \(direction.rawValue) #\(generation)"
    }

    /// States are equal when everything but the catalog is (a manager has one catalog).
    public static func == (lhs: LanguageState, rhs: LanguageState) -> Bool {
        lhs.choice == rhs.choice && lhs.requested == rhs.requested && lhs.locale == rhs.locale
            && lhs.generation == rhs.generation
    }

    // MARK: Lookup

    /// The localized, formatted string for a key in this state's locale (stringsdict plurals
    /// chosen by CLDR rules, numbers formatted by ICU).
    ///
    /// ```swift
    /// try state.localizedString("items.count", arguments: [21])   // "21 элемент" in ru
    /// try state.localizedString("settings.title", table: "Settings")
    /// ```
    /// - Throws: `ParlanceError/Code/missingKey` when the key is in no locale of the fallback
    ///   chain (or the state has no catalog); otherwise as `Catalog/localizedString(_:table:locale:arguments:)-(_,_,LocaleID,_)`.
    public func localizedString(
        _ key: String, table: String = "Localizable",
        arguments: [LocalizationArgument] = []
    ) throws(ParlanceError) -> String {
        guard let catalog else {
            throw ParlanceError(.missingKey, "the key \(quoted(key)) cannot be looked up: the language manager has no catalog")
        }
        return try catalog.resolve(key, table: table, locale: locale, arguments: arguments).text
    }

    /// The localized string for UI use: the key itself when missing, never throws.
    ///
    /// ```swift
    /// state.string("no.such.key")   // "no.such.key"
    /// ```
    public func string(_ key: String, table: String = "Localizable", arguments: [LocalizationArgument] = []) -> String {
        catalog?.string(key, table: table, locale: locale, arguments: arguments) ?? key
    }
}

/// A change of a manager's language, as observers receive it.
///
/// ```swift
/// for await change in manager.changes() {
///     print("\(change.previous.locale) → \(change.current.locale)")
/// }
/// ```
public struct LanguageChange: Sendable, Equatable {
    /// The state before the change.
    public let previous: LanguageState
    /// The state after the change (``LanguageState/generation`` is one more than `previous`'s).
    public let current: LanguageState
}
