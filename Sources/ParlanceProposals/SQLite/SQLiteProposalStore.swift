#if Translation
public import Foundation
import Parlance
import ParlanceSQLite
import VaporCSQLite

/// The embedded proposal store: one SQLite file (the SQLite that vapor/sqlite-nio bundles),
/// created on first use. The default store: no server to set up.
///
/// ```swift
/// let store = try SQLiteProposalStore(path: "/var/lib/myapp/proposals.sqlite")
/// let outcome = try await store.propose(
///     try ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Einstellungen", guid: "device-1"))
/// ```
///
/// - **Schema**: versioned migrations recorded in `PRAGMA user_version`, each applied in its
///   own transaction; a file from a newer Parlance (a higher version) is refused.
/// - **Rules**: a partial unique index allows one open proposal per section, key, locale and
///   guid; ``propose(_:)`` reads and writes inside one `BEGIN IMMEDIATE` transaction, so several
///   processes sharing the file serialize on SQLite's write lock and never lose an update.
/// - **Crash safety**: write-ahead logging (`journal_mode=WAL`, `synchronous=FULL`): a process
///   killed mid-write leaves every committed proposal and none of the interrupted transaction.
///
/// - **Authors**: a guid is stored as its HMAC-SHA256 under the store's ``ProposalGuidKey``
///   (given, or generated and kept in the file); version 3 of the schema hashed the plain guids
///   earlier versions kept.
///
/// One connection per instance behind a lock; each call blocks its thread for one transaction.
/// A call that waits longer than the busy timeout for another process's write lock throws
/// `ParlanceError/Code/storeUnavailable`.
public final class SQLiteProposalStore: ProposalStore {
    /// The database file.
    public let path: String
    private let connection: Locked<SQLiteConnection>
    private let guidKey: ProposalGuidKey

    /// The schema, one entry per version (index 0 is version 1). Never edit a shipped entry:
    /// append a new one.
    package static let migrations: [String] = [
        """
        CREATE TABLE proposals (
            id TEXT PRIMARY KEY NOT NULL,
            section TEXT NOT NULL,
            key TEXT NOT NULL,
            locale TEXT NOT NULL,
            value TEXT NOT NULL,
            guid TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('open', 'accepted', 'rejected'))
        );
        CREATE UNIQUE INDEX proposals_one_open ON proposals (section, key, locale, guid) WHERE state = 'open';
        CREATE INDEX proposals_by_text ON proposals (section, key, locale, created_at);
        CREATE INDEX proposals_by_guid ON proposals (guid, created_at);
        CREATE INDEX proposals_by_state ON proposals (state, created_at);
        """,
        // Version 2: listings filtered by key (and locale) without a section, as the HTTP API's
        // `GET …?key=…` and review tools ask.
        """
        CREATE INDEX IF NOT EXISTS proposals_by_key ON proposals (key, locale, created_at);
        """,
        // Version 3: authors are kept as keyed hashes of their guids (the rows are hashed by
        // `hashPlainGuids` in the same transaction); the key, or only its fingerprint when the
        // key is kept elsewhere, in `proposals_guid_key`.
        """
        ALTER TABLE proposals RENAME COLUMN guid TO author;
        CREATE TABLE proposals_guid_key (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            secret TEXT,
            fingerprint TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS proposals_listing ON proposals (created_at, id);
        """,
    ]

    /// The schema version this code writes.
    public static var schemaVersion: Int { migrations.count }

    /// Opens (creating and migrating if needed) the store at `path`.
    ///
    /// - Parameters:
    ///   - path: the database file; its directory must exist.
    ///   - busyTimeout: how long a statement waits for another process's write lock.
    ///   - guidKey: the key of author hashes; nil: the key the file keeps (generated on
    ///     first use).
    /// - Throws: `ParlanceError/Code/proposalStoreFailed` when the file cannot be opened,
    ///   is not a database, has a newer schema than this code knows, or was hashed with
    ///   another key.
    public init(path: String, busyTimeout: Duration = .seconds(10), guidKey: ProposalGuidKey? = nil) throws {
        self.path = path
        let milliseconds = Int32(clamping: busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        do {
            let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: milliseconds)
            try connection.useWriteAheadLog(synchronous: "FULL")
            self.guidKey = try Self.migrate(connection, path: path, guidKey: guidKey)
            self.connection = Locked(connection)
        } catch let error as SQLiteError {
            throw Self.storeError(path, error)
        }
    }

    /// Applies the missing migrations, then settles the guid key (in the same transaction).
    private static func migrate(_ connection: SQLiteConnection, path: String, guidKey: ProposalGuidKey?) throws -> ProposalGuidKey {
        try connection.transaction {
            let version = Int(try connection.rows("PRAGMA user_version").first?.first?.integer ?? 0)
            guard version <= migrations.count else {
                throw SQLiteError(
                    code: SQLITE_ERROR, message: "the schema is version \(version); this Parlance knows versions up to \(migrations.count)")
            }
            for step in migrations.indices where step >= version {
                try connection.execute(migrations[step])
                try connection.execute("PRAGMA user_version = \(step + 1)")
            }
            let stored = try connection.rows("SELECT secret, fingerprint FROM proposals_guid_key WHERE id = 1").first
            let key: ProposalGuidKey
            if let stored {
                key = try ProposalGuidKey.resolve(
                    configured: guidKey, storedSecret: stored[0].text.flatMap(ProposalGuidKey.bytes(hex:)), storedFingerprint: stored[1].text,
                    store: "proposal store \(path)")
            } else {
                key = guidKey ?? ProposalGuidKey.generate()
                try connection.change(
                    "INSERT INTO proposals_guid_key (id, secret, fingerprint) VALUES (1, ?1, ?2)",
                    [guidKey == nil ? .text(key.hexSecret) : .null, .text(key.fingerprint)])
            }
            if version > 0 && version < 3 { try hashPlainGuids(connection, key: key) }
            return key
        }
    }

    /// Replaces the plain guids of a store older than version 3 with their keyed hashes.
    private static func hashPlainGuids(_ connection: SQLiteConnection, key: ProposalGuidKey) throws {
        var rows: [(String, String)] = []
        try connection.forEachRow("SELECT id, author FROM proposals") { row in
            if let id = row.text(0), let guid = row.text(1) { rows.append((id, guid)) }
        }
        for (id, guid) in rows {
            try connection.change("UPDATE proposals SET author = ?2 WHERE id = ?1", [.text(id), .text(key.author(of: guid).digest)])
        }
    }

    /// A failure as callers see it: waiting out the busy timeout for another process's lock is
    /// ``ParlanceError/Code/storeUnavailable``; anything else names the file and SQLite's message.
    private static func storeError(_ path: String, _ error: SQLiteError) -> ParlanceError {
        if error.code & 0xFF == SQLITE_BUSY || error.code & 0xFF == SQLITE_LOCKED {
            return ParlanceError(.storeUnavailable, "the proposal store is busy; try again later")
        }
        return ParlanceError(.proposalStoreFailed, "proposal store \(path): \(error.message) (SQLite code \(error.code))")
    }

    /// The schema version recorded in the file.
    public func storedSchemaVersion() throws -> Int {
        try run { connection in Int(try connection.rows("PRAGMA user_version").first?.first?.integer ?? 0) }
    }

    /// Runs `PRAGMA integrity_check`; `["ok"]` for a sound file.
    public func integrityCheck() throws -> [String] {
        try run { connection in try connection.rows("PRAGMA integrity_check").compactMap { $0.first?.text } }
    }

    private func run<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        do {
            return try connection.withLock { connection in try body(connection) }
        } catch let error as SQLiteError {
            throw Self.storeError(path, error)
        }
    }

    // MARK: Rows

    private static let columns = "id, section, key, locale, value, author, created_at, state"

    private func proposal(_ row: [SQLiteValue]) throws -> Proposal {
        guard row.count == 8, let id = row[0].text.flatMap(UUID.init(uuidString:)), let section = row[1].text, let key = row[2].text,
            let locale = row[3].text, let value = row[4].text, let author = row[5].text, let created = row[6].integer,
            let state = row[7].text.flatMap(ProposalState.init(rawValue:))
        else {
            throw ParlanceError(.proposalStoreFailed, "proposal store \(path): a row does not have the expected columns: \(row)")
        }
        return Proposal(
            id: id, identifier: TranslationIdentifier(section: section, key: key), locale: try LocaleID(locale), value: value,
            author: ProposalAuthor(digest: author), createdAt: Date(timeIntervalSince1970: Double(created) / 1000), state: state)
    }

    // MARK: ProposalStore

    public func propose(_ draft: ProposalDraft) async throws -> ProposalOutcome {
        let now = ProposalClock.now()
        let author = guidKey.author(of: draft.guid)
        return try run { connection in
            try connection.transaction {
                let text: [SQLiteValue] = [
                    .text(draft.identifier.section), .text(draft.identifier.key), .text(draft.locale.languageTag), .text(author.digest),
                ]
                let open = try connection.rows(
                    "SELECT \(Self.columns) FROM proposals WHERE section = ?1 AND key = ?2 AND locale = ?3 AND author = ?4 AND state = 'open'", text
                ).first
                if let open {
                    let existing = try proposal(open)
                    guard existing.value != draft.value else { throw ProposalRules.duplicate(existing) }
                    try connection.change(
                        "UPDATE proposals SET value = ?2, created_at = ?3 WHERE id = ?1",
                        [.text(existing.id.uuidString), .text(draft.value), .integer(now.milliseconds)])
                    return .replaced(ProposalRules.replacing(existing, with: draft.value, at: now.date))
                }
                let created = ProposalRules.new(draft, author: author, at: now.date)
                try connection.change(
                    "INSERT INTO proposals (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'open')",
                    [.text(created.id.uuidString)] + text.prefix(3) + [.text(draft.value), .text(author.digest), .integer(now.milliseconds)])
                return .created(created)
            }
        }
    }

    public func proposals(matching query: ProposalQuery) async throws -> [Proposal] {
        let (filter, values) = conditions(query, after: nil)
        return try run { connection in
            try connection.rows("SELECT \(Self.columns) FROM proposals\(filter) ORDER BY created_at, id", values).map(proposal)
        }
    }

    public func listing(for guid: String?, matching query: ProposalQuery, after cursor: ProposalCursor?, limit: Int) async throws -> ProposalPage {
        try ProposalRules.checkLimit(limit)
        let (filter, values) = conditions(query, after: cursor)
        let rows = try run { connection in
            try connection.rows("SELECT \(Self.columns) FROM proposals\(filter) ORDER BY created_at, id LIMIT \(limit + 1)", values).map(proposal)
        }
        return ProposalPage(reading: rows, limit: limit, author: guid.map(guidKey.author(of:)))
    }

    public func author(of guid: String) -> ProposalAuthor? { guidKey.author(of: guid) }

    /// The WHERE clause of a query (and of the rows after a cursor) and its values.
    private func conditions(_ query: ProposalQuery, after cursor: ProposalCursor?) -> (String, [SQLiteValue]) {
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        func add(_ column: String, _ value: String?) {
            guard let value else { return }
            values.append(.text(value))
            conditions.append("\(column) = ?\(values.count)")
        }
        add("section", query.section)
        add("key", query.key)
        add("locale", query.locale?.languageTag)
        add("author", query.guid.map { guidKey.author(of: $0).digest })
        if let states = query.states {
            let names = ProposalState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }
            conditions.append(names.isEmpty ? "0" : "state IN (\(names.joined(separator: ", ")))")
        }
        if let cursor {
            values.append(.integer(cursor.createdAtMilliseconds))
            values.append(.text(cursor.id.uuidString))
            let (time, id) = (values.count - 1, values.count)
            conditions.append("(created_at > ?\(time) OR (created_at = ?\(time) AND id > ?\(id)))")
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    public func proposal(id: UUID) async throws -> Proposal? {
        try run { connection in
            try connection.rows("SELECT \(Self.columns) FROM proposals WHERE id = ?1", [.text(id.uuidString)]).first.map(proposal)
        }
    }

    public func delete(id: UUID, guid: String) async throws {
        let caller = guidKey.author(of: guid)
        try run { connection in
            try connection.transaction {
                let author = try connection.rows("SELECT author FROM proposals WHERE id = ?1", [.text(id.uuidString)]).first?.first?.text
                try ProposalRules.checkDelete(id: id, author: author.map(ProposalAuthor.init(digest:)), caller: caller)
                try connection.change("DELETE FROM proposals WHERE id = ?1", [.text(id.uuidString)])
            }
        }
    }

    public func review(id: UUID, state: ProposalState) async throws -> Proposal {
        try ProposalRules.checkReviewState(state)
        return try run { connection in
            try connection.transaction {
                let current = try connection.rows("SELECT \(Self.columns) FROM proposals WHERE id = ?1", [.text(id.uuidString)]).first.map(proposal)
                let reviewed = try ProposalRules.reviewing(current, id: id, to: state)
                try connection.change("UPDATE proposals SET state = ?2 WHERE id = ?1", [.text(id.uuidString), .text(state.rawValue)])
                return reviewed
            }
        }
    }
}
#endif
