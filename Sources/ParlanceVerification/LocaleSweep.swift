import Dispatch
package import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a long proof on standard error: "verify-dates: 120 of 780 locales, 45 s", at
/// most once every `interval` seconds and once at the end, so that a run of minutes shows it
/// is working (standard output keeps only the report).
package final class SweepProgress: Sendable {
    private struct State {
        var done = 0
        var lastPrint: UInt64
    }

    private let label: String
    private let unit: String
    private let total: Int
    private let interval: UInt64
    private let start: UInt64
    private let state: Locked<State>

    /// - Parameters:
    ///   - label: what runs, e.g. "verify-dates".
    ///   - total: the units of work in all; `unit` names them ("locales", "rule sets").
    package init(_ label: String, total: Int, unit: String = "locales", interval seconds: Double = 10) {
        self.label = label
        self.unit = unit
        self.total = total
        self.interval = UInt64(seconds * 1e9)
        start = Self.now()
        state = Locked(State(lastPrint: start))
    }

    /// Counts `units` finished units of work; prints a line when the interval has passed or
    /// the work is complete.
    package func advance(by units: Int = 1) {
        let now = Self.now()
        let line: String? = state.withLock { state in
            state.done += units
            guard state.done >= total || now - state.lastPrint >= interval else { return nil }
            state.lastPrint = now
            return "\(label): \(state.done) of \(total) \(unit), \(Int(Double(now - start) / 1e9)) s\n"
        }
        if var line {
            line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Runs `body` for each locale, the locales spread over every core, and merges the results
/// (under a lock, in no particular order) into `initial`: the frame of the `--verify-*` proofs.
/// `progress` counts each finished locale.
func sweepLocales<Report: Sendable>(
    _ locales: [LocaleID], into initial: Report, progress: SweepProgress?, _ body: @Sendable (LocaleID) -> Report,
    merge: @Sendable (inout Report, Report) -> Void
) -> Report {
    let state = Locked(initial)
    DispatchQueue.concurrentPerform(iterations: locales.count) { index in
        let report = body(locales[index])
        state.withLock { merge(&$0, report) }
        progress?.advance()
    }
    return state.withLock { $0 }
}

/// Locales for a reduced proof in the tests: the named ones, then every n-th ICU locale
/// (sorted by id, from `offset`) until there are `count`.
package func sampleLocales(named: [String], count: Int, offset: Int) -> [LocaleID] {
    var locales = named.compactMap { try? LocaleID($0) }
    let all = LocaleID.availableLocales.sorted { $0.identifier < $1.identifier }
    let step = max(1, all.count / max(1, count - locales.count))
    for index in stride(from: offset, to: all.count, by: step) where locales.count < count {
        if !locales.contains(all[index]) { locales.append(all[index]) }
    }
    return locales
}
