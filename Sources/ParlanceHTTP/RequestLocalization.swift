public import Parlance
public import ParlanceLocalization
import Synchronization

/// The language of one HTTP request, for its handler: lookups and formatting in the
/// negotiated language, and a record of the table languages the strings actually came from
/// (which become the response's `Content-Language`).
///
/// The middleware (Hummingbird's `ParlanceMiddleware`, Vapor's `ParlanceMiddleware`) creates
/// one per request and runs the handler inside `run(_:)`, so ``current`` and the manager's
/// task-local language are that request's, in every child task, never another request's.
///
/// ```swift
/// router.get("/hello") { request, _ in
///     try request.parlance.localizedString("greeting")          // "Hallo" for de
///     1234.5.formatted(request.parlance.formatters().number)     // "1.234,5"
/// }
/// ```
public final class RequestLocalization: Sendable {
    /// The localization of the request whose handler is running (nil outside the middleware).
    @TaskLocal public static var current: RequestLocalization?

    /// The app's language manager.
    public let manager: LanguageManager
    /// The negotiated language state of this request.
    public let state: LanguageState
    private let sources = Mutex<[LocaleID]>([])

    /// A request localization in `state` (the middleware makes these).
    public init(manager: LanguageManager, state: LanguageState) {
        self.manager = manager
        self.state = state
    }

    /// The negotiated locale of the request.
    public var locale: LocaleID { state.locale }

    /// Runs a handler with this request's language: ``current`` is `self` and the manager's
    /// task-local language is ``state``.
    public func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async throws -> Result {
        try await manager.withLanguage(state) { () async throws -> Result in
            try await Self.$current.withValue(self) { () async throws -> Result in
                try await operation()
            }
        }
    }

    /// The localized, formatted string for a key in the request's language; records the
    /// language of the table the value came from (`CatalogLookup/locale`).
    ///
    /// ```swift
    /// try request.parlance.localizedString("items.count", arguments: [21])   // "21 элемент" for ru
    /// ```
    /// - Throws: `ParlanceError` (`missing-key` when the key is in no locale of the chain or
    ///   the manager has no catalog; otherwise as `Catalog/lookup(_:table:locale:arguments:width:)`).
    public func localizedString(
        _ key: String, table: String = "Localizable",
        arguments: [any LocalizationArgumentConvertible] = []
    ) throws -> String {
        guard let catalog = state.catalog else {
            throw ParlanceError(.missingKey, "the key \"\(key)\" cannot be looked up: the language manager has no catalog")
        }
        let found = try catalog.lookup(key, table: table, locale: state.locale, arguments: arguments)
        record(found.locale)
        return found.text
    }

    /// The localized string for UI use (the key itself when missing); never throws.
    public func string(
        _ key: String, table: String = "Localizable",
        arguments: [any LocalizationArgumentConvertible] = []
    ) -> String {
        if let language = state.catalog?.entry(forKey: key, table: table, locale: state.locale)?.language {
            record(language)
        }
        return state.string(key, table: table, arguments: arguments.map(\.localizationArgument))
    }

    /// Format styles (numbers, dates, lists, file sizes, …) in the request's language.
    ///
    /// ```swift
    /// 1234.5.formatted(request.parlance.formatters().number.precision(.fractionDigits(min: 1, max: 1)))  // "1.234,5" for de
    /// ```
    public func formatters(timeZone: TimeZoneID = .utc) -> Formatters {
        Formatters(locale: state.locale, timeZone: timeZone)
    }

    /// The table languages the strings looked up so far came from, in first-use order.
    public var sourceLanguages: [LocaleID] { sources.withLock { $0 } }

    /// The `Content-Language` value: the languages the looked-up strings came from, else the
    /// negotiated locale (BCP 47 tags, comma-separated).
    public var contentLanguage: String {
        let used = sourceLanguages
        let tags = (used.isEmpty ? [state.locale] : used).map(\.languageTag)
        return tags.joined(separator: ", ")
    }

    private func record(_ language: LocaleID) {
        sources.withLock { used in
            if !used.contains(language) { used.append(language) }
        }
    }
}

extension RequestLocalization {
    /// The localization seen outside any middleware: root locale, no catalog (lookups throw
    /// `missing-key` naming the missing middleware).
    public static let unattached: RequestLocalization = {
        // `supportedLanguages` is not empty, the one way this initializer can throw.
        guard let manager = try? LanguageManager(supportedLanguages: [LocaleID.root], environment: [:]) else {
            preconditionFailure("a language manager over one language cannot fail")
        }
        return RequestLocalization(manager: manager, state: manager.resolve(preferences: []))
    }()
}
