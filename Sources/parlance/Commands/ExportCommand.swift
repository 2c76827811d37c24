import ArgumentParser
import Foundation
import Parlance
import ParlanceConvert
import ParlanceLocalization

/// `parlance export --xliff Resources --out /tmp/to-translators --language fr --language de`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a catalog directory as XLIFF for translators: one <language>.xliff (or .xcloc bundle) per language.",
        discussion: """
            Reads every catalog file of the directory (.strings, .stringsdict,
            .xcstrings, YAML, gettext, XLIFF) and writes, for each language, the
            XLIFF 1.2 Xcode's Export Localizations writes: every table as a <file>
            whose <source> texts are the development language's, <target> the
            language's translation (none when it has none), state and note from
            the catalog, stringsdict and String Catalog plurals as Xcode's units.
              --xcloc   writes <language>.xcloc/Localized Contents/<language>.xliff
                        and contents.json, as Xcode does
              --xliff2  writes XLIFF 2.0 core instead of 1.2
            What XLIFF cannot hold (width choices, ...) is listed on standard
            error with its file and line.
            Examples:
              parlance export --xliff Resources --out /tmp/l10n
              parlance export --xliff Resources --out /tmp/l10n --language fr --xcloc
            Translators return the files; take them back with
              parlance import --xliff /tmp/l10n/fr.xliff --into Resources
            """
    )

    @Option(name: .customLong("xliff"), help: "The catalog directory to export.")
    var catalogDirectory: String

    @Option(help: "The directory to write into (created if needed).")
    var out: String

    @Option(name: .customLong("language"), help: "A language to export (repeatable; default: every language but the development language).")
    var languages: [String] = []

    @Option(name: .customLong("table"), help: "A table to export (repeatable; default: every table).")
    var tables: [String] = []

    @Flag(help: "Write .xcloc bundles instead of bare .xliff files.")
    var xcloc = false

    @Flag(help: "Write XLIFF 2.0 instead of XLIFF 1.2.")
    var xliff2 = false

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func run() throws {
        let catalog = try CLIError.wrap { try Catalog(loading: catalogDirectory, developmentLanguage: developmentLanguage) }
        let tableNames = tables.isEmpty ? catalog.tableNames : tables
        for table in tableNames where !catalog.tableNames.contains(table) {
            throw ValidationErrorLike(message: "the table \(table) is not in the catalog (tables: \(catalog.tableNames.joined(separator: ", ")))")
        }
        var targets: [LocaleID] = []
        if languages.isEmpty {
            targets = XLIFFCatalogWriter.languages(catalog, tables: tableNames).filter {
                CatalogModel.localeKey($0) != CatalogModel.localeKey(catalog.developmentLanguage)
            }
        } else {
            for language in languages { targets.append(try CLIError.wrap { try LocaleID(language) }) }
        }
        for target in targets {
            let name = target.languageTag
            let path = xcloc ? "\(out)/\(name).xcloc/Localized Contents/\(name).xliff" : "\(out)/\(name).xliff"
            var warnings: [CatalogDiagnostic] = []
            let text = XLIFFCatalogWriter.document(
                catalog, tables: tableNames, target: target, version: xliff2 ? .v2_0 : .v1_2, path: path, warnings: &warnings)
            try write(text, to: path)
            if xcloc {
                let contents = XLIFFCatalogWriter.xclocContents(
                    developmentRegion: catalog.developmentLanguage.languageTag, project: (catalogDirectory as NSString).lastPathComponent,
                    targetLocale: name)
                try write(contents, to: "\(out)/\(name).xcloc/contents.json")
                print("\(out)/\(name).xcloc")
            } else {
                print(path)
            }
            for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        }
    }

    private func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw ValidationErrorLike(message: "cannot write \(path)")
        }
    }
}
