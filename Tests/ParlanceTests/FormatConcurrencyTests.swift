import Foundation
import Testing

@testable import Parlance

@Suite("Formatting from many tasks at once")
struct FormatConcurrencyTests {
    /// Everything one locale formats, as one comparable list.
    ///
    /// `cold` switches to equivalent options under different cache keys (an explicit
    /// `group-auto`, which is ICU's default; zone aliases of the same zones), so that the
    /// concurrent run starts with nothing compiled and its tasks race to compile and cache.
    static func outputs(_ locale: LocaleID, cold: Bool = false) throws -> [String] {
        var out: [String] = []
        for skeleton in ["", "currency/EUR", "compact-long", "percent scale/100", "measure-unit/speed-kilometer-per-hour"] {
            let format = try NumberFormat(locale: locale, skeleton: cold ? skeleton + " group-auto" : skeleton)
            out.append(format.format(1_234_567))
            out.append(format.format(-0.125))
            out.append(try format.format(decimal: "98765432109876543210.0123"))
        }
        for zone in cold ? ["Asia/Katmandu", "NZ-CHAT"] : ["Asia/Kathmandu", "Pacific/Chatham"] {
            let date = try DateFormat(locale: locale, skeleton: "yMMMMdjmmss", timeZone: zone)
            out.append(try date.format(epochMilliseconds: 1_700_000_000_000))
            out.append(try date.format(epochMilliseconds: -86_400_000))
            out.append(try DateFormat(locale: locale, dateStyle: .full, timeStyle: .medium, timeZone: zone).format(epochMilliseconds: 0))
        }
        let relative = try RelativeTimeFormat(locale: locale, numeric: .auto)
        out += [relative.format(-1, .day), relative.format(3, .month)]
        out.append(try ListFormat(locale: locale, type: .or).format(["a", "b", "c"]))
        out.append(try DurationFormat(locale: locale, style: .numeric).format(seconds: 3723))
        out.append(try DurationFormat(locale: locale, style: .wide).format(seconds: 3723))
        out.append(ByteCountFormat(locale: locale).format(123_456_789))
        return out
    }

    @Test func eightTasksAgreeWithOneThread() async throws {
        let all = LocaleID.availableLocales
        let locales = stride(from: 0, to: all.count, by: max(1, all.count / 50)).prefix(50).map { all[$0] }
        #expect(locales.count == 50)
        var expected: [String: [String]] = [:]
        for locale in locales { expected[locale.identifier] = try Self.outputs(locale) }
        let reference = expected
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var bad: [String] = []
                    for round in 0..<3 {
                        // Each task walks the locales in its own order.
                        for offset in 0..<locales.count {
                            let locale = locales[(offset * (task + 1) + round) % locales.count]
                            if try Self.outputs(locale, cold: true) != reference[locale.identifier] { bad.append(locale.identifier) }
                        }
                    }
                    return bad
                }
            }
            var all: [String] = []
            for try await bad in group { all += bad }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func evictionReleasesAndRecompiles() throws {
        // More distinct skeletons than fit: old formatters are evicted, the cache stays bounded,
        // and evicted ones are compiled again on demand with the same result.
        let en = LocaleID("en")
        let first = try NumberFormat(locale: en, skeleton: ".0000000").format(1)
        for digits in 0..<2200 { _ = try NumberFormat(locale: en, skeleton: "@" + String(repeating: "#", count: digits % 900) + " group-off scale/\(digits)") }
        #expect(ICUNumberFormatter.cachedCount <= 2048)
        #expect(try NumberFormat(locale: en, skeleton: ".0000000").format(1) == first)
    }
}
