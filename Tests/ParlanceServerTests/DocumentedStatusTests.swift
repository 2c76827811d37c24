#if Server
import Foundation
import Hummingbird
import ParlanceServer
import ParlanceTestSupport
import Testing

/// Every status `/openapi.json` documents for a route of `parlance serve` is sent by a real
/// server on 127.0.0.1 for a real request, and the answer has the documented content type and
/// validates against the documented schema. A status documented without a request here, or a
/// request here whose status is not documented, fails the test.
@Suite struct DocumentedStatusTests {
    /// The routes of ParlanceServer itself (the proposals API documents its own).
    static let coreRoutes: Set<String> = [
        "POST /v1/{op}", "POST /v1/batch", "GET /v1/catalog/{locale}", "GET /health", "GET /metrics", "GET /openapi.json",
    ]

    /// One request, as raw HTTP/1.1 (some are malformed on purpose), for one documented status.
    struct Probe {
        let route: String
        let status: Int
        let what: String
        /// The request, from the request line on.
        let raw: String
        /// Sent to a server whose body timeout is short (the others' is the default, so that a
        /// loaded machine never turns their answers into 408s).
        var shortBodyTimeout = false
        /// Sent to a server with a dependency that is down (``UnreachableDependency``).
        var degraded = false
    }

    /// A dependency that is down for real: a TCP service on a 127.0.0.1 port where nothing
    /// listens (the port of a socket bound and closed again), checked by connecting to it.
    struct UnreachableDependency: ParlanceServerExtension {
        let port: Int
        func addRoutes(to router: RouterGroup<BasicRequestContext>) {}
        var healthChecks: [ParlanceHealthCheck] {
            [ParlanceHealthCheck(name: "backend") { [port] in _ = try RawConnection(port: port) }]
        }

        /// A port on 127.0.0.1 that was free a moment ago, with nothing listening on it now.
        static func closedPort() throws -> Int { try OwnPostgres.freePort() }
    }

    static func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil) -> String {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        return head + "\r\n" + (body ?? "")
    }

    static func json(_ method: String, _ path: String, _ body: String) -> String {
        request(method, path, headers: [("Content-Type", "application/json")], body: body)
    }

    /// A request whose `Content-Length` is not a number: not valid HTTP/1.1.
    static func malformed(_ method: String, _ path: String) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12abc\r\n\r\n"
    }

    static let probes: [Probe] = [
        Probe(route: "POST /v1/{op}", status: 200, what: "plural", raw: json("POST", "/v1/plural", #"{"locale":"ru","number":"21"}"#)),
        Probe(route: "POST /v1/{op}", status: 400, what: "invalid JSON", raw: json("POST", "/v1/plural", #"{"locale":"#)),
        Probe(route: "POST /v1/{op}", status: 400, what: "malformed HTTP", raw: malformed("POST", "/v1/plural")),
        Probe(route: "POST /v1/{op}", status: 404, what: "unknown op", raw: json("POST", "/v1/no-such-op", #"{"locale":"ru"}"#)),
        Probe(route: "POST /v1/{op}", status: 405, what: "DELETE", raw: request("DELETE", "/v1/plural")),
        Probe(
            route: "POST /v1/{op}", status: 408, what: "slow body",
            raw: "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"loc", shortBodyTimeout: true),
        Probe(
            route: "POST /v1/{op}", status: 413, what: "Content-Length over the limit",
            raw: json("POST", "/v1/plural", #"{"locale":"ru","number":""# + String(repeating: "1", count: 2000) + #""}"#)),
        Probe(
            route: "POST /v1/{op}", status: 413, what: "chunked over the limit",
            raw: "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n" + String(repeating: "200\r\n" + String(repeating: " ", count: 512) + "\r\n", count: 4)
                + "0\r\n\r\n"),
        Probe(
            route: "POST /v1/{op}", status: 415, what: "text/plain",
            raw: request("POST", "/v1/plural", headers: [("Content-Type", "text/plain")], body: #"{"locale":"ru","number":"1"}"#)),
        Probe(
            route: "POST /v1/{op}", status: 500, what: "malformed catalog value",
            raw: json("POST", "/v1/localize", #"{"locale":"en","key":"broken"}"#)),
        Probe(
            route: "POST /v1/batch", status: 200, what: "two lines",
            raw: request(
                "POST", "/v1/batch", headers: [("Content-Type", "application/x-ndjson")],
                body: #"{"op":"plural","locale":"en","number":"1"}"# + "\n" + "not json\n")),
        Probe(route: "POST /v1/batch", status: 400, what: "malformed HTTP", raw: malformed("POST", "/v1/batch")),
        Probe(route: "POST /v1/batch", status: 405, what: "PUT", raw: request("PUT", "/v1/batch")),
        Probe(
            route: "POST /v1/batch", status: 415, what: "application/json",
            raw: request("POST", "/v1/batch", headers: [("Content-Type", "application/json")], body: "{}")),
        Probe(route: "GET /v1/catalog/{locale}", status: 200, what: "fr", raw: request("GET", "/v1/catalog/fr")),
        Probe(
            route: "GET /v1/catalog/{locale}", status: 304, what: "If-None-Match *",
            raw: request("GET", "/v1/catalog/fr", headers: [("If-None-Match", "*")])),
        Probe(route: "GET /v1/catalog/{locale}", status: 400, what: "bad locale", raw: request("GET", "/v1/catalog/not%20a%20locale")),
        Probe(route: "GET /v1/catalog/{locale}", status: 400, what: "malformed HTTP", raw: malformed("GET", "/v1/catalog/fr")),
        Probe(route: "GET /v1/catalog/{locale}", status: 404, what: "no such table", raw: request("GET", "/v1/catalog/fr?table=Nope")),
        Probe(route: "GET /v1/catalog/{locale}", status: 405, what: "POST", raw: request("POST", "/v1/catalog/fr")),
        Probe(route: "GET /health", status: 200, what: "health", raw: request("GET", "/health")),
        Probe(route: "GET /health", status: 503, what: "a dependency down", raw: request("GET", "/health"), degraded: true),
        Probe(route: "GET /health", status: 400, what: "malformed HTTP", raw: malformed("GET", "/health")),
        Probe(route: "GET /health", status: 405, what: "DELETE", raw: request("DELETE", "/health")),
        Probe(route: "GET /metrics", status: 200, what: "metrics", raw: request("GET", "/metrics")),
        Probe(route: "GET /metrics", status: 400, what: "malformed HTTP", raw: malformed("GET", "/metrics")),
        Probe(route: "GET /metrics", status: 405, what: "POST", raw: request("POST", "/metrics")),
        Probe(route: "GET /openapi.json", status: 200, what: "document", raw: request("GET", "/openapi.json")),
        Probe(route: "GET /openapi.json", status: 400, what: "malformed HTTP", raw: malformed("GET", "/openapi.json")),
        Probe(route: "GET /openapi.json", status: 405, what: "PUT", raw: request("PUT", "/openapi.json")),
    ]

    @Test func everyDocumentedStatusIsSentAndMatchesItsSchema() async throws {
        let catalog = try TestCatalog()
        defer { catalog.remove() }
        var configuration = ParlanceServerConfiguration()
        configuration.catalogDirectory = catalog.root.path
        configuration.maxBodySize = 1024
        let server = try await LiveServer.start(configuration)
        configuration.bodyTimeout = .seconds(1)
        let impatient = try await LiveServer.start(configuration)
        configuration.bodyTimeout = ParlanceServerConfiguration().bodyTimeout
        let degraded = try await LiveServer.start(configuration, extensions: [UnreachableDependency(port: UnreachableDependency.closedPort())])
        do {
            let documentText = try await server.send("GET", "/openapi.json").body
            let document = try #require(try JSONSerialization.jsonObject(with: Data(documentText.utf8)) as? [String: Any])
            let validator = SchemaValidator(document: document)
            let documented = try Self.documentedStatuses(document)
            let probed = Set(Self.probes.map { "\($0.route) \($0.status)" })
            #expect(documented.subtracting(probed).isEmpty, "documented but never sent: \(documented.subtracting(probed).sorted())")
            #expect(probed.subtracting(documented).isEmpty, "sent but not documented: \(probed.subtracting(documented).sorted())")
            for probe in Self.probes {
                let connection = try RawConnection(port: probe.degraded ? degraded.port : probe.shortBodyTimeout ? impatient.port : server.port)
                connection.write(probe.raw)
                let answer = try HTTPAnswer(parsing: await connection.readBytes())
                let label = "\(probe.route) \(probe.status) (\(probe.what))"
                #expect(answer.status == probe.status, "\(label): got \(answer.status) \(answer.body.prefix(300))")
                guard answer.status == probe.status else { continue }
                let specification = try #require(validator.response(route: probe.route, status: probe.status), "\(label)")
                for problem in validator.check(answer, against: specification) {
                    Issue.record("\(label): \(problem)")
                }
                // No answer shows where the catalog lives on the server.
                #expect(!answer.body.contains(catalog.root.path), "\(label): \(answer.body.prefix(300))")
            }
        } catch {
            try await server.stop()
            try await impatient.stop()
            try await degraded.stop()
            throw error
        }
        try await server.stop()
        try await impatient.stop()
        try await degraded.stop()
    }

    /// "METHOD path status" for every response the document gives the core routes.
    static func documentedStatuses(_ document: [String: Any]) throws -> Set<String> {
        let paths = try #require(document["paths"] as? [String: Any])
        var out: Set<String> = []
        for (path, item) in paths {
            guard let operations = item as? [String: Any] else { continue }
            for (method, operation) in operations {
                let route = "\(method.uppercased()) \(path)"
                guard coreRoutes.contains(route), let responses = (operation as? [String: Any])?["responses"] as? [String: Any] else {
                    continue
                }
                for status in responses.keys { out.insert("\(route) \(status)") }
            }
        }
        #expect(Set(out.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }) == coreRoutes)
        return out
    }
}

/// A catalog in a temporary directory: a few strings of the sample catalog plus one value whose
/// format is malformed (a lone `%` at the end), which renders as `500 invalid-format`.
struct TestCatalog {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-status-\(UUID().uuidString)")
        let english = root.appendingPathComponent("en.lproj")
        let french = root.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: french, withIntermediateDirectories: true)
        try #"""
        "place_bet" = "Place Bet";
        "broken" = "100%";
        """#.write(to: english.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try #"""
        "place_bet" = "Placer le Pari";
        """#.write(to: french.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The subset of JSON Schema (2020-12) and OpenAPI 3.1 the server's document uses: `$ref`,
/// `type`, `required`, `properties`, `additionalProperties`, `items`, `const`, `enum`, `oneOf`;
/// and a response's content types and headers.
struct SchemaValidator {
    let document: [String: Any]

    /// The response object documented for `route` ("METHOD path") and `status`, refs resolved.
    func response(route: String, status: Int) -> [String: Any]? {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        guard let paths = document["paths"] as? [String: Any], let item = paths[parts[1]] as? [String: Any],
            let operation = item[parts[0].lowercased()] as? [String: Any],
            let responses = operation["responses"] as? [String: Any], let response = responses[String(status)] as? [String: Any]
        else { return nil }
        return resolve(response)
    }

    /// The problems of an answer against a documented response (empty when it conforms).
    func check(_ answer: HTTPAnswer, against response: [String: Any]) -> [String] {
        var problems: [String] = []
        for (name, _) in (response["headers"] as? [String: Any]) ?? [:] where answer[header: name] == nil {
            problems.append("no \(name) header")
        }
        guard let content = response["content"] as? [String: Any] else {
            if !answer.body.isEmpty { problems.append("a body where none is documented: \(answer.body.prefix(200))") }
            return problems
        }
        let contentType = answer[header: "Content-Type"] ?? ""
        let essence = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard let media = content[essence] as? [String: Any] else {
            return problems + ["Content-Type \(contentType) is not one of \(content.keys.sorted())"]
        }
        guard let schema = media["schema"] as? [String: Any] else { return problems }
        let value: Any
        if essence == "application/json" || essence.hasSuffix("+json") {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8), options: [.fragmentsAllowed]) else {
                return problems + ["the body is not JSON: \(answer.body.prefix(200))"]
            }
            value = parsed
        } else {
            value = answer.body
            // JSON Lines: every line is a JSON object of its own.
            if essence.hasSuffix("ndjson") {
                for line in answer.body.split(separator: "\n")
                where (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] == nil {
                    problems.append("a line is not a JSON object: \(line.prefix(200))")
                }
            }
        }
        return problems + validate(value, schema, at: "$")
    }

    func resolve(_ object: [String: Any]) -> [String: Any] {
        guard let reference = object["$ref"] as? String, reference.hasPrefix("#/") else { return object }
        var current: Any = document
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let next = (current as? [String: Any])?[String(part)] else { return object }
            current = next
        }
        return resolve((current as? [String: Any]) ?? object)
    }

    func validate(_ value: Any, _ rawSchema: [String: Any], at path: String) -> [String] {
        let schema = resolve(rawSchema)
        var problems: [String] = []
        if let type = schema["type"] as? String, !Self.has(value, type: type) {
            return ["\(path): not of type \(type): \(value)"]
        }
        if let constant = schema["const"], !Self.equal(value, constant) { problems.append("\(path): not \(constant)") }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): not one of \(choices)")
        }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matching = options.filter { validate(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of the oneOf schemas, not 1") }
        }
        if let object = value as? [String: Any] {
            for name in (schema["required"] as? [String]) ?? [] where object[name] == nil {
                problems.append("\(path): required \(name) is missing")
            }
            let properties = (schema["properties"] as? [String: Any]) ?? [:]
            for (name, member) in object {
                if let property = properties[name] as? [String: Any] {
                    problems += validate(member, property, at: "\(path).\(name)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    problems += validate(member, additional, at: "\(path).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected member \(name)")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { problems += validate(element, items, at: "\(path)[\(index)]") }
        }
        return problems
    }

    static func has(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "string": value is String
        case "null": value is NSNull
        case "number": value is NSNumber
        case "integer": (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "boolean": value is Bool
        default: true
        }
    }

    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        (lhs as? NSObject)?.isEqual(rhs) ?? false
    }
}
#endif
