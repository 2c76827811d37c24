public import Foundation
public import Logging
import Parlance
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
    /// - Throws: ``ParlanceError/Code/cacheStoreFailed`` when the file cannot be opened or
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
        } catch let failure as SQLiteFailure where failure.isCorruption {
            let aside = try Self.moveAside(path)
            logger.error(
                "translation cache file is corrupt; moved aside and starting a fresh store",
                metadata: ["path": "\(path)", "movedTo": "\(aside)", "error": "\(failure.message)"])
            do {
                connection = Locked(try Connection(path: path, busyTimeoutMilliseconds: milliseconds, verifyIntegrity: false))
            } catch let failure as SQLiteFailure {
                throw failure.parlanceError(path)
            }
            recoveredCorruptFile = aside
        } catch let failure as SQLiteFailure {
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
    /// - Throws: ``ParlanceError/Code/cacheStoreFailed``.
    public func cachedEntry(for key: TranslationCacheKey) throws -> TranslationCacheEntry? {
        try run { connection in try connection.entry(for: key) }
    }

    /// Writes entries in one transaction (insert or replace).
    ///
    /// - Throws: ``ParlanceError/Code/cacheStoreFailed``; nothing is written then.
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
        } catch let failure as SQLiteFailure {
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

// MARK: - The connection

/// An SQLite error with its result code.
struct SQLiteFailure: Error {
    var code: Int32
    var message: String

    /// The file is not a database or is damaged.
    var isCorruption: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }

    func parlanceError(_ path: String) -> ParlanceError {
        ParlanceError(.cacheStoreFailed, "translation cache \(path): \(message) (SQLite code \(code))")
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case text(String)
    case optionalText(String?)
    case real(Double)
    case optionalReal(Double?)
    case integer(Int64)
}

/// One SQLite connection and its prepared statements. Not thread-safe: the store's lock guards it.
final class Connection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

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

    /// `sqlite3_initialize` once per process before any open (SQLite's lazy initialization
    /// inside concurrent opens is an unsynchronized read of its configuration).
    private static let initialized: Int32 = sqlite_nio_sqlite3_initialize()

    init(path: String, busyTimeoutMilliseconds: Int32, verifyIntegrity: Bool) throws {
        _ = Self.initialized
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open"
            close()
            throw SQLiteFailure(code: status, message: message)
        }
        do {
            sqlite_nio_sqlite3_extended_result_codes(handle, 1)
            sqlite_nio_sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
            let mode = try rows("PRAGMA journal_mode = WAL", []).first?.first ?? nil
            guard mode?.lowercased() == "wal" else {
                throw SQLiteFailure(code: SQLITE_ERROR, message: "the file refused write-ahead logging (journal mode \(mode ?? "none"))")
            }
            try execute("PRAGMA synchronous = NORMAL")
            if verifyIntegrity {
                let findings = try rows("PRAGMA quick_check", []).compactMap { $0.first ?? nil }
                if findings != ["ok"] {
                    throw SQLiteFailure(code: SQLITE_CORRUPT, message: "quick_check: " + String(findings.joined(separator: "; ").prefix(300)))
                }
            }
            try execute("BEGIN IMMEDIATE")
            do {
                try execute(Self.schema)
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements = [:]
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "no connection")
    }

    func execute(_ sql: String) throws {
        let status = sqlite_nio_sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(status) }
    }

    /// A cached prepared statement, reset and bound.
    private func prepared(_ sql: String, _ values: [SQLiteValue]) throws -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var fresh: OpaquePointer?
            let status = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &fresh, nil)
            guard status == SQLITE_OK, let fresh else { throw failure(status) }
            statements[sql] = fresh
            statement = fresh
        }
        sqlite_nio_sqlite3_reset(statement)
        sqlite_nio_sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .text(let text): status = bind(text, statement, index)
            case .optionalText(let text?): status = bind(text, statement, index)
            case .optionalText(nil), .optionalReal(nil): status = sqlite_nio_sqlite3_bind_null(statement, index)
            case .real(let number), .optionalReal(let number?): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, number)
            }
            guard status == SQLITE_OK else { throw failure(status) }
        }
        return statement
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func bind(_ text: String, _ statement: OpaquePointer, _ index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite_nio_sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                sqlite_nio_sqlite3_bind_text(statement, index, chars, Int32(bytes.count), Self.transient)
            }
        }
    }

    private func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL,
            let bytes = sqlite_nio_sqlite3_column_text(statement, column)
        else { return nil }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func real(_ statement: OpaquePointer, _ column: Int32) -> Double? {
        guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        return sqlite_nio_sqlite3_column_double(statement, column)
    }

    /// Runs a query; every column as text.
    func rows(_ sql: String, _ values: [SQLiteValue]) throws -> [[String?]] {
        let statement = try prepared(sql, values)
        defer { sqlite_nio_sqlite3_reset(statement) }
        var result: [[String?]] = []
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return result }
            guard status == SQLITE_ROW else { throw failure(status) }
            let columns = sqlite_nio_sqlite3_column_count(statement)
            result.append((0..<columns).map { text(statement, $0) })
        }
    }

    /// Runs a statement that changes rows; returns how many.
    @discardableResult
    func change(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
        let statement = try prepared(sql, values)
        defer { sqlite_nio_sqlite3_reset(statement) }
        let status = sqlite_nio_sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw failure(status) }
        return Int(sqlite_nio_sqlite3_changes(handle))
    }

    private static let keyColumns = "namespace = ?1 AND provider = ?2 AND target_language = ?3 AND source_language = ?4 AND context = ?5 AND source_text = ?6"

    private func keyValues(_ key: TranslationCacheKey) -> [SQLiteValue] {
        [.text(key.namespace), .text(key.providerID), .text(key.targetLanguage), .text(key.sourceLanguage), .text(key.context), .text(key.sourceText)]
    }

    func entry(for key: TranslationCacheKey) throws -> TranslationCacheEntry? {
        let statement = try prepared(
            "SELECT translated_text, detected_language, created_at, expires_at FROM translations WHERE \(Self.keyColumns)", keyValues(key))
        defer { sqlite_nio_sqlite3_reset(statement) }
        let status = sqlite_nio_sqlite3_step(statement)
        if status == SQLITE_DONE { return nil }
        guard status == SQLITE_ROW else { throw failure(status) }
        return TranslationCacheEntry(
            key: key, text: text(statement, 0) ?? "", detectedSourceLanguage: text(statement, 1),
            createdAt: Date(timeIntervalSince1970: real(statement, 2) ?? 0),
            expiresAt: real(statement, 3).map(Date.init(timeIntervalSince1970:)))
    }

    func write(_ entries: [TranslationCacheEntry]) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            for entry in entries {
                try change(
                    """
                    INSERT OR REPLACE INTO translations (namespace, provider, target_language, source_language, context, source_text,
                        translated_text, detected_language, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                    """,
                    keyValues(entry.key) + [
                        .text(entry.text), .optionalText(entry.detectedSourceLanguage),
                        .real(entry.createdAt.timeIntervalSince1970),
                        .optionalReal(entry.expiresAt?.timeIntervalSince1970),
                    ])
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func recentEntries(namespace: String?, providerID: String?, now: Date, limit: Int) throws -> [TranslationCacheEntry] {
        let statement = try prepared(
            """
            SELECT namespace, provider, target_language, source_language, context, source_text,
                   translated_text, detected_language, created_at, expires_at
            FROM translations
            WHERE (?1 IS NULL OR namespace = ?1) AND (?2 IS NULL OR provider = ?2) AND (expires_at IS NULL OR expires_at > ?3)
            ORDER BY created_at DESC LIMIT ?4
            """, [.optionalText(namespace), .optionalText(providerID), .real(now.timeIntervalSince1970), .integer(Int64(max(0, limit)))])
        defer { sqlite_nio_sqlite3_reset(statement) }
        var entries: [TranslationCacheEntry] = []
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return entries }
            guard status == SQLITE_ROW else { throw failure(status) }
            let key = TranslationCacheKey(
                sourceText: text(statement, 5) ?? "", sourceLanguage: text(statement, 3) ?? "", targetLanguage: text(statement, 2) ?? "",
                context: text(statement, 4) ?? "", namespace: text(statement, 0) ?? "", providerID: text(statement, 1) ?? "")
            entries.append(
                TranslationCacheEntry(
                    key: key, text: text(statement, 6) ?? "", detectedSourceLanguage: text(statement, 7),
                    createdAt: Date(timeIntervalSince1970: real(statement, 8) ?? 0),
                    expiresAt: real(statement, 9).map(Date.init(timeIntervalSince1970:))))
        }
    }

    func count() throws -> Int {
        let value = try rows("SELECT count(*) FROM translations", []).first?.first ?? nil
        return value.flatMap { Int($0) } ?? 0
    }

    func integrityCheck() throws -> [String] {
        try rows("PRAGMA integrity_check", []).compactMap { $0.first ?? nil }
    }
}
