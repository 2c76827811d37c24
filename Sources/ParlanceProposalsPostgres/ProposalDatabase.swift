#if Postgres
import Foundation
public import Logging
import Parlance
public import ParlanceProposals

/// Which proposal store a service or tool uses, from one string (`--database`,
/// `PARLANCE_DATABASE_URL`):
///
/// - `sqlite:PATH` (or a plain path) — `SQLiteProposalStore`, one file, the default;
/// - `postgres://user:password@host:port/database[?schema=NAME]` — ``PostgresProposalStore``.
///
/// ```swift
/// let database = try ProposalDatabase(ProcessInfo.processInfo.environment["PARLANCE_DATABASE_URL"] ?? ProposalDatabase.defaultLocation)
/// let opened = try await database.open()
/// defer { Task { await opened.close() } }
/// ```
public enum ProposalDatabase: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresSettings)

    /// The default: `sqlite:.parlance/proposals.sqlite` (relative to the working directory).
    public static let defaultLocation = "sqlite:.parlance/proposals.sqlite"

    /// Parses a location.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for an empty location, an empty SQLite
    ///   path, another URL scheme, or a malformed PostgreSQL URL.
    public init(_ location: String) throws {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            self = .postgres(try PostgresSettings(url: trimmed))
            return
        }
        var path = trimmed
        if lowered.hasPrefix("sqlite:") {
            path = String(trimmed.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }  // sqlite:///abs/path
        } else if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter }), trimmed[colon...].hasPrefix("://") {
            throw ParlanceError(.invalidArgument, "database \(trimmed): unknown scheme; use sqlite:PATH or postgres://user:password@host:port/database")
        }
        guard !path.isEmpty else {
            throw ParlanceError(.invalidArgument, "database \"\(location)\": no path; use sqlite:PATH or postgres://user:password@host:port/database")
        }
        self = .sqlite(path: path)
    }

    /// The location as given, without a password.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let settings): settings.description
        }
    }

    /// Opens the store: for SQLite, creates the file's directory when missing; for PostgreSQL,
    /// connects and migrates, within `timeout` (a PostgreSQL server that does not answer in time
    /// is an error).
    ///
    /// - Parameters:
    ///   - logger: where the store logs (an outage once, at error level).
    ///   - timeout: the deadline of opening (connecting and migrating).
    ///   - callTimeout: the deadline of each later store call (for SQLite: the longest wait
    ///     for another process's write lock); past it the call throws
    ///     `ParlanceError/Code/storeUnavailable`.
    ///   - guidKey: the key of author hashes; nil: the key the store keeps (generated on first use).
    /// - Throws: `ParlanceError/Code/proposalStoreFailed`.
    public func open(
        logger: Logger = PostgresProposalStore.defaultLogger, timeout: Duration = .seconds(30), callTimeout: Duration = .seconds(5),
        guidKey: ProposalGuidKey? = nil
    ) async throws -> OpenedProposalStore {
        switch self {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw ParlanceError(.proposalStoreFailed, "proposal store \(path): cannot create the directory \(directory.path): \(error)")
            }
            return OpenedProposalStore(store: try SQLiteProposalStore(path: path, busyTimeout: callTimeout, guidKey: guidKey), close: {})
        case .postgres(let settings):
            let store = try await PostgresProposalStore.connect(settings, timeout: timeout, callTimeout: callTimeout, guidKey: guidKey, logger: logger)
            return OpenedProposalStore(store: store, close: { await store.close() })
        }
    }
}

/// An open store and how to close it.
public struct OpenedProposalStore: Sendable {
    /// The store.
    public let store: any ProposalStore
    private let closer: @Sendable () async -> Void

    /// Pairs a store with its closing action.
    public init(store: any ProposalStore, close: @escaping @Sendable () async -> Void) {
        self.store = store
        closer = close
    }

    /// Releases the store's connections (nothing to do for SQLite).
    public func close() async { await closer() }
}
#endif
