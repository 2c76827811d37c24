import Parlance
import ParlanceBatch
import ParlanceHTTP
import ParlanceLocalization

/// The one place where the HTTP server calls the batch engine (`ParlanceBatch`).
///
/// `POST /v1/{op}` and every line of `POST /v1/batch` go through ``BatchServer/respond(to:)``
/// unchanged, so every operation the engine knows (including ones added later) is served,
/// with the same result and error objects. The adapter only adds what HTTP brings:
/// - the operation from the path (`op` in the body must then be absent or the same);
/// - the request's language: `locale` in the body, else the negotiated `Accept-Language`;
/// - the HTTP status of an error answer (``HTTPErrorMapping``) and the `Content-Language`.
struct BatchAdapter: Sendable {
    private let engine: BatchServer
    /// The server's own copy of the catalog (for `Content-Language` of `localize`).
    private let catalog: Catalog?

    /// An HTTP answer to one operation.
    struct Answer: Sendable {
        var status: Int
        var body: String
        /// The locale the result is in (for `localize`, the table the string came from).
        var contentLanguage: String?
    }

    init(catalogDirectory: String?, developmentLanguage: String?, catalog: Catalog?) {
        engine = BatchServer(context: BatchContext(catalogDirectory: catalogDirectory, developmentLanguage: developmentLanguage))
        self.catalog = catalog
    }

    /// The operations the engine answers.
    var operations: [String] { engine.operations }

    /// Operations that take no `locale`: a negotiated language is not added to them.
    private static func usesLocale(op: String, request: JSONValue) -> Bool {
        switch op {
        case "negotiate": return false
        case "direction": return request["text"] == nil
        default: return true
        }
    }

    /// The answer to `POST /v1/{op}` with a JSON body.
    func answer(op: String, body: String, defaultLocale: LocaleID?) -> Answer {
        let request = Self.parseObject(body)
        if let bodyOp = request?["op"], bodyOp != .string(op) {
            let message = "\"op\" in the body must be absent or \"\(op)\" as in the path"
            let line = String(decoding: HTTPErrorMapping.body(code: "invalid-argument", message: message), as: UTF8.self)
            return Answer(status: 400, body: line, contentLanguage: nil)
        }
        let line = prepared(body, op: op, request: request, defaultLocale: defaultLocale)
        let response = engine.respond(to: line) ?? #"{"error":{"code":"invalid-json","message":"the body is empty"}}"#
        let parsedResponse = Self.parseObject(response)
        if case .object(let members)? = parsedResponse?["error"],
            case .string(let code)? = members.first(where: { $0.0 == "code" })?.1
        {
            return Answer(status: HTTPErrorMapping.status(for: code), body: response, contentLanguage: nil)
        }
        let merged = request.map { Self.parseObject(line) ?? $0 }
        return Answer(status: 200, body: response, contentLanguage: merged.flatMap { contentLanguage(op: op, request: $0) })
    }

    /// The answer line to one line of `POST /v1/batch` (nil for a blank line).
    func answer(line: String, defaultLocale: LocaleID?) -> String? {
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        let request = Self.parseObject(line)
        let op: String? = if case .string(let name)? = request?["op"] { name } else { nil }
        guard let op else { return engine.respond(to: line) }
        return engine.respond(to: prepared(line, op: op, request: request, defaultLocale: defaultLocale))
    }

    /// The body with `op` and (when absent and wanted) the negotiated `locale` added as its
    /// first members; unchanged when it is not a JSON object (the engine reports it).
    private func prepared(_ body: String, op: String, request: JSONValue?, defaultLocale: LocaleID?) -> String {
        guard let request, case .object(let members) = request, let brace = body.firstIndex(of: "{") else { return body }
        var added: [String] = []
        if request["op"] == nil { added.append(#""op":\#(escaped(op))"#) }
        if request["locale"] == nil, let defaultLocale, Self.usesLocale(op: op, request: request) {
            added.append(#""locale":\#(escaped(defaultLocale.languageTag))"#)
        }
        guard !added.isEmpty else { return body }
        let separator = members.isEmpty ? "" : ","
        var text = body
        text.insert(contentsOf: added.joined(separator: ",") + separator, at: text.index(after: brace))
        return text
    }

    /// The `Content-Language` of a successful answer.
    private func contentLanguage(op: String, request: JSONValue) -> String? {
        guard case .string(let raw)? = request["locale"], let locale = try? LocaleID(raw) else { return nil }
        if op == "localize", let catalog, case .string(let key)? = request["key"] {
            let table: String = if case .string(let name)? = request["table"] { name } else { "Localizable" }
            if let entry = catalog.entry(forKey: key, table: table, locale: locale) {
                return entry.language.languageTag
            }
        }
        return locale.languageTag
    }

    /// A JSON text as the engine's value type, or nil when it is not JSON.
    private static func parseObject(_ text: String) -> JSONValue? {
        (try? StrictJSON.parse(text)).map(JSONValue.init)
    }

    private func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        HTTPErrorMapping.appendJSONString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
