public import Parlance

/// The process-wide bridge between library components and the app's translations.
///
/// Components ask for strings by key; the app configures the provider once at startup with a
/// closure or a ``Catalog``. A key the app does not provide comes back as the key itself, so a
/// missing translation is visible but never fatal. Components declare the keys they need so that
/// an app (or a lint step) can check that it provides them all. Thread-safe.
///
/// ```swift
/// // App, at startup:
/// LocalizationProvider.configure(catalog: try Catalog(directory: "Resources"), locale: "fr")
/// // Library component:
/// LocalizationProvider.declare(component: "BetslipView", keys: ["total_odds", "load_more_count"])
/// LocalizationProvider.string("total_odds")                                   // "Cotes Totales"
/// LocalizationProvider.string("load_more_count", substituting: ["count": "3"]) // "Voir 3 de plus"
/// LocalizationProvider.missingKeys()                                         // [:] when all are provided
/// ```
public enum LocalizationProvider {
    /// Looks a key up; nil when the app has no translation for it.
    public typealias Lookup = @Sendable (String) -> String?

    private struct State {
        var lookup: Lookup?
        var declared: [String: Set<String>] = [:]
    }

    private static let state = CatalogLock(State())

    /// Configures the bridge with a closure (replacing any earlier configuration).
    ///
    /// ```swift
    /// LocalizationProvider.configure { key in translations[key] }
    /// ```
    public static func configure(_ lookup: @escaping Lookup) {
        state.withLock { $0.lookup = lookup }
    }

    /// Configures the bridge with a catalog table in a locale.
    ///
    /// ```swift
    /// LocalizationProvider.configure(catalog: catalog, locale: try LocaleID("ru"))
    /// ```
    public static func configure(catalog: Catalog, locale: LocaleID, table: String = "Localizable") {
        configure { key in
            guard let entry = catalog.entry(forKey: key, table: table, locale: locale) else { return nil }
            return (try? catalog.format(entry, locale: locale, arguments: [])) ?? catalog.string(key, table: table, locale: locale)
        }
    }

    /// Removes the configuration (every key then returns itself). Declared keys are kept.
    ///
    /// ```swift
    /// LocalizationProvider.reset()
    /// ```
    public static func reset() {
        state.withLock { $0.lookup = nil }
    }

    /// Whether an app configured the bridge.
    public static var isConfigured: Bool { state.withLock { $0.lookup != nil } }

    /// The translation of `key`, or `key` itself when there is none.
    ///
    /// ```swift
    /// LocalizationProvider.string("place_bet")   // "Placer le Pari", or "place_bet" if missing
    /// ```
    public static func string(_ key: String) -> String {
        lookup(key) ?? key
    }

    /// The translation of `key` with `{name}` placeholders replaced (a placeholder without a
    /// value is left as written).
    ///
    /// ```swift
    /// // "add_more_legs" = "Add {count} more legs with odds of {minOdds} or more";
    /// LocalizationProvider.string("add_more_legs", substituting: ["count": "2", "minOdds": "1.50"])
    /// // "Add 2 more legs with odds of 1.50 or more"
    /// ```
    public static func string(_ key: String, substituting values: [String: String]) -> String {
        substitute(string(key), values)
    }

    /// The translation of `key`, or nil when the app provides none (for code that must know).
    ///
    /// ```swift
    /// LocalizationProvider.translation(for: "total_odds") ?? "Total"
    /// ```
    public static func translation(for key: String) -> String? {
        lookup(key)
    }

    private static func lookup(_ key: String) -> String? {
        // Call the app's closure outside the lock: it may be slow or call back into the provider.
        let lookup = state.withLock { $0.lookup }
        return lookup?(key)
    }

    /// Replaces `{name}` placeholders in one pass (values are not rescanned).
    ///
    /// ```swift
    /// LocalizationProvider.substitute("Hi {name}!", ["name": "Ada"])  // "Hi Ada!"
    /// ```
    public static func substitute(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}" else {
                out.append("{")
                rest = rest[afterOpen...]
                continue
            }
            let name = String(rest[afterOpen..<close])
            if let value = values[name] {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    // MARK: Declared keys

    /// Declares the keys a component needs the app to provide.
    ///
    /// ```swift
    /// LocalizationProvider.declare(component: "EmptyStateView", keys: ["no_results"])
    /// ```
    public static func declare(component: String, keys: some Sequence<String>) {
        state.withLock { $0.declared[component, default: []].formUnion(keys) }
    }

    /// Every declared key by component.
    public static var declaredKeys: [String: Set<String>] { state.withLock { $0.declared } }

    /// The declared keys the configured provider has no translation for, by component
    /// (components with none missing are left out).
    ///
    /// ```swift
    /// LocalizationProvider.missingKeys()  // ["BetslipView": ["total_odds"]]
    /// ```
    public static func missingKeys() -> [String: [String]] {
        let (declared, lookup) = state.withLock { ($0.declared, $0.lookup) }
        var missing: [String: [String]] = [:]
        for (component, keys) in declared {
            let absent = keys.filter { lookup?($0) == nil }.sorted()
            if !absent.isEmpty { missing[component] = absent }
        }
        return missing
    }

    /// Forgets every declared key (for tests).
    public static func removeDeclaredKeys() {
        state.withLock { $0.declared = [:] }
    }
}
