import Foundation
import Parlance
import ParlanceLocalization
import ParlanceVerification

/// Bench rows for the ICU-backed formatters, each measured three ways in the same run:
/// Parlance's Swift API, raw ICU from a C loop, and Foundation on Linux where it has the feature.
extension BenchCommand {
    static let benchLocale = "de"
    static let numberValues: [Double] = (0..<256).map { (index: Int) -> Double in
        let whole = Double(index * 7919 % 100_000)
        let cents = Double(index % 100) / 100
        return whole + cents
    }

    /// Raw ICU runs the very skeleton the typed options compile to.
    func numberRow(
        _ harness: BenchHarness, name: String, options: NumberOptions,
        foundation: NumberFormatter.Style?, foundationCode: String? = nil,
        foundationBody custom: ((Int) -> Void)? = nil, peer: String
    ) throws -> BenchRow {
        let locale = try LocaleID(Self.benchLocale)
        let parlance = try NumberFormat(locale: locale, options: options)
        let skeleton = parlance.skeleton
        let values = Self.numberValues
        var foundationBody: ((Int) -> Void)?
        if let style = foundation {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: Self.benchLocale)
            formatter.numberStyle = style
            if let foundationCode { formatter.currencyCode = foundationCode }
            foundationBody = { n in
                var total = 0
                for i in 0..<n { total &+= formatter.string(from: NSNumber(value: values[i & 255]))?.utf8.count ?? 0 }
                blackHole(total)
            }
        }
        return harness.row(
            name: name,
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= parlance.format(values[i & 255]).utf8.count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.numberDouble(locale: locale, skeleton: skeleton, values: values, iterations: n)) },
            foundation: custom ?? foundationBody,
            peer: .numbers(peer, locale: Self.benchLocale, values, currency: foundationCode))
    }

    func numberRows(_ harness: BenchHarness) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        rows.append(try numberRow(harness, name: "number de decimal", options: NumberOptions(), foundation: .decimal, peer: "number"))
        rows.append(try numberRow(harness, name: "currency de EUR", options: .currency("EUR"), foundation: .currency, foundationCode: "EUR", peer: "currency"))
        var percent = NumberOptions()
        percent.style = .percent
        rows.append(try numberRow(harness, name: "percent de", options: percent, foundation: .percent, peer: "percent"))
        var compact = NumberOptions()
        compact.notation = .compactShort
        let values = Self.numberValues
        // Foundation's NumberFormatter has no compact style; its FormatStyle does.
        let compactStyle = FloatingPointFormatStyle<Double>.number.locale(Locale(identifier: Self.benchLocale)).notation(.compactName)
        rows.append(
            try numberRow(
                harness, name: "compact de short", options: compact, foundation: nil,
                foundationBody: { n in
                    var total = 0
                    for i in 0..<n { total &+= values[i & 255].formatted(compactStyle).utf8.count }
                    blackHole(total)
                }, peer: "compact"))
        return rows
    }

    static let dateMillis: [Double] = (0..<256).map { 1_700_000_000_000 + Double($0) * 86_400_017 }

    func dateRow(_ harness: BenchHarness) throws -> BenchRow {
        let locale = try LocaleID(Self.benchLocale)
        let skeleton = "yMMMdjm"
        let format = try DateFormat(locale: locale, skeleton: skeleton)
        let foundation = Self.foundationDateFormatter()
        foundation.setLocalizedDateFormatFromTemplate(skeleton)
        return dateFormatRow(harness, name: "date de skeleton yMMMdjm", format: format, foundation: foundation, peerKind: "date") { n in
            RawICUBench.dateSkeleton(locale: locale, skeleton: skeleton, millis: Self.dateMillis, iterations: n)
        }
    }

    /// Date style medium with time style short: the style patterns ICU's udat_open gives.
    func dateStylesRow(_ harness: BenchHarness) throws -> BenchRow {
        let locale = try LocaleID(Self.benchLocale)
        let format = try DateFormat(locale: locale, dateStyle: .medium, timeStyle: .short)
        let foundation = Self.foundationDateFormatter()
        foundation.dateStyle = .medium
        foundation.timeStyle = .short
        return dateFormatRow(
            harness, name: "date de styles medium/short", format: format, foundation: foundation, peerKind: "dateMediumShort"
        ) { n in
            RawICUBench.dateStyles(locale: locale, date: .medium, time: .short, millis: Self.dateMillis, iterations: n)
        }
    }

    /// A Foundation formatter in the bench locale and UTC (the pattern is set after the locale).
    static func foundationDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: benchLocale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    /// A date row in UTC over ``dateMillis``: Parlance's `format`, raw ICU's C loop, Foundation's
    /// `DateFormatter` and the peers' `peerKind`.
    func dateFormatRow(
        _ harness: BenchHarness, name: String, format: DateFormat, foundation: DateFormatter, peerKind: String,
        icu: @escaping (Int) -> Int64
    ) -> BenchRow {
        let millis = Self.dateMillis
        let dates = millis.map { Date(timeIntervalSince1970: $0 / 1000) }
        return harness.row(
            name: name,
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= ((try? format.format(dates[i & 255])) ?? "").utf8.count }
                blackHole(total)
            },
            icu: { n in blackHole(icu(n)) },
            foundation: { n in
                var total = 0
                for i in 0..<n { total &+= foundation.string(from: dates[i & 255]).utf8.count }
                blackHole(total)
            },
            peer: PeerOperation(
                kind: peerKind, locale: Self.benchLocale, inputs: millis.map(PeerOperation.Input.number), timeZone: "UTC",
                pattern: format.pattern))
    }

    func relativeRow(_ harness: BenchHarness) throws -> BenchRow {
        let locale = try LocaleID(Self.benchLocale)
        let format = try RelativeTimeFormat(locale: locale)
        let values: [Double] = (0..<256).map { Double($0 % 61) - 30 }
        // No Foundation column: Foundation on Linux has no RelativeDateTimeFormatter, and its
        // FormatStyle formats a date relative to now (a different operation, rebuilt per call).
        return harness.row(
            name: "relative de days",
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= ((try? format.format(values[i & 255], .day)) ?? "").utf8.count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.relativeDays(locale: locale, values: values, iterations: n)) },
            peer: .numbers("relativeDays", locale: Self.benchLocale, values))
    }

    func listRow(_ harness: BenchHarness) throws -> BenchRow {
        let locale = try LocaleID(Self.benchLocale)
        let format = try ListFormat(locale: locale)
        let items = ["Äpfel", "Birnen", "Kirschen", "Pflaumen"]
        // Foundation on Linux has no ListFormatter; its list FormatStyle does the same job.
        let foundation = ListFormatStyle<StringStyle, [String]>.list(type: .and, width: .standard)
            .locale(Locale(identifier: Self.benchLocale))
        return harness.row(
            name: "list de and (4 items)",
            parlance: { n in
                var total = 0
                for _ in 0..<n { total &+= format.format(items).utf8.count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.list(locale: locale, items: items, iterations: n)) },
            foundation: { n in
                var total = 0
                for _ in 0..<n { total &+= foundation.format(items).utf8.count }
                blackHole(total)
            },
            peer: PeerOperation(kind: "list", locale: Self.benchLocale, inputs: items.map(PeerOperation.Input.text)))
    }

    func bidiRow(_ harness: BenchHarness) -> BenchRow {
        let text = "\u{2066}+1 555-0100\u{2069} اتصل بنا"
        return harness.row(
            name: "bidi base direction",
            parlance: { n in
                var total = 0
                for _ in 0..<n { total &+= Bidi.baseDirection(of: text) == .rightToLeft ? 1 : 0 }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.baseDirection(of: text, iterations: n)) })
    }
}

/// Parts rows (ECMA-402's `formatToParts`): Parlance's `.parts` styles against ICU's field
/// iteration in a C loop and Node's `formatToParts`.
extension BenchCommand {
    func partsRows(_ harness: BenchHarness) throws -> [BenchRow] {
        let locale = try LocaleID(Self.benchLocale)
        let values = Self.numberValues
        let currency = NumberFormatStyle<Double>(locale: locale).skeleton(try NumberSkeleton(validating: "currency/EUR"))
        let currencyRow = harness.row(
            name: "parts currency de EUR",
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= currency.formatParts(values[i & 255]).count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.numberParts(locale: locale, skeleton: "currency/EUR", values: values, iterations: n)) },
            peer: .numbers("currencyParts", locale: Self.benchLocale, values, currency: "EUR"))
        let skeleton = "yMMMdjm"
        let date = DateFormatStyle(skeleton: try DateSkeleton(validating: skeleton), locale: locale, timeZone: .utc)
        let millis = Self.dateMillis
        let dates = millis.map { Date(timeIntervalSince1970: $0 / 1000) }
        let dateRow = harness.row(
            name: "parts date de yMMMdjm",
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= date.formatParts(dates[i & 255]).count }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.dateParts(locale: locale, skeleton: skeleton, millis: millis, iterations: n)) },
            peer: PeerOperation(kind: "dateParts", locale: Self.benchLocale, inputs: millis.map(PeerOperation.Input.number), timeZone: "UTC"))
        return [currencyRow, dateRow]
    }
}
