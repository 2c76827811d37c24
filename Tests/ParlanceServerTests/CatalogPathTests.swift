#if Server
import Foundation
import Parlance
import ParlanceLocalization
@testable import ParlanceServer
import ParlanceVerification
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `GET /v1/catalog/{locale}` is answered on the connection's event loop when its locale and
/// query need no decoding and it has no body, and by the router otherwise (here: the same
/// request with `Content-Length: 0`): both give the same status, fields and bytes.
@Suite("GET /v1/catalog/{locale} on the event loop and through the router")
struct CatalogPathTests {
    static func request(_ target: String, fields: [String] = [], routed: Bool, close: Bool = true) -> [UInt8] {
        var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in fields { head += field + "\r\n" }
        if routed { head += "Content-Length: 0\r\n" }
        if close { head += "Connection: close\r\n" }
        return Array((head + "\r\n").utf8)
    }

    @Test func eitherPathGivesTheSameAnswer() async throws {
        let eTag = try CatalogSnapshot(catalog: Catalog(directory: HTTPConformanceTests.sampleCatalog), table: "Localizable", locale: "fr").eTag
        let cases: [(target: String, fields: [String])] = [
            ("/v1/catalog/fr", []),
            ("/v1/catalog/de-CH", []),
            ("/v1/catalog/ru?table=Localizable", []),
            ("/v1/catalog/en_US@calendar=buddhist", []),
            ("/v1/catalog/fr?table=Nope", []),
            ("/v1/catalog/not-a-locale-at-all", []),
            ("/v1/catalog/" + String(repeating: "ab-", count: 400) + "cd", []),
            ("/v1/catalog/fr", ["If-None-Match: \(eTag)"]),
            ("/v1/catalog/fr", ["If-None-Match: \"other\", W/\(eTag)"]),
            ("/v1/catalog/fr", ["If-None-Match: *"]),
            ("/v1/catalog/fr", ["If-None-Match: \"other\""]),
            ("/v1/catalog/fr", ["If-None-Match: \"other\"", "If-None-Match: \(eTag)"]),
        ]
        try await LiveServer.with(OperationPathTests.configuration()) { server in
            for item in cases {
                let direct = try HTTPAnswer(
                    parsing: try await OperationPathTests.exchange(server.port, Self.request(item.target, fields: item.fields, routed: false)))
                let routed = try HTTPAnswer(
                    parsing: try await OperationPathTests.exchange(server.port, Self.request(item.target, fields: item.fields, routed: true)))
                let what = "\(item.target.prefix(60)) \(item.fields)"
                #expect(direct.status == routed.status, "\(what)")
                #expect(direct.body == routed.body, "\(what)")
                for name in ["etag", "cache-control", "content-type", "content-language", "content-length", "vary", "server", "transfer-encoding"] {
                    #expect(direct.headers[name] == routed.headers[name], "\(what): \(name)")
                }
                #expect(direct[header: "Date"] != nil && routed[header: "Date"] != nil)
            }
            // A spot check of the answers themselves (both paths gave these).
            let french = try HTTPAnswer(parsing: try await OperationPathTests.exchange(server.port, Self.request("/v1/catalog/fr", routed: false)))
            #expect(french.status == 200 && french[header: "ETag"] == eTag)
            #expect(french.body.hasPrefix(#"{"locale":"fr","table":"Localizable","strings":{"#))
            #expect(french.body.contains(#""place_bet":"Placer le Pari""#))
            let matched = try HTTPAnswer(
                parsing: try await OperationPathTests.exchange(server.port, Self.request("/v1/catalog/fr", fields: ["If-None-Match: \(eTag)"], routed: false)))
            #expect(matched.status == 304 && matched.body.isEmpty)
            let table = try HTTPAnswer(parsing: try await OperationPathTests.exchange(server.port, Self.request("/v1/catalog/fr?table=Nope", routed: false)))
            #expect(table.status == 404 && errorCode(table.body) == "missing-key")
        }
    }

    /// Catalog reads and operations written in one go on one connection: the answers come
    /// back in the order of the requests, and both paths count in their routes' series.
    @Test func pipelinedCatalogReadsKeepTheirOrder() async throws {
        try await LiveServer.with(OperationPathTests.configuration()) { server in
            let plural = OperationPathTests.request("plural", Array(#"{"locale":"ru","number":"2"}"#.utf8), chunked: false, close: false)
            let bytes =
                Self.request("/v1/catalog/fr", routed: false, close: false) + plural
                + Self.request("/v1/catalog/ru", routed: true, close: false) + Self.request("/v1/catalog/fr?table=Nope", routed: false, close: false)
                + Self.request("/v1/catalog/en", routed: false, close: true)
            let answers = try OperationPathTests.responses(try await OperationPathTests.exchange(server.port, bytes))
            #expect(answers.map(\.status) == [200, 200, 200, 404, 200])
            #expect(answers.count == 5 && answers[0].body.contains(#""locale":"fr""#) && answers[1].body == #"{"result":"few"}"#)
            #expect(answers.count == 5 && answers[2].body.contains(#""locale":"ru""#) && answers[4].body.contains(#""locale":"en""#))
            let metrics = try await server.send("GET", "/metrics")
            let line = metrics.body.split(separator: "\n").first {
                $0.hasPrefix("parlance_http_requests_total{") && $0.contains(#"method="GET""#) && $0.contains(#"status="200""#)
                    && $0.contains("/v1/catalog/")
            }
            #expect(line.flatMap { Int($0.split(separator: " ").last ?? "") } == 3, "\(line ?? "no series")")
        }
    }

    /// The kept snapshots stay within their count and byte bounds, and a kept snapshot is the
    /// one a fresh read of the catalog makes.
    @Test func keptSnapshotsAreBoundedAndRight() throws {
        let catalog = try Catalog(directory: HTTPConformanceTests.sampleCatalog)
        let snapshots = CatalogSnapshots(catalog: catalog, capacity: 3)
        let locales: [LocaleID] = ["fr", "de", "ru", "en", "fr-CA", "ja", "fr"]
        for locale in locales {
            let kept = try snapshots.snapshot(table: "Localizable", locale: locale)
            let fresh = try CatalogSnapshot(catalog: catalog, table: "Localizable", locale: locale)
            #expect(kept.body == fresh.body && kept.eTag == fresh.eTag && kept.contentLanguage == fresh.contentLanguage, "\(locale)")
            #expect(snapshots.count <= 3)
        }
        #expect(snapshots.count == 3)
        // A budget smaller than one body keeps nothing and still answers.
        let tight = CatalogSnapshots(catalog: catalog, capacity: 100, byteBudget: 100)
        #expect(try tight.snapshot(table: "Localizable", locale: "fr").body.readableBytes > 100)
        #expect(tight.count == 0)
        // Two bodies fit the budget, three do not: the oldest goes.
        let size = try CatalogSnapshot(catalog: catalog, table: "Localizable", locale: "ja").body.readableBytes
        let budgeted = CatalogSnapshots(catalog: catalog, capacity: 100, byteBudget: size * 2 + size / 2)
        for locale: LocaleID in ["ja", "ko", "zh"] { _ = try budgeted.snapshot(table: "Localizable", locale: locale) }
        #expect(budgeted.count == 2)
        #expect(throws: ParlanceError.self) { try budgeted.snapshot(table: "Nope", locale: "fr") }
        #expect(budgeted.count == 2)
    }

    @Test func onlyUndecodedCatalogPathsAreTaken() {
        #expect(OperationChannelHandler.catalogRequest(inPath: "/v1/catalog/fr")! == ("fr", "Localizable"))
        #expect(
            OperationChannelHandler.catalogRequest(inPath: "/v1/catalog/en_US@calendar=buddhist;nu=thai?table=Main.v2")! == (
                "en_US@calendar=buddhist;nu=thai", "Main.v2"
            ))
        for path in [
            "/v1/catalog/", "/v1/catalog/fr/", "/v1/catalog/f%72", "/v1/catalog/fr?table=", "/v1/catalog/fr?table=a%20b",
            "/v1/catalog/fr?table=a&x=1", "/v1/catalog/fr?x=1", "/v1/catalog/fr?table=a+b", "/v1/catalogue/fr", "/v1/catalog/fr#x",
        ] {
            #expect(OperationChannelHandler.catalogRequest(inPath: path) == nil, "\(path)")
        }
    }
}
#endif
