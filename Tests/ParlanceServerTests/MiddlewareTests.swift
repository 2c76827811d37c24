#if Server
import Foundation
import Hummingbird
import HummingbirdExample
import Logging
import ParlanceLocalization
import ServiceLifecycle
import Testing

/// The Hummingbird example app of ParlanceServer's guide (ParlanceMiddleware) on a real socket on 127.0.0.1.
@Suite struct MiddlewareTests {
    func makeCatalog() throws -> String {
        let directory = NSTemporaryDirectory() + "parlance-middleware-\(UUID().uuidString)"
        for (language, greeting, items) in [("en", "Hello", "%d items"), ("de", "Hallo", "%d Artikel")] {
            let folder = directory + "/\(language).lproj"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = "\"greeting\" = \"\(greeting)\";\n\"items.count\" = \"\(items)\";\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Localizable.strings"))
        }
        return directory
    }

    @Test func eachRequestGetsItsOwnLanguage() async throws {
        let catalog = try Catalog(directory: try makeCatalog(), developmentLanguage: "en")
        let manager = LanguageManager(catalog: catalog, environment: [:])
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: HummingbirdExample.router(manager: manager),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: LiveServer.logger)
        let group = ServiceGroup(configuration: .init(services: [.init(service: app)], logger: LiveServer.logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let server = LiveServer(port: port, group: group, task: task)

        let german = try await server.send("GET", "/greeting", headers: [("Accept-Language", "de-AT, en;q=0.5")])
        #expect(german.body == "Hallo")
        #expect(german[header: "Content-Language"] == "de")
        #expect(german.headers["vary", default: []].joined(separator: ",").contains("Accept-Language"))
        #expect(try await server.send("GET", "/greeting?lang=en", headers: [("Accept-Language", "de")]).body == "Hello")
        #expect(try await server.send("GET", "/greeting", headers: [("Cookie", "lang=de")]).body == "Hallo")
        let missing = try await server.send("GET", "/missing", headers: [("Accept-Language", "de")])
        #expect(missing.status == 404)
        #expect(errorCode(missing.body) == "missing-key")

        // Mixed languages at once: every answer is in its own request's language.
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for index in 0..<200 {
                tasks.addTask {
                    let isGerman = index % 2 == 0
                    let answer = try await server.send(
                        "GET", "/items?count=\(index)", headers: [("Accept-Language", isGerman ? "de" : "en")])
                    let total = String(format: "%.1f", Double(index) * 1.5)
                    let expected =
                        isGerman
                        ? "\(index) Artikel (\(total.replacingOccurrences(of: ".", with: ",")))"
                        : "\(index) items (\(total))"
                    #expect(answer.body == expected)
                }
            }
            try await tasks.waitForAll()
        }
        try await server.stop()
    }
}
#endif
