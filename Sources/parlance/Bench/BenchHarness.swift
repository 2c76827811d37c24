#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a value alive so the optimizer cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Measures ns/op: a warm-up, then `rounds` timed rounds of `iterations` calls; the median round.
struct BenchHarness {
    var rounds: Int
    var iterations: Int
    var warmupIterations: Int
    /// Leave out the Foundation column (for profiling Parlance alone).
    var skipFoundation = false

    /// Times a Foundation implementation, unless Foundation is skipped.
    func measureFoundation(_ body: (Int) -> Void) -> Double? {
        skipFoundation ? nil : measure(body)
    }

    /// Times `body(iterations)`, which must run its operation exactly `iterations` times.
    func measure(_ body: (Int) -> Void) -> Double {
        body(warmupIterations)
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for _ in 0..<rounds {
            let start = BenchHarness.now()
            body(iterations)
            let elapsed = BenchHarness.now() - start
            samples.append(Double(elapsed) / Double(iterations))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// One line of the bench table: an operation measured through each implementation.
struct BenchRow: Sendable {
    var name: String
    /// Parlance's Swift API.
    var parlance: Double
    /// Raw ICU from C in a tight loop through the shim.
    var icu: Double?
    /// Foundation on Linux, where it has the feature.
    var foundation: Double?
    /// A target the row must meet (ns/op), if the issue sets one.
    var target: Double?

    var parlanceOverICU: Double? { icu.map { parlance / $0 } }
    var foundationOverParlance: Double? { foundation.map { $0 / parlance } }
}
