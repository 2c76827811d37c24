#if Postgres
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
/// - **Indexes** for the listing queries (by text, by author, by state, and the listing order).
/// - **Authors**: a guid is stored as its HMAC-SHA256 under the store's `ProposalGuidKey`
///   (given, or generated and kept in the schema's `parlance_proposals_guid_key`); version 2
///   of the schema hashed the plain guids version 1 kept.
/// - **Outages**: every call has a deadline (`callTimeout`); a server that is down, closes the
///   connection or does not answer in time makes the call throw
///   `ParlanceError/Code/storeUnavailable` (its detail is logged once per outage).
public final class PostgresProposalStore: ProposalStore, PostgresBackedStore {
    /// Where it is connected (the password is never printed).
    public var settings: PostgresSettings { database.settings }
    package let database: PostgresStoreDatabase
    private let guidKey: ProposalGuidKey

    /// The schema, one entry per version (index 0 is version 1), each a list of statements;
    /// `{t}` stands for the proposals table. Never edit a shipped entry: append a new one.
    package static let migrations = PostgresStoreDatabase.Migrations(
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
            ],
            // Version 2: authors as keyed hashes of their guids (the rows are hashed after the
            // steps, in the same transaction, by `settleGuidKey`).
            [
                "ALTER TABLE {t} RENAME COLUMN guid TO author",
                "CREATE INDEX {t}_listing ON {t} (created_at_ms, id)",
            ],
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

    private init(database: PostgresStoreDatabase, guidKey: ProposalGuidKey) {
        self.database = database
        self.guidKey = guidKey
    }

    /// Connects, creates the schema when missing and migrates it (under a transaction-scoped
    /// advisory lock of the schema, so instances starting together migrate once).
    ///
    /// - Parameters:
    ///   - settings: where to connect (`PostgresSettings/init(url:)` parses `PARLANCE_DATABASE_URL`).
    ///   - timeout: how long connecting and migrating may take.
    ///   - callTimeout: the deadline of every later call (`ParlanceError/Code/storeUnavailable` past it).
    ///   - maximumConnections: the size of the connection pool.
    ///   - guidKey: the key of author hashes; nil: the key the database keeps (generated on
    ///     first use).
    ///   - logger: the pool's background log, and the log of outages.
    /// - Throws: `ParlanceError/Code/proposalStoreFailed` when the server cannot be reached,
    ///   refuses the login, holds a newer schema, or was hashed with another key.
    public static func connect(
        _ settings: PostgresSettings, timeout: Duration = .seconds(30), callTimeout: Duration = .seconds(5), maximumConnections: Int = 10,
        guidKey: ProposalGuidKey? = nil, logger: Logger = PostgresProposalStore.defaultLogger
    ) async throws -> PostgresProposalStore {
        let settled = Locked<ProposalGuidKey?>(nil)
        let database = try await PostgresStoreDatabase.connect(
            settings, migrations: migrations, name: "proposal store", failureCode: .proposalStoreFailed, timeout: timeout,
            callTimeout: callTimeout, maximumConnections: maximumConnections, logger: logger
        ) { connection, version in
            let key = try await settleGuidKey(connection, settings: settings, configured: guidKey, previousVersion: version, logger: logger)
            settled.withLock { $0 = key }
        }
        guard let key = settled.withLock({ $0 }) else {
            await database.close()
            throw ParlanceError(.proposalStoreFailed, "proposal store \(settings): the guid key was not settled")
        }
        return PostgresProposalStore(database: database, guidKey: key)
    }

    /// Reads (or records) the guid key of the schema and hashes the plain guids of a version 1
    /// schema; inside the migration transaction, so instances starting together agree.
    private static func settleGuidKey(
        _ connection: PostgresConnection, settings: PostgresSettings, configured: ProposalGuidKey?, previousVersion: Int, logger: Logger
    ) async throws -> ProposalGuidKey {
        let keyTable = "\"\(settings.schema)\".parlance_proposals_guid_key"
        let table = "\"\(settings.schema)\".\(migrations.table)"
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS \(unescaped: keyTable) (id integer PRIMARY KEY CHECK (id = 1), secret text, fingerprint text NOT NULL)",
            logger: logger)
        var stored: (String?, String)?
        for try await row in try await connection.query("SELECT secret, fingerprint FROM \(unescaped: keyTable) WHERE id = 1", logger: logger)
            .decode((String?, String).self)
        {
            stored = row
        }
        let key: ProposalGuidKey
        if let stored {
            key = try ProposalGuidKey.resolve(
                configured: configured, storedSecret: stored.0.flatMap(ProposalGuidKey.bytes(hex:)), storedFingerprint: stored.1,
                store: "proposal store \(settings)")
        } else {
            key = configured ?? ProposalGuidKey.generate()
            let secret: String? = configured == nil ? key.hexSecret : nil
            try await connection.query(
                "INSERT INTO \(unescaped: keyTable) (id, secret, fingerprint) VALUES (1, \(secret), \(key.fingerprint))", logger: logger)
        }
        if previousVersion == 1 {
            var rows: [(UUID, String)] = []
            for try await row in try await connection.query("SELECT id, author FROM \(unescaped: table)", logger: logger).decode((UUID, String).self) {
                rows.append(row)
            }
            for (id, guid) in rows {
                let digest = key.author(of: guid).digest
                try await connection.query("UPDATE \(unescaped: table) SET author = \(digest) WHERE id = \(id)", logger: logger)
            }
        }
        return key
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

    private func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await database.run(body)
    }

    private static let columns = "id, section, key, locale, value, author, created_at_ms, state"
    private typealias Row = (UUID, String, String, String, String, String, Int64, String)

    private func proposals(_ rows: PostgresRowSequence) async throws -> [Proposal] {
        var result: [Proposal] = []
        for try await row in rows.decode(Row.self) {
            guard let state = ProposalState(rawValue: row.7) else {
                throw ParlanceError(.proposalStoreFailed, "proposal store: proposal \(row.0) has the unknown state \(row.7)")
            }
            result.append(
                Proposal(
                    id: row.0, identifier: TranslationIdentifier(section: row.1, key: row.2), locale: try LocaleID(row.3), value: row.4,
                    author: ProposalAuthor(digest: row.5), createdAt: Date(timeIntervalSince1970: Double(row.6) / 1000), state: state))
        }
        return result
    }

    // MARK: ProposalStore

    public func propose(_ draft: ProposalDraft) async throws -> ProposalOutcome {
        let now = ProposalClock.now()
        let author = guidKey.author(of: draft.guid)
        let (section, key, locale, guid, value) = (draft.identifier.section, draft.identifier.key, draft.locale.languageTag, author.digest, draft.value)
        return try await run { [self] in
            try await transaction { connection in
                // A lost insert race (another instance committed the open proposal between our
                // SELECT and INSERT) is decided again against the winner's row; bounded.
                for _ in 0..<5 {
                    let open = try await proposals(
                        connection.query(
                            """
                            SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                            WHERE section = \(section) AND key = \(key) AND locale = \(locale) AND author = \(guid) AND state = 'open'
                            FOR UPDATE
                            """, logger: logger)
                    ).first
                    if let open {
                        guard open.value != value else { throw ProposalRules.duplicate(open) }
                        try await connection.query(
                            "UPDATE \(unescaped: table) SET value = \(value), created_at_ms = \(now.milliseconds) WHERE id = \(open.id)", logger: logger)
                        return ProposalOutcome.replaced(ProposalRules.replacing(open, with: value, at: now.date))
                    }
                    let created = ProposalRules.new(draft, author: author, at: now.date)
                    let inserted = try await proposals(
                        connection.query(
                            """
                            INSERT INTO \(unescaped: table) (\(unescaped: Self.columns))
                            VALUES (\(created.id), \(section), \(key), \(locale), \(value), \(guid), \(now.milliseconds), 'open')
                            ON CONFLICT (section, key, locale, author) WHERE state = 'open' DO NOTHING
                            RETURNING \(unescaped: Self.columns)
                            """, logger: logger))
                    if !inserted.isEmpty { return ProposalOutcome.created(created) }
                }
                throw ParlanceError(.proposalStoreFailed, "proposal store: the open proposal for \(draft.identifier) kept changing; try again")
            }
        }
    }

    public func proposals(matching query: ProposalQuery) async throws -> [Proposal] {
        let (filter, bindings) = conditions(query, after: nil)
        let sql = "SELECT \(Self.columns) FROM \(table)\(filter) ORDER BY created_at_ms, id"
        return try await run { try await self.proposals(self.client.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: self.logger)) }
    }

    public func listing(for guid: String?, matching query: ProposalQuery, after cursor: ProposalCursor?, limit: Int) async throws -> ProposalPage {
        try ProposalRules.checkLimit(limit)
        let (filter, bindings) = conditions(query, after: cursor)
        let sql = "SELECT \(Self.columns) FROM \(table)\(filter) ORDER BY created_at_ms, id LIMIT \(limit + 1)"
        let rows = try await run { try await self.proposals(self.client.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: self.logger)) }
        return ProposalPage(reading: rows, limit: limit, author: guid.map(guidKey.author(of:)))
    }

    public func author(of guid: String) -> ProposalAuthor? { guidKey.author(of: guid) }

    public func checkAvailable() async throws {
        try await database.ping()
    }

    /// The WHERE clause of a query (and of the rows after a cursor) and its bindings.
    private func conditions(_ query: ProposalQuery, after cursor: ProposalCursor?) -> (String, PostgresBindings) {
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
        add("author", query.guid.map { guidKey.author(of: $0).digest })
        if let states = query.states {
            let names = ProposalState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }
            conditions.append(names.isEmpty ? "false" : "state IN (\(names.joined(separator: ", ")))")
        }
        if let cursor {
            bindings.append(cursor.createdAtMilliseconds)
            bindings.append(cursor.id)
            let (time, id) = (bindings.count - 1, bindings.count)
            conditions.append("(created_at_ms, id) > ($\(time), $\(id))")
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), bindings)
    }

    public func proposal(id: UUID) async throws -> Proposal? {
        try await run { [self] in
            try await proposals(client.query("SELECT \(unescaped: Self.columns) FROM \(unescaped: table) WHERE id = \(id)", logger: logger)).first
        }
    }

    public func delete(id: UUID, guid: String) async throws {
        let caller = guidKey.author(of: guid)
        try await run { [self] in
            try await self.transaction { connection in
                var author: String?
                for try await found in try await connection.query(
                    "SELECT author FROM \(unescaped: self.table) WHERE id = \(id) FOR UPDATE", logger: self.logger
                ).decode(String.self) {
                    author = found
                }
                try ProposalRules.checkDelete(id: id, author: author.map(ProposalAuthor.init(digest:)), caller: caller)
                try await connection.query("DELETE FROM \(unescaped: table) WHERE id = \(id)", logger: logger)
            }
        }
    }

    public func review(id: UUID, state: ProposalState) async throws -> Proposal {
        try ProposalRules.checkReviewState(state)
        return try await run { [self] in
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
#endif
