import Foundation
import Parlance

extension ShowcaseCommand {
    /// Numbers, money, dates, relative times, lists, sizes and durations per locale, each with
    /// a format style (`value.formatted(.parlance….locale(id))`).
    func formattingSection(_ ids: [String]) throws {
        print()
        print("Formatting with format styles (ICU number and date skeletons, relative time, lists)")
        let header = ["locale", "1234567.891", "EUR −1234.5", "compact", "yMMMd (UTC)", "−1 day", "list", "1.5 MB", "3723 s"]
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let amount = try CLIError.wrap { try DecimalNumber("-1234.5") }
        var rows: [[String]] = []
        for id in ids {
            let locale = try CLIError.wrap { try LocaleID(id) }
            rows.append([
                id,
                try DecimalNumber("1234567.891").formatted(.parlance.number.locale(locale)),
                try amount.formatted(.parlance.currency(code: "EUR").locale(locale)),
                1_234_567.formatted(.parlance.compact().locale(locale)),
                now.formatted(.parlance.date(skeleton: "yMMMd").locale(locale)),
                now.addingTimeInterval(-86_400).formatted(.parlance.relative(to: now, numeric: .auto).locale(locale)),
                ["α", "β", "γ"].formatted(.parlance.list.locale(locale)),
                Int64(1_500_000).formatted(.parlance.byteCount.locale(locale)),
                Duration.seconds(3723).formatted(.parlance.duration(style: .narrow).locale(locale)),
            ])
        }
        print(Table(header: header, rows: rows).rendered)
    }
}
