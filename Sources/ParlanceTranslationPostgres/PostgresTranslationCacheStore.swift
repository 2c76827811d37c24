#if Postgres
public import Foundation
public import Logging
import NIOCore
import Parlance
@_exported public import ParlancePostgres
public import ParlanceTranslation
import PostgresNIO

/// The persistent level of the translation cache for a fleet: every server instance reads and
/// writes one PostgreSQL database (vapor/postgres-nio, a pool of connections), so a text
/// translated by one instance is a cache hit on all of them.
///
/// ```swift
/// let store = try await PostgresTranslationCacheStore.connect(
///     PostgresSettings(url: ProcessInfo.processInfo.environment["PARLANCE_DATABASE_URL"] ?? ""))
/// let localizer = LiveLocalizer(provider: LibreTranslateProvider(endpoint: "http://127.0.0.1:5000"), cacheStore: store)
/// ```
///
/// It shares the PostgreSQL plumbing of `PostgresProposalStore` (`PostgresSettings`, the
/// pool, versioned migrations under an advisory lock per schema and store), and can live in
/// the same database and schema: its tables are `parlance_translation_cache` and
/// `parlance_translation_cache_version`.
///
/// - **Keys**: the six parts of `TranslationCacheKey`; a unique index over the short parts
///   and the MD5 digest of the source text (so texts of any length are indexed), and every
///   read compares the full source text too, so two texts with one digest never answer for
///   each other. Texts and contexts are stored as UTF-8 `bytea`, so any Swift string —
///   including one holding U+0000, which a PostgreSQL `text` cannot — round-trips exactly.
/// - **Writes**: ``write(_:)`` is one transaction (all entries or none); a key written twice,
///   by any instance, keeps the last write (`INSERT … ON CONFLICT DO UPDATE`).
/// - **Times**: seconds since 1970 as `double precision`, so dates round-trip exactly.
/// - Every call has a deadline (`callTimeout`): a server that is down, closes the connection
///   or does not answer in time makes it throw `ParlanceError/Code/storeUnavailable` (the
///   detail is logged once per outage); any other failure is
///   `ParlanceError/Code/cacheStoreFailed` with the server's message. The `LiveLocalizer`
///   logs either and still answers from the provider.
public final class PostgresTranslationCacheStore: TranslationCacheStore, PostgresBackedStore {
    /// Where it is connected (the password is never printed).
    public var settings: PostgresSettings { database.settings }
    package let database: PostgresStoreDatabase

    /// The schema history; `{t}` is the cache table. Never edit a shipped entry: append one.
    static let migrations = PostgresStoreDatabase.Migrations(
        table: "parlance_translation_cache", versionTable: "parlance_translation_cache_version",
        steps: [
            [
                """
                CREATE TABLE {t} (
                    namespace text NOT NULL,
                    provider_id text NOT NULL,
                    target_language text NOT NULL,
                    source_language text NOT NULL,
                    context bytea NOT NULL,
                    source_text bytea NOT NULL,
                    translated_text bytea NOT NULL,
                    detected_language text,
                    created_at double precision NOT NULL,
                    expires_at double precision
                )
                """,
                """
                CREATE UNIQUE INDEX {t}_key ON {t}
                    (namespace, provider_id, target_language, source_language, context, md5(source_text))
                """,
                "CREATE INDEX {t}_by_provider ON {t} (provider_id)",
                "CREATE INDEX {t}_by_created ON {t} (created_at)",
                "CREATE INDEX {t}_by_expiry ON {t} (expires_at) WHERE expires_at IS NOT NULL",
            ]
        ])

    /// The schema version this code writes.
    public static var schemaVersion: Int { migrations.steps.count }

    /// `parlance.translation.postgres` at level `warning`: the pool's retries of a failed
    /// connection are `info` messages, and the failure itself reaches the caller as an error.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "parlance.translation.postgres")
        logger.logLevel = .warning
        return logger
    }

    private init(database: PostgresStoreDatabase) {
        self.database = database
    }

    /// Connects, creates the schema when missing and migrates it (instances starting together
    /// migrate once).
    ///
    /// - Parameters:
    ///   - settings: where to connect (`PostgresSettings/init(url:)` parses a URL such as
    ///     `postgres://parlance:secret@db:5432/parlance?schema=cache`).
    ///   - timeout: how long connecting and migrating may take.
    ///   - callTimeout: the deadline of every later call.
    ///   - maximumConnections: the size of the connection pool.
    ///   - logger: the pool's background log.
    /// - Throws: `ParlanceError/Code/cacheStoreFailed` when the server cannot be reached,
    ///   refuses the login, or holds a newer schema.
    public static func connect(
        _ settings: PostgresSettings, timeout: Duration = .seconds(30), callTimeout: Duration = .seconds(5), maximumConnections: Int = 10,
        logger: Logger = PostgresTranslationCacheStore.defaultLogger
    ) async throws -> PostgresTranslationCacheStore {
        PostgresTranslationCacheStore(
            database: try await PostgresStoreDatabase.connect(
                settings, migrations: migrations, name: "translation cache", failureCode: .cacheStoreFailed, timeout: timeout,
                callTimeout: callTimeout, maximumConnections: maximumConnections, logger: logger))
    }

    /// Closes the pool's connections. The store must not be used afterwards.
    public func close() async {
        await database.close()
    }

    /// The schema version recorded in the database.
    public func storedSchemaVersion() async throws -> Int {
        try await database.storedSchemaVersion()
    }

    /// How many entries the table holds.
    public func entryCount() async throws -> Int {
        try await database.run { [self] in
            var count = 0
            for try await value in try await client.query("SELECT count(*) FROM \(unescaped: table)", logger: logger).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    // MARK: TranslationCacheStore

    private typealias Row = (String, String, String, String, ByteBuffer, ByteBuffer, ByteBuffer, String?, Double, Double?)
    private static let columns =
        "namespace, provider_id, target_language, source_language, context, source_text, translated_text, detected_language, created_at, expires_at"

    private func entries(_ rows: PostgresRowSequence) async throws -> [TranslationCacheEntry] {
        var result: [TranslationCacheEntry] = []
        for try await row in rows.decode(Row.self) {
            let key = TranslationCacheKey(
                sourceText: String(buffer: row.5), sourceLanguage: row.3, targetLanguage: row.2,
                context: String(buffer: row.4), namespace: row.0, providerID: row.1)
            result.append(
                TranslationCacheEntry(
                    key: key, text: String(buffer: row.6), detectedSourceLanguage: row.7,
                    createdAt: Date(timeIntervalSince1970: row.8), expiresAt: row.9.map(Date.init(timeIntervalSince1970:))))
        }
        return result
    }

    public func entry(for key: TranslationCacheKey) async throws -> TranslationCacheEntry? {
        let (context, source) = (ByteBuffer(string: key.context), ByteBuffer(string: key.sourceText))
        return try await database.run { [self] in
            try await entries(
                client.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                    WHERE namespace = \(key.namespace) AND provider_id = \(key.providerID) AND target_language = \(key.targetLanguage)
                      AND source_language = \(key.sourceLanguage) AND context = \(context)
                      AND md5(source_text) = md5(\(source)::bytea) AND source_text = \(source)
                    """, logger: logger)
            ).first
        }
    }

    public func write(_ entries: [TranslationCacheEntry]) async throws {
        guard !entries.isEmpty else { return }
        try await database.run { [self] in
            try await database.transaction { connection in
                for entry in entries {
                    let key = entry.key
                    let (context, source, text) = (ByteBuffer(string: key.context), ByteBuffer(string: key.sourceText), ByteBuffer(string: entry.text))
                    let (created, expires) = (entry.createdAt.timeIntervalSince1970, entry.expiresAt?.timeIntervalSince1970)
                    try await connection.query(
                        """
                        INSERT INTO \(unescaped: table) (\(unescaped: Self.columns))
                        VALUES (\(key.namespace), \(key.providerID), \(key.targetLanguage), \(key.sourceLanguage), \(context), \(source),
                                \(text), \(entry.detectedSourceLanguage), \(created), \(expires))
                        ON CONFLICT (namespace, provider_id, target_language, source_language, context, md5(source_text)) DO UPDATE SET
                            source_text = EXCLUDED.source_text, translated_text = EXCLUDED.translated_text,
                            detected_language = EXCLUDED.detected_language, created_at = EXCLUDED.created_at,
                            expires_at = EXCLUDED.expires_at
                        """, logger: logger)
                }
            }
        }
    }

    public func warmUpEntries(namespace: String?, providerID: String?, now: Date, limit: Int) async throws -> [TranslationCacheEntry] {
        let (seconds, limit) = (now.timeIntervalSince1970, max(0, limit))
        return try await database.run { [self] in
            try await entries(
                client.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM \(unescaped: table)
                    WHERE (\(namespace)::text IS NULL OR namespace = \(namespace)) AND (\(providerID)::text IS NULL OR provider_id = \(providerID))
                      AND (expires_at IS NULL OR expires_at > \(seconds))
                    ORDER BY created_at DESC LIMIT \(limit)
                    """, logger: logger))
        }
    }

    @discardableResult
    public func removeEntries(in scope: TranslationCacheScope) async throws -> Int {
        let query: PostgresQuery =
            switch scope {
            case .all: "WITH gone AS (DELETE FROM \(unescaped: table) RETURNING 1) SELECT count(*) FROM gone"
            case .namespace(let namespace):
                "WITH gone AS (DELETE FROM \(unescaped: table) WHERE namespace = \(namespace) RETURNING 1) SELECT count(*) FROM gone"
            case .providerID(let id):
                "WITH gone AS (DELETE FROM \(unescaped: table) WHERE provider_id = \(id) RETURNING 1) SELECT count(*) FROM gone"
            }
        return try await count(query)
    }

    @discardableResult
    public func removeExpiredEntries(at date: Date) async throws -> Int {
        let seconds = date.timeIntervalSince1970
        return try await count(
            "WITH gone AS (DELETE FROM \(unescaped: table) WHERE expires_at IS NOT NULL AND expires_at <= \(seconds) RETURNING 1) SELECT count(*) FROM gone"
        )
    }

    private func count(_ query: PostgresQuery) async throws -> Int {
        try await database.run { [self] in
            var count = 0
            for try await value in try await client.query(query, logger: logger).decode(Int.self) { count = value }
            return count
        }
    }
}
#endif
