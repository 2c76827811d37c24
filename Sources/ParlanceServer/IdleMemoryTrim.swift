#if Server
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The open connections of the server and the most open at once since the last trim.
final class ConnectionGauge: Sendable {
    private let open = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    func opened() {
        let now = open.add(1, ordering: .relaxed).newValue
        _ = peak.max(now, ordering: .relaxed)
    }

    func closed() { open.subtract(1, ordering: .relaxed) }

    /// The open connections now, and the peak since the last call (the peak restarts from now).
    func sample() -> (open: Int, peak: Int) {
        let now = open.load(ordering: .relaxed)
        return (now, max(now, peak.exchange(now, ordering: .relaxed)))
    }
}

/// Gives the memory of a burst of connections back to the system once they have closed.
///
/// Each connection's buffers are freed when it closes, but glibc's allocator keeps freed
/// memory in its per-thread arenas: after 10,000 connections at once the process would keep
/// hundreds of megabytes it no longer uses. Every `interval`, when at least `threshold`
/// connections have closed since the last look (the peak minus those still open),
/// `malloc_trim(0)` returns the arenas' free pages. It runs only after such a fall, so a steady
/// load never pays for it. On a system without `malloc_trim` it does nothing.
struct IdleMemoryTrim: Service {
    let connections: ConnectionGauge
    var interval: Duration = .seconds(5)
    var threshold = 256

    /// Whether the connections that closed since the last look warrant a trim.
    static func shouldTrim(open: Int, peak: Int, threshold: Int) -> Bool {
        peak - open >= threshold
    }

    func run() async throws {
        // A graceful shutdown cancels the sleep, so that it does not wait for the next look.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                let (open, peak) = connections.sample()
                if Self.shouldTrim(open: open, peak: peak, threshold: threshold) { Self.trim() }
            }
        }
    }

    /// `malloc_trim(0)`, found at run time (glibc has it; others do not); false when absent.
    @discardableResult
    static func trim() -> Bool {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return false }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        return true
        #else
        return false
        #endif
    }
}
#endif
