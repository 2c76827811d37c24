#if Postgres
import Parlance

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a PostgreSQL store (`PostgresProposalStore`, `PostgresTranslationCacheStore`) connects: parsed from a URL such as
/// `postgres://user:password@db.example:5432/parlance` (the form of `PARLANCE_DATABASE_URL`),
/// never hard-coded.
///
/// - Scheme `postgres` or `postgresql`; user and password percent-decoded; port 5432 by default.
/// - `?schema=NAME` keeps the store's tables in that schema (created when missing; default
///   `public`), so several stores or test runs can share one database.
/// - `?sslmode=disable` is the only TLS mode supported (connections are not encrypted): run the
///   service next to its database or inside a private network. Other `sslmode` values are
///   refused rather than silently ignored.
public struct PostgresSettings: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// Its password, if the server asks for one.
    public var password: String?
    /// The database (nil: the server's default, the user's name).
    public var database: String?
    /// The schema of the store's tables.
    public var schema: String

    /// Settings given piece by piece.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for a schema name that is not a plain
    ///   SQL identifier (`[a-z_][a-z0-9_]*`, at most 63 bytes).
    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil, schema: String = "public")
        throws
    {
        try Self.checkSchema(schema)
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
    }

    /// Parses `postgres://user:password@host:port/database?schema=NAME`.
    ///
    /// ```swift
    /// let settings = try PostgresSettings(url: ProcessInfo.processInfo.environment["PARLANCE_DATABASE_URL"] ?? "")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidArgument` naming what is wrong (scheme, host,
    ///   user, port, an unknown query parameter, an unsupported `sslmode`).
    public init(url text: String) throws {
        func bad(_ why: String) -> ParlanceError {
            ParlanceError(.invalidArgument, "database URL \(Self.redacted(text)): \(why); expected postgres://user:password@host:port/database")
        }
        guard let components = URLComponents(string: text) else { throw bad("not a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw bad("the scheme must be postgres or postgresql")
        }
        guard let host = components.host, !host.isEmpty else { throw bad("no host") }
        guard let user = components.user, !user.isEmpty else { throw bad("no user") }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw bad("the port must be between 1 and 65535") }
        var path = components.percentEncodedPath
        if path.hasPrefix("/") { path.removeFirst() }
        let database = path.isEmpty ? nil : path.removingPercentEncoding
        var schema = "public"
        for item in components.queryItems ?? [] {
            switch item.name {
            case "schema": schema = item.value ?? ""
            case "sslmode":
                guard item.value == "disable" else {
                    throw bad("sslmode=\(item.value ?? "") is not supported; only sslmode=disable (TLS is not implemented)")
                }
            default: throw bad("unknown parameter \(item.name) (known: schema, sslmode)")
            }
        }
        do {
            try self.init(
                host: host, port: port, username: user.removingPercentEncoding ?? user,
                password: components.password.map { $0.removingPercentEncoding ?? $0 }, database: database, schema: schema)
        } catch let error as ParlanceError {
            throw bad(error.message)
        }
    }

    static func checkSchema(_ schema: String) throws(ParlanceError) {
        let bytes = Array(schema.utf8)
        let valid =
            !bytes.isEmpty && bytes.count <= 63 && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0])
            && bytes.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
            }
        guard valid else { throw ParlanceError(.invalidArgument, "the schema \"\(schema)\" is not a plain identifier ([a-z_][a-z0-9_]*)") }
    }

    /// The URL with the password replaced by `***` (for messages and logs).
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? "(unprintable URL)"
    }

    /// `postgres://user@host:port/database?schema=…`, without the password.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database ?? "")\(schema == "public" ? "" : "?schema=\(schema)")"
    }
}
#endif
