#if Server
import ArgumentParser
import Foundation
import Logging
import Parlance
import ParlanceProposals
import ParlanceProposalsPostgres
import ParlanceProposalsServer
import ParlanceServer

/// `parlance serve`: formatting and localization as an HTTP service.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the batch operations, catalogs, health and metrics over HTTP.",
        discussion: """
            Example:
              parlance serve --catalog Tests/SampleCatalog --port 8080 &
              curl -s -H 'Content-Type: application/json' -d '{"locale":"ru","number":"21"}' \
            http://127.0.0.1:8080/v1/plural
              {"result":"one"}

            Routes: POST /v1/{op} (a batch request object as JSON), POST /v1/batch (JSON \
            Lines, answered line by line), GET /v1/catalog/{locale}?table=…, GET /health, \
            GET /metrics, GET /openapi.json, and the translation proposals API \
            (/content/localize/proposals: POST, GET, DELETE /{id}, POST /{id}/accept|reject) \
            over the store given by --database or $PARLANCE_DATABASE_URL (sqlite:PATH or \
            postgres://user:password@host:port/database; default \
            sqlite:.parlance/proposals.sqlite). Errors are {"error":{"code":…,"message":…}} with \
            the HTTP status of the code. Listens on 127.0.0.1 unless --host says otherwise. \
            When a token is set (--token-file, $PARLANCE_API_TOKEN or $PARLANCE_SERVE_TOKEN), \
            routes that write need `Authorization: Bearer <token>` (401 otherwise); without a \
            token they are open. A store call that takes longer than --store-timeout answers 503 \
            store-unavailable with Retry-After, and GET /health answers 503 degraded while the \
            store is down. SIGTERM or SIGINT stops accepting connections and lets running \
            requests finish; the process exits within --shutdown-timeout in any case. Author \
            guids are stored as HMAC-SHA256 hashes under $PARLANCE_PROPOSALS_KEY (at least 16 \
            bytes), else under a key the store keeps itself.
            """
    )

    @Option(help: "The address to bind (default 127.0.0.1; 0.0.0.0 exposes the service on every interface).")
    var host: String = "127.0.0.1"

    @Option(help: "The TCP port (0: any free port, printed on standard error).")
    var port: Int = 8080

    @Option(help: "A catalog directory (<locale>.lproj/*.strings|*.stringsdict, *.xcstrings) for `localize` and /v1/catalog.")
    var catalog: String?

    @Option(help: "The catalog's development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    @Option(help: "The largest request body of POST /v1/{op}, in bytes.")
    var maxBodySize: Int = 64 * 1024

    @Option(help: "A file whose first line is the bearer token for routes that write (else $PARLANCE_SERVE_TOKEN).")
    var tokenFile: String?

    @Option(
        help:
            "The proposal store: sqlite:PATH or postgres://user:password@host:port/database (else $PARLANCE_DATABASE_URL, else sqlite:.parlance/proposals.sqlite)."
    )
    var database: String?

    @Option(help: "The log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    @Flag(help: "Log every request at info (method, path, status, time); request counts and times are in /metrics in any case.")
    var accessLog = false

    @Option(help: "Seconds one proposal store call may take before the request gets 503 store-unavailable.")
    var storeTimeout: Double = 5

    @Option(help: "Seconds a shutdown (SIGTERM, SIGINT) may take; the process exits when they have passed.")
    var shutdownTimeout: Double = 10

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxBodySize > 0 else { throw ValidationError("--max-body-size must be positive") }
        guard storeTimeout > 0, storeTimeout <= 3600 else { throw ValidationError("--store-timeout must be between 0 and 3600 seconds") }
        guard shutdownTimeout > 0, shutdownTimeout <= 3600 else {
            throw ValidationError("--shutdown-timeout must be between 0 and 3600 seconds")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        do {
            _ = try ProposalDatabase(databaseLocation)
        } catch let error as ParlanceError {
            throw ValidationError(error.message)
        }
    }

    /// --database, else $PARLANCE_DATABASE_URL, else the default SQLite file.
    var databaseLocation: String {
        ProposalCommandSupport.location(database)
    }

    func run() throws {
        var configuration = ParlanceServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.catalogDirectory = catalog
        configuration.developmentLanguage = developmentLanguage
        configuration.maxBodySize = maxBodySize
        configuration.accessLog = accessLog
        configuration.writeToken = try readToken()
        configuration.shutdownTimeout = .milliseconds(Int64(shutdownTimeout * 1000))
        configuration.healthCheckTimeout = .milliseconds(Int64(storeTimeout * 1000))
        let storeTimeout = Duration.milliseconds(Int64(self.storeTimeout * 1000))
        var logger = Logger(label: "parlance.serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let database = try ProposalDatabase(databaseLocation)
        let guidKey: ProposalGuidKey?
        do {
            guidKey = try ProposalCommandSupport.guidKey()
        } catch let error as ParlanceError {
            throw ValidationError("PARLANCE_PROPOSALS_KEY: \(error.message)")
        }
        let watchdog = ShutdownWatchdog(timeout: shutdownTimeout, logger: logger)
        if configuration.writeToken == nil, !["127.0.0.1", "::1", "localhost"].contains(host) {
            logger.warning("no write token: anyone who reaches \(host):\(port) may propose, delete, accept and reject translations; set PARLANCE_API_TOKEN")
        }
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        // The root command is synchronous (ArgumentParser runs no async subcommand under a
        // synchronous root): the server runs on the cooperative pool while this thread waits.
        Task { [configuration, logger] in
            do {
                let opened = try await database.open(logger: logger, callTimeout: storeTimeout, guidKey: guidKey)
                let proposals = ProposalsServerExtension(store: opened.store, close: { await opened.close() })
                try await ParlanceServer.run(configuration, extensions: [proposals], logger: logger) { port in
                    FileHandle.standardError.write(Data("parlance serve: listening on http://\(configuration.host):\(port)\n".utf8))
                }
            } catch {
                outcome.set(error)
            }
            done.signal()
        }
        done.wait()
        watchdog.cancel()
        if let error = outcome.error { throw error }
    }

    /// The write token from --token-file, else $PARLANCE_API_TOKEN (the name the proposals API
    /// documents), else $PARLANCE_SERVE_TOKEN; nil when none is set.
    private func readToken() throws -> String? {
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile) else {
                throw ValidationError("--token-file \(tokenFile) cannot be read")
            }
            let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let token = line.trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty else { throw ValidationError("--token-file \(tokenFile) holds no token") }
            return token
        }
        for name in ["PARLANCE_API_TOKEN", "PARLANCE_SERVE_TOKEN"] {
            if let token = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces), !token.isEmpty { return token }
        }
        return nil
    }
}

/// The hard deadline of a shutdown: the first SIGTERM or SIGINT starts a timer, and when
/// `timeout` seconds pass before the server has stopped (work that ignores cancellation, a
/// connection to a database that stopped answering), the process exits with status 1. The
/// service group's own handlers of the signals run as well (dispatch sources share a signal).
private final class ShutdownWatchdog: @unchecked Sendable {
    // Only touched from `queue`, a serial queue, after init.
    private let queue = DispatchQueue(label: "parlance.serve.shutdown")
    private var sources: [any DispatchSourceSignal] = []
    private var timer: (any DispatchSourceTimer)?

    init(timeout: Double, logger: Logger) {
        for number in [SIGTERM, SIGINT] {
            // The signal reaches the dispatch sources only while its default action is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self, self.timer == nil else { return }
                let timer = DispatchSource.makeTimerSource(queue: self.queue)
                timer.schedule(deadline: .now() + timeout)
                timer.setEventHandler {
                    logger.error("shutdown did not finish within \(timeout) s; exiting")
                    exit(1)
                }
                timer.resume()
                self.timer = timer
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The server has stopped: no exit is forced.
    func cancel() {
        queue.sync {
            timer?.cancel()
            for source in sources { source.cancel() }
        }
    }
}

/// The error the server task ended with, handed to the waiting thread.
private final class ServeOutcome: @unchecked Sendable {
    // Written once by the server task before it signals the semaphore; read after the wait.
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { stored = error } }
}
#endif
