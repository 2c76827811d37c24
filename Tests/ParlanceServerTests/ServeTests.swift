#if Server
import Foundation
import Hummingbird
import Logging
import ParlanceServer
import Synchronization
import Testing

/// `parlance serve` through real sockets on 127.0.0.1. Expected values come from the batch
/// protocol's spec (shared/spec/batch-protocol.md) and CLDR, not from the server's code.
@Suite struct ServeTests {
    static let exampleCatalog: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path

    func withServer(
        _ configuration: ParlanceServerConfiguration = ParlanceServerConfiguration(),
        extensions: [any ParlanceServerExtension] = [], logger: Logger = LiveServer.logger,
        _ body: (LiveServer) async throws -> Void
    ) async throws {
        try await LiveServer.with(configuration, extensions: extensions, logger: logger, body)
    }

    static func config(_ change: (inout ParlanceServerConfiguration) -> Void) -> ParlanceServerConfiguration {
        var configuration = ParlanceServerConfiguration()
        change(&configuration)
        return configuration
    }

    @Test func bindsLoopbackByDefault() {
        let configuration = ParlanceServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.writeToken == nil)
    }

    @Test func operationsAnswerAsTheSpecSays() async throws {
        try await withServer { server in
            let plural = try await server.post("plural", #"{"locale":"ru","number":"21"}"#)
            #expect(plural.status == 200)
            #expect(try json(plural.body)["result"] as? String == "one")  // CLDR: ru 21 → one
            #expect(plural[header: "Content-Language"] == "ru")
            #expect(plural.headers["Vary".lowercased(), default: []].joined(separator: ",").contains("Accept-Language"))

            let number = try await server.post("number", #"{"locale":"de","number":"1234.5","skeleton":"currency/EUR"}"#)
            #expect(number.status == 200)
            #expect(try json(number.body)["result"] as? String == "1.234,50\u{a0}€")  // the spec's example

            let relative = try await server.post("relative", #"{"id":7,"locale":"fr","value":-1,"unit":"day","numeric":"auto"}"#)
            let object = try json(relative.body)
            #expect(object["result"] as? String == "hier")
            #expect(object["id"] as? Int == 7)
        }
    }

    @Test func acceptLanguageChoosesTheLocaleWhenTheBodyHasNone() async throws {
        try await withServer { server in
            let german = try await server.post("number", #"{"number":"1234.5"}"#, headers: [("Accept-Language", "de;q=0.9, en;q=0.1")])
            #expect(try json(german.body)["result"] as? String == "1.234,5")
            #expect(german[header: "Content-Language"] == "de")
            let english = try await server.post("number", #"{"number":"1234.5"}"#, headers: [("Accept-Language", "en-US")])
            #expect(try json(english.body)["result"] as? String == "1,234.5")
            // `locale` in the body wins over the header.
            let explicit = try await server.post("number", #"{"locale":"en","number":"1234.5"}"#, headers: [("Accept-Language", "de")])
            #expect(try json(explicit.body)["result"] as? String == "1,234.5")
            // Neither: the op's own missing-field error, as 400.
            let none = try await server.post("number", #"{"number":"1234.5"}"#)
            #expect(none.status == 400)
            #expect(errorCode(none.body) == "missing-field")
        }
    }

    @Test func localizeNegotiatesAgainstTheCatalogAndReportsTheSourceLanguage() async throws {
        try await withServer(Self.config { $0.catalogDirectory = Self.exampleCatalog }) { server in
            // fr-CA is not in the catalog: negotiated to fr (fr.lproj says "Placer le Pari").
            let bet = try await server.post("localize", #"{"key":"place_bet"}"#, headers: [("Accept-Language", "fr-CA")])
            #expect(bet.status == 200)
            #expect(try json(bet.body)["result"] as? String == "Placer le Pari")
            #expect(bet[header: "Content-Language"] == "fr")
            // no_results is only in en.lproj: the fallback's language is the Content-Language.
            let fallback = try await server.post("localize", #"{"locale":"fr","key":"no_results"}"#)
            #expect(try json(fallback.body)["result"] as? String == "No results found")
            #expect(fallback[header: "Content-Language"] == "en")
            let missing = try await server.post("localize", #"{"locale":"fr","key":"no.such.key"}"#)
            #expect(missing.status == 404)
            #expect(errorCode(missing.body) == "missing-key")
            // Neither `locale` nor Accept-Language: the catalog's development language (en.lproj).
            let plain = try await server.post("localize", #"{"key":"place_bet"}"#)
            #expect(plain.status == 200)
            #expect(try json(plain.body)["result"] as? String == "Place Bet")
            #expect(plain[header: "Content-Language"] == "en")
        }
    }

    @Test func badInputGetsStatusAndJSONError() async throws {
        try await withServer(Self.config { $0.maxBodySize = 1024 }) { server in
            let cases: [(String, String, [(String, String)], Int, String)] = [
                ("plural", #"{"locale":"ru","#, [], 400, "invalid-json"),
                ("plural", #"{"locale":"not a locale!","number":"1"}"#, [], 400, "invalid-locale"),
                ("plural", #"{"locale":"ru","number":"1,5"}"#, [], 400, "invalid-number"),
                ("no-such-op", #"{"locale":"ru"}"#, [], 404, "unknown-op"),
                ("plural", #"{"op":"number","locale":"ru","number":"1"}"#, [], 400, "invalid-argument"),
                ("plural", #"{"locale":"ru","number":"1"}"#, [("Content-Type", "text/plain")], 415, "unsupported-media-type"),
                ("plural", #"{"locale":"ru","number":""# + String(repeating: "1", count: 2000) + #""}"#, [], 413, "payload-too-large"),
            ]
            for (op, body, headers, status, code) in cases {
                var allHeaders = headers
                if headers.isEmpty { allHeaders = [("Content-Type", "application/json")] }
                let response = try await server.send("POST", "/v1/\(op)", body: body, headers: allHeaders)
                #expect(response.status == status, "\(op) \(body.prefix(60))")
                #expect(errorCode(response.body) == code, "\(op): \(response.body)")
                #expect(response[header: "Content-Type"]?.hasPrefix("application/json") == true)
            }
            let unknownRoute = try await server.send("GET", "/nowhere")
            #expect(unknownRoute.status == 404)
            #expect(errorCode(unknownRoute.body) == "not-found")
            // The server still answers after all of that.
            #expect(try await server.post("plural", #"{"locale":"en","number":"1"}"#).status == 200)
        }
    }

    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        try await withServer { server in
            for (method, path, allow) in [
                ("TRACE", "/health", "GET, HEAD"), ("DELETE", "/v1/plural", "POST"), ("PUT", "/v1/batch", "POST"),
                ("POST", "/v1/catalog/fr", "GET, HEAD"),
            ] {
                let answer = try await server.send(method, path)
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer[header: "Allow"] == allow, "\(method) \(path)")
                #expect(errorCode(answer.body) == "method-not-allowed")
            }
            // An unknown path stays 404.
            #expect(try await server.send("TRACE", "/nowhere").status == 404)
        }
    }

    @Test func aSlowBodyIsCutWith408() async throws {
        try await withServer(Self.config { $0.bodyTimeout = .seconds(1) }) { server in
            let connection = try RawConnection(port: server.port)
            connection.write("POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"loc")
            let start = ContinuousClock.now
            let answer = await connection.read(until: "}}")
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
            #expect(answer.contains(#""code":"request-timeout""#))
            // Well before the client's 120 s read timeout (a server that waited for the body
            // would reach it); loose, for a loaded 2-core CI machine.
            #expect(ContinuousClock.now - start < .seconds(60))
        }
    }

    @Test func batchStreamsOneLinePerRequestLine() async throws {
        try await withServer { server in
            let body = """
                {"id":1,"op":"plural","locale":"ru","number":"21"}
                not json

                {"id":"x","op":"list","locale":"es","items":["a","b","c"]}
                {"id":3,"op":"plural","number":"2"}

                """
            let response = try await server.send(
                "POST", "/v1/batch", body: body, headers: [("Content-Type", "application/x-ndjson"), ("Accept-Language", "ar")])
            #expect(response.status == 200)
            let lines = response.body.split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            #expect(try json(lines[0])["result"] as? String == "one")
            #expect(errorCode(lines[1]) == "invalid-json")
            #expect(try json(lines[2])["result"] as? String == "a, b y c")  // the spec's es example
            #expect(try json(lines[3])["result"] as? String == "two")  // CLDR: ar 2 → two (from Accept-Language)
        }
    }

    @Test func catalogRouteHasFallbackETagAndCaching() async throws {
        try await withServer(Self.config { $0.catalogDirectory = Self.exampleCatalog }) { server in
            let response = try await server.send("GET", "/v1/catalog/fr")
            #expect(response.status == 200)
            let strings = try #require(try json(response.body)["strings"] as? [String: Any])
            #expect(strings["place_bet"] as? String == "Placer le Pari")
            #expect(strings["no_results"] as? String == "No results found")  // from en.lproj
            let eTag = try #require(response[header: "ETag"])
            #expect(response[header: "Cache-Control"]?.contains("max-age=") == true)
            let again = try await server.send("GET", "/v1/catalog/fr", headers: [("If-None-Match", eTag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            let german = try await server.send("GET", "/v1/catalog/ru")
            #expect(german[header: "ETag"] != eTag)
            let badLocale = try await server.send("GET", "/v1/catalog/not%20a%20locale")
            #expect(badLocale.status == 400)
            #expect(errorCode(badLocale.body) == "invalid-locale")
            let badTable = try await server.send("GET", "/v1/catalog/fr?table=Nope")
            #expect(badTable.status == 404)
        }
        try await withServer { server in
            let response = try await server.send("GET", "/v1/catalog/fr")
            #expect(response.status == 404)
            #expect(errorCode(response.body) == "no-catalog")
        }
    }

    @Test func healthMetricsAndOpenAPI() async throws {
        try await withServer { server in
            let health = try await server.send("GET", "/health")
            #expect(health.status == 200)
            let object = try json(health.body)
            #expect(object["status"] as? String == "ok")
            #expect((object["operations"] as? [String])?.contains("plural") == true)
            _ = try await server.post("plural", #"{"locale":"en","number":"1"}"#)
            let metrics = try await server.send("GET", "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.body.contains(#"parlance_http_requests_total{"#))
            #expect(metrics.body.contains(#"route="/v1/:op""#) || metrics.body.contains(#"route="/v1/{op}""#))
            let openAPI = try json(try await server.send("GET", "/openapi.json").body)
            #expect((openAPI["openapi"] as? String)?.hasPrefix("3.1") == true)
            let paths = try #require(openAPI["paths"] as? [String: Any])
            for path in ["/v1/{op}", "/v1/batch", "/v1/catalog/{locale}", "/health", "/metrics", "/openapi.json"] {
                #expect(paths[path] != nil, "\(path) is not documented")
            }
        }
    }

    @Test func theCommittedOpenAPIFileIsTheServedDocument() async throws {
        let committed = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/ParlanceServer/openapi.json").path, encoding: .utf8)
        // `parlance serve` always has the proposals API: its paths are in the file.
        try await ProposalsAPITests.withServer("sqlite") { server, _ in
            let served = try await server.send("GET", "/openapi.json").body
            #expect(served.trimmingCharacters(in: .whitespacesAndNewlines) == committed.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// An extension with a route that writes, as the proposals API adds.
    struct WriteExtension: ParlanceServerExtension {
        let writes = WriteCount()
        func addRoutes(to router: RouterGroup<BasicRequestContext>) {
            router.post("/test/items") { _, _ -> String in
                self.writes.increment()
                return "stored"
            }
            router.get("/test/items") { _, _ -> String in "listed" }
        }
    }

    @Test func writesNeedTheBearerToken() async throws {
        // No token configured: writes are open (the token is needed only when one is set).
        let open = WriteExtension()
        try await withServer(extensions: [open]) { server in
            let accepted = try await server.send("POST", "/test/items", body: "x")
            #expect(accepted.status == 200)
            #expect(accepted.body == "stored")
            #expect(try await server.send("GET", "/test/items").body == "listed")
        }
        #expect(open.writes.value == 1)

        let guarded = WriteExtension()
        try await withServer(Self.config { $0.writeToken = "s3cret-token" }, extensions: [guarded]) { server in
            let none = try await server.send("POST", "/test/items", body: "x")
            #expect(none.status == 401)
            #expect(errorCode(none.body) == "unauthorized")
            #expect(none[header: "WWW-Authenticate"] == "Bearer")
            for wrong in ["Bearer s3cret-tokeN", "Bearer s3cret-token2", "Bearer s3cret", "Basic s3cret-token", "s3cret-token"] {
                #expect(try await server.send("POST", "/test/items", body: "x", headers: [("Authorization", wrong)]).status == 401, "\(wrong)")
            }
            let right = try await server.send("POST", "/test/items", body: "x", headers: [("Authorization", "Bearer s3cret-token")])
            #expect(right.status == 200)
            #expect(right.body == "stored")
            // The built-in operations compute, they do not write: no token needed.
            #expect(try await server.post("plural", #"{"locale":"en","number":"1"}"#).status == 200)
        }
        #expect(guarded.writes.value == 1)
    }

    @Test func logsCarryNoSecrets() async throws {
        let collected = CollectedLogs()
        var logger = Logger(label: "parlance.serve.test") { _ in CollectingLogHandler(logs: collected) }
        logger.logLevel = .trace
        let configuration = Self.config {
            $0.writeToken = "tok-SECRET-1"
            $0.accessLog = true
        }
        try await withServer(configuration, extensions: [WriteExtension()], logger: logger) { server in
            _ = try await server.send(
                "POST", "/test/items?api_key=QUERY-SECRET-2", body: "BODY-SECRET-3",
                headers: [("Authorization", "Bearer tok-SECRET-1"), ("Cookie", "session=COOKIE-SECRET-4")])
            _ = try await server.send("POST", "/test/items", body: "x", headers: [("Authorization", "Bearer WRONG-SECRET-5")])
            _ = try await server.post("localize", #"{"locale":"en","key":"BODY-SECRET-6"}"#)
        }
        let lines = collected.lines
        #expect(lines.contains { $0.contains("/test/items") && $0.contains("200") }, "no access line: \(lines)")
        #expect(lines.contains { $0.contains("path=/v1/localize") }, "no access line: \(lines)")
        for secret in ["SECRET-1", "SECRET-2", "SECRET-3", "SECRET-4", "SECRET-5", "SECRET-6"] {
            #expect(!lines.contains { $0.contains(secret) }, "\(secret) was logged")
        }
    }

    /// Without `accessLog`, requests leave no line (their counts are in `/metrics`).
    @Test func theAccessLogIsOffByDefault() async throws {
        let collected = CollectedLogs()
        var logger = Logger(label: "parlance.serve.test") { _ in CollectingLogHandler(logs: collected) }
        logger.logLevel = .trace
        try await withServer(logger: logger) { server in
            let plural = try await server.post("plural", #"{"locale":"en","number":"1"}"#)
            let document = try await server.send("GET", "/openapi.json")
            #expect(plural.status == 200 && document.status == 200)
        }
        #expect(!collected.lines.contains { $0.contains("/v1/plural") || $0.contains("/openapi.json") }, "\(collected.lines)")
    }

    @Test func gracefulShutdownLetsARunningRequestFinish() async throws {
        let server = try await LiveServer.start()
        let connection = try RawConnection(port: server.port)
        connection.write("POST /v1/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
        let first = #"{"id":1,"op":"plural","locale":"ru","number":"5"}"# + "\n"
        connection.write(String(first.utf8.count, radix: 16) + "\r\n" + first + "\r\n")
        let head = await connection.read(until: #""result":"many"}"#)  // CLDR: ru 5 → many
        #expect(head.contains(#"{"id":1,"result":"many"}"#), "\(head)")
        // Shut down while the request is still open; it must still complete.
        await server.group.triggerGracefulShutdown()
        try await Task.sleep(for: .milliseconds(200))
        let second = #"{"id":2,"op":"plural","locale":"en","number":"1"}"# + "\n"
        connection.write(String(second.utf8.count, radix: 16) + "\r\n" + second + "\r\n0\r\n\r\n")
        let rest = await connection.read()
        #expect(rest.contains(#"{"id":2,"result":"one"}"#), "\(rest)")
        try await server.task.value  // the service group ends once the request is done
        #expect(throws: (any Error).self) { try RawConnection(port: server.port) }
    }
}

final class WriteCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

final class CollectedLogs: Sendable {
    private let stored = Mutex<[String]>([])
    var lines: [String] { stored.withLock { $0 } }
    func append(_ line: String) { stored.withLock { $0.append(line) } }
}

struct CollectingLogHandler: LogHandler {
    let logs: CollectedLogs
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        logs.append("\(event.level) \(event.message) \(all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
    }
}
#endif
