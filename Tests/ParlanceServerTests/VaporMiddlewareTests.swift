#if Server
// Built only with the package trait `Vapor`: swift test --traits Vapor --filter VaporMiddlewareTests
#if Vapor
import Foundation
import NIOCore
import ParlanceLocalization
import Testing
import Vapor
import VaporExample

/// The Vapor example app of ParlanceServer's guide (ParlanceVaporMiddleware) on a real socket on 127.0.0.1.
@Suite struct VaporMiddlewareTests {
    @Test func eachRequestGetsItsOwnLanguage() async throws {
        let catalog = try Catalog(directory: try MiddlewareTests().makeCatalog(), developmentLanguage: "en")
        let manager = LanguageManager(catalog: catalog, environment: [:])
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        VaporExample.configure(app, manager: manager)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        let get = { @Sendable (path: String, headers: [(String, String)]) async throws -> HTTPAnswer in
            try await Self.get(port: port, path, headers)
        }

        let german = try await get("/greeting", [("Accept-Language", "de-AT, en;q=0.5")])
        #expect(german.body == "Hallo")
        #expect(german[header: "Content-Language"] == "de")
        #expect(german.headers["vary", default: []].joined(separator: ",").contains("Accept-Language"))
        #expect(try await get("/greeting?lang=en", [("Accept-Language", "de")]).body == "Hello")
        #expect(try await get("/greeting", [("Cookie", "lang=de")]).body == "Hallo")
        #expect(try await get("/manager-greeting", [("Accept-Language", "de")]).body == "Hallo")
        #expect(try await get("/manager-greeting", [("Accept-Language", "en")]).body == "Hello")
        let missing = try await get("/missing", [("Accept-Language", "de")])
        #expect(missing.status == 404)
        #expect(errorCode(missing.body) == "missing-key")
        #expect(missing[header: "Content-Type"]?.hasPrefix("application/json") == true)

        // Mixed languages at once: every answer is in its own request's language.
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for index in 0..<200 {
                tasks.addTask {
                    let isGerman = index % 2 == 0
                    let path = index % 3 == 0 ? "/manager-greeting" : "/items?count=\(index)"
                    let answer = try await get(path, [("Accept-Language", isGerman ? "de" : "en")])
                    let total = String(format: "%.1f", Double(index) * 1.5)
                    let expected =
                        if index % 3 == 0 { isGerman ? "Hallo" : "Hello" } else if isGerman {
                            "\(index) Artikel (\(total.replacingOccurrences(of: ".", with: ",")))"
                        } else { "\(index) items (\(total))" }
                    #expect(answer.body == expected)
                }
            }
            try await tasks.waitForAll()
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// One `GET` over a new connection to 127.0.0.1 (`Connection: close`).
    static func get(port: Int, _ path: String, _ headers: [(String, String)]) async throws -> HTTPAnswer {
        let connection = try RawConnection(port: port)
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        connection.write(head + "\r\n")
        return try HTTPAnswer(parsing: await connection.readBytes())
    }
}
#endif
#endif
