#if Server
import Foundation
import Logging
import Parlance
import ParlanceProposals
import ParlanceProposalsClient
import ParlanceProposalsPostgres
import ParlanceProposalsServer
import ParlanceServer
import ServiceLifecycle
import Testing

/// `parlance serve`'s application with the proposals routes on 127.0.0.1 (a free port), over a
/// store, run by a service group as the command runs it.
struct ProposalsTestServer {
    let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    static func start(store: any ProposalStore, token: String? = nil) async throws -> ProposalsTestServer {
        var logger = Logger(label: "parlance.proposals.test")
        logger.logLevel = .warning
        var configuration = ParlanceServerConfiguration()
        configuration.port = 0
        configuration.writeToken = token
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try ParlanceServer.makeApplication(configuration, extensions: [ProposalsServerExtension(store: store)], logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: app)], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next(), "the server did not start")
        return ProposalsTestServer(port: port, group: group, task: task)
    }

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }

    var url: String { "http://127.0.0.1:\(port)" }
}

/// The Swift client is a `ProposalStore`: the same behaviour suite runs through it, over HTTP,
/// against a live server backed by SQLite (and PostgreSQL when configured).
@Suite struct ProposalsClientTests {
    static var backends: [String] { ["sqlite"] + (TestDatabase.url == nil ? [] : ["postgres"]) }
    static var cases: [(String, String)] { backends.flatMap { backend in ProposalStoreBehaviour.all.map { (backend, $0.0) } } }

    static func withClient(_ backend: String, token: String? = nil, _ body: (ProposalsClient, any ProposalStore) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = backend == "postgres" ? try TestDatabase.freshLocation() : "sqlite:" + directory.appendingPathComponent("p.sqlite").path
        let opened = try await ProposalDatabase(location).open(timeout: .seconds(120), callTimeout: .seconds(120))
        let server = try await ProposalsTestServer.start(store: opened.store, token: token)
        do {
            try await body(ProposalsClient(baseURL: server.url + "/", token: token, timeout: .seconds(120)), opened.store)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
        if let postgres = opened.store as? PostgresProposalStore { try await postgres.dropSchema() }
        await opened.close()
    }

    @Test(arguments: cases)
    func behaviourThroughHTTP(_ backend: String, _ name: String) async throws {
        let check = try #require(ProposalStoreBehaviour.all.first { $0.0 == name }).1
        try await Self.withClient(backend) { client, store in
            try await check(client)
            // What the client saw is what the store holds (the API shows no authors).
            #expect(try await client.proposals(matching: ProposalQuery()) == (try await store.proposals(matching: ProposalQuery())).map(\.withoutAuthor))
        }
    }

    @Test func theServersListingAndTheToken() async throws {
        try await Self.withClient("sqlite", token: "t0ken") { client, store in
            let mine = try await client.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "mine", guid: "me")).proposal
            _ = try await client.propose(ProposalDraft(section: "S", key: "k", locale: "de", value: "theirs", guid: "them"))
            let rows = try await client.listing(for: "me", matching: ProposalQuery(key: "k"))
            #expect(rows.count == 2)
            #expect(rows.first { $0.proposal.id == mine.id }?.canDelete == true)
            #expect(rows.first { $0.proposal.value == "theirs" }?.canDelete == false)
            #expect(try await client.proposal(id: UUID()) == nil)

            let anonymous = ProposalsClient(baseURL: client.baseURL, timeout: .seconds(120))
            await ProposalStoreBehaviour.expectError(ParlanceError.Code(rawValue: "unauthorized")) {
                _ = try await anonymous.propose(ProposalDraft(section: "S", key: "k2", locale: "de", value: "v", guid: "me"))
            }
            #expect(try await store.proposals(matching: ProposalQuery(key: "k2")).isEmpty)
            // Reads need no token.
            #expect(try await anonymous.proposals(matching: ProposalQuery()).count == 2)
        }
    }

    @Test func anUnreachableServiceIsAStoreError() async throws {
        // Port 1 is privileged and unused here: nothing listens there.
        let client = ProposalsClient(baseURL: "http://127.0.0.1:1", timeout: .seconds(5))
        await ProposalStoreBehaviour.expectError(.proposalStoreFailed) { _ = try await client.proposals(matching: ProposalQuery()) }
    }
}
#endif
