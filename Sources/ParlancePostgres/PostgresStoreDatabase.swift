#if Postgres
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
    /// The longest one store call (``run(_:)``) may take before it fails as unavailable.
    package let callTimeout: Duration
    /// Since when the server is known to be unreachable: set by the first failed call of an
    /// outage (which logs its detail once), cleared by a call that started after it and
    /// succeeded (a call that was answered just before the outage does not end it).
    private let outage = Locked<ContinuousClock.Instant?>(nil)

    private init(
        settings: PostgresSettings, migrations: Migrations, name: String, failureCode: ParlanceError.Code, callTimeout: Duration, logger: Logger,
        maximumConnections: Int
    ) {
        self.settings = settings
        self.migrations = migrations
        self.name = name
        self.failureCode = failureCode
        self.callTimeout = callTimeout
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
    /// - Parameters:
    ///   - callTimeout: the deadline of every later store call (``run(_:)``).
    ///   - afterMigration: runs inside the migration transaction, under its advisory lock,
    ///     after the steps, with the version the schema had before them (the store's own
    ///     data migrations and per-database setup).
    /// - Throws: `failureCode` when the server cannot be reached within `timeout`, refuses the
    ///   login, or holds a newer schema version than `migrations` knows.
    package static func connect(
        _ settings: PostgresSettings, migrations: Migrations, name: String, failureCode: ParlanceError.Code, timeout: Duration,
        callTimeout: Duration = .seconds(5), maximumConnections: Int, logger: Logger,
        afterMigration: @escaping @Sendable (PostgresConnection, Int) async throws -> Void = { _, _ in }
    ) async throws -> PostgresStoreDatabase {
        let database = PostgresStoreDatabase(
            settings: settings, migrations: migrations, name: name, failureCode: failureCode, callTimeout: callTimeout, logger: logger,
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
                    try await database.migrate(afterMigration)
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
            throw database.connectError(error)
        }
        return database
    }

    /// Closes the pool's connections, waiting at most ``callTimeout`` for them (a server that
    /// stopped answering must not hold a shutdown).
    package func close() async {
        runner.cancel()
        let runner = runner
        _ = try? await withDeadline(callTimeout, onTimeout: { CancellationError() }, { await runner.value })
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

    private func migrate(_ afterMigration: @Sendable (PostgresConnection, Int) async throws -> Void) async throws {
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
            try await afterMigration(connection, version)
        }
    }

    private static func version(_ rows: PostgresRowSequence) async throws -> Int {
        var version = 0
        for try await current in rows.decode(Int.self) { version = current }
        return version
    }

    /// The schema version recorded in the database.
    package func storedSchemaVersion() async throws -> Int {
        try await run { [self] in try await Self.version(client.query("SELECT coalesce(max(version), 0) FROM \(unescaped: versionTable)", logger: logger)) }
    }

    /// Drops the store's schema with everything in it (tests clean up their throw-away schemas).
    package func dropSchema() async throws {
        guard settings.schema != "public" else { throw ParlanceError(.invalidArgument, "refusing to drop the public schema") }
        _ = try await run { [self] in try await client.query("DROP SCHEMA \(unescaped: "\"\(settings.schema)\"") CASCADE", logger: logger) }
    }

    /// Runs statements as written, `{t}` standing for the main table (tests write older
    /// schemas' rows by hand).
    package func executeForTesting(_ statements: [String]) async throws {
        for statement in statements {
            let sql = statement.replacingOccurrences(of: "{t}", with: table)
            _ = try await run { [self] in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
        }
    }

    /// Records a schema version as a newer Parlance would (tests of the refusal).
    package func recordSchemaVersionForTesting(_ version: Int) async throws {
        _ = try await run { [self] in try await client.query("INSERT INTO \(unescaped: versionTable) (version) VALUES (\(version))", logger: logger) }
    }

    /// Runs `body` in a transaction; the closure's own error comes out unwrapped.
    package func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// Runs one store call with the deadline ``callTimeout``. Errors come out as:
    /// - a ``ParlanceError`` thrown by `body` (a rule of the store), unchanged;
    /// - ``ParlanceError/Code/storeUnavailable`` when the server cannot be reached, closes the
    ///   connection, or does not answer before the deadline: a message without host, user,
    ///   port, database or library type; the detail is logged at `error` once per outage;
    /// - `failureCode` for any other failure, with the server's SQLSTATE and message.
    package func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let start = ContinuousClock.now
        let result: Result
        do {
            result = try await withDeadline(callTimeout, onTimeout: { DeadlinePassed() }, body)
        } catch {
            throw storeError(error)
        }
        recovered(callStartedAt: start)
        return result
    }

    /// Checks that the server answers a trivial query within ``callTimeout``.
    ///
    /// - Throws: as ``run(_:)``.
    package func ping() async throws {
        try await run { [client, logger] in _ = try await client.query("SELECT 1", logger: logger).collect() }
    }

    /// Whether the last call failed because the server was unreachable.
    package var isInOutage: Bool { outage.withLock { $0 != nil } }

    private struct DeadlinePassed: Error {}

    /// Whether `error` means the server is unreachable (rather than a statement it refused).
    private static func isUnavailability(_ error: any Error) -> Bool {
        if error is DeadlinePassed { return true }
        guard let error = error as? PSQLError else {
            // The pool's own errors (circuit breaker, shutdown) and socket errors.
            return true
        }
        switch error.code {
        case .server:
            // Connection exceptions (08…), the server shutting down or starting (57P01…03),
            // too many connections (53300).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        case .messageDecodingFailure, .unexpectedBackendMessage, .invalidCommandTag, .tooManyParameters:
            return false
        default:
            return true
        }
    }

    /// A ParlanceError and a cancellation as they are; anything else mapped as ``run(_:)`` says.
    package func storeError(_ error: any Error) -> any Error {
        if error is ParlanceError || error is CancellationError { return error }
        if Self.isUnavailability(error) {
            let first = outage.withLock { since in
                defer { since = since ?? ContinuousClock.now }
                return since == nil
            }
            let detail = "\(name) \(settings): \(Self.detail(error))"
            if first {
                logger.error("\(name) unavailable", metadata: ["detail": .string(detail)])
            } else {
                logger.debug("\(name) still unavailable", metadata: ["detail": .string(detail)])
            }
            return ParlanceError(.storeUnavailable, "the \(name) is unavailable; try again later")
        }
        logger.error("\(name) failed", metadata: ["detail": .string("\(name) \(settings): \(Self.detail(error))")])
        if let error = error as? PSQLError, let info = error.serverInfo {
            return ParlanceError(failureCode, "\(name): \(info[.sqlState].map { "SQLSTATE \($0): " } ?? "")\(info[.message] ?? "")")
        }
        return ParlanceError(failureCode, "\(name): the database failed to run a statement")
    }

    /// The error at connect time (a command or a service starting), with where it connected:
    /// the operator sees it, no client does.
    func connectError(_ error: any Error) -> any Error {
        if error is ParlanceError || error is CancellationError { return error }
        return ParlanceError(failureCode, "\(name) \(settings): \(Self.detail(error))")
    }

    private func recovered(callStartedAt start: ContinuousClock.Instant) {
        let ended = outage.withLock { since in
            guard let began = since, start > began else { return false }
            since = nil
            return true
        }
        if ended { logger.notice("\(name) reachable again") }
    }

    /// What went wrong, for the log: the server's SQLSTATE and message, else the error's own
    /// description.
    private static func detail(_ error: any Error) -> String {
        if error is DeadlinePassed { return "no answer within the store call deadline" }
        if let error = error as? PSQLError {
            let server = error.serverInfo.map { info in
                " (\(info[.sqlState].map { "SQLSTATE \($0): " } ?? "")\(info[.message] ?? ""))"
            }
            let underlying = error.underlying.map { ": \(String(reflecting: $0))" } ?? ""
            return "\(error.code)\(server ?? underlying)"
        }
        return String(reflecting: error)
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
#endif
