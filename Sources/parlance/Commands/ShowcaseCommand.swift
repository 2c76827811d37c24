import ArgumentParser
import Parlance

/// `parlance showcase`: a readable tour of what the library does, on embedded sample data.
struct ShowcaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "showcase",
        abstract: "Show what Parlance does for a handful of locales (en, ar, ru, pl, ja, fr, cy)."
    )

    @Option(help: "Comma-separated locale ids to show.")
    var locales: String = "en,fr,ru,pl,ar,cy,ja"

    func run() throws {
        let ids = locales.split(separator: ",").map { String($0).trimmingCharacters() }
        print("Parlance showcase — ICU \(ICUInfo.icuVersion), CLDR \(ICUInfo.cldrVersion), Unicode \(ICUInfo.unicodeVersion)")
        print()
        try pluralSection(ids)
        print()
        try formattingSection(ids)
        print()
        try localeSection(ids)
        print()
        try localizationSection(ids)
        print()
        try languageManagerSection()
    }

    private func pluralSection(_ ids: [String]) throws {
        print("Plural categories (CLDR), cardinal and ordinal")
        let samples = ["0", "1", "2", "3", "5", "11", "21", "101", "1.0", "1.5"]
        let header = ["locale", "categories"] + samples
        var rows: [[String]] = []
        for id in ids {
            let cardinal = try CLIError.wrap { try PluralRules(locale: LocaleID(id)) }
            let ordinal = try CLIError.wrap { try PluralRules(locale: LocaleID(id), type: .ordinal) }
            var row = [id, cardinal.categories.map(\.keyword).joined(separator: " ")]
            for sample in samples {
                row.append((try? cardinal.category(for: sample).keyword) ?? "?")
            }
            rows.append(row)
            var ordinalRow = ["  ordinal", ordinal.categories.map(\.keyword).joined(separator: " ")]
            for sample in samples {
                ordinalRow.append((try? ordinal.category(for: sample).keyword) ?? "?")
            }
            rows.append(ordinalRow)
        }
        print(Table(header: header, rows: rows).rendered)
    }
}

/// A plain-text table with columns padded to the widest cell, by terminal display width
/// (East Asian Width: a CJK character takes two columns), not by `Character` count.
struct Table {
    var header: [String]
    var rows: [[String]]

    var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                DisplayWidth.padding(cell, to: widths[index])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = [line(header), widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingCharacters() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    func trimmingTrailingSpaces() -> String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }
}
