import Foundation
package import Logging
package import Parlance
package import PostgresNIO

/// The PostgreSQL plumbing every Parlance store on PostgreSQL shares (proposals, the
/// translation cache): a postgres-nio connection pool, connecting with a probe and a timeout,
/// versioned migrations under a per-schema advisory lock, transactions, and errors turned into
/// one ``ParlanceError`` code with the server's message.
///
/// A store owns one `PostgresStoreDatabase` and writes only its queries.
package final class PostgresStoreDatabase: Sendable {
    /// One store's schema history.
    package struct Migrations: Sendable {
        /// The store's main table, unqualified (`parlance_proposals`); `{t}` in a statement
        /// stands for it, qualified by the schema, and `{t}_` for the prefix of its index names
        /// (PostgreSQL does not qualify index names).
        package var table: String
        /// The table that records applied versions, unqualified.
        package var versionTable: String
        /// One entry per version (index 0 is version 1), each a list of statements. Never edit a
        /// shipped entry: append a new one.
        package var steps: [[String]]

        package init(table: String, versionTable: String, steps: [[String]]) {
            self.table = table
            self.versionTable = versionTable
            self.steps = steps
        }
    }

    /// Where it is connected (the password is never printed).
    package let settings: PostgresSettings
    /// The pool.
    package let client: PostgresClient
    package let logger: Logger
    /// The main table, schema-qualified and quoted.
    package let table: String
    /// The version table, schema-qualified and quoted.
    package let versionTable: String
    private let migrations: Migrations
    private let runner: Task<Void, Never>
    /// The code of every error thrown (`proposal-store-failed`, `cache-store-failed`).
    private let failureCode: ParlanceError.Code
    /// What messages call the store ("proposal store", "translation cache").
    private let name: String

    private init(settings: PostgresSettings, migrations: Migrations, name: String, failureCode: ParlanceError.Code, logger: Logger, maximumConnections: Int) {
        self.settings = settings
        self.migrations = migrations
        self.name = name
        self.failureCode = failureCode
        self.logger = logger
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database, tls: .disable)
        configuration.options.maximumConnections = maximumConnections
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
        table = "\"\(settings.schema)\".\(migrations.table)"
        versionTable = "\"\(settings.schema)\".\(migrations.versionTable)"
    }

    /// Connects, creates the schema when missing and migrates it.
    ///
    /// - Throws: `failureCode` when the server cannot be reached within `timeout`, refuses the
    ///   login, or holds a newer schema version than `migrations` knows.
    package static func connect(
        _ settings: PostgresSettings, migrations: Migrations, name: String, failureCode: ParlanceError.Code, timeout: Duration,
        maximumConnections: Int, logger: Logger
    ) async throws -> PostgresStoreDatabase {
        let database = PostgresStoreDatabase(
            settings: settings, migrations: migrations, name: name, failureCode: failureCode, logger: logger,
            maximumConnections: maximumConnections)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // One direct connection first: a refused connection or a failed login is
                    // reported at once, with its reason, rather than the pool retrying until
                    // the timeout.
                    let probe = try await PostgresConnection.connect(
                        configuration: PostgresConnection.Configuration(
                            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
                            database: settings.database, tls: .disable),
                        id: 0, logger: logger)
                    try await probe.close()
                    try await database.migrate()
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw ParlanceError(failureCode, "\(name) \(settings): no answer within \(timeout)")
                }
                try await group.next()
                group.cancelAll()
            }
        } catch {
            await database.close()
            throw database.storeError(error)
        }
        return database
    }

    /// Closes the pool's connections.
    package func close() async {
        runner.cancel()
        await runner.value
    }

    deinit { runner.cancel() }

    /// The advisory lock key that serializes migrations of one store in one schema: "parlance"
    /// in ASCII mixed with the FNV-1a hash of the schema and version table names, so instances
    /// migrating the same store wait for each other and other stores or schemas never do.
    package static func migrationLock(schema: String, versionTable: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in schema.utf8 + [0] + versionTable.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: 0x7061_726C_616E_6365 ^ hash)
    }

    private func migrate() async throws {
        try await transaction { connection in
            let lock = Self.migrationLock(schema: settings.schema, versionTable: migrations.versionTable)
            try await connection.query("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
            try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: "\"\(settings.schema)\"")", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS \(unescaped: versionTable) (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger)
            let version = try await Self.version(connection.query("SELECT coalesce(max(version), 0) FROM \(unescaped: versionTable)", logger: logger))
            guard version <= migrations.steps.count else {
                throw ParlanceError(
                    failureCode, "\(name) \(settings): the schema is version \(version); this Parlance knows versions up to \(migrations.steps.count)")
            }
            for step in migrations.steps.indices where step >= version {
                for statement in migrations.steps[step] {
                    let sql = statement.replacingOccurrences(of: "{t}_", with: "\(migrations.table)_").replacingOccurrences(of: "{t}", with: table)
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
                try await connection.query("INSERT INTO \(unescaped: versionTable) (version) VALUES (\(step + 1))", logger: logger)
            }
        }
    }

    private static func version(_ rows: PostgresRowSequence) async throws -> Int {
        var version = 0
        for try await current in rows.decode(Int.self) { version = current }
        return version
    }

    /// The schema version recorded in the database.
    package func storedSchemaVersion() async throws -> Int {
        try await run { try await Self.version(client.query("SELECT coalesce(max(version), 0) FROM \(unescaped: versionTable)", logger: logger)) }
    }

    /// Drops the store's schema with everything in it (tests clean up their throw-away schemas).
    package func dropSchema() async throws {
        guard settings.schema != "public" else { throw ParlanceError(.invalidArgument, "refusing to drop the public schema") }
        _ = try await run { try await client.query("DROP SCHEMA \(unescaped: "\"\(settings.schema)\"") CASCADE", logger: logger) }
    }

    /// Records a schema version as a newer Parlance would (tests of the refusal).
    package func recordSchemaVersionForTesting(_ version: Int) async throws {
        _ = try await run { try await client.query("INSERT INTO \(unescaped: versionTable) (version) VALUES (\(version))", logger: logger) }
    }

    /// Runs `body` in a transaction; the closure's own error comes out unwrapped.
    package func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// Runs `body`, turning any error but a ``ParlanceError`` or a cancellation into the
    /// store's failure code with the server's message.
    package func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch {
            throw storeError(error)
        }
    }

    /// A ParlanceError as is; anything else as `failureCode` with the server's message.
    package func storeError(_ error: any Error) -> any Error {
        if error is ParlanceError { return error }
        if let error = error as? PSQLError {
            let server = error.serverInfo.map { info in
                " (\(info[.sqlState].map { "SQLSTATE \($0): " } ?? "")\(info[.message] ?? ""))"
            }
            let underlying = error.underlying.map { ": \($0)" } ?? ""
            return ParlanceError(failureCode, "\(name) \(settings): \(error.code)\(server ?? underlying)")
        }
        if error is CancellationError { return error }
        return ParlanceError(failureCode, "\(name) \(settings): \(error)")
    }
}

/// A store kept on a ``PostgresStoreDatabase``: its pool, log and table, and the schema helpers
/// tests use, written once for every such store.
package protocol PostgresBackedStore {
    var database: PostgresStoreDatabase { get }
}

extension PostgresBackedStore {
    package var client: PostgresClient { database.client }
    package var logger: Logger { database.logger }
    /// The store's main table, schema-qualified and quoted.
    package var table: String { database.table }

    /// Drops the store's schema with everything in it (tests clean up their throw-away schemas).
    package func dropSchema() async throws {
        try await database.dropSchema()
    }

    /// Records a schema version as a newer Parlance would (tests of the refusal).
    package func recordSchemaVersionForTesting(_ version: Int) async throws {
        try await database.recordSchemaVersionForTesting(version)
    }
}
