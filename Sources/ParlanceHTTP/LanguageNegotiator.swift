import Parlance
public import ParlanceLocalization

/// Chooses a request's language among an app's supported languages: an explicit choice in a
/// query parameter, then a cookie, then the `Accept-Language` header, negotiated by ICU's
/// `LocaleMatcher` through the `LanguageManager` (its development language when nothing is
/// close). Never fails: an ill-formed query or cookie value is ignored, as is an ill-formed
/// `Accept-Language` range.
///
/// ```swift
/// let negotiator = LanguageNegotiator(manager: manager, queryParameter: "lang", cookie: "lang")
/// negotiator.negotiate(acceptLanguage: "de-CH, en;q=0.5", query: nil, cookie: nil).locale  // de
/// ```
public struct LanguageNegotiator: Sendable {
    /// The manager whose supported languages and catalog are used.
    public let manager: LanguageManager
    /// The query parameter that names a language explicitly (`?lang=fr`), if any.
    public let queryParameter: String?
    /// The cookie that names a language explicitly, if any.
    public let cookie: String?

    /// A negotiator over a manager's supported languages.
    /// - Parameters:
    ///   - manager: the app's language manager (its supported languages and catalog).
    ///   - queryParameter: a query parameter that overrides `Accept-Language` (nil: none).
    ///   - cookie: a cookie that overrides `Accept-Language` (nil: none); the query wins over it.
    public init(manager: LanguageManager, queryParameter: String? = "lang", cookie: String? = nil) {
        self.manager = manager
        self.queryParameter = queryParameter
        self.cookie = cookie
    }

    /// The language state for one request, from the values the framework read.
    public func negotiate(acceptLanguage: String?, query: String?, cookie: String?) -> LanguageState {
        for explicit in [query, cookie] {
            if let explicit, let locale = try? LocaleID(explicit) {
                return manager.resolve(preferences: [locale])
            }
        }
        return manager.resolve(acceptLanguage: acceptLanguage ?? "")
    }

    /// The `Vary` values a response negotiated this way depends on.
    public var varyHeaders: [String] {
        cookie == nil ? ["Accept-Language"] : ["Accept-Language", "Cookie"]
    }
}
