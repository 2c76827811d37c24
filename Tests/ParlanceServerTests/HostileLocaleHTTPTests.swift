#if Server
import Foundation
import Parlance
import ParlanceServer
import ParlanceTestSupport
import Testing

/// Hostile locale ids through every route of `parlance serve` that reads one, over real
/// sockets on 127.0.0.1: each answer is 400 `invalid-locale` or the answer `en` gets, and the
/// server answers a good request afterwards.
@Suite struct HostileLocaleHTTPTests {
    static let catalog: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleCatalog").path

    /// A server whose body limit lets a 1 MB id reach the locale parser.
    static func withServer(_ body: (LiveServer) async throws -> Void) async throws {
        var configuration = ParlanceServerConfiguration()
        configuration.catalogDirectory = catalog
        configuration.maxBodySize = 4 << 20  // negotiate carries an id twice
        try await LiveServer.with(configuration) { server in
            try await body(server)
            // Still up: a good request after all the hostile ones.
            let after = try await server.post("plural", #"{"locale":"ru","number":"21"}"#)
            #expect(after.status == 200)
            #expect(try json(after.body)["result"] as? String == "one")  // CLDR: ru 21 → one
        }
    }

    /// Every id, the 64 KB and 1 MB ones of the three `longKinds` only (each is a socket's
    /// worth of bytes).
    static let ids = HostileLocaleIDs.all(longKindsOnlyAbove: 4096)

    @Test("POST /v1/{op}: invalid-locale or en's answer for every id", arguments: HostileLocaleIDs.requests)
    func operation(request: HostileLocaleIDs.Request) async throws {
        try await Self.withServer { server in
            let english = try await server.post(request.op, request.body(with: "en"))
            #expect(english.status == 200, "\(english.body)")
            let reference = try json(english.body)["result"].map(HostileLocaleIDs.canonicalJSON)
            for (label, id) in Self.ids {
                let answer = try await server.post(request.op, request.body(with: id))
                if answer.status == 400 {
                    #expect(errorCode(answer.body) == "invalid-locale", "\(request) \(label): \(answer.body.prefix(200))")
                    continue
                }
                #expect(answer.status == 200, "\(request) \(label): \(answer.status) \(answer.body.prefix(200))")
                let result = try json(answer.body)["result"].map(HostileLocaleIDs.canonicalJSON)
                if request.skipsIllFormed {
                    #expect(result == #""fr""# || (try? LocaleID(id)) != nil, "\(request) \(label)")
                    continue
                }
                #expect((try? LocaleID(id)) != nil, "\(request) \(label) was answered")
                if request.sameAsEnglish { #expect(result == reference, "\(request) \(label)") }
            }
            // The reported id in `number` is a locale error, not a number error.
            if request.op == "number" {
                let answer = try await server.post("number", request.body(with: HostileLocaleIDs.reported))
                #expect(answer.status == 400)
                #expect(errorCode(answer.body) == "invalid-locale")
            }
        }
    }

    @Test("POST /v1/batch: one answer per line, invalid-locale or en's answer")
    func batch() async throws {
        try await Self.withServer { server in
            var lines: [String] = []
            var expected: [String?] = []
            for request in HostileLocaleIDs.requests where request.sameAsEnglish {
                let english = try await server.post(request.op, request.body(with: "en"))
                let reference = try json(english.body)["result"].map(HostileLocaleIDs.canonicalJSON)
                for (_, id) in HostileLocaleIDs.all(maximumLength: 4096) {
                    lines.append(request.line(with: id))
                    expected.append(reference)
                }
            }
            let response = try await server.send(
                "POST", "/v1/batch", body: lines.joined(separator: "\n") + "\n", headers: [("Content-Type", "application/x-ndjson")])
            #expect(response.status == 200)
            let answers = response.body.split(separator: "\n").map(String.init)
            #expect(answers.count == lines.count)
            for (index, answer) in answers.enumerated() where index < lines.count {
                let object = try json(answer)
                if let code = errorCode(answer) {
                    #expect(code == "invalid-locale", "\(lines[index].prefix(120)): \(answer.prefix(200))")
                } else {
                    #expect(object["result"].map(HostileLocaleIDs.canonicalJSON) == expected[index], "\(lines[index].prefix(120))")
                }
            }
        }
    }

    @Test("GET /v1/catalog/{locale} and Accept-Language: invalid-locale or en's answer")
    func catalogAndAcceptLanguage() async throws {
        try await Self.withServer { server in
            let english = try await server.send("GET", "/v1/catalog/en")
            #expect(english.status == 200)
            let strings = try #require(try json(english.body)["strings"] as? NSDictionary)
            #expect(strings.count > 0)
            for (label, id) in HostileLocaleIDs.all(maximumLength: 4096) {
                let answer = try await server.send("GET", "/v1/catalog/\(id)")
                if answer.status == 400 {
                    #expect(errorCode(answer.body) == "invalid-locale", "\(label): \(answer.body.prefix(200))")
                } else {
                    #expect(answer.status == 200, "\(label): \(answer.status) \(answer.body.prefix(200))")
                    #expect(try json(answer.body)["strings"] as? NSDictionary == strings, "\(label)")
                    #expect((try? LocaleID(id)) != nil, "\(label) was answered")
                }
                // A hostile Accept-Language range is skipped: the catalog's development
                // language (en) answers.
                let negotiated = try await server.post("plural", #"{"number":"1"}"#, headers: [("Accept-Language", id)])
                #expect(negotiated.status == 200, "\(label): \(negotiated.body.prefix(200))")
                #expect(try json(negotiated.body)["result"] as? String == "one", "\(label)")
            }
        }
    }
}
#endif
