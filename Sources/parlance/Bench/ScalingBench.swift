import Dispatch
import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#endif

/// Throughput on two threads against one, on every formatting row.
extension BenchCommand {
    /// How much more formatting two threads get done than one, per row: 2 × T(1 thread, n ops) /
    /// T(2 threads, n ops each), the median of nine trials. 2.0 is perfect scaling; a global
    /// lock on the hot path gives ~1. The first row is a control: a loop of arithmetic that
    /// shares nothing, i.e. what the machine itself gives two threads at the time (on a shared
    /// or loaded machine it is below 2, and so is every other row).
    func twoThreadScaling(iterations: Int) throws -> [(name: String, ratio: Double)] {
        let locale = try LocaleID(Self.benchLocale)
        let values = Self.numberValues
        func numberWork(_ options: NumberOptions) throws -> @Sendable (Int) -> Void {
            let format = try NumberFormat(locale: locale, options: options)
            return { n in
                var total = 0
                for i in 0..<n { total &+= format.format(values[i & 255]).utf8.count }
                blackHole(total)
            }
        }
        var percent = NumberOptions()
        percent.style = .percent
        var compact = NumberOptions()
        compact.notation = .compactShort
        let date = try DateFormat(locale: locale, skeleton: "yMMMdjm")
        let relative = try RelativeTimeFormat(locale: locale)
        let list = try ListFormat(locale: locale)
        let items = ["Äpfel", "Birnen", "Kirschen", "Pflaumen"]
        let plural = try PluralRules(locale: "ru")
        let rows: [(String, @Sendable (Int) -> Void)] = [
            (
                "control: arithmetic, nothing shared",
                { n in
                    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
                    for _ in 0..<(n * 64) { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
                    blackHole(state)
                }
            ),
            ("number de decimal", try numberWork(NumberOptions())),
            ("currency de EUR", try numberWork(.currency("EUR"))),
            ("percent de", try numberWork(percent)),
            ("compact de short", try numberWork(compact)),
            (
                "date de skeleton yMMMdjm",
                { n in
                    var total = 0
                    for i in 0..<n {
                        total &+= ((try? date.format(epochMilliseconds: 1_700_000_000_000 + Double(i) * 60_000)) ?? "").utf8.count
                    }
                    blackHole(total)
                }
            ),
            (
                "relative de days",
                { n in
                    var total = 0
                    for i in 0..<n { total &+= ((try? relative.format(Double(i % 61) - 30, .day)) ?? "").utf8.count }
                    blackHole(total)
                }
            ),
            (
                "list de and (4 items)",
                { n in
                    var total = 0
                    for _ in 0..<n { total &+= list.format(items).utf8.count }
                    blackHole(total)
                }
            ),
            (
                "plural ru integer",
                { n in
                    var total = 0
                    for i in 0..<n { total &+= plural.category(for: i * 7919 % 100_000) == .other ? 1 : 0 }
                    blackHole(total)
                }
            ),
        ]
        /// The median of nine trials (a maximum would report the luckiest one; this VM's second
        /// core comes and goes, so fewer trials swing by ±0.3×). Each trial runs the work on one
        /// new thread, then on two new threads at once, each thread started and parked first so
        /// that the clock covers the work only (`concurrentPerform` may run both iterations on
        /// the calling thread when no worker is awake yet, which measured one thread twice).
        /// The operations per thread are scaled so that one thread works for about 200 ms: a
        /// 17 ns row run 200,000 times lasts 3 ms, where a thread's wake-up and a scheduler tick
        /// weigh as much as the work.
        func ratio(_ work: @escaping @Sendable (Int) -> Void) -> Double {
            let probe = Self.timeOnThreads(1, iterations, work)  // also the warm-up
            let n = Int(Double(iterations) * max(1, 200_000_000 / max(probe, 1)))
            var trials: [Double] = []
            for _ in 0..<9 {
                let one = Self.timeOnThreads(1, n, work)
                let two = Self.timeOnThreads(2, n, work)
                trials.append(2 * one / two)
            }
            return trials.sorted()[trials.count / 2]
        }
        return rows.map { ($0.0, ratio($0.1)) }
    }

    /// Nanoseconds from releasing `count` parked threads, each running `work(operations)` once,
    /// until the last one is done.
    static func timeOnThreads(_ count: Int, _ operations: Int, _ work: @escaping @Sendable (Int) -> Void) -> Double {
        let parked = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            let thread = Thread {
                parked.signal()
                go.wait()
                work(operations)
                done.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { parked.wait() }
        let start = BenchHarness.now()
        for _ in 0..<count { go.signal() }
        for _ in 0..<count { done.wait() }
        return Double(BenchHarness.now() - start)
    }
}
