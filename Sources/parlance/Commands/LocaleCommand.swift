import ArgumentParser
import Parlance

/// `parlance locale <id>`: everything Parlance knows about a locale id.
struct LocaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locale",
        abstract: "Show a locale's canonical forms, likely subtags, fallback chain, direction, names, week and calendars.",
        discussion: """
            Examples:
              parlance locale zh_TW
              parlance locale iw-IL --in fr,ja
              parlance locale "ja-JP-u-ca-japanese-hc-h23"
            """
    )

    @Argument(help: "A locale id, BCP 47 or ICU (e.g. en, pt-BR, sr_Latn_RS, iw).")
    var locale: String

    @Option(name: .customLong("in"), help: "Comma-separated languages to show its display name in (besides English and itself).")
    var displayLanguages: String = ""

    func run() throws {
        let id = try CLIError.wrap { try LocaleID(locale) }
        var rows: [(String, String)] = [
            ("BCP 47 tag", id.languageTag),
            ("ICU id", id.isRoot ? "root" : id.identifier),
            ("canonical (CLDR aliases)", id.canonicalized.languageTag),
            ("maximized", id.maximized.languageTag),
            ("minimized", id.minimized.languageTag),
            ("language", id.language),
            ("script", id.script ?? "—"),
            ("region", id.region ?? "—"),
            ("variants", id.variants.isEmpty ? "—" : id.variants.joined(separator: ", ")),
        ]
        for (key, value) in id.keywords.sorted(by: { $0.key < $1.key }) {
            rows.append(("keyword \(key)", value))
        }
        rows.append(("fallback chain", id.fallbackChain.map(\.languageTag).joined(separator: " → ")))
        rows.append(("direction", id.characterDirection.rawValue))
        rows.append(("name in itself", id.nativeDisplayName))
        rows += try CLIError.wrap { () throws -> [(String, String)] in
            let week = try id.weekInfo
            return [
                ("first day of the week", "\(week.firstDay)"),
                ("weekend", week.weekend.map { "\($0)" }.joined(separator: ", ")),
                ("minimal days in first week", "\(week.minimalDays)"),
                ("hour cycle", try id.hourCycles.map(\.rawValue).joined(separator: ", ")),
                ("calendars", try id.calendars.joined(separator: ", ")),
                ("collations", try id.collations.isEmpty ? "—" : try id.collations.joined(separator: ", ")),
                ("numbering systems", try id.numberingSystems.joined(separator: ", ")),
                ("time zones", try id.timeZones.map { $0.joined(separator: ", ") } ?? "— (no region)"),
            ]
        }
        var languages = ["en"]
        languages += displayLanguages.split(separator: ",").map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }
        for language in languages {
            let display = try CLIError.wrap { try LocaleID(language) }
            rows.append(("name in \(display.languageTag)", id.displayName(in: display)))
            rows.append(("dialect name in \(display.languageTag)", id.displayName(in: display, dialect: true)))
        }
        // Aligned by terminal display width (a CJK key or value takes two columns a character).
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        for (key, value) in rows {
            print(DisplayWidth.padding(key, to: width) + "  " + value)
        }
    }
}
