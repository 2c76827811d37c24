// What `parlance bench --linear` and the linear-time tests share to check that a cost grows
// linearly with the input: CPU clocks, the minimum of several runs, and batch request lines of
// a chosen size in shapes that make a careless reader quadratic.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time, in seconds, of the calling thread or of the whole process. CPU time, unlike
/// wall time, does not grow while the thread waits for a core on a loaded machine.
public enum CPUTime {
    /// The calling thread's CPU time (user and system).
    public static func thread() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// The process's CPU time (all threads, user and system).
    public static func process() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `body`'s result and the CPU time `clock` counted while it ran, in seconds.
    public static func measure<T>(clock: () -> Double = CPUTime.thread, _ body: () throws -> T) rethrows -> (T, Double) {
        let start = clock()
        let result = try body()
        return (result, clock() - start)
    }

    /// The smallest CPU time `work` took over `runs` runs, measured with `clock` (the
    /// minimum is the run least disturbed by anything else on the machine).
    public static func minimum(runs: Int, clock: () -> Double = CPUTime.thread, _ work: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock()
            try work()
            best = min(best, clock() - start)
        }
        return best
    }

    /// ``minimum(runs:clock:_:)`` for async work, measured with the process's clock (the work
    /// runs on other threads).
    public static func minimum(runs: Int, _ work: () async throws -> Void) async rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = process()
            try await work()
            best = min(best, process() - start)
        }
        return best
    }
}

/// The sizes and bounds of the linear-time checks. Linear time gives a 1 MB / 100 kB ratio of
/// about 10 (less where a fixed cost per request dominates), quadratic time about 100.
/// `parlance bench --linear` holds every entry point to ``targetRatio``, measured in a release
/// build; the tests, in debug builds under the thread sanitizer beside other tests, only to
/// ``maximumRatio``, which lies between linear and quadratic with room for that noise.
public enum LinearTime {
    /// The smaller line, in bytes: 100 kB.
    public static let smallSize = 100_000
    /// The larger line, in bytes: 1 MB, ten times the smaller (decimal units, so that a cost
    /// exactly proportional to the length gives a ratio of 10, not 10.24).
    public static let largeSize = 1_000_000
    /// The ratio the benchmark holds every entry point to.
    public static let targetRatio = 10.0
    /// The largest CPU-time ratio the tests accept between the larger and the smaller line.
    public static let maximumRatio = 25.0

    /// Prints a measurement (`label`, both CPU times and their ratio, for lines of `smallSize`
    /// and `largeSize` bytes) when the environment has `PARLANCE_LINEAR_REPORT` set, for the
    /// figures of a report; silent otherwise.
    public static func report(
        _ label: String, small: Double, large: Double, smallSize: Int = smallSize, largeSize: Int = largeSize
    ) {
        guard getenv("PARLANCE_LINEAR_REPORT") != nil else { return }
        let milliseconds = { (seconds: Double) in String(Int((seconds * 1000).rounded())) + " ms" }
        let kilobytes = { (bytes: Int) in String(bytes / 1000) + " kB" }
        let ratio = (large / small * 10).rounded() / 10
        print(
            "linear-time \(label): \(kilobytes(smallSize)) \(milliseconds(small)), \(kilobytes(largeSize)) \(milliseconds(large)), ratio \(ratio)"
        )
    }
}

/// A batch request line whose bulk is an ignored member `pad`, in a shape that once made
/// reading cost the square of the line's length: a `plural` request (`ru`, 21, so the answer
/// is `one`) with `"id":7`.
public enum LargeRequestLine: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `pad` is an array of integers.
    case longArray
    /// `pad` is one string, with escapes and non-ASCII text throughout.
    case longString
    /// `pad` is an array of objects each nested 500 deep (within the readers' 512 levels).
    case deepObjects
    /// `pad` is an object with many members.
    case wideObject
    /// A long array whose last element is missing (`,]` at the end): invalid JSON at the end.
    case invalidAtEnd

    public var description: String { rawValue }

    private static let head = #"{"id":7,"op":"plural","locale":"ru","number":"21","pad":"#

    /// The line, of about `size` bytes (at least `size`, at most a few kilobytes more).
    public func line(size: Int) -> String {
        var body = ""
        body.reserveCapacity(size + 4096)
        switch self {
        case .longArray, .invalidAtEnd:
            body += "["
            var next = 0
            while body.utf8.count < size {
                if next > 0 { body += "," }
                body += String(next)
                next += 1
            }
            body += self == .invalidAtEnd ? ",]" : "]"
        case .longString:
            body += "\""
            while body.utf8.count < size { body += #"Grüße, мир \"quoted\" \u00e9\n 😀 plain text "# }
            body += "\""
        case .deepObjects:
            let nested = String(repeating: #"{"a":"#, count: 500) + "0" + String(repeating: "}", count: 500)
            body += "["
            while body.utf8.count < size {
                if body.utf8.count > 1 { body += "," }
                body += nested
            }
            body += "]"
        case .wideObject:
            body += "{"
            var next = 0
            while body.utf8.count < size {
                if next > 0 { body += "," }
                body += #""k\#(next)":\#(next)"#
                next += 1
            }
            body += "}"
        }
        return Self.head + body + "}"
    }

    /// The batch protocol's answer to `line` (a line of this shape): `{"id":7,"result":"one"}`,
    /// or for the invalid shape the `invalid-json` error at the column of the final `]`.
    public func expectedAnswer(to line: String) -> String {
        guard self == .invalidAtEnd else { return #"{"id":7,"result":"one"}"# }
        // The line is ASCII: the column of the `]` is its byte offset + 1.
        let column = line.utf8.count - 1
        return #"{"error":{"code":"invalid-json","message":"the line is not valid JSON (RFC 8259): at 1:\#(column): "#
            + #"expected a value (object, array, string, number, true, false or null), found ']'"}}"#
    }
}
