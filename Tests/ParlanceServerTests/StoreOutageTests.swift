#if Server
import Foundation
import ParlanceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of the test's own (as `Scripts/with-postgres.sh` makes one: initdb,
/// trust authentication, superuser `parlance`, TCP on 127.0.0.1, run as `postgres` when the
/// tests run as root), so that the test can stop, freeze and restart it.
final class OwnPostgres: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let bin: URL
    private let runAs: [String]

    var data: URL { directory.appendingPathComponent("data") }
    var url: String { "postgres://parlance@127.0.0.1:\(port)/postgres" }

    /// Debian's PostgreSQL binaries, newest first; nil when none is installed.
    static let binaries: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        return nil
    }()

    init() async throws {
        bin = try #require(Self.binaries, "no PostgreSQL binaries in /usr/lib/postgresql/*/bin")
        runAs = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("parlance-outage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            _ = try await ChildProcess.runOffPool(URL(fileURLWithPath: "/usr/bin/chown"), ["postgres:", directory.path])
        }
        port = try Self.freePort()
        let initdb = try await run("initdb", ["-D", data.path, "-U", "parlance", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"])
        try #require(initdb == 0, "initdb failed")
        try await start()
    }

    /// Runs a PostgreSQL tool to its end (as user `postgres` when the tests run as root).
    private func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
        let path = bin.appendingPathComponent(tool).path
        let executable = URL(fileURLWithPath: runAs.first ?? path)
        return try await ChildProcess.runDetachingDaemons(executable, runAs.isEmpty ? arguments : Array(runAs.dropFirst()) + [path] + arguments)
    }

    /// Starts the server and waits until it accepts connections.
    func start() async throws {
        let log = directory.appendingPathComponent("server.log").path
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path)"
        let started = try await run("pg_ctl", ["-D", data.path, "-l", log, "-w", "-t", "60", "-o", options, "start"])
        try #require(started == 0, "pg_ctl start failed: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// Stops the server at once (`immediate`: as a crash would, connections dropped).
    func stop() async throws {
        let stopped = try await run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "stop"])
        try #require(stopped == 0, "pg_ctl stop failed")
    }

    /// The postmaster and its children: the processes whose parent is the postmaster.
    func processes() throws -> [pid_t] {
        let pidFile = try String(contentsOf: data.appendingPathComponent("postmaster.pid"), encoding: .utf8)
        let postmaster = try #require(pid_t(pidFile.split(separator: "\n").first ?? ""))
        var result = [postmaster]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (comm) state ppid …": the fields after the command name.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { result.append(pid) }
        }
        return result
    }

    /// Stops every process of the server (SIGSTOP): connections stay open and nothing answers,
    /// as with a database host that hangs.
    func freeze() throws {
        for pid in try processes() { kill(pid, SIGSTOP) }
    }

    /// Lets the server run again (SIGCONT).
    func thaw() throws {
        for pid in try processes() { kill(pid, SIGCONT) }
    }

    /// Stops the server and removes its directory.
    func remove() async {
        try? thaw()
        if FileManager.default.fileExists(atPath: data.appendingPathComponent("postmaster.pid").path) {
            _ = try? await run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A file of `/proc` read to its end. Such files report a size of 0 and give one page per
    /// `read`, and Foundation's `String(contentsOfFile:)` stops after the first: a socket table
    /// of a busy machine is longer than that.
    static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += buffer[0..<count]
        }
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a server-side socket of this cluster holds bytes it has not read from a
    /// connection of process `pid` (a query sent to a frozen server).
    func hasUnreadQuery(from pid: pid_t) -> Bool {
        // The client's sockets: the inodes of its descriptors.
        var inodes: Set<String> = []
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? [] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"), target.hasPrefix("socket:[") {
                inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
            }
        }
        guard let table = Self.readWhole("/proc/net/tcp") else { return false }
        let rows = table.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
        func port(_ address: Substring) -> Int? { address.split(separator: ":").last.flatMap { Int($0, radix: 16) } }
        // Fields: sl, local, remote, state, tx_queue:rx_queue, tr:tm, retrnsmt, uid, timeout, inode.
        let clientPorts = Set(
            rows.filter { $0.count > 9 && inodes.contains(String($0[9])) && port($0[2]) == self.port }.compactMap { port($0[1]) })
        return rows.contains { row in
            guard row.count > 9, port(row[1]) == self.port, let remote = port(row[2]), clientPorts.contains(remote) else { return false }
            let queues = row[4].split(separator: ":")
            return queues.count == 2 && (Int(queues[1], radix: 16) ?? 0) > 0
        }
    }
}

/// A real `parlance serve` process, its standard error collected as it is written.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var collected = ""
    private(set) var port = 0

    init(_ arguments: [String]) throws {
        process.executableURL = ChildProcess.parlance
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let handle = errors.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    collected += "\u{0}"
                } else {
                    collected += String(decoding: data, as: UTF8.self)
                }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { break }
            }
        }.start()
    }

    /// What the process wrote to standard error so far.
    var stderr: String {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    /// Waits (off the cooperative pool) until standard error says where it listens.
    func waitUntilListening() async throws {
        let found: Int? = await offPool { [self] in
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(120)
            while true {
                if let range = collected.range(of: "listening on http://127.0.0.1:") {
                    let digits = collected[range.upperBound...].prefix { $0.isNumber }
                    if collected[range.upperBound...].dropFirst(digits.count).first == "\n" { return Int(digits) }
                }
                if collected.contains("\u{0}") || !condition.wait(until: limit) { return nil }
            }
        }
        port = try #require(found, "parlance serve did not start: \(stderr)")
    }

    /// Sends SIGTERM and returns how long the process took to exit (at most `limit`; it is
    /// killed after that) and its termination status.
    func terminate(within limit: Duration) async -> (Duration, Int32, Process.TerminationReason) {
        let start = ContinuousClock.now
        process.terminate()
        let process = process
        let exited: Bool = await offPool {
            let until = Date().addingTimeInterval(Double(limit.components.seconds))
            while process.isRunning, Date() < until { usleep(10_000) }
            return !process.isRunning
        }
        let elapsed = ContinuousClock.now - start
        if !exited {
            kill(process.processIdentifier, SIGKILL)
            await offPool { while process.isRunning { usleep(10_000) } }
        }
        return (elapsed, process.terminationStatus, process.terminationReason)
    }

    func send(_ method: String, _ path: String, body: String? = nil) async throws -> (HTTPAnswer, Duration) {
        let start = ContinuousClock.now
        let connection = try RawConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let answer = try HTTPAnswer(parsing: await connection.exchange(head + "\r\n" + (body ?? "")))
        return (answer, ContinuousClock.now - start)
    }

    func propose(_ key: String, guid: String) async throws -> (HTTPAnswer, Duration) {
        try await send(
            "POST", "/content/localize/proposals",
            body: #"{"section":"Outage","key":"\#(key)","locale":"de","value":"v","guid":"\#(guid)"}"#)
    }
}

/// The service degrades, never hangs: a real PostgreSQL stopped in the middle of a burst of
/// writes, restarted, then frozen (connections open, nothing answering) under two real
/// `parlance serve` processes. Runs with the other PostgreSQL suites
/// (`Scripts/with-postgres.sh`); it starts and stops a cluster of its own.
@Suite(
    .enabled(
        if: PostgresTestDatabase.url != nil && OwnPostgres.binaries != nil,
        "PARLANCE_TEST_DATABASE_URL is not set: run Scripts/with-postgres.sh swift test --filter StoreOutageTests"),
    .timeLimit(.minutes(5)),
    .serialized)
struct StoreOutageTests {
    /// The store deadline of the first server, in seconds.
    static let storeTimeout = 1
    /// How long any answer may take here: the deadline and a wide margin for a loaded machine
    /// (the failure this catches took 68 s).
    static let answerBound = Duration.seconds(15)

    /// What no body may carry: where the database is and what the library's types are called.
    static func expectNoConnectionDetail(_ body: String, _ database: OwnPostgres, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in ["127.0.0.1", ":\(database.port)", "\(database.port)", "parlance@", "postgres", "Postgres", "PSQL", "ConnectionPool", "NIO"] {
            #expect(!body.contains(secret), "a body names \(secret): \(body)", sourceLocation: sourceLocation)
        }
    }

    @Test func anOutageDegradesAndShutdownStaysBounded() async throws {
        let database = try await OwnPostgres()
        let serve = try ServeProcess([
            "--database", database.url, "--store-timeout", "\(Self.storeTimeout)", "--shutdown-timeout", "5", "--log-level", "error",
        ])
        var second: ServeProcess?
        do {
            try await serve.waitUntilListening()
            try await scenario(database, serve, second: &second)
        } catch {
            Issue.record("\(error)")
        }
        for process in [serve, second].compactMap({ $0 }) where process.process.isRunning {
            _ = await process.terminate(within: .seconds(30))
        }
        await database.remove()
    }

    private func scenario(_ database: OwnPostgres, _ serve: ServeProcess, second: inout ServeProcess?) async throws {
        // Healthy.
        let (healthy, _) = try await serve.send("GET", "/health")
        #expect(healthy.status == 200, "\(healthy.body)")
        #expect(try json(healthy.body)["status"] as? String == "ok")
        #expect((try json(healthy.body)["dependencies"] as? [String: String])?["proposal-store"] == "ok")

        // A burst of writes from four clients; the database stops once 20 of them are stored,
        // and the clients go on until each has had three answers during the outage.
        let stored = Counter()
        let answers = try await withThrowingTaskGroup(of: [(Int, HTTPAnswer, Duration)].self) { group in
            for client in 0..<4 {
                group.addTask {
                    var seen: [(Int, HTTPAnswer, Duration)] = []
                    var unavailable = 0
                    var index = 0
                    while unavailable < 3, index < 5_000, !Task.isCancelled {
                        let (answer, elapsed) = try await serve.propose("c\(client)-\(index)", guid: "device-\(client)")
                        seen.append((stored.value, answer, elapsed))
                        if answer.status == 201 { stored.add() }
                        if answer.status == 503 { unavailable += 1 }
                        index += 1
                    }
                    return seen
                }
            }
            group.addTask {
                await stored.wait(for: 20)
                try await database.stop()
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(answers.contains { $0.1.status == 201 })
        #expect(answers.filter { $0.1.status == 503 }.count >= 12)
        for (_, answer, elapsed) in answers {
            #expect([201, 503].contains(answer.status), "\(answer.status) \(answer.body)")
            #expect(elapsed < Self.answerBound, "an answer took \(elapsed)")
            if answer.status == 503 {
                #expect(errorCode(answer.body) == "store-unavailable", "\(answer.body)")
                #expect(answer[header: "Retry-After"].flatMap { Int($0) }.map { $0 > 0 } == true)
                Self.expectNoConnectionDetail(answer.body, database)
            }
        }
        // Reads fail alike.
        let (listed, listElapsed) = try await serve.send("GET", "/content/localize/proposals?guid=device-1")
        #expect(listed.status == 503 && listElapsed < Self.answerBound, "\(listed.body)")
        Self.expectNoConnectionDetail(listed.body, database)

        // /health: degraded, naming the dependency, for load balancers.
        let (degraded, healthElapsed) = try await serve.send("GET", "/health")
        #expect(degraded.status == 503, "\(degraded.body)")
        #expect(healthElapsed < Self.answerBound)
        #expect(try json(degraded.body)["status"] as? String == "degraded")
        #expect(try json(degraded.body)["failing"] as? [String] == ["proposal-store"])
        Self.expectNoConnectionDetail(degraded.body, database)

        // The detail is in the log, at error level, once for the outage.
        #expect(serve.stderr.components(separatedBy: "proposal store unavailable").count - 1 == 1, "\(serve.stderr)")
        #expect(serve.stderr.contains("127.0.0.1:\(database.port)"))

        // The database returns: /health recovers on its own, writes work again.
        try await database.start()
        var recovered = false
        for _ in 0..<120 where !recovered {
            let (health, _) = try await serve.send("GET", "/health")
            recovered = health.status == 200
            if !recovered { try await Task.sleep(for: .seconds(1)) }
        }
        #expect(recovered, "/health did not recover within two minutes")
        let (again, _) = try await serve.propose("after", guid: "device-1")
        #expect(again.status == 201, "\(again.body)")

        // A second server whose store calls may wait a minute: a request stuck on a frozen
        // database must not keep a SIGTERM from ending it within its grace period.
        let patient = try ServeProcess(["--database", database.url, "--store-timeout", "60", "--shutdown-timeout", "3", "--log-level", "error"])
        second = patient
        try await patient.waitUntilListening()
        #expect(try await patient.propose("patient", guid: "device-9").0.status == 201)

        try database.freeze()
        // The first server answers 503 within its deadline: the query hangs, the deadline holds.
        let (frozen, frozenElapsed) = try await serve.propose("frozen", guid: "device-1")
        #expect(frozen.status == 503, "\(frozen.body)")
        #expect(frozenElapsed < Self.answerBound, "\(frozenElapsed)")
        Self.expectNoConnectionDetail(frozen.body, database)

        // The second server's request reaches the frozen database and stays there.
        let stuck = Task { try? await patient.propose("stuck", guid: "device-9") }
        var sent = false
        for _ in 0..<600 where !sent {
            sent = database.hasUnreadQuery(from: patient.process.processIdentifier)
            if !sent { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(sent, "the stuck request's query never reached the database")
        let (took, status, reason) = await patient.terminate(within: .seconds(30))
        #expect(took < .seconds(3) + .seconds(5), "SIGTERM took \(took) with a request stuck on the database")
        #expect(reason == .exit, "killed by signal \(status)")
        _ = await stuck.value
        try database.thaw()

        // The first server stops within its grace period as well.
        let (firstTook, _, firstReason) = await serve.terminate(within: .seconds(30))
        #expect(firstTook < .seconds(5) + .seconds(5), "\(firstTook)")
        #expect(firstReason == .exit)
    }
}

/// A count that tasks wait on.
final class Counter: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    var value: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    func add() {
        condition.lock()
        count += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits, off the cooperative pool, until the count reaches `target` (at most two minutes,
    /// so that a burst that never gets there fails its checks rather than hanging).
    func wait(for target: Int) async {
        await offPool { [self] in
            let limit = Date().addingTimeInterval(120)
            condition.lock()
            while count < target, condition.wait(until: limit) {}
            condition.unlock()
        }
    }
}
#endif
