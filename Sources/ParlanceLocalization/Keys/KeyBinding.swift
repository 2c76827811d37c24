/// Where the code that `parlance gen` writes looks its strings up: a ``LanguageManager`` set
/// once at start, so that the current language, runtime switching and per-request languages
/// (`LanguageManager.withLanguage(_:operation:)`) apply to every generated accessor.
///
/// ```swift
/// // Generated: public enum L10n { public static let binding = KeyBinding() … }
/// L10n.binding.bind(LanguageManager(catalog: try Catalog(directory: "Resources")))
/// L10n.Items.count(3)   // "3 items"
/// ```
///
/// Before ``bind(_:)`` is called, lookups return the key itself (as ``Catalog/string(_:table:locale:arguments:width:)``
/// does for a missing key), so an unbound accessor is visible in the UI rather than a crash.
public final class KeyBinding: Sendable {
    private let bound = CatalogLock<LanguageManager?>(nil)

    /// The process-wide binding that `String(localized:)` uses when it is given no manager,
    /// as Apple's uses `Bundle.main`: bind it once at start.
    ///
    /// ```swift
    /// KeyBinding.main.bind(LanguageManager(catalog: try Catalog(directory: "Resources")))
    /// String(localized: "greeting.message \(name)")
    /// ```
    public static let main = KeyBinding()

    /// A binding with no manager yet.
    public init() {}

    /// A binding already bound to a manager.
    ///
    /// ```swift
    /// let binding = KeyBinding(manager: manager)
    /// ```
    public init(manager: LanguageManager) {
        bound.withLock { $0 = manager }
    }

    /// Sets (or replaces) the manager lookups go through.
    public func bind(_ manager: LanguageManager) {
        bound.withLock { $0 = manager }
    }

    /// The manager lookups go through, nil before ``bind(_:)``.
    public var manager: LanguageManager? { bound.withLock { $0 } }

    /// The localized string in the manager's current language: ``LanguageManager/string(_:table:arguments:)``,
    /// or the key when no manager is bound.
    ///
    /// ```swift
    /// L10n.binding.string("items.count", table: "Localizable", arguments: [3])
    /// ```
    public func string(_ key: String, table: String, arguments: [any LocalizationArgumentConvertible] = []) -> String {
        guard let manager else { return key }
        return manager.string(key, table: table, arguments: arguments.map(\.localizationArgument))
    }

    /// The localized string for a key whose value takes named arguments (YAML `%{name}`
    /// placeholders, a `count` plural) in the manager's current language; the key when it is
    /// missing or no manager is bound; when the translation cannot be used with these arguments,
    /// the development language's value (the problem logged once), as ``Catalog/string(_:table:locale:arguments:width:)``.
    ///
    /// ```swift
    /// L10n.binding.string("inbox.greeting", table: "Localizable", arguments: [], named: ["user_name": "Ada"])
    /// ```
    public func string(
        _ key: String, table: String, arguments: [any LocalizationArgumentConvertible],
        named: [String: any LocalizationArgumentConvertible]
    ) -> String {
        guard !named.isEmpty else { return string(key, table: table, arguments: arguments) }
        guard let manager else { return key }
        let state = manager.state
        guard let catalog = state.catalog else { return key }
        return catalog.string(
            key, table: table, locale: state.locale, arguments: arguments.map(\.localizationArgument),
            named: named.mapValues(\.localizationArgument))
    }
}
