#if Server
import Parlance
import ParlanceBatch
import ParlanceHTTP
import ParlanceLocalization

/// The one place where the HTTP server calls the batch engine (`ParlanceBatch`).
///
/// `POST /v1/{op}` and every line of `POST /v1/batch` are read once, as JSON values, and handed
/// to the engine as values (``BatchEngine/answer(_:id:into:)``), so every operation the engine
/// knows (including ones added later) is served with the same result and error objects. The
/// engine shares the server's catalog, loaded once. The adapter only adds what HTTP brings:
/// - the operation from the path (`op` in the body must then be absent or the same);
/// - the request's language: `locale` in the body, else the negotiated `Accept-Language`;
/// - the HTTP status of an error answer (``HTTPErrorMapping``) and the `Content-Language`:
///   the language the engine says its result is in (for `localize`, the table the string came
///   from), else the request's.
struct BatchAdapter: Sendable {
    private let engine: BatchEngine

    /// An HTTP answer to one operation.
    struct Answer: Sendable {
        var status: Int
        /// The JSON text.
        var body: [UInt8]
        /// The locale the result is in (for `localize`, the table the string came from).
        var contentLanguage: String?
    }

    /// An adapter whose `localize` answers from `catalog` (nil: the server has no catalog).
    init(catalog: Catalog?) {
        engine = BatchEngine(context: catalog.map { BatchContext(catalog: $0) } ?? BatchContext())
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
    ///
    /// The body is read once; the request the engine answers is that value with `op` and
    /// (when absent and wanted) the negotiated `locale` added.
    func answer(op: String, body: String, defaultLocale: () -> LocaleID?) -> Answer {
        var out: [UInt8] = []
        var body = body
        let read = body.withUTF8 { bytes in
            Result { () throws(JSONReader.SyntaxError) in
                let document = try JSONReader.read(bytes, keeping: BatchRequest.isField)
                return (document.value, BatchEngine.id(of: document, in: bytes))
            }
        }
        switch read {
        case .failure(let error):
            guard body.contains(where: { !$0.isWhitespace }) else {
                let empty = HTTPErrorMapping.body(code: "invalid-json", message: "the body is empty")
                return Answer(status: HTTPErrorMapping.status(for: "invalid-json"), body: empty, contentLanguage: nil)
            }
            BatchEngine.answerInvalidJSON(error, into: &out)
            return Answer(status: HTTPErrorMapping.status(for: "invalid-json"), body: out, contentLanguage: nil)
        case .success(let (request, id)):
            if let bodyOp = request["op"], bodyOp != .string(op) {
                let message = "\"op\" in the body must be absent or \"\(op)\" as in the path"
                return Answer(status: 400, body: HTTPErrorMapping.body(code: "invalid-argument", message: message), contentLanguage: nil)
            }
            let merged = prepared(request, op: op, defaultLocale: defaultLocale)
            let outcome = engine.answer(merged, id: id, into: &out)
            if let code = outcome.errorCode {
                return Answer(status: HTTPErrorMapping.status(for: code), body: out, contentLanguage: nil)
            }
            // The request's own locale is parsed only when the engine names no language.
            let language = outcome.language ?? (merged["locale"].flatMap { if case .string(let raw) = $0 { try? LocaleID(raw) } else { nil } })
            return Answer(status: 200, body: out, contentLanguage: language?.languageTag)
        }
    }

    /// The answer line to one line of `POST /v1/batch` (nil for a blank line), the line read once.
    func answer(line: String, defaultLocale: LocaleID?) -> String? {
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        var out: [UInt8] = []
        var line = line
        line.withUTF8 { bytes in
            do throws(JSONReader.SyntaxError) {
                let document = try JSONReader.read(bytes, keeping: BatchRequest.isField)
                var request = document.value
                if case .string(let op)? = request["op"] {
                    request = prepared(request, op: op, defaultLocale: { defaultLocale })
                }
                engine.answer(request, id: BatchEngine.id(of: document, in: bytes), into: &out)
            } catch {
                BatchEngine.answerInvalidJSON(error, into: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The request with `op` and (when absent and wanted) the negotiated `locale` added as its
    /// first members; unchanged when it is not a JSON object (the engine reports it).
    /// `defaultLocale` is asked only when the request has no `locale` (negotiating costs more
    /// than the rest of a small request).
    private func prepared(_ request: JSONValue, op: String, defaultLocale: () -> LocaleID?) -> JSONValue {
        guard case .object(let members) = request else { return request }
        var added: [(String, JSONValue)] = []
        if request["op"] == nil { added.append(("op", .string(op))) }
        if request["locale"] == nil, Self.usesLocale(op: op, request: request), let defaultLocale = defaultLocale() {
            added.append(("locale", .string(defaultLocale.languageTag)))
        }
        guard !added.isEmpty else { return request }
        return .object(added + members)
    }
}
#endif
