import Parlance

extension ShowcaseCommand {
    /// Numbers, money, dates, relative times, lists, sizes and durations per locale.
    func formattingSection(_ ids: [String]) throws {
        print()
        print("Formatting (ICU number skeletons, date skeletons, relative time, lists)")
        let header = ["locale", "1234567.891", "EUR −1234.5", "compact", "yMMMMEEEEd jm (UTC)", "−1 day auto", "list (and)", "1.5 MB", "3723 s"]
        var rows: [[String]] = []
        for id in ids {
            let row = try CLIError.wrap { () throws(ParlanceError) -> [String] in
                let f = try Formatters(locale: id)
                return [
                    id,
                    try NumberFormat(locale: id).format(decimal: "1234567.891"),
                    try NumberFormat(locale: id, options: .currency("EUR")).format(decimal: "-1234.5"),
                    try NumberFormat(locale: id, options: NumberOptions(notation: .compactShort)).format(1_234_567),
                    try DateFormat(locale: id, skeleton: "yMMMMEEEEdjm").format(epochMilliseconds: 1_700_000_000_000),
                    try RelativeTimeFormat(locale: id, numeric: .auto).format(-1, .day),
                    f.formatList(["α", "β", "γ"]),
                    f.formatFileSize(1_500_000),
                    try f.formatDuration(3723, style: .short),
                ]
            }
            rows.append(row)
        }
        print(Table(header: header, rows: rows).rendered)
    }
}
