#if Translation
public import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
public import Parlance

/// The LibreTranslate API (the open-source, self-hostable machine-translation server):
/// `POST /translate` with `q`, `source`, `target`, `format` (and `api_key`), over
/// swift-server/async-http-client, with a timeout per attempt and retries with exponential
/// backoff on connection errors, `429` and `5xx`.
///
/// ```swift
/// let provider = LibreTranslateProvider(endpoint: "http://127.0.0.1:5000", apiKey: secrets.libreTranslateKey)
/// let localizer = LiveLocalizer(provider: provider, cacheStore: store)
/// ```
///
/// A batch (``translate(batch:)``) is sent as one request per (source, target) pair with `q` as
/// an array. Responses are untrusted: bodies over ``Configuration/maximumResponseBytes`` and
/// answers of the wrong shape or count are `ParlanceError/Code/translationFailed`.
public struct LibreTranslateProvider: TranslationProvider {
    /// The text format LibreTranslate is told the text has.
    public enum Format: String, Hashable, Sendable {
        /// Plain text.
        case text
        /// HTML: tags are kept, text between them translated.
        case html
    }

    /// Connection and retry settings.
    public struct Configuration: Hashable, Sendable {
        /// The server's base URL (`https://translate.example.com`, `http://127.0.0.1:5000`).
        public var endpoint: String
        /// The API key, if the server requires one.
        public var apiKey: String?
        /// `format` sent with each request.
        public var format: Format
        /// The deadline of one HTTP attempt.
        public var requestTimeout: Duration
        /// Attempts per call, the first included (1 = no retry).
        public var maximumAttempts: Int
        /// The wait before the second attempt; it doubles for each further attempt (with ±25% jitter).
        public var initialBackoff: Duration
        /// The longest wait between attempts.
        public var maximumBackoff: Duration
        /// The largest response body accepted.
        public var maximumResponseBytes: Int

        /// A configuration; see the properties.
        public init(
            endpoint: String, apiKey: String? = nil, format: Format = .text, requestTimeout: Duration = .seconds(10),
            maximumAttempts: Int = 3, initialBackoff: Duration = .milliseconds(200), maximumBackoff: Duration = .seconds(5),
            maximumResponseBytes: Int = 4 << 20
        ) {
            self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
            self.apiKey = apiKey
            self.format = format
            self.requestTimeout = requestTimeout
            self.maximumAttempts = max(1, maximumAttempts)
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.maximumResponseBytes = max(1024, maximumResponseBytes)
        }
    }

    /// The settings.
    public let configuration: Configuration
    /// The provider id written in cache keys (default `libretranslate`).
    public let identifier: String
    private let client: HTTPClient

    /// A provider for the server at `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: the server's base URL (`http://127.0.0.1:5000`).
    ///   - apiKey: the server's API key, when it asks for one.
    ///   - identifier: the provider id written in cache keys.
    ///   - httpClient: the client to use (default: async-http-client's shared one).
    public init(endpoint: String, apiKey: String? = nil, identifier: String = "libretranslate", httpClient: HTTPClient = .shared) {
        self.init(configuration: Configuration(endpoint: endpoint, apiKey: apiKey), identifier: identifier, httpClient: httpClient)
    }

    /// A provider with full settings.
    public init(configuration: Configuration, identifier: String = "libretranslate", httpClient: HTTPClient = .shared) {
        self.configuration = configuration
        self.identifier = identifier
        self.client = httpClient
    }

    /// LibreTranslate's code for a language: the language subtag, with `zh-Hans`/`zh-Hant`
    /// and `pt-BR` as the server names them.
    public static func languageCode(for locale: LocaleID) -> String {
        let language = locale.language
        switch language {
        case "zh":
            let traditional = locale.script == "Hant" || (locale.script == nil && ["TW", "HK", "MO"].contains(locale.region ?? ""))
            return traditional ? "zh-Hant" : "zh-Hans"
        case "pt" where locale.region == "BR":
            return "pt-BR"
        default:
            return language
        }
    }

    public func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        try await translate(batch: [request])[0]
    }

    public func translate(batch requests: [TranslationRequest]) async throws -> [TranslationResponse] {
        var results = [TranslationResponse?](repeating: nil, count: requests.count)
        var groups: [String: (source: String, target: String, positions: [Int])] = [:]
        var order: [String] = []
        for (position, request) in requests.enumerated() {
            guard let target = request.targetLanguage else {
                throw ParlanceError(.invalidArgument, "LibreTranslate needs a target language")
            }
            let source = request.sourceLanguage.map(Self.languageCode(for:)) ?? "auto"
            let code = Self.languageCode(for: target)
            let groupKey = source + "\u{0}" + code
            if groups[groupKey] == nil { order.append(groupKey) }
            groups[groupKey, default: (source, code, [])].positions.append(position)
        }
        for groupKey in order {
            let group = groups[groupKey]!
            let texts = group.positions.map { requests[$0].sourceText }
            let answers = try await post(texts: texts, source: group.source, target: group.target)
            for (position, answer) in zip(group.positions, answers) { results[position] = answer }
        }
        return results.map { $0! }
    }

    // MARK: HTTP

    private struct Body: Encodable {
        var q: [String]
        var source: String
        var target: String
        var format: String
        var api_key: String?
    }

    private func post(texts: [String], source: String, target: String) async throws -> [TranslationResponse] {
        let body = try JSONEncoder().encode(
            Body(
                q: texts, source: source, target: target, format: configuration.format.rawValue,
                api_key: configuration.apiKey))
        var attempt = 1
        var backoff = configuration.initialBackoff
        while true {
            try Task.checkCancellation()
            let outcome: Attempt
            do {
                outcome = try await send(body)
            } catch let error as CancellationError {
                throw error
            } catch let error as ParlanceError {
                throw error
            } catch {
                if Task.isCancelled { throw CancellationError() }
                outcome = .retryable("\(error)")
            }
            switch outcome {
            case .success(let data):
                return try decode(data, count: texts.count)
            case .failed(let message):
                throw ParlanceError(.translationFailed, "LibreTranslate \(configuration.endpoint): \(message)")
            case .retryable(let message):
                guard attempt < configuration.maximumAttempts else {
                    throw ParlanceError(.translationFailed, "LibreTranslate \(configuration.endpoint): \(message) (after \(attempt) attempts)")
                }
                let jitter = Double.random(in: 0.75...1.25)
                try await Task.sleep(for: min(backoff * jitter, configuration.maximumBackoff))
                backoff = min(backoff * 2, configuration.maximumBackoff)
                attempt += 1
            }
        }
    }

    private enum Attempt {
        case success(Data)
        case retryable(String)
        case failed(String)
    }

    private func send(_ body: Data) async throws -> Attempt {
        var request = HTTPClientRequest(url: configuration.endpoint + "/translate")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let timeout = TimeAmount.nanoseconds(Int64(configuration.requestTimeout.timeInterval * 1e9))
        let response = try await client.execute(request, timeout: timeout)
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: configuration.maximumResponseBytes)
        } catch is NIOTooManyBytesError {
            throw ParlanceError(
                .translationFailed, "LibreTranslate \(configuration.endpoint): the response is larger than \(configuration.maximumResponseBytes) bytes")
        }
        let data = Data(buffer.readableBytesView)
        let status = response.status.code
        if status == 200 { return .success(data) }
        let message = "HTTP \(status)" + (Self.errorMessage(in: data).map { ": \($0)" } ?? "")
        return status == 429 || status >= 500 ? .retryable(message) : .failed(message)
    }

    private static func errorMessage(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let message = object["error"] as? String
        else { return nil }
        return String(message.prefix(500))
    }

    private func decode(_ data: Data, count: Int) throws -> [TranslationResponse] {
        func malformed(_ why: String) -> ParlanceError {
            ParlanceError(.translationFailed, "LibreTranslate \(configuration.endpoint): unexpected response: \(why)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw malformed("not a JSON object")
        }
        let texts: [String]
        switch object["translatedText"] {
        case let text as String: texts = [text]
        case let array as [Any]:
            texts = try array.map { item in
                guard let text = item as? String else { throw malformed("translatedText holds a non-string") }
                return text
            }
        default: throw malformed("no translatedText")
        }
        guard texts.count == count else { throw malformed("\(texts.count) translations for \(count) texts") }
        let detected: [LocaleID?]
        switch object["detectedLanguage"] {
        case let one as [String: Any]: detected = [(one["language"] as? String).flatMap { try? LocaleID($0) }]
        case let many as [Any]: detected = many.map { (($0 as? [String: Any])?["language"] as? String).flatMap { try? LocaleID($0) } }
        default: detected = []
        }
        return texts.enumerated().map { index, text in
            TranslationResponse(text: text, detectedSourceLanguage: index < detected.count ? detected[index] : nil, providerID: identifier)
        }
    }
}
#endif
