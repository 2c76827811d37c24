// Helpers shared by the test targets: running real child processes (the built `parlance`
// binary, node, writers killed with -9) and blocking work kept off Swift's cooperative pool.
public import Foundation

/// How a child process ended and what it printed.
public struct ChildProcessResult: Sendable {
    /// The exit status (or the signal's number when it was killed).
    public var status: Int32
    /// Standard output, decoded as UTF-8.
    public var stdout: String
    /// Standard error, decoded as UTF-8.
    public var stderr: String
}

/// Runs real child processes for tests.
public enum ChildProcess {
    /// The directory of the built products: the first one up from the test bundle that holds
    /// the `parlance` executable.
    public static let productsDirectory: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("parlance").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()

    /// The built `parlance` executable.
    public static var parlance: URL { productsDirectory.appendingPathComponent("parlance") }

    /// Runs `executable` to its end and returns what it printed. Standard input is written, and
    /// standard output and error are read, on threads of their own, so a child writing more
    /// than a pipe holds never deadlocks; the calling thread blocks until the child exits.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment (nil: this process's).
    ///   - currentDirectory: the child's working directory (nil: this process's).
    public static func run(
        _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
        currentDirectory: URL? = nil
    ) throws -> ChildProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = Collected()
        let errorReader = Thread {
            errorData.set(error.fileHandleForReading.readDataToEndOfFile())
        }
        errorReader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = errorData.wait()
        return ChildProcessResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// ``run(_:_:stdin:environment:currentDirectory:)`` on the built `parlance`.
    public static func parlance(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil, currentDirectory: URL? = nil
    ) throws -> ChildProcessResult {
        try run(parlance, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    /// ``run(_:_:stdin:environment:currentDirectory:)`` from async code, on a thread of its own.
    public static func runOffPool(
        _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil
    ) async throws -> ChildProcessResult {
        try await offPool { try run(executable, arguments, stdin: stdin, environment: environment) }
    }

    /// Runs `executable` to its end with no input or output (all three go to `/dev/null`) and
    /// returns its exit status, waiting for it on a thread of its own.
    ///
    /// For tools that leave a daemon behind (`pg_ctl start`): Foundation's `Process` learns that
    /// a child ended when a socket the child inherits closes, and a daemon the child starts
    /// inherits that socket too, so Foundation never reaps such a child and neither
    /// `waitUntilExit()` nor the termination handler returns. This spawns the child with
    /// `posix_spawn`, closes every other descriptor in it, and waits with `waitpid`.
    public static func runDetachingDaemons(_ executable: URL, _ arguments: [String]) async throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        _ = addCloseFrom(&actions, 3)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable.path)"])
        }
        return await offPool { [pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
    }

    /// Reads a started child's output to its end and waits for it, on a thread of its own.
    public static func outputOffPool(of process: Process, _ output: Pipe) async -> String {
        await offPool {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Glibc's module
/// map does not export: the child closes every descriptor from `lowest` up.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32

/// Runs blocking work (a `recv`, a child's `wait`) on a thread of its own: a test must never
/// hold one of Swift's cooperative threads while it blocks, because the servers and tasks it
/// waits for run on them too (with 2 cores the pool has 2 threads).
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// ``offPool(_:)`` for work that throws.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Bytes one thread hands to another, waited for with a condition variable.
private final class Collected: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}

/// The PostgreSQL server the tests use: `PARLANCE_TEST_DATABASE_URL`, set by
/// `Scripts/with-postgres.sh` (a throw-away cluster) and by `.ci/run`.
public enum PostgresTestDatabase {
    /// The URL, nil when the variable is unset or empty (the PostgreSQL suites are skipped).
    public static let url = ProcessInfo.processInfo.environment["PARLANCE_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The test database's URL with a fresh, unique schema (`prefix` + a UUID's hex digits).
    public static func freshLocation(prefix: String) -> String? {
        guard let url else { return nil }
        let schema = prefix + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
