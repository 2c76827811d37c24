import Dispatch
import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#endif

/// Throughput on two threads against one, and peak memory over every locale.
extension BenchCommand {
    /// How much more formatting two threads get done than one: 2 × T(1 thread, n ops) /
    /// T(2 threads, n ops each). 2.0 is perfect scaling; a global lock on the hot path gives ~1.
    func twoThreadScaling(iterations: Int) throws -> (number: Double, date: Double) {
        let locale = try LocaleID(Self.benchLocale)
        let number = try NumberFormat(locale: locale, options: .currency("EUR"))
        let date = try DateFormat(locale: locale, skeleton: "yMMMdjm")
        let values = Self.numberValues
        @Sendable func numberWork() {
            var total = 0
            for i in 0..<iterations { total &+= number.format(values[i & 255]).utf8.count }
            blackHole(total)
        }
        @Sendable func dateWork() {
            var total = 0
            for i in 0..<iterations {
                total &+= ((try? date.format(epochMilliseconds: 1_700_000_000_000 + Double(i) * 60_000)) ?? "").utf8.count
            }
            blackHole(total)
        }
        /// The median of five trials (a maximum would report the luckiest one).
        func ratio(_ work: @escaping @Sendable () -> Void) -> Double {
            work()  // warm-up
            var trials: [Double] = []
            for _ in 0..<5 {
                let start = BenchHarness.now()
                work()
                let one = Double(BenchHarness.now() - start)
                let startTwo = BenchHarness.now()
                DispatchQueue.concurrentPerform(iterations: 2) { _ in work() }
                let two = Double(BenchHarness.now() - startTwo)
                trials.append(2 * one / two)
            }
            return trials.sorted()[trials.count / 2]
        }
        return (ratio(numberWork), ratio(dateWork))
    }

    /// Formats with ten option sets in every locale ICU ships, then reads the peak resident set
    /// size (getrusage). The formatter cache is bounded, so the peak must stay flat.
    func memorySweep() throws -> (locales: Int, formatted: Int, peakMB: Double, cached: Int) {
        var optionSets: [NumberOptions] = [
            NumberOptions(), .currency("EUR"), .currency("JPY", display: .isoCode),
            .unit("length-kilometer"), .unit("duration-hour", width: .wide),
        ]
        var percent = NumberOptions()
        percent.style = .percent
        var compactShort = NumberOptions()
        compactShort.notation = .compactShort
        var compactLong = NumberOptions()
        compactLong.notation = .compactLong
        var scientific = NumberOptions()
        scientific.notation = .scientific
        var twoDigits = NumberOptions()
        twoDigits.precision = .fractionDigits(min: 2, max: 2)
        optionSets += [percent, compactShort, compactLong, scientific, twoDigits]
        let locales = LocaleID.availableLocales
        var formatted = 0
        for locale in locales {
            for options in optionSets {
                formatted += try NumberFormat(locale: locale, options: options).format(1234.5).isEmpty ? 0 : 1
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (locales.count, formatted, Double(usage.ru_maxrss) / 1024, ICUNumberFormatter.cachedCount)
    }
}
