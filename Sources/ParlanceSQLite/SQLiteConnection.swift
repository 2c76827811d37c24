#if Translation
import Foundation
import VaporCSQLite

/// An SQLite error with its (extended) result code.
package struct SQLiteError: Error, Sendable {
    package var code: Int32
    package var message: String

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The file is not a database or is damaged.
    package var isCorruption: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }
    /// A UNIQUE or other constraint refused the change.
    package var isConstraint: Bool { code & 0xFF == SQLITE_CONSTRAINT }
}

/// A value bound to a statement parameter, or read from a column.
package enum SQLiteValue: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case real(Double)
    case null

    /// A text, or NULL for nil.
    package static func text(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
    /// A real, or NULL for nil.
    package static func real(_ number: Double?) -> SQLiteValue { number.map { .real($0) } ?? .null }

    package var text: String? { if case .text(let text) = self { text } else { nil } }
    package var integer: Int64? { if case .integer(let number) = self { number } else { nil } }
}

/// The current row of a statement being stepped: valid only inside the closure it is given to
/// (the statement moves on, or is reset, afterwards).
package struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// The column as text (UTF-8), nil for NULL.
    package func text(_ column: Int32) -> String? {
        guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL,
            let bytes = sqlite_nio_sqlite3_column_text(statement, column)
        else { return nil }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as a double, nil for NULL.
    package func real(_ column: Int32) -> Double? {
        guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        return sqlite_nio_sqlite3_column_double(statement, column)
    }

    /// The column as its stored type.
    package func value(_ column: Int32) -> SQLiteValue {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(sqlite_nio_sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: .real(sqlite_nio_sqlite3_column_double(statement, column))
        default: text(column).map { .text($0) } ?? .null
        }
    }

    /// How many columns the row has.
    package var columnCount: Int32 { sqlite_nio_sqlite3_column_count(statement) }
}

/// One connection to the SQLite that vapor/sqlite-nio bundles, called synchronously, with a
/// cache of prepared statements: what the proposals store and the translation cache store share.
/// Not thread-safe: its owner serializes calls (both stores keep it behind a lock).
package final class SQLiteConnection {
    /// `sqlite3_initialize` once per process, before any open: SQLite's own lazy initialization
    /// inside concurrent `open` calls reads its configuration unsynchronized (a data race the
    /// thread sanitizer reports); a Swift static is initialized exactly once, thread-safely.
    private static let initialized: Int32 = sqlite_nio_sqlite3_initialize()

    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the file, with extended result codes and a busy timeout.
    package init(path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        _ = Self.initialized
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let error = failure(status)
            close()
            throw error
        }
        sqlite_nio_sqlite3_extended_result_codes(handle, 1)
        sqlite_nio_sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit { close() }

    private func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements = [:]
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    private func failure(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open the database")
    }

    /// Switches the file to write-ahead logging with the given `synchronous` level (`NORMAL`
    /// survives a process crash, `FULL` a power loss too).
    package func useWriteAheadLog(synchronous: String) throws(SQLiteError) {
        let mode = try rows("PRAGMA journal_mode = WAL").first?.first?.text
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "the file refused write-ahead logging (journal mode \(mode ?? "none"))")
        }
        try execute("PRAGMA synchronous = \(synchronous)")
    }

    /// Runs one or more statements without parameters.
    package func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite_nio_sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(status) }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (the write lock is taken up front, so two
    /// processes never both read and then write); rolls back when it throws.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// A cached prepared statement, reset and bound.
    private func prepared(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteError) -> OpaquePointer {
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
            case .text(let text): status = Self.bind(text, statement, index)
            case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw failure(status) }
        }
        return statement
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ text: String, _ statement: OpaquePointer, _ index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite_nio_sqlite3_bind_text(statement, index, "", 0, transient) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                sqlite_nio_sqlite3_bind_text(statement, index, chars, Int32(bytes.count), transient)
            }
        }
    }

    /// Steps `statement`: true for a row, false when done.
    private func step(_ statement: OpaquePointer) throws(SQLiteError) -> Bool {
        let status = sqlite_nio_sqlite3_step(statement)
        if status == SQLITE_DONE { return false }
        guard status == SQLITE_ROW else { throw failure(status) }
        return true
    }

    /// Runs a query, handing each row to `body` (no intermediate arrays: the hot read path).
    package func forEachRow(_ sql: String, _ values: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
        let statement = try prepared(sql, values)
        defer { sqlite_nio_sqlite3_reset(statement) }
        while try step(statement) { try body(SQLiteRow(statement: statement)) }
    }

    /// Runs a query and returns its rows, every column as its stored type.
    package func rows(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepared(sql, values)
        defer { sqlite_nio_sqlite3_reset(statement) }
        var result: [[SQLiteValue]] = []
        while try step(statement) {
            let row = SQLiteRow(statement: statement)
            result.append((0..<row.columnCount).map { row.value($0) })
        }
        return result
    }

    /// Runs a statement that changes rows; returns how many it changed.
    @discardableResult
    package func change(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteError) -> Int {
        let statement = try prepared(sql, values)
        defer { sqlite_nio_sqlite3_reset(statement) }
        let status = sqlite_nio_sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw failure(status) }
        return Int(sqlite_nio_sqlite3_changes(handle))
    }
}
#endif
