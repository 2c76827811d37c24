#if Server
import Foundation
import ParlanceTestSupport
import Testing

@testable import ParlanceServer

/// HTTP as clients expect it, through real sockets on 127.0.0.1: HEAD on every GET route, 413
/// for any body over the limit, a JSON error body for malformed HTTP, catalog files named
/// relative to the catalog root.
@Suite struct HTTPConformanceTests {
    static let sampleCatalog: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path

    static func configuration(catalog: String? = sampleCatalog, maxBodySize: Int = 64 * 1024) -> ParlanceServerConfiguration {
        var configuration = ParlanceServerConfiguration()
        configuration.catalogDirectory = catalog
        configuration.maxBodySize = maxBodySize
        return configuration
    }

    @Test func headOnEveryGetRouteHasTheGetHeadersAndNoBody() async throws {
        try await LiveServer.with(Self.configuration()) { server in
            for path in ["/health", "/metrics", "/openapi.json", "/v1/catalog/fr", "/v1/catalog/fr?table=Nope", "/v1/catalog/not%20a%20locale"] {
                let get = try await server.send("GET", path)
                let head = try await server.send("HEAD", path)
                #expect(head.status == get.status, "\(path)")
                #expect(head.body.isEmpty, "\(path): \(head.body.prefix(100))")
                #expect(head[header: "Content-Type"] == get[header: "Content-Type"], "\(path)")
                if !path.hasPrefix("/metrics") {
                    // /metrics counts the GET itself, so its length moves between the two requests.
                    #expect(head[header: "Content-Length"] == String(get.body.utf8.count), "\(path)")
                }
                #expect(head[header: "ETag"] == get[header: "ETag"], "\(path)")
                #expect(head[header: "Content-Language"] == get[header: "Content-Language"], "\(path)")
            }
            // HEAD where only POST is routed: 405 with Allow, still without a body.
            let notAllowed = try await server.send("HEAD", "/v1/plural")
            #expect(notAllowed.status == 405)
            #expect(notAllowed[header: "Allow"] == "POST")
            #expect(notAllowed.body.isEmpty)
        }
    }

    /// A chunked body (no length declared) over the limit: 413, as with a `Content-Length`.
    @Test func aChunkedBodyOverTheLimitIs413() async throws {
        try await LiveServer.with(Self.configuration(catalog: nil, maxBodySize: 1024)) { server in
            let chunk = String(repeating: " ", count: 300)
            for chunks in [4, 40] {
                let connection = try RawConnection(port: server.port)
                var text =
                    "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"
                for _ in 0..<chunks { text += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }
                connection.write(text + "0\r\n\r\n")
                let answer = try HTTPAnswer(parsing: await connection.readBytes())
                #expect(answer.status == 413, "\(chunks) chunks: \(answer.status) \(answer.body)")
                #expect(errorCode(answer.body) == "payload-too-large")
                #expect(answer[header: "Content-Type"]?.hasPrefix("application/json") == true)
            }
            // Within the limit, chunked is read whole.
            let connection = try RawConnection(port: server.port)
            let body = #"{"locale":"ru","number":"21"}"#
            connection.write(
                "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
            let answer = try HTTPAnswer(parsing: await connection.readBytes())
            #expect(answer.status == 200)
            #expect(try json(answer.body)["result"] as? String == "one")
        }
    }

    /// Requests the HTTP/1.1 parser refuses get 400 with the JSON error body, and the
    /// connection is closed; the server goes on serving.
    @Test func malformedHTTPGets400WithAJSONBody() async throws {
        let flood = (0..<1200).map { "X-Flood-\($0): x\r\n" }.joined()
        let cases: [(String, String, String)] = [
            ("bad Content-Length", "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1x\r\n\r\n", "Content-Length"),
            ("two Content-Lengths", "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", "Content-Length"),
            ("header flood", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + flood + "\r\n", "headers"),
            ("huge header", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n", "headers"),
            ("unknown method", "FROB /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "method"),
            (
                "bad chunk size", "POST /v1/plural HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "chunk"
            ),
        ]
        try await LiveServer.with(Self.configuration(catalog: nil)) { server in
            for (name, request, word) in cases {
                let connection = try RawConnection(port: server.port)
                connection.write(request)
                let bytes = await connection.readBytes()  // returns when the server closes
                let answer = try HTTPAnswer(parsing: bytes)
                #expect(answer.status == 400, "\(name): \(answer.status)")
                #expect(answer[header: "Content-Type"]?.hasPrefix("application/json") == true, "\(name)")
                #expect(answer[header: "Connection"] == "close", "\(name)")
                #expect(errorCode(answer.body) == "bad-request", "\(name): \(answer.body)")
                let message = ((try? json(answer.body))?["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains(word), "\(name): \(message)")
                #expect(answer[header: "Content-Length"] == String(answer.body.utf8.count), "\(name)")
            }
            #expect(try await server.post("plural", #"{"locale":"en","number":"1"}"#).status == 200)
            let metrics = try await server.send("GET", "/metrics").body
            #expect(metrics.contains(#"route="malformed""#), "malformed requests are not counted")
        }
    }

    /// An error about a catalog file names it relative to the catalog root, never with the
    /// server's absolute path: over `POST /v1/{op}`, `POST /v1/batch` and the missing-table
    /// message that names the catalog itself.
    @Test func errorMessagesNameCatalogFilesRelativeToTheRoot() async throws {
        let catalog = try TestCatalog()
        defer { catalog.remove() }
        let root = catalog.root.path
        try await LiveServer.with(Self.configuration(catalog: root)) { server in
            let single = try await server.post("localize", #"{"locale":"en","key":"broken"}"#)
            #expect(single.status == 500)
            #expect(errorCode(single.body) == "invalid-format")
            let message = try #require(((try json(single.body))["error"] as? [String: Any])?["message"] as? String)
            #expect(message.hasPrefix("en.lproj/Localizable.strings:"), "\(message)")
            #expect(!single.body.contains(root))

            let batch = try await server.send(
                "POST", "/v1/batch", body: #"{"op":"localize","locale":"en","key":"broken"}"# + "\n",
                headers: [("Content-Type", "application/x-ndjson")])
            #expect(batch.status == 200)
            #expect(errorCode(batch.body) == "invalid-format")
            #expect(batch.body.contains(#""message":"en.lproj/Localizable.strings:"#), "\(batch.body)")
            #expect(!batch.body.contains(root))

            let table = try await server.post("localize", #"{"locale":"en","key":"place_bet","table":"Nope"}"#)
            #expect(table.status == 404)
            #expect(!table.body.contains(root), "\(table.body)")
        }
    }

    @Test func theScrubberKeepsOtherTextAsItIs() {
        let scrubber = CatalogPathScrubber(directory: "/srv/app/Resources/")
        #expect(
            scrubber.scrub(#"{"error":{"message":"/srv/app/Resources/fr.lproj/A.strings:3:1: bad"}}"#)
                == #"{"error":{"message":"fr.lproj/A.strings:3:1: bad"}}"#)
        #expect(scrubber.scrub(#"not in the catalog \"/srv/app/Resources\""#) == #"not in the catalog \".\""#)
        #expect(scrubber.scrub("x/srv/app/Resources/a and /srv/app/ResourcesX/a") == "x/srv/app/Resources/a and /srv/app/ResourcesX/a")
        #expect(CatalogPathScrubber(directory: nil).scrub("/srv/app/Resources/a") == "/srv/app/Resources/a")
    }

    /// Every path `parlance serve --help` shows as `--catalog` is a folder of the repository.
    @Test func serveHelpNamesAFolderTheRepositoryHas() async throws {
        let result = try await offPool { try ChildProcess.parlance(["serve", "--help"]) }
        #expect(result.status == 0)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let words = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let catalogs = zip(words, words.dropFirst()).filter { $0.0 == "--catalog" && !$0.1.hasPrefix("<") }.map(\.1)
        #expect(!catalogs.isEmpty, "no --catalog example in \(result.stdout)")
        for folder in catalogs {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: repository.appendingPathComponent(folder).path, isDirectory: &isDirectory)
            #expect(exists && isDirectory.boolValue, "--catalog \(folder) is not a folder of the repository")
        }
    }
}
#endif
