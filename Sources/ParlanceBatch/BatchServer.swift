import Parlance

/// The `parlance batch` engine: one JSON request line in, one JSON response line out.
///
/// It implements `shared/spec/batch-protocol.md` (v1): every non-blank line gets exactly one
/// answer, in order; a bad line gets an error answer and never stops the run.
///
/// ```swift
/// let server = BatchServer()
/// server.respond(to: #"{"op":"plural","locale":"ru","number":"21"}"#)
/// // {"result":"one"}
/// ```
package struct BatchServer: Sendable {
    /// Handles one operation; the request has already been checked to be an object with an `op`.
    package typealias Handler = @Sendable (BatchRequest, BatchContext) throws(BatchError) -> JSONValue

    private let handlers: [String: Handler]
    private let context: BatchContext

    /// Creates a server with every operation this build of Parlance knows.
    package init(context: BatchContext = BatchContext()) {
        var handlers: [String: Handler] = [:]
        let tables = [
            PluralOperations.handlers, FormatOperations.handlers, LocaleOperations.handlers,
            LocalizeOperations.handlers,
        ]
        for table in tables {
            handlers.merge(table) { first, _ in first }
        }
        self.handlers = handlers
        self.context = context
    }

    /// The operations this server answers.
    package var operations: [String] { handlers.keys.sorted() }

    /// The response line (without newline) for one request line, or nil for a blank line.
    package func respond(to line: String) -> String? {
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        let parsed: StrictJSON.Element
        do {
            parsed = try StrictJSON.parse(line)
        } catch {
            // Nothing of an invalid line is echoed, not even an `id` that looks fine.
            return Self.render(id: nil, error: BatchError("invalid-json", "the line is not valid JSON (RFC 8259): at \(error.description)"))
        }
        let decoded = JSONValue(parsed)
        guard case .object = decoded else {
            return Self.render(id: nil, error: BatchError("invalid-json", "the line is JSON but not an object"))
        }
        // Echo `id` exactly as written (the line is valid JSON, so its text is too).
        let id: JSONValue? = parsed["id"].map { element in
            let bytes = Array(line.utf8)[element.byteRange]
            return JSONValue.raw(String(decoding: bytes, as: UTF8.self))
        }
        guard let opValue = decoded["op"] else {
            return Self.render(id: id, error: BatchError("missing-field", "every request needs the field \"op\""))
        }
        guard case .string(let op) = opValue else {
            return Self.render(id: id, error: BatchError("invalid-argument", "\"op\" must be a string"))
        }
        guard let handler = handlers[op] else {
            let known = operations.joined(separator: ", ")
            return Self.render(id: id, error: BatchError("unknown-op", "unknown op \(JSONValue.string(op).serialized); known: \(known)"))
        }
        do {
            let result = try handler(BatchRequest(op: op, body: decoded), context)
            return Self.render(id: id, result: result)
        } catch {
            return Self.render(id: id, error: error)
        }
    }

    /// Reads request lines until end of input, writing and flushing one answer per line.
    package func run(readLine: () -> String?, write: (String) -> Void) {
        while let line = readLine() {
            if let answer = respond(to: line) { write(answer) }
        }
    }

    static func render(id: JSONValue?, result: JSONValue) -> String {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", id)) }
        members.append(("result", result))
        return JSONValue.object(members).serialized
    }

    static func render(id: JSONValue?, error: BatchError) -> String {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", id)) }
        members.append(("error", .object([("code", .string(error.code)), ("message", .string(error.message))])))
        return JSONValue.object(members).serialized
    }
}

/// What a batch run was started with (`--catalog`, `--development-language`).
package struct BatchContext: Sendable {
    /// The catalog directory given with `--catalog`, if any.
    package var catalogDirectory: String?
    /// The development language given with `--development-language`, if any.
    package var developmentLanguage: String?

    /// A context for a run (`--catalog`, `--development-language`).
    package init(catalogDirectory: String? = nil, developmentLanguage: String? = nil) {
        self.catalogDirectory = catalogDirectory
        self.developmentLanguage = developmentLanguage
    }
}
