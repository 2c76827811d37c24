import Foundation
public import Logging
public import Parlance

/// The language of an app, a command-line tool or a server: the supported languages, the
/// user's choice (persisted), the effective locale and its direction, runtime switching,
/// change notifications and per-request languages.
///
/// ```swift
/// let catalog = try Catalog(directory: "Resources")
/// let manager = LanguageManager(catalog: catalog,
///                               store: FileLanguagePreferenceStore(path: FileLanguagePreferenceStore.defaultPath(application: "myapp")))
/// manager.effectiveLocale                       // from LC_ALL / LC_MESSAGES / LANG / LANGUAGE
/// try manager.setLanguage(.language(LocaleID("ar")))
/// manager.direction                             // .rightToLeft
/// try manager.localizedString("items.count", arguments: [3])   // "٣ عناصر"
///
/// // A server: each request in its own language, without touching the global choice.
/// try await manager.withLanguage(acceptLanguage: request.headers["Accept-Language"] ?? "") {
///     try manager.localizedString("greeting")
/// }
/// ```
///
/// Thread safety: the manager is `Sendable`. Its state is one immutable ``LanguageState``
/// swapped atomically under a lock, so readers never see half a change; read ``state`` once
/// when several values must agree. Changes take effect for the next lookup. Formatting goes
/// through per-locale caches keyed by the locale (``LocalizedFormatter`` and ICU's number
/// formatters), so a switch never reuses a formatter of the previous language.
public final class LanguageManager: Sendable {
    /// The languages offered, the development language first.
    public let supportedLanguages: [LocaleID]
    /// The language used when nothing else matches, and for the `C`/`POSIX` locale.
    public let developmentLanguage: LocaleID
    /// The catalog strings are looked up in, if any.
    public let catalog: Catalog?
    /// The languages the environment asked for at start (see ``SystemLanguages``).
    public let systemPreferences: [LocaleID]

    private let matcher: LocaleMatcher
    private let store: (any LanguagePreferenceStore)?
    private let logger: Logger

    /// Shared mutable state: the current snapshot and the observers.
    struct Shared {
        var current: LanguageState
        var callbacks: [UInt64: @Sendable (LanguageChange) -> Void] = [:]
        var streams: [UInt64: AsyncStream<LanguageChange>.Continuation] = [:]
        var nextObserverID: UInt64 = 0
        /// Changes not yet delivered, each with the observers registered when it happened.
        var pending:
            [(
                change: LanguageChange, callbacks: [@Sendable (LanguageChange) -> Void],
                streams: [AsyncStream<LanguageChange>.Continuation]
            )] = []
        var delivering = false
    }

    let shared: Locked<Shared>
    /// Serializes writers (store write, then swap), so the stored choice is the last applied
    /// one; counts the writes attempted.
    private let writer = Locked(UInt64(0))

    /// A manager for the languages of a catalog (its locales and its development language).
    ///
    /// ```swift
    /// let manager = LanguageManager(catalog: try Catalog(directory: "Resources"))
    /// ```
    /// - Parameters:
    ///   - catalog: the strings; its locales are the supported languages.
    ///   - store: where the choice persists; nil keeps it in memory for this process only.
    ///   - environment: the process environment read for the `system` choice (injectable for tests).
    ///   - logger: receives a warning when the stored preference cannot be read.
    public convenience init(
        catalog: Catalog, store: (any LanguagePreferenceStore)? = nil,
        environment: [String: String] = SystemLanguages.processEnvironment,
        logger: Logger = Logger(label: "parlance.language-manager")
    ) {
        self.init(
            checkedSupported: catalog.locales, developmentLanguage: catalog.developmentLanguage,
            catalog: catalog, store: store, environment: environment, logger: logger)
    }

    /// A manager for languages given as id strings (`["en", "he"]`, or ids read at run time).
    ///
    /// ```swift
    /// let manager = try LanguageManager(supportedLanguages: ["en", "he"], developmentLanguage: "en")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidLocale` for an ill-formed id, else as
    ///   ``init(supportedLanguages:developmentLanguage:catalog:store:environment:logger:)-([LocaleID],_,_,_,_,_)``.
    public convenience init(
        supportedLanguages: [String], developmentLanguage: String? = nil,
        catalog: Catalog? = nil, store: (any LanguagePreferenceStore)? = nil,
        environment: [String: String] = SystemLanguages.processEnvironment,
        logger: Logger = Logger(label: "parlance.language-manager")
    ) throws {
        try self.init(
            supportedLanguages: supportedLanguages.map { try LocaleID($0) },
            developmentLanguage: developmentLanguage.map { try LocaleID($0) },
            catalog: catalog, store: store, environment: environment, logger: logger)
    }

    /// A manager for a given list of languages, with or without a catalog.
    ///
    /// ```swift
    /// let manager = try LanguageManager(supportedLanguages: [LocaleID("en"), LocaleID("he")])
    /// ```
    /// - Parameters:
    ///   - supportedLanguages: the languages offered; duplicates are dropped.
    ///   - developmentLanguage: the fallback language; the first supported language by default.
    ///   - catalog: the strings, if lookups go through the manager.
    ///   - store: where the chosen language is kept, as for ``init(catalog:store:environment:logger:)``.
    ///   - environment: the variables read for a language override, as there.
    ///   - logger: where problems are logged, as there.
    /// - Throws: `ParlanceError/Code/invalidArgument` when `supportedLanguages` is empty.
    public convenience init(
        supportedLanguages: [LocaleID], developmentLanguage: LocaleID? = nil,
        catalog: Catalog? = nil, store: (any LanguagePreferenceStore)? = nil,
        environment: [String: String] = SystemLanguages.processEnvironment,
        logger: Logger = Logger(label: "parlance.language-manager")
    ) throws {
        guard let first = supportedLanguages.first else {
            throw ParlanceError(.invalidArgument, "a language manager needs at least one supported language")
        }
        self.init(
            checkedSupported: supportedLanguages, developmentLanguage: developmentLanguage ?? first,
            catalog: catalog, store: store, environment: environment, logger: logger)
    }

    private init(
        checkedSupported: [LocaleID], developmentLanguage: LocaleID, catalog: Catalog?,
        store: (any LanguagePreferenceStore)?, environment: [String: String], logger: Logger
    ) {
        var supported = [developmentLanguage]
        for locale in checkedSupported where !supported.contains(locale) { supported.append(locale) }
        self.supportedLanguages = supported
        self.developmentLanguage = developmentLanguage
        self.catalog = catalog
        self.store = store
        self.logger = logger
        self.systemPreferences = SystemLanguages.preferred(in: environment)
        // Never fails: the list is not empty. ICU's default locale is the first, the development language.
        // swiftlint:disable:next force_try
        self.matcher = try! LocaleMatcher(supported: supported)

        var choice = LanguageChoice.system
        if let store {
            do {
                choice = try store.load() ?? .system
            } catch {
                logger.warning(
                    "language preference unreadable; following the system language",
                    metadata: ["error": "\((error as? ParlanceError)?.message ?? String(describing: error))"])
            }
        }
        let provisional = LanguageState(choice: .system, requested: [], locale: developmentLanguage, generation: 0, catalog: catalog)
        shared = Locked(Shared(current: provisional))
        let initial: LanguageState
        do {
            initial = try resolve(choice, matching: .exact)
        } catch {
            // A stored language that is no longer supported (the catalog changed): keep the
            // user's choice, negotiated to the closest supported language.
            logger.warning(
                "stored language is not supported; using the closest supported language",
                metadata: ["language": "\(choice)", "supported": "\(supported.map(\.languageTag))"])
            initial = negotiated(choice)
        }
        shared.withLock { $0.current = initial }
    }

    // MARK: Reading

    /// The current state: the task's per-request language inside ``withLanguage(_:operation:)-(LanguageState,_)``,
    /// else the manager's. Read it once when several values must agree.
    ///
    /// ```swift
    /// let state = manager.state
    /// print(state.string("title"), state.direction)
    /// ```
    public var state: LanguageState {
        if let scoped = LanguageManager.scopes?.state(for: self) { return scoped }
        return globalState
    }

    /// The manager's own state, ignoring any per-request language.
    ///
    /// ```swift
    /// manager.globalState.choice   // .system
    /// ```
    public var globalState: LanguageState { shared.withLock { $0.current } }

    /// The manager's choice (not a per-request language).
    ///
    /// ```swift
    /// manager.choice   // .language(fr)
    /// ```
    public var choice: LanguageChoice { globalState.choice }

    /// The locale strings are looked up and formatted in (see ``state``).
    ///
    /// ```swift
    /// manager.effectiveLocale.languageTag   // "pt-BR"
    /// ```
    public var effectiveLocale: LocaleID { state.locale }

    /// The direction of ``effectiveLocale``.
    ///
    /// ```swift
    /// manager.direction   // .rightToLeft for Arabic
    /// ```
    public var direction: TextDirection { state.direction }

    /// The supported language the `system` choice resolves to.
    ///
    /// ```swift
    /// manager.systemLanguage   // fr for LANGUAGE=fr:de
    /// ```
    public var systemLanguage: LocaleID { match(systemPreferences) }

    /// One row of a language picker.
    public struct LanguageOption: Hashable, Sendable, Identifiable {
        /// The language.
        public let locale: LocaleID
        /// Its name in itself, capitalized for a menu ("Español", "العربية", "日本語").
        public let nativeName: String
        /// Its name in the current language ("espagnol" when the interface is in French).
        public let localizedName: String
        /// Its direction, to lay out ``nativeName``.
        public let direction: TextDirection
        /// The language's BCP 47 tag.
        public var id: String { locale.languageTag }
    }

    /// The supported languages for a picker, each named in itself and in the current language.
    ///
    /// ```swift
    /// manager.languageOptions.map(\.nativeName)   // ["English", "العربية", "Français", "日本語"]
    /// ```
    public var languageOptions: [LanguageOption] {
        let current = state.locale
        return supportedLanguages.map { locale in
            LanguageOption(
                locale: locale, nativeName: locale.nativeDisplayName,
                localizedName: locale.displayName(in: current, capitalization: .uiListOrMenu),
                direction: locale.characterDirection)
        }
    }

    // MARK: Lookup

    /// The localized, formatted string for a key in the current language (see ``state``).
    ///
    /// ```swift
    /// try manager.localizedString("settings.title")
    /// try manager.localizedString("items.count", arguments: [5])   // stringsdict plural
    /// ```
    /// - Throws: as ``LanguageState/localizedString(_:table:arguments:)``.
    public func localizedString(
        _ key: String, table: String = "Localizable",
        arguments: [LocalizationArgument] = []
    ) throws(ParlanceError) -> String {
        try state.localizedString(key, table: table, arguments: arguments)
    }

    /// The localized string for UI use in the current language; the key when missing.
    ///
    /// ```swift
    /// manager.string("settings.title")
    /// ```
    public func string(_ key: String, table: String = "Localizable", arguments: [LocalizationArgument] = []) -> String {
        state.string(key, table: table, arguments: arguments)
    }

    // MARK: Resolution

    /// The state a choice would give, without applying it.
    ///
    /// ```swift
    /// try manager.resolve(.language(LocaleID("fr-CA")), matching: .negotiate).locale   // fr
    /// ```
    /// - Throws: `ParlanceError/Code/invalidArgument` for an unsupported language with
    ///   ``LanguageMatching/exact``, or one with no close supported language with
    ///   ``LanguageMatching/negotiate``.
    public func resolve(_ choice: LanguageChoice, matching: LanguageMatching = .exact) throws -> LanguageState {
        switch choice {
        case .system:
            return LanguageState(
                choice: .system, requested: systemPreferences, locale: match(systemPreferences),
                generation: globalState.generation, catalog: catalog)
        case .language(let requested):
            if let supported = supportedLanguage(equalTo: requested) {
                return LanguageState(
                    choice: .language(supported), requested: [requested], locale: supported,
                    generation: globalState.generation, catalog: catalog)
            }
            let list = supportedLanguages.map(\.languageTag).joined(separator: ", ")
            guard matching == .negotiate else {
                throw ParlanceError(.invalidArgument, "\(quoted(requested.languageTag)) is not a supported language (supported: \(list))")
            }
            let best = matcher.bestMatch(for: [requested])
            guard !best.isDefault else {
                throw ParlanceError(.invalidArgument, "no supported language is close to \(quoted(requested.languageTag)) (supported: \(list))")
            }
            return LanguageState(
                choice: .language(best.locale), requested: [requested], locale: best.locale,
                generation: globalState.generation, catalog: catalog)
        }
    }

    /// The state for a list of wanted languages, best first, by negotiation; the development
    /// language when none is close. Never fails.
    ///
    /// ```swift
    /// manager.resolve(preferences: [LocaleID("pt-PT"), LocaleID("en")]).locale   // pt-BR
    /// ```
    public func resolve(preferences: [LocaleID]) -> LanguageState {
        let locale = match(preferences)
        return LanguageState(
            choice: .language(locale), requested: preferences, locale: locale,
            generation: globalState.generation, catalog: catalog)
    }

    /// The state for an HTTP `Accept-Language` header value, by negotiation (see
    /// `AcceptLanguage` for the lenient parsing); the development language when nothing
    /// matches. Never fails.
    ///
    /// ```swift
    /// manager.resolve(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8").locale   // fr
    /// ```
    public func resolve(acceptLanguage: String) -> LanguageState {
        resolve(preferences: AcceptLanguage(acceptLanguage).locales)
    }

    private func match(_ preferences: [LocaleID]) -> LocaleID {
        preferences.isEmpty ? developmentLanguage : matcher.bestMatch(for: preferences).locale
    }

    private func negotiated(_ choice: LanguageChoice) -> LanguageState {
        guard case .language(let requested) = choice else {
            return LanguageState(
                choice: .system, requested: systemPreferences, locale: match(systemPreferences),
                generation: 0, catalog: catalog)
        }
        return LanguageState(choice: choice, requested: [requested], locale: match([requested]), generation: 0, catalog: catalog)
    }

    /// The supported language that is `locale`, or the same once likely subtags are added.
    private func supportedLanguage(equalTo locale: LocaleID) -> LocaleID? {
        if let exact = supportedLanguages.first(where: { $0 == locale }) { return exact }
        let maximized = locale.maximized
        return supportedLanguages.first { $0.maximized == maximized }
    }

    // MARK: Switching

    /// Switches the language; the next lookup and format use it. The choice is saved to the
    /// store first: when it cannot be saved, nothing changes and the error is thrown (pass
    /// `persist: false` to switch for this process only).
    ///
    /// ```swift
    /// try manager.setLanguage(.language(LocaleID("ar")))
    /// try manager.setLanguage(.language(LocaleID("fr-CA")), matching: .negotiate)   // fr
    /// try manager.setLanguage(.system)
    /// ```
    /// - Returns: the new state. Setting the current choice again changes nothing and notifies no one.
    /// - Throws: `ParlanceError/Code/invalidArgument` for an unsupported language (see
    ///   ``resolve(_:matching:)``); `ParlanceError/Code/invalidFile` (or the store's own error)
    ///   when the store cannot save.
    @discardableResult
    public func setLanguage(
        _ choice: LanguageChoice, matching: LanguageMatching = .exact,
        persist: Bool = true
    ) throws -> LanguageState {
        let applied: LanguageState = try writer.withLock { writes throws in
            writes &+= 1
            let resolved = try resolve(choice, matching: matching)
            if let store, persist { try store.save(resolved.choice) }
            return shared.withLock { shared in
                let previous = shared.current
                if previous.choice == resolved.choice, previous.locale == resolved.locale { return previous }
                let next = resolved.with(generation: previous.generation + 1)
                shared.current = next
                if !shared.callbacks.isEmpty || !shared.streams.isEmpty {
                    let sortedCallbacks = shared.callbacks.sorted { $0.key < $1.key }.map(\.value)
                    let sortedStreams = shared.streams.sorted { $0.key < $1.key }.map(\.value)
                    shared.pending.append((LanguageChange(previous: previous, current: next), sortedCallbacks, sortedStreams))
                }
                return next
            }
        }
        deliverPendingChanges()
        return applied
    }

    /// Switches to a language given as a string: `"system"` or a locale id.
    ///
    /// ```swift
    /// try manager.setLanguage("pt-BR")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidLocale` for an ill-formed id, else as
    ///   ``setLanguage(_:matching:persist:)``.
    @discardableResult
    public func setLanguage(
        _ language: String, matching: LanguageMatching = .exact,
        persist: Bool = true
    ) throws -> LanguageState {
        try setLanguage(LanguageChoice(parsing: language), matching: matching, persist: persist)
    }
}
