#if Server
import Foundation
import Logging
import Parlance
import ParlanceProposals
import ParlanceProposalsPostgres
import ParlanceProposalsServer
import ParlanceServer
import Testing

/// The proposals API through real sockets on 127.0.0.1, over a real SQLite file and,
/// when `PARLANCE_TEST_DATABASE_URL` is set (Scripts/with-postgres.sh), a real PostgreSQL.
/// Expected statuses and bodies come from the documented API, not from the server's code.
@Suite struct ProposalsAPITests {
    static let postgresURL = ProcessInfo.processInfo.environment["PARLANCE_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The stores the API runs over: SQLite always, PostgreSQL when configured.
    static var stores: [String] { ["sqlite"] + (postgresURL == nil ? [] : ["postgres"]) }

    /// A server with the proposals extension over a fresh store of `kind`.
    static func withServer(
        _ kind: String, token: String? = nil, maxBodySize: Int = 64 * 1024, _ body: (LiveServer, any ProposalStore) async throws -> Void
    ) async throws {
        let location: String
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-api-\(UUID().uuidString)")
        if kind == "postgres", let base = postgresURL {
            location = base + (base.contains("?") ? "&" : "?") + "schema=t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        } else {
            location = "sqlite:" + directory.appendingPathComponent("proposals.sqlite").path
        }
        let opened = try await ProposalDatabase(location).open(timeout: .seconds(120), callTimeout: .seconds(120))
        var configuration = ParlanceServerConfiguration()
        configuration.writeToken = token
        let server = try await LiveServer.start(
            configuration, extensions: [ProposalsServerExtension(store: opened.store, maxBodySize: maxBodySize, close: { await opened.close() })])
        func cleanUp() async throws {
            try await server.stop()
            if let postgres = opened.store as? PostgresProposalStore {
                let cleaner = try await PostgresProposalStore.connect(postgres.settings, timeout: .seconds(120), callTimeout: .seconds(120))
                try await cleaner.dropSchema()
                await cleaner.close()
            }
            try? FileManager.default.removeItem(at: directory)
        }
        do {
            try await body(server, opened.store)
        } catch {
            try await cleanUp()
            throw error
        }
        try await cleanUp()
    }

    static func post(_ server: LiveServer, _ object: [String: Any], headers: [(String, String)] = []) async throws -> HTTPAnswer {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        return try await server.send(
            "POST", "/content/localize/proposals", body: body, headers: [("Content-Type", "application/json")] + headers)
    }

    static func proposal(_ value: String, guid: String, key: String = "settings.title", locale: String = "de") -> [String: Any] {
        ["section": "Localizable", "key": key, "locale": locale, "value": value, "guid": guid]
    }

    static func array(_ text: String) throws -> [[String: Any]] {
        guard let rows = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            throw TestFailure("not a JSON array: \(text)")
        }
        return rows
    }

    /// The whole flow: store, list with deletability, override, duplicate, delete.
    @Test(arguments: stores)
    func seedFlow(_ kind: String) async throws {
        try await Self.withServer(kind) { server, _ in
            let created = try await Self.post(server, Self.proposal("Einstellungen", guid: "alice"))
            #expect(created.status == 201, "\(created.body)")
            #expect(created[header: "Content-Type"]?.hasPrefix("application/json") == true)
            let stored = try json(created.body)
            let id = try #require(stored["id"] as? String)
            #expect(UUID(uuidString: id) != nil)
            #expect(stored["section"] as? String == "Localizable")
            #expect(stored["key"] as? String == "settings.title")
            #expect(stored["locale"] as? String == "de")
            #expect(stored["value"] as? String == "Einstellungen")
            // No answer carries the guid; the author may delete what they proposed.
            #expect(stored["guid"] == nil)
            #expect(stored["canDelete"] as? Bool == true)
            #expect(!created.body.contains("alice"))
            #expect(stored["state"] as? String == "open")
            // createdAt: RFC 3339, UTC, within a minute of now (an independent clock reading).
            let createdAt = try #require(stored["createdAt"] as? String)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let parsed = try #require(formatter.date(from: createdAt), "\(createdAt)")
            #expect(abs(parsed.timeIntervalSinceNow) < 60)

            let duplicate = try await Self.post(server, Self.proposal("Einstellungen", guid: "alice"))
            #expect(duplicate.status == 409)
            #expect(errorCode(duplicate.body) == "duplicate-proposal")

            #expect(try await Self.post(server, Self.proposal("Optionen", guid: "bob")).status == 201)
            let replaced = try await Self.post(server, Self.proposal("Einstellungen…", guid: "alice"))
            #expect(replaced.status == 200)
            #expect(try json(replaced.body)["id"] as? String == id)
            #expect(try json(replaced.body)["value"] as? String == "Einstellungen…")

            let listed = try await server.send("GET", "/content/localize/proposals?guid=alice&section=Localizable&key=settings.title&locale=de")
            #expect(listed.status == 200)
            let rows = try Self.array(listed.body)
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0["guid"] == nil })
            #expect(!listed.body.contains("bob") && !listed.body.contains("alice"))
            #expect(rows.first { $0["value"] as? String == "Einstellungen…" }?["canDelete"] as? Bool == true)
            #expect(rows.first { $0["value"] as? String == "Optionen" }?["canDelete"] as? Bool == false)
            // Bob's view of the same rows: only his own is deletable.
            let bobs = try Self.array(try await server.send("GET", "/content/localize/proposals?guid=bob").body)
            #expect(bobs.first { $0["value"] as? String == "Optionen" }?["canDelete"] as? Bool == true)
            #expect(bobs.first { $0["value"] as? String == "Einstellungen…" }?["canDelete"] as? Bool == false)
            #expect(Set(rows.compactMap { $0["value"] as? String }) == ["Einstellungen…", "Optionen"])
            // Filters: another locale has nothing; without guid nobody may delete.
            #expect(try Self.array(try await server.send("GET", "/content/localize/proposals?locale=fr").body).isEmpty)
            #expect(try Self.array(try await server.send("GET", "/content/localize/proposals").body).allSatisfy { $0["canDelete"] as? Bool == false })

            let one = try await server.send("GET", "/content/localize/proposals/\(id)")
            #expect(one.status == 200)
            #expect(try json(one.body)["value"] as? String == "Einstellungen…")
            #expect(try json(one.body)["canDelete"] == nil)
            #expect(try json(try await server.send("GET", "/content/localize/proposals/\(id)?guid=alice").body)["canDelete"] as? Bool == true)
            #expect(try json(try await server.send("GET", "/content/localize/proposals/\(id)?guid=bob").body)["canDelete"] as? Bool == false)

            let forbidden = try await server.send("DELETE", "/content/localize/proposals/\(id)?guid=bob")
            #expect(forbidden.status == 403)
            #expect(errorCode(forbidden.body) == "forbidden")
            let deleted = try await server.send("DELETE", "/content/localize/proposals/\(id)?guid=alice")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            let gone = try await server.send("DELETE", "/content/localize/proposals/\(id)?guid=alice")
            #expect(gone.status == 404)
            #expect(errorCode(gone.body) == "not-found")
            #expect(try await server.send("GET", "/content/localize/proposals/\(id)").status == 404)
            #expect(try Self.array(try await server.send("GET", "/content/localize/proposals").body).count == 1)
        }
    }

    /// Lists come in pages: `limit` (default 100, at most 1,000) and the opaque cursor of
    /// `Parlance-Next-Cursor`; walking the pages gives every row once, in order, with
    /// `canDelete` for the caller's guid and nobody's guid.
    @Test(arguments: stores)
    func pagination(_ kind: String) async throws {
        try await Self.withServer(kind) { server, store in
            for index in 0..<105 {
                let guid = index % 3 == 0 ? "mine" : "device-\(index)"
                _ = try await store.propose(ProposalDraft(section: "S", key: "k\(index)", locale: "de", value: "v\(index)", guid: guid))
            }
            let path = "/content/localize/proposals"
            let first = try await server.send("GET", path + "?guid=mine")
            #expect(first.status == 200)
            #expect(try Self.array(first.body).count == 100)
            #expect(first[header: "Parlance-Next-Cursor"] != nil)
            #expect(first[header: "Link"]?.contains(#"rel="next""#) == true)

            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = "?guid=mine&limit=10" + (cursor.map { "&cursor=" + $0 } ?? "")
                let page = try await server.send("GET", path + query)
                #expect(page.status == 200, "\(page.body)")
                let rows = try Self.array(page.body)
                #expect(rows.count <= 10)
                #expect(rows.allSatisfy { $0["guid"] == nil })
                #expect(!page.body.contains("device-") && !page.body.contains("mine"))
                for row in rows {
                    let value = try #require(row["value"] as? String)
                    let index = try #require(Int(value.dropFirst()))
                    #expect(row["canDelete"] as? Bool == (index % 3 == 0), "\(value)")
                    seen.append(value)
                }
                cursor = page[header: "Parlance-Next-Cursor"]
                pages += 1
            } while cursor != nil && pages < 20
            #expect(pages == 11)
            // Every row once, in the one-page listing's order (oldest first, ties by id).
            let whole = try Self.array(try await server.send("GET", path + "?limit=1000").body).compactMap { $0["value"] as? String }
            #expect(whole.count == 105)
            #expect(seen == whole)
            #expect(Set(seen) == Set((0..<105).map { "v\($0)" }))

            // Bounds and foreign cursors are refused.
            for bad in ["limit=0", "limit=1001", "limit=ten", "cursor=bm90LWEtY3Vyc29y", "cursor=%FF"] {
                let answer = try await server.send("GET", path + "?" + bad)
                #expect(answer.status == 400, "\(bad): \(answer.body)")
                #expect(errorCode(answer.body) == "invalid-argument", "\(bad)")
            }
        }
    }

    @Test(arguments: stores)
    func acceptAndReject(_ kind: String) async throws {
        try await Self.withServer(kind) { server, store in
            let id = try #require(try json(try await Self.post(server, Self.proposal("Speichern", guid: "g", key: "save")).body)["id"] as? String)
            let accepted = try await server.send("POST", "/content/localize/proposals/\(id)/accept")
            #expect(accepted.status == 200)
            #expect(try json(accepted.body)["state"] as? String == "accepted")
            let again = try await server.send("POST", "/content/localize/proposals/\(id)/reject")
            #expect(again.status == 409)
            #expect(errorCode(again.body) == "proposal-not-open")
            #expect(try await store.proposal(id: try #require(UUID(uuidString: id)))?.state == .accepted)
            let other = try #require(try json(try await Self.post(server, Self.proposal("Sichern", guid: "h", key: "save")).body)["id"] as? String)
            #expect(try json(try await server.send("POST", "/content/localize/proposals/\(other)/reject").body)["state"] as? String == "rejected")
            #expect(try Self.array(try await server.send("GET", "/content/localize/proposals?state=accepted").body).map { $0["id"] as? String } == [id])
            #expect(try await server.send("POST", "/content/localize/proposals/\(UUID().uuidString)/accept").status == 404)
            #expect(try await server.send("POST", "/content/localize/proposals/not-a-uuid/accept").status == 400)
        }
    }

    /// Writes need the token when one is configured; reads never do.
    @Test func writesNeedTheTokenWhenOneIsSet() async throws {
        try await Self.withServer("sqlite", token: "tok-123") { server, store in
            let none = try await Self.post(server, Self.proposal("A", guid: "g"))
            #expect(none.status == 401)
            #expect(errorCode(none.body) == "unauthorized")
            let wrong = try await Self.post(server, Self.proposal("A", guid: "g"), headers: [("Authorization", "Bearer tok-124")])
            #expect(wrong.status == 401)
            #expect(try await store.proposals(matching: ProposalQuery()).isEmpty)
            let right = try await Self.post(server, Self.proposal("A", guid: "g"), headers: [("Authorization", "Bearer tok-123")])
            #expect(right.status == 201)
            let id = try #require(try json(right.body)["id"] as? String)
            #expect(try await server.send("GET", "/content/localize/proposals").status == 200)
            #expect(try await server.send("DELETE", "/content/localize/proposals/\(id)?guid=g").status == 401)
            #expect(try await server.send("POST", "/content/localize/proposals/\(id)/accept").status == 401)
            #expect(try await store.proposal(id: try #require(UUID(uuidString: id)))?.state == .open)
            #expect(
                try await server.send("DELETE", "/content/localize/proposals/\(id)?guid=g", headers: [("Authorization", "Bearer tok-123")]).status
                    == 204)
        }
        // Without a token (the token is needed only when the service has one).
        try await Self.withServer("sqlite") { server, store in
            let answer = try await Self.post(server, Self.proposal("A", guid: "g"))
            #expect(answer.status == 201)
            #expect(try await store.proposals(matching: ProposalQuery()).count == 1)
        }
    }

    @Test func badInputIsA4xxWithTheJSONErrorBody() async throws {
        try await Self.withServer("sqlite", maxBodySize: 16 * 1024) { server, store in
            func expectError(_ answer: HTTPAnswer, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(answer.status == status, "\(answer.body)", sourceLocation: sourceLocation)
                #expect(errorCode(answer.body) == code, "\(answer.body)", sourceLocation: sourceLocation)
            }
            let json = [("Content-Type", "application/json")]
            let path = "/content/localize/proposals"
            // Oversized body (declared and actual): 413, nothing stored.
            let big = String(repeating: "x", count: 20 * 1024)
            expectError(try await Self.post(server, Self.proposal(big, guid: "g")), 413, "payload-too-large")
            expectError(try await server.send("POST", path, body: "{", headers: json), 400, "invalid-json")
            expectError(try await server.send("POST", path, body: "[1,2]", headers: json), 400, "invalid-json")
            expectError(try await server.send("POST", path, body: #"{"section":"S","key":"k","locale":"de","guid":"g"}"#, headers: json), 400, "missing-field")
            expectError(
                try await server.send("POST", path, body: #"{"section":"S","key":"k","locale":"de","value":5,"guid":"g"}"#, headers: json), 400,
                "invalid-argument")
            expectError(try await server.send("POST", path, body: "{}", headers: [("Content-Type", "text/plain")]), 415, "unsupported-media-type")
            expectError(try await Self.post(server, Self.proposal("v", guid: "g", locale: "en US")), 400, "invalid-locale")
            expectError(try await Self.post(server, Self.proposal("v", guid: "g", key: String(repeating: "k", count: 1_025))), 400, "invalid-argument")
            expectError(try await Self.post(server, Self.proposal(String(repeating: "v", count: 10_001), guid: "g")), 400, "invalid-argument")
            expectError(try await Self.post(server, Self.proposal("v", guid: "")), 400, "invalid-argument")
            expectError(try await Self.post(server, Self.proposal("v", guid: "g\u{1}")), 400, "invalid-argument")
            // Bytes that are not UTF-8 in the body and in the query string.
            let raw = try RawConnection(port: server.port)
            let invalid = Array(#"{"section":"S","key":"k","locale":"de","value":"ab"#.utf8) + [0xFF, 0xFE] + Array(#"","guid":"g"}"#.utf8)
            let head = "POST \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(invalid.count)\r\n\r\n"
            let bytes = Array(head.utf8) + invalid
            _ = bytes.withUnsafeBytes { send(raw.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            expectError(try HTTPAnswer(parsing: await raw.readBytes()), 400, "invalid-json")
            expectError(try await server.send("GET", path + "?guid=%FF%FE"), 400, "invalid-argument")
            expectError(try await server.send("GET", path + "?guid=a&guid=b"), 400, "invalid-argument")
            expectError(try await server.send("GET", path + "?state=maybe"), 400, "invalid-argument")
            expectError(try await server.send("DELETE", path + "/\(UUID().uuidString)"), 400, "missing-argument")
            expectError(try await server.send("DELETE", path + "/\(UUID().uuidString)?guid=g"), 404, "not-found")
            #expect(try await store.proposals(matching: ProposalQuery()).isEmpty)
        }
    }

    /// SQL-looking and unusual values go in and come out byte for byte.
    @Test(arguments: stores)
    func sqlLookingValuesAreStoredVerbatim(_ kind: String) async throws {
        try await Self.withServer(kind) { server, store in
            let values = [
                "'; DROP TABLE parlance_proposals; --", "Robert'); DELETE FROM proposals WHERE ('1'='1", "$1 ?1 %s %@ \\", "Zeile\n\"zwei\"\t✓ 👩‍👩‍👧 שלום",
            ]
            for (index, value) in values.enumerated() {
                let answer = try await Self.post(server, Self.proposal(value, guid: "' OR '1'='1", key: "k\(index); --"))
                #expect(answer.status == 201, "\(answer.body)")
                #expect(try json(answer.body)["value"] as? String == value)
            }
            let listed = try Self.array(try await server.send("GET", "/content/localize/proposals?guid=%27%20OR%20%271%27%3D%271").body)
            #expect(listed.count == values.count)
            #expect(listed.allSatisfy { $0["canDelete"] as? Bool == true && $0["guid"] == nil })
            let stored = try await store.proposals(matching: ProposalQuery())
            for (index, value) in values.enumerated() {
                #expect(stored.first { $0.identifier.key == "k\(index); --" }?.value == value)
            }
        }
    }

    /// `parlance serve`'s document includes this API's paths (and the committed file is it).
    @Test func openAPIDocumentsTheProposalsPaths() async throws {
        try await Self.withServer("sqlite") { server, _ in
            let document = try json(try await server.send("GET", "/openapi.json").body)
            let paths = try #require(document["paths"] as? [String: Any])
            let proposals = try #require(paths["/content/localize/proposals"] as? [String: Any])
            #expect(proposals["post"] != nil && proposals["get"] != nil)
            #expect((paths["/content/localize/proposals/{id}"] as? [String: Any])?["delete"] != nil)
            #expect(paths["/content/localize/proposals/{id}/accept"] != nil)
            #expect(paths["/content/localize/proposals/{id}/reject"] != nil)
            let post = try #require(proposals["post"] as? [String: Any])
            let responses = try #require(post["responses"] as? [String: Any])
            #expect(Set(responses.keys).isSuperset(of: ["201", "200", "400", "401", "409", "413"]))
        }
    }
}
#endif
