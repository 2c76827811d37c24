public import Foundation
public import Logging
import Parlance
@_exported public import ParlancePostgres
public import ParlanceProposals
import PostgresNIO

/// The proposal store for fleets: several service instances share one PostgreSQL database
/// (vapor/postgres-nio, a pool of connections).
///
/// ```swift
/// let store = try await PostgresProposalStore.connect(PostgresSettings(url: "postgres://parlance:secret@127.0.0.1:5432/parlance"))
/// defer { Task { await store.close() } }
/// let outcome = try await store.propose(
///     try ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Einstellungen", guid: "device-1"))
/// ```
///
/// - **Schema**: versioned migrations recorded in `parlance_schema_version`; they run under a
///   transaction-scoped advisory lock, so instances starting together migrate once. A database
///   migrated by a newer Parlance (a higher version) is refused.
/// - **Rules**: a partial unique index allows one open proposal per section, key, locale and
///   guid. ``propose(_:)`` runs in one transaction: `SELECT … FOR UPDATE` of the guid's open
///   proposal, then `UPDATE`, or `INSERT … ON CONFLICT DO NOTHING`; an insert that loses a race
///   to another instance reads the winner's row and decides again, so no update is lost.
/// - **Indexes** for the listing queries (by text, by guid, by state).
public final class PostgresProposalStore: ProposalStore, PostgresBackedStore {
    /// Where it is connected (the password is never printed).
    public var settings: PostgresSettings { database.settings }
    package let database: PostgresStoreDatabase

    /// The schema, one entry per version (index 0 is version 1), each a list of statements;
    /// `{t}` stands for the proposals table. Never edit a shipped entry: append a new one.
    static let migrations = PostgresStoreDatabase.Migrations(
        table: "parlance_proposals", versionTable: "parlance_schema_version",
        steps: [
            [
                """
                CREATE TABLE {t} (
                    id uuid PRIMARY KEY,
                    section text NOT NULL,
                    key text NOT NULL,
                    locale text NOT NULL,
                    value text NOT NULL,
                    guid text NOT NULL,
                    created_at_ms bigint NOT NULL,
                    state text NOT NULL CHECK (state IN ('open', 'accepted', 'rejected'))
                )
                """,
                "CREATE UNIQUE INDEX {t}_one_open ON {t} (section, key, locale, guid) WHERE state = 'open'",
                "CREATE INDEX {t}_by_text ON {t} (section, key, locale, created_at_ms)",
                "CREATE INDEX {t}_by_guid ON {t} (guid, created_at_ms)",
                "CREATE INDEX {t}_by_state ON {t} (state, created_at_ms)",
                "CREATE INDEX {t}_by_key ON {t} (key, locale, created_at_ms)",
            ]
        ])

    /// The schema version this code writes.
    public static var schemaVersion: Int { migrations.steps.count }

    /// `parlance.proposals.postgres` at level `warning`: the pool's retries of a failed
    /// connection are `info` messages, and the failure itself reaches the caller as an error.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "parlance.proposals.postgres")
        logger.logLevel = .warning
        return logger
    }

    private init(database: PostgresStoreDatabase) {
        self.database = database
    }

    /// Connects, creates the schema when missing and migrates it (under a transaction-scoped
    /// advisory lock of the schema, so instances starting together migrate once).
    ///
    /// - Parameters:
    ///   - settings: where to connect (``PostgresSettings/init(url:)`` parses `PARLANCE_DATABASE_URL`).
    ///   - timeout: how long connecting and migrating may take.
    ///   - maximumConnections: the size of the connection pool.
    ///   - logger: the pool's background log.
    /// - Throws: ``ParlanceError/Code/proposalStoreFailed`` when the server cannot be reached,
    ///   refuses the login, or holds a newer schema.
    public static func connect(
        _ settings: PostgresSettings, timeout: Duration = .seconds(30), maximumConnections: Int = 10,
        logger: Logger = PostgresProposalStore.defaultLogger
    ) async throws -> PostgresProposalStore {
        PostgresProposalStore(
            database: try await PostgresStoreDatabase.connect(
                settings, migrations: migrations, name: "proposal store", failureCode: .proposalStoreFailed, timeout: timeout,
                maximumConnections: maximumConnections, logger: logger))
    }

    /// Closes the pool's connections. The store must not be used afterwards.
    public func close() async {
        await database.close()
    }

    /// The schema version recorded in the database.
    public func storedSchemaVersion() async throws -> Int {
        try await database.storedSchemaVersion()
    }

    // MARK: Plumbing

    private func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await database.transaction(body)
    }

    private func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await database.run(body)
    }

    private static let columns = "id, section, key, locale, value, guid, created_at_ms, state"
    private typealias Row = (UUID, String, String, String, String, String, Int64, String)

    private func proposals(_ rows: PostgresRowSequence) async throws -> [Proposal] {
        var result: [Proposal] = []
        for try await row in rows.decode(Row.self) {
            guard let state = ProposalState(rawValue: row.7) else {
                throw ParlanceError(.proposalStoreFailed, "proposal store \(settings): proposal \(row.0) has the unknown state \(row.7)")
            }
            result.append(
                Proposal(
                    id: row.0, identifier: TranslationIdentifier(section: row.1, key: row.2), locale: try LocaleID(row.3), value: row.4,
                    guid: row.5, createdAt: Date(timeIntervalSince1970: Double(row.6) / 1000), state: state))
        }
        return result
    }

    // MARK: ProposalStore

    public func propose(_ draft: ProposalDraft) async throws -> ProposalOutcome {
        let now = ProposalClock.now()
        let (section, key, locale, guid, value) = (draft.identifier.section, draft.identifier.key, draft.locale.languageTag, draft.guid, draft.value)
        return try await run {
            try await transaction { connection in
                // A lost insert race (another instance committed the open proposal between our
                // SELECT and INSERT) is decided again against the winner's row; bounded.
                for _ in 0..<5 {
                    let open = try await proposals(
                        connection.query(
                            """
                            SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                            WHERE section = \(section) AND key = \(key) AND locale = \(locale) AND guid = \(guid) AND state = 'open'
                            FOR UPDATE
                            """, logger: logger)
                    ).first
                    if let open {
                        guard open.value != value else { throw ProposalRules.duplicate(open) }
                        try await connection.query(
                            "UPDATE \(unescaped: table) SET value = \(value), created_at_ms = \(now.milliseconds) WHERE id = \(open.id)", logger: logger)
                        return ProposalOutcome.replaced(ProposalRules.replacing(open, with: value, at: now.date))
                    }
                    let created = ProposalRules.new(draft, at: now.date)
                    let inserted = try await proposals(
                        connection.query(
                            """
                            INSERT INTO \(unescaped: table) (\(unescaped: Self.columns))
                            VALUES (\(created.id), \(section), \(key), \(locale), \(value), \(guid), \(now.milliseconds), 'open')
                            ON CONFLICT (section, key, locale, guid) WHERE state = 'open' DO NOTHING
                            RETURNING \(unescaped: Self.columns)
                            """, logger: logger))
                    if !inserted.isEmpty { return ProposalOutcome.created(created) }
                }
                throw ParlanceError(.proposalStoreFailed, "proposal store \(settings): the open proposal for \(draft.identifier) kept changing; try again")
            }
        }
    }

    public func proposals(matching query: ProposalQuery) async throws -> [Proposal] {
        var conditions: [String] = []
        var bindings = PostgresBindings()
        func add(_ column: String, _ value: String?) {
            guard let value else { return }
            bindings.append(value)
            conditions.append("\(column) = $\(bindings.count)")
        }
        add("section", query.section)
        add("key", query.key)
        add("locale", query.locale?.languageTag)
        add("guid", query.guid)
        if let states = query.states {
            let names = ProposalState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }
            conditions.append(names.isEmpty ? "false" : "state IN (\(names.joined(separator: ", ")))")
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let sql = "SELECT \(Self.columns) FROM \(table)\(filter) ORDER BY created_at_ms, id"
        return try await run { try await proposals(client.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)) }
    }

    public func proposal(id: UUID) async throws -> Proposal? {
        try await run {
            try await proposals(client.query("SELECT \(unescaped: Self.columns) FROM \(unescaped: table) WHERE id = \(id)", logger: logger)).first
        }
    }

    public func delete(id: UUID, guid: String) async throws {
        try await run {
            try await transaction { connection in
                var author: String?
                for try await found in try await connection.query("SELECT guid FROM \(unescaped: table) WHERE id = \(id) FOR UPDATE", logger: logger)
                    .decode(String.self)
                {
                    author = found
                }
                try ProposalRules.checkDelete(id: id, author: author, guid: guid)
                try await connection.query("DELETE FROM \(unescaped: table) WHERE id = \(id)", logger: logger)
            }
        }
    }

    public func review(id: UUID, state: ProposalState) async throws -> Proposal {
        try ProposalRules.checkReviewState(state)
        return try await run {
            try await transaction { connection in
                let current = try await proposals(
                    connection.query("SELECT \(unescaped: Self.columns) FROM \(unescaped: table) WHERE id = \(id) FOR UPDATE", logger: logger)
                ).first
                let reviewed = try ProposalRules.reviewing(current, id: id, to: state)
                try await connection.query("UPDATE \(unescaped: table) SET state = \(state.rawValue) WHERE id = \(id)", logger: logger)
                return reviewed
            }
        }
    }
}
