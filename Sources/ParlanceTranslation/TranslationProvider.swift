#if Translation
public import Parlance

/// One piece of text to translate.
///
/// ```swift
/// let request = TranslationRequest("Checkout", from: "en", to: "ja", context: "paywall.primary_cta")
/// ```
public struct TranslationRequest: Hashable, Sendable {
    /// The text to translate (untrusted: providers must not interpret it as markup or code).
    public var sourceText: String
    /// The language of ``sourceText``, if known; nil lets the provider detect it.
    public var sourceLanguage: LocaleID?
    /// The language wanted; nil means the localizer's language (its language manager's
    /// effective language, which is per request on a server).
    public var targetLanguage: LocaleID?
    /// Where the text appears (`"paywall.primary_cta"`, `"settings.delete_button"`): the same
    /// source text may translate differently in different places. Part of the cache key.
    public var context: String?

    /// A request.
    ///
    /// ```swift
    /// TranslationRequest(sourceText: "Settings", targetLanguage: LocaleID("de"))
    /// ```
    public init(sourceText: String, sourceLanguage: LocaleID? = nil, targetLanguage: LocaleID? = nil, context: String? = nil) {
        self.sourceText = sourceText
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.context = context
    }

    /// A request, with the labels of `String/localized(from:to:context:using:)`.
    ///
    /// ```swift
    /// TranslationRequest("Settings", to: LocaleID("de"))
    /// ```
    public init(_ sourceText: String, from sourceLanguage: LocaleID? = nil, to targetLanguage: LocaleID? = nil, context: String? = nil) {
        self.init(sourceText: sourceText, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, context: context)
    }
}

/// A provider's answer.
///
/// ```swift
/// TranslationResponse(text: "チェックアウト", detectedSourceLanguage: LocaleID("en"), providerID: "libretranslate")
/// ```
public struct TranslationResponse: Hashable, Sendable {
    /// The translated text.
    public var text: String
    /// The source language the provider detected, when the request had none.
    public var detectedSourceLanguage: LocaleID?
    /// The provider that produced the text (filled in by the localizer when the provider left it nil).
    public var providerID: String?
    /// Where the localizer found it: ``Origin/provider`` for a fresh translation, a cache
    /// level for a cached one, ``Origin/fallback`` when the provider failed and the source
    /// text was returned.
    public var origin: Origin

    /// Where a response came from.
    public enum Origin: String, Hashable, Sendable {
        /// The provider translated it now.
        case provider
        /// The localizer's in-memory cache.
        case memoryCache = "memory-cache"
        /// The persistent cache store.
        case storeCache = "store-cache"
        /// The provider failed (error or timeout); this is the source text.
        case fallback
    }

    /// A response.
    public init(text: String, detectedSourceLanguage: LocaleID? = nil, providerID: String? = nil, origin: Origin = .provider) {
        self.text = text
        self.detectedSourceLanguage = detectedSourceLanguage
        self.providerID = providerID
        self.origin = origin
    }
}

/// A translation backend: a machine-translation service, a translation memory, a
/// pseudo-localizer, or your own.
///
/// ```swift
/// struct UppercaseProvider: TranslationProvider {
///     var identifier: String { "uppercase" }
///     func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
///         TranslationResponse(text: request.sourceText.uppercased())
///     }
/// }
/// ```
///
/// A provider may throw any error; the ``LiveLocalizer`` logs it and either falls back to the
/// source text or throws a `ParlanceError` with code `ParlanceError/Code/translationFailed`
/// (see ``LiveLocalizer/FailurePolicy``). Keep authentication, retries and rate limits inside
/// the provider. Providers must honour task cancellation where they wait.
public protocol TranslationProvider: Sendable {
    /// A stable name, part of every cache key (default: the type's name).
    var identifier: String { get }

    /// Translates one text.
    func translate(_ request: TranslationRequest) async throws -> TranslationResponse

    /// Translates many texts in one call, answers in request order. The default calls
    /// ``translate(_:)`` for each, one after the other; services with a batch endpoint override it.
    func translate(batch requests: [TranslationRequest]) async throws -> [TranslationResponse]
}

extension TranslationProvider {
    /// The type's name.
    public var identifier: String { String(describing: Self.self) }

    /// Calls ``translate(_:)`` for each request, in order.
    public func translate(batch requests: [TranslationRequest]) async throws -> [TranslationResponse] {
        var responses: [TranslationResponse] = []
        responses.reserveCapacity(requests.count)
        for request in requests {
            try Task.checkCancellation()
            responses.append(try await translate(request))
        }
        return responses
    }
}

/// A provider that answers at once, without waiting for anything: a dictionary, a
/// pseudo-localizer, a passthrough. It is a ``TranslationProvider`` too.
///
/// ```swift
/// struct DictionaryProvider: SyncTranslationProvider {
///     let values: [String: String]
///     func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse {
///         TranslationResponse(text: values[request.sourceText] ?? request.sourceText)
///     }
/// }
/// ```
public protocol SyncTranslationProvider: TranslationProvider {
    /// Translates one text, synchronously.
    func translateSynchronously(_ request: TranslationRequest) throws -> TranslationResponse
}

extension SyncTranslationProvider {
    /// Calls ``translateSynchronously(_:)``.
    public func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        try translateSynchronously(request)
    }
}

extension ParlanceError.Code {
    /// A translation provider failed, or a translation request cannot be served.
    public static let translationFailed = ParlanceError.Code(rawValue: "translation-failed")
    /// A translation provider did not answer in time.
    public static let translationTimedOut = ParlanceError.Code(rawValue: "translation-timed-out")
    /// A provider has no translation for the text (a dictionary or catalog miss).
    public static let translationNotFound = ParlanceError.Code(rawValue: "translation-not-found")
    /// The task waiting for a translation was cancelled.
    public static let cancelled = ParlanceError.Code(rawValue: "cancelled")
    /// The translation cache store failed (I/O, a locked or unreadable database).
    public static let cacheStoreFailed = ParlanceError.Code(rawValue: "cache-store-failed")
}
#endif
