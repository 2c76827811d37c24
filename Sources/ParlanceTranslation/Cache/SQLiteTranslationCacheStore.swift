#if Translation
public import Foundation
public import Logging
import Parlance
import ParlanceSQLite
import VaporCSQLite

/// The embedded persistent level of the translation cache: one SQLite file (the SQLite that
/// vapor/sqlite-nio bundles, called synchronously).
///
/// ```swift
/// let store = try SQLiteTranslationCacheStore(path: "/var/cache/myapp/translations.sqlite")
/// let localizer = LiveLocalizer(provider: provider, cacheStore: store)
/// ```
///
/// - **Crash-safe**: write-ahead logging (`journal_mode=WAL`, `synchronous=NORMAL`) and one
///   transaction per ``write(_:)``: a process killed at any moment leaves the previous
///   transactions whole and the interrupted one absent. (`NORMAL` survives a process crash; a
///   power loss may drop the last transactions, never corrupt the file.)
/// - **Corruption**: when the file is not a database or fails `PRAGMA quick_check`, it (and its
///   `-wal`/`-shm` files) is renamed to `<path>.corrupt-<timestamp>-<pid>`, an error is logged,
///   and a fresh store starts; ``recoveredCorruptFile`` tells where the old file went.
/// - **Several processes** may share the file: SQLite's file locks serialize writers and a busy
///   timeout (5 s by default) makes a writer wait instead of failing.
///
/// One connection per instance, behind a lock; prepared statements are reused. Calls block the
/// calling thread for the duration of one SQLite statement (microseconds for a read; a write
/// appends to the WAL without `fsync`).
public final class SQLiteTranslationCacheStore: TranslationCacheStore, Sendable {
    /// The database file.
    public let path: String
    /// Where a corrupt file found at ``path`` was moved when this store opened, if it was.
    public let recoveredCorruptFile: String?
    private let connection: Locked<Connection>
    private let logger: Logger

    /// Opens (creating if needed) the store at `path`.
    ///
    /// - Parameters:
    ///   - path: the database file; its directory must exist.
    ///   - busyTimeout: how long a statement waits for another connection's lock.
    ///   - verifyIntegrity: runs `PRAGMA quick_check` at open (reads the whole file once).
    ///   - logger: receives the corruption report and store errors.
    /// - Throws: `ParlanceError/Code/cacheStoreFailed` when the file cannot be opened or
    ///   created (a missing directory, no permission, a lock held beyond the busy timeout).
    public init(
        path: String, busyTimeout: Duration = .seconds(5), verifyIntegrity: Bool = true,
        logger: Logger = Logger(label: "parlance.translation.sqlite")
    ) throws {
        self.path = path
        self.logger = logger
        let milliseconds = Int32(clamping: Int(busyTimeout.timeInterval * 1000))
        do {
            connection = Locked(try Connection(path: path, busyTimeoutMilliseconds: milliseconds, verifyIntegrity: verifyIntegrity))
            recoveredCorruptFile = nil
        } catch let failure as SQLiteError where failure.isCorruption {
            let aside = try Self.moveAside(path)
            logger.error(
                "translation cache file is corrupt; moved aside and starting a fresh store",
                metadata: ["path": "\(path)", "movedTo": "\(aside)", "error": "\(failure.message)"])
            do {
                connection = Locked(try Connection(path: path, busyTimeoutMilliseconds: milliseconds, verifyIntegrity: false))
            } catch let failure as SQLiteError {
                throw failure.parlanceError(path)
            }
            recoveredCorruptFile = aside
        } catch let failure as SQLiteError {
            throw failure.parlanceError(path)
        }
    }

    private static func moveAside(_ path: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = "\(path).corrupt-\(stamp)-\(getpid())"
        let manager = FileManager.default
        do {
            try manager.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
                try manager.moveItem(atPath: path + suffix, toPath: aside + suffix)
            }
        } catch {
            throw ParlanceError(.cacheStoreFailed, "the corrupt translation cache \(path) could not be moved aside: \(error)")
        }
        return aside
    }

    // MARK: Synchronous API (the protocol's async methods call these)

    /// The entry for a key, expired or not; nil when absent.
    ///
    /// - Throws: `ParlanceError/Code/cacheStoreFailed`.
    public func cachedEntry(for key: TranslationCacheKey) throws -> TranslationCacheEntry? {
        try run { connection in try connection.entry(for: key) }
    }

    /// Writes entries in one transaction (insert or replace).
    ///
    /// - Throws: `ParlanceError/Code/cacheStoreFailed`; nothing is written then.
    public func writeSynchronously(_ entries: [TranslationCacheEntry]) throws {
        guard !entries.isEmpty else { return }
        try run { connection in try connection.write(entries) }
    }

    /// How many entries the file holds.
    public func entryCount() throws -> Int {
        try run { connection in try connection.count() }
    }

    /// Runs `PRAGMA integrity_check`; returns its findings (`["ok"]` for a sound file).
    public func integrityCheck() throws -> [String] {
        try run { connection in try connection.integrityCheck() }
    }

    private func run<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        do {
            return try connection.withLock { connection in try body(connection) }
        } catch let failure as SQLiteError {
            let error = failure.parlanceError(path)
            logger.warning("translation cache store failed", metadata: ["path": "\(path)", "error": "\(failure.message)"])
            throw error
        }
    }

    // MARK: TranslationCacheStore

    public func entry(for key: TranslationCacheKey) async throws -> TranslationCacheEntry? {
        try cachedEntry(for: key)
    }

    public func write(_ entries: [TranslationCacheEntry]) async throws {
        try writeSynchronously(entries)
    }

    public func warmUpEntries(namespace: String?, providerID: String?, now: Date, limit: Int) async throws -> [TranslationCacheEntry] {
        try run { connection in try connection.recentEntries(namespace: namespace, providerID: providerID, now: now, limit: limit) }
    }

    @discardableResult
    public func removeEntries(in scope: TranslationCacheScope) async throws -> Int {
        try run { connection in
            switch scope {
            case .all: return try connection.change("DELETE FROM translations", [])
            case .namespace(let namespace): return try connection.change("DELETE FROM translations WHERE namespace = ?1", [.text(namespace)])
            case .providerID(let id): return try connection.change("DELETE FROM translations WHERE provider = ?1", [.text(id)])
            }
        }
    }

    @discardableResult
    public func removeExpiredEntries(at date: Date) async throws -> Int {
        try run { connection in
            try connection.change(
                "DELETE FROM translations WHERE expires_at IS NOT NULL AND expires_at <= ?1",
                [.real(date.timeIntervalSince1970)])
        }
    }
}

// MARK: - The table

extension SQLiteError {
    func parlanceError(_ path: String) -> ParlanceError {
        ParlanceError(.cacheStoreFailed, "translation cache \(path): \(message) (SQLite code \(code))")
    }
}

/// The cache's table on one ``SQLiteConnection``. Not thread-safe: the store's lock guards it.
final class Connection {
    private let sqlite: SQLiteConnection

    static let schema = """
        CREATE TABLE IF NOT EXISTS translations (
            namespace TEXT NOT NULL,
            provider TEXT NOT NULL,
            target_language TEXT NOT NULL,
            source_language TEXT NOT NULL,
            context TEXT NOT NULL,
            source_text TEXT NOT NULL,
            translated_text TEXT NOT NULL,
            detected_language TEXT,
            created_at REAL NOT NULL,
            expires_at REAL,
            PRIMARY KEY (namespace, provider, target_language, source_language, context, source_text)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS translations_by_provider ON translations (provider);
        CREATE INDEX IF NOT EXISTS translations_by_created ON translations (created_at);
        """

    init(path: String, busyTimeoutMilliseconds: Int32, verifyIntegrity: Bool) throws {
        sqlite = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try sqlite.useWriteAheadLog(synchronous: "NORMAL")
        if verifyIntegrity {
            let findings = try sqlite.rows("PRAGMA quick_check").compactMap { $0.first?.text }
            if findings != ["ok"] {
                throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check: " + String(findings.joined(separator: "; ").prefix(300)))
            }
        }
        try sqlite.transaction { try sqlite.execute(Self.schema) }
    }

    @discardableResult
    func change(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
        try sqlite.change(sql, values)
    }

    private static let keyColumns = "namespace = ?1 AND provider = ?2 AND target_language = ?3 AND source_language = ?4 AND context = ?5 AND source_text = ?6"

    private func keyValues(_ key: TranslationCacheKey) -> [SQLiteValue] {
        [.text(key.namespace), .text(key.providerID), .text(key.targetLanguage), .text(key.sourceLanguage), .text(key.context), .text(key.sourceText)]
    }

    func entry(for key: TranslationCacheKey) throws -> TranslationCacheEntry? {
        var found: TranslationCacheEntry?
        try sqlite.forEachRow(
            "SELECT translated_text, detected_language, created_at, expires_at FROM translations WHERE \(Self.keyColumns)", keyValues(key)
        ) { row in
            found = TranslationCacheEntry(
                key: key, text: row.text(0) ?? "", detectedSourceLanguage: row.text(1),
                createdAt: Date(timeIntervalSince1970: row.real(2) ?? 0), expiresAt: row.real(3).map(Date.init(timeIntervalSince1970:)))
        }
        return found
    }

    func write(_ entries: [TranslationCacheEntry]) throws {
        try sqlite.transaction {
            for entry in entries {
                try sqlite.change(
                    """
                    INSERT OR REPLACE INTO translations (namespace, provider, target_language, source_language, context, source_text,
                        translated_text, detected_language, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                    """,
                    keyValues(entry.key) + [
                        .text(entry.text), .text(entry.detectedSourceLanguage), .real(entry.createdAt.timeIntervalSince1970),
                        .real(entry.expiresAt?.timeIntervalSince1970),
                    ])
            }
        }
    }

    func recentEntries(namespace: String?, providerID: String?, now: Date, limit: Int) throws -> [TranslationCacheEntry] {
        var entries: [TranslationCacheEntry] = []
        try sqlite.forEachRow(
            """
            SELECT namespace, provider, target_language, source_language, context, source_text,
                   translated_text, detected_language, created_at, expires_at
            FROM translations
            WHERE (?1 IS NULL OR namespace = ?1) AND (?2 IS NULL OR provider = ?2) AND (expires_at IS NULL OR expires_at > ?3)
            ORDER BY created_at DESC LIMIT ?4
            """, [.text(namespace), .text(providerID), .real(now.timeIntervalSince1970), .integer(Int64(max(0, limit)))]
        ) { row in
            let key = TranslationCacheKey(
                sourceText: row.text(5) ?? "", sourceLanguage: row.text(3) ?? "", targetLanguage: row.text(2) ?? "",
                context: row.text(4) ?? "", namespace: row.text(0) ?? "", providerID: row.text(1) ?? "")
            entries.append(
                TranslationCacheEntry(
                    key: key, text: row.text(6) ?? "", detectedSourceLanguage: row.text(7),
                    createdAt: Date(timeIntervalSince1970: row.real(8) ?? 0), expiresAt: row.real(9).map(Date.init(timeIntervalSince1970:))))
        }
        return entries
    }

    func count() throws -> Int {
        Int(try sqlite.rows("SELECT count(*) FROM translations").first?.first?.integer ?? 0)
    }

    func integrityCheck() throws -> [String] {
        try sqlite.rows("PRAGMA integrity_check").compactMap { $0.first?.text }
    }
}
#endif
