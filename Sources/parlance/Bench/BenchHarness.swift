import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where ``blackHole(_:)`` folds what it is given: an atomic store the optimizer must keep.
private let blackHoleSink = Atomic<Int>(0)

/// Uses a value so the optimizer cannot delete the work that produced it: its bytes are folded
/// into an atomic (a relaxed add, once per call, after the measured loop). An empty
/// `withExtendedLifetime` was not enough: the specialized function dropped its argument, and
/// the arithmetic control loop of the two-thread rows was deleted.
@inline(never)
func blackHole<T>(_ value: T) {
    var fold = 0
    withUnsafeBytes(of: value) { bytes in
        for byte in bytes { fold = fold &* 31 &+ Int(byte) }
    }
    blackHoleSink.add(fold, ordering: .relaxed)
}

/// Measures ns/op: a warm-up, then `rounds` timed rounds of `iterations` calls; the median round.
struct BenchHarness {
    var rounds: Int
    var iterations: Int
    var warmupIterations: Int
    /// Leave out the Foundation column (for profiling Parlance alone).
    var skipFoundation = false

    /// Measures one operation's implementations side by side: the rounds are interleaved
    /// (Parlance, ICU, Foundation, Parlance, …) so that a slower or faster stretch of the
    /// machine affects all of them alike; each figure is the median of its rounds.
    func row(
        name: String, parlance: @escaping (Int) -> Void, icu: ((Int) -> Void)? = nil,
        foundation: ((Int) -> Void)? = nil, peer: PeerOperation? = nil, target: Double? = nil
    ) -> BenchRow {
        var bodies: [(Int) -> Void] = [parlance]
        if let icu { bodies.append(icu) }
        if let foundation, !skipFoundation { bodies.append(foundation) }
        for body in bodies { body(warmupIterations) }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() {
                let start = BenchHarness.now()
                body(iterations)
                samples[index].append(Double(BenchHarness.now() - start) / Double(iterations))
            }
        }
        let medians = samples.map { $0.sorted()[$0.count / 2] }
        let icuNs = icu == nil ? nil : medians[1]
        let foundationNs = (foundation == nil || skipFoundation) ? nil : medians[bodies.count - 1]
        return BenchRow(name: name, parlance: medians[0], icu: icuNs, foundation: foundationNs, peer: peer, target: target)
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
    /// The operation as the peer scripts (Node's `Intl`, Babel) run it, where they have it.
    var peer: PeerOperation?
    /// Node's `Intl` and Python's Babel over the same inputs (filled in after the run).
    var node: Double?
    var babel: Double?
    /// A target the row must meet (ns/op), if it has one.
    var target: Double?

    var parlanceOverICU: Double? { icu.map { parlance / $0 } }
    var foundationOverParlance: Double? { foundation.map { $0 / parlance } }
}
