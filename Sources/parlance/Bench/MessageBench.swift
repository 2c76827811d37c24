import Foundation
import Parlance
import ParlanceVerification

/// Message bench rows: a one-argument plural message, a plural range and a date interval,
/// each against the same work done by raw ICU from a C loop (`umsg_format`,
/// `unumrf_formatDecimalRange` + `uplrules_selectForRange`, `udtitvfmt_format`).
extension BenchCommand {
    func messageRows(_ harness: BenchHarness) throws -> [BenchRow] {
        let locale = try LocaleID(Self.benchLocale)
        let values: [Double] = (0..<256).map { Double($0 * 7 % 1000) }
        let named = try MessageFormat("{n, plural, one {# Datei} other {# Dateien}}", locale: locale)
        let numbered = "{0, plural, one {# Datei} other {# Dateien}}"
        let message = harness.row(
            name: "message de one plural argument",
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= ((try? named.format(["n": .double(values[i & 255])])) ?? "").utf8.count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.messagePlural(locale: locale, pattern: numbered, values: values, iterations: n)) })
        let ranges: [(String, String)] = (0..<256).map { (String($0 % 10), String($0 % 10 + 1 + $0 / 10)) }
        let decimals = try ranges.map { (try DecimalNumber($0.0), try DecimalNumber($0.1)) }
        let rangeFormat = try NumberRangeFormat(locale: locale)
        let range = harness.row(
            name: "plural-range de",
            parlance: { n in
                var total = 0
                for i in 0..<n {
                    let pair = decimals[i & 255]
                    total &+= ((try? rangeFormat.pluralCategory(pair.0, pair.1))?.rawValue ?? "").utf8.count
                }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.pluralRange(locale: locale, ranges: ranges, iterations: n)) })
        let interval = try DateIntervalFormat(locale: locale, skeleton: "yMMMd")
        let millis: [Double] = (0..<256).map { 1_700_000_000_000 + Double($0) * 86_400_017 }
        let dates = harness.row(
            name: "date-interval de yMMMd",
            parlance: { n in
                var total = 0
                for i in 0..<n {
                    let start = millis[i & 255]
                    total &+= ((try? interval.format(epochMilliseconds: start, to: start + 3 * 86_400_000)) ?? "").utf8.count
                }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.dateInterval(locale: locale, skeleton: "yMMMd", millis: millis, iterations: n)) })
        return [message, range, dates]
    }
}
