package import Parlance
package import ParlanceLocalization

/// The `parlance batch` engine: one JSON request line in, one JSON response line out.
///
/// It implements `shared/spec/batch-protocol.md` (v1): every non-blank line gets exactly one
/// answer, in order; a bad line gets an error answer and never stops the run.
///
/// ```swift
/// let server = BatchEngine()
/// server.respond(to: #"{"op":"plural","locale":"ru","number":"21"}"#)
/// // {"result":"one"}
/// ```
package struct BatchEngine: Sendable {
    /// Handles one operation; the request has already been checked to be an object with an `op`.
    package typealias Handler = @Sendable (BatchRequest, BatchContext) throws(BatchError) -> JSONValue
    /// A handler that also says which language its result is in (`localize`: the table the
    /// string came from, after fallback).
    package typealias LocatedHandler = @Sendable (BatchRequest, BatchContext) throws(BatchError) -> BatchResult

    /// An operation's handler, of either kind.
    private enum Operation: Sendable {
        case plain(Handler)
        case located(LocatedHandler)
    }

    private let handlers: [String: Operation]
    private let context: BatchContext

    /// Creates a server with every operation this build of Parlance knows.
    package init(context: BatchContext = BatchContext()) {
        var handlers = LocalizeOperations.handlers.mapValues { Operation.located($0) }
        let tables = [
            PluralOperations.handlers, FormatOperations.handlers, LocaleOperations.handlers, MessageOperations.handlers,
            CollationOperations.handlers, LocaleInfoOperations.handlers, TextOperations.handlers,
        ]
        for table in tables {
            for (op, handler) in table where handlers[op] == nil { handlers[op] = .plain(handler) }
        }
        self.handlers = handlers
        self.context = context
    }

    /// The operations this server answers.
    package var operations: [String] { handlers.keys.sorted() }

    /// The response line (without newline) for one request line, or nil for a blank line.
    package func respond(to line: String) -> String? {
        var line = line
        var out: [UInt8] = []
        let answered = line.withUTF8 { respond(utf8: $0, into: &out) }
        return answered ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Appends the response line (without newline) for one request line given as UTF-8 bytes
    /// to `out`; returns false, appending nothing, for a blank line.
    ///
    /// Ill-formed UTF-8 is read as `String(decoding:as:)` (and `readLine`) reads it: each bad
    /// sequence is U+FFFD.
    package func respond(utf8 line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        switch Self.blankness(line) {
        case .blank: return false
        case .text: break
        case .unknown:
            guard String(decoding: line, as: UTF8.self).contains(where: { !$0.isWhitespace }) else { return false }
        }
        do throws(JSONReader.SyntaxError) {
            let document = try JSONReader.read(line, keeping: BatchRequest.isField)
            answer(document.value, id: Self.id(of: document, in: line), into: &out)
        } catch {
            // Bytes outside strings are ASCII in valid JSON, and strings are checked strictly,
            // so only a failed read can mean ill-formed UTF-8: the line is then read as
            // `String(decoding:as:)` repairs it, each bad sequence as U+FFFD.
            var repaired = String(decoding: line, as: UTF8.self)
            guard !repaired.utf8.elementsEqual(line) else {
                Self.answerInvalidJSON(error, into: &out)
                return true
            }
            repaired.withUTF8 { repairedLine in
                do throws(JSONReader.SyntaxError) {
                    let document = try JSONReader.read(repairedLine, keeping: BatchRequest.isField)
                    answer(document.value, id: Self.id(of: document, in: repairedLine), into: &out)
                } catch {
                    Self.answerInvalidJSON(error, into: &out)
                }
            }
        }
        return true
    }

    /// The `id` of a request read from `line`, exactly as written (the line is valid JSON, so
    /// its text is too).
    package static func id(of document: JSONReader.Document, in line: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        document.idRange.map { range in JSONValue.raw(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)) }
    }

    /// Appends the answer to a line that is not JSON: `invalid-json` with the reader's position
    /// and message. Nothing of an invalid line is echoed, not even an `id` that looks fine.
    package static func answerInvalidJSON(_ error: JSONReader.SyntaxError, into out: inout [UInt8]) {
        render(id: nil, error: BatchError("invalid-json", "the line is not valid JSON (RFC 8259): at \(error.description)"), into: &out)
    }

    /// Whether a line is blank (only white space) as far as its bytes tell.
    private enum Blankness { case blank, text, unknown }

    /// ASCII white space only → blank; any other ASCII byte → text; otherwise (white space and
    /// non-ASCII bytes) the line's Characters decide, as `Character.isWhitespace` does.
    private static func blankness(_ line: UnsafeBufferPointer<UInt8>) -> Blankness {
        var sawNonASCII = false
        for byte in line {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case 0x80...: sawNonASCII = true
            default: return .text
            }
        }
        return sawNonASCII ? .unknown : .blank
    }

    /// What answering one request told its caller besides the bytes written.
    package struct Outcome: Sendable {
        /// The error code when the answer is an error.
        package var errorCode: String?
        /// The language of a successful result, when the operation knows it (`localize`).
        package var language: LocaleID?
    }

    /// Appends the answer to a request already read (the value of a valid JSON line and its
    /// `id` as written).
    @discardableResult
    package func answer(_ decoded: JSONValue, id: JSONValue?, into out: inout [UInt8]) -> Outcome {
        let failure: BatchError
        do throws(BatchError) {
            let result = try result(decoded)
            Self.render(id: id, result: result.value, into: &out)
            return Outcome(errorCode: nil, language: result.language)
        } catch {
            failure = error
        }
        // A line that is JSON but no object has no `id` to echo.
        let echoed: JSONValue? = if case .object = decoded { id } else { nil }
        Self.render(id: echoed, error: failure, into: &out)
        return Outcome(errorCode: failure.code, language: nil)
    }

    /// The result of a request already read, or the protocol error that answers it.
    private func result(_ decoded: JSONValue) throws(BatchError) -> BatchResult {
        guard case .object = decoded else { throw BatchError("invalid-json", "the line is JSON but not an object") }
        guard let opValue = decoded["op"] else { throw BatchError("missing-field", "every request needs the field \"op\"") }
        guard case .string(let op) = opValue else { throw BatchError("invalid-argument", "\"op\" must be a string") }
        guard let handler = handlers[op] else {
            let known = operations.joined(separator: ", ")
            throw BatchError("unknown-op", "unknown op \(JSONStringLiteral.quoted(op)); known: \(known)")
        }
        let request = BatchRequest(op: op, body: decoded)
        switch handler {
        case .plain(let plain): return BatchResult(try plain(request, context))
        case .located(let located): return try located(request, context)
        }
    }

    /// Reads request lines until end of input, writing and flushing one answer per line.
    package func run(readLine: () -> String?, write: (String) -> Void) {
        while let line = readLine() {
            if let answer = respond(to: line) { write(answer) }
        }
    }

    /// `{` and, when the request had one, its `id` member: an answer's start.
    private static func renderStart(id: JSONValue?, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        guard let id else { return }
        JSONValue.append(#""id":"#, to: &out)
        id.write(to: &out)
        out.append(UInt8(ascii: ","))
    }

    static func render(id: JSONValue?, result: JSONValue, into out: inout [UInt8]) {
        renderStart(id: id, into: &out)
        JSONValue.append(#""result":"#, to: &out)
        result.write(to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func render(id: JSONValue?, error: BatchError, into out: inout [UInt8]) {
        renderStart(id: id, into: &out)
        JSONValue.append(#""error":{"code":"#, to: &out)
        JSONStringLiteral.append(error.code, to: &out)
        JSONValue.append(#","message":"#, to: &out)
        JSONStringLiteral.append(error.message, to: &out)
        JSONValue.append("}}", to: &out)
    }
}

/// One operation's result, and the language it is in when the operation knows it.
package struct BatchResult: Sendable {
    package var value: JSONValue
    package var language: LocaleID?

    package init(_ value: JSONValue, language: LocaleID? = nil) {
        self.value = value
        self.language = language
    }
}

/// What a batch run was started with (`--catalog`, `--development-language`).
package struct BatchContext: Sendable {
    /// The catalog directory given with `--catalog`, if any.
    package var catalogDirectory: String?
    /// The development language given with `--development-language`, if any.
    package var developmentLanguage: String?
    /// The catalog of `catalogDirectory`, already loaded by the caller (the HTTP server loads
    /// it once for every route); nil: `localize` loads it on first use.
    package var catalog: Catalog?

    /// A context for a run (`--catalog`, `--development-language`).
    package init(catalogDirectory: String? = nil, developmentLanguage: String? = nil) {
        self.catalogDirectory = catalogDirectory
        self.developmentLanguage = developmentLanguage
    }

    /// A context around a catalog its caller has loaded.
    package init(catalog: Catalog) {
        self.catalog = catalog
    }
}
