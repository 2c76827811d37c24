import Foundation
import Parlance

/// The entries of one file of one table in one locale.
package struct TableSource: Sendable {
    package var format: CatalogFileFormat
    package var file: String
    package var entries: [String: CatalogEntry]
    /// Keys in file order.
    package var keys: [String]
}

/// One table in one locale: its sources in the order a lookup prefers them (`.stringsdict`,
/// then `.strings`, then the String Catalog), as Apple's bundle lookup does.
package struct LocaleTable: Sendable {
    /// The language of the table (the development language for `Base.lproj`).
    package var language: LocaleID
    /// The language as written (`pt-BR`, `pt_BR`, `Base`).
    package var name: String
    package var isBase: Bool
    package var sources: [TableSource] = []

    /// The entry a lookup finds for a key in this table (the run-time winner).
    package func entry(_ key: String) -> CatalogEntry? {
        for source in sources { if let entry = source.entries[key] { return entry } }
        return nil
    }

    /// Every key, each once.
    package var keys: Set<String> {
        var keys = Set<String>()
        for source in sources { keys.formUnion(source.entries.keys) }
        return keys
    }

    /// The files of this table in this locale.
    package var files: [String] { sources.map(\.file) }

    mutating func add(_ source: TableSource) {
        sources.append(source)
        let order: [CatalogFileFormat] = [.stringsdict, .strings, .xcstrings]
        sources.sort { order.firstIndex(of: $0.format)! < order.firstIndex(of: $1.format)! }
    }
}

/// A catalog directory read into the located model: tables → locales → entries, and the
/// diagnostics of every file and entry that could not be used. One reader per format
/// produces it; `Catalog`, the linter, `ParlanceTesting` and the batch `localize` op read it.
package struct CatalogModel: Sendable {
    /// The directory read.
    package var directory: String
    /// table → locale key (lowercased ICU id; ``baseKey`` for Base) → table.
    package var tables: [String: [String: LocaleTable]] = [:]
    /// Files and entries that could not be used, located.
    package var diagnostics: [CatalogDiagnostic] = []
    /// `sourceLanguage` of each String Catalog, by table.
    package var sourceLanguages: [(table: String, language: String)] = []
    /// How many catalog files were found (`.strings`, `.stringsdict`, `.xcstrings`).
    package var fileCount = 0

    package static let baseKey = "\u{0}base"

    package static func localeKey(_ locale: LocaleID) -> String {
        locale.identifier.split(separator: "@").first.map { $0.lowercased() } ?? ""
    }

    /// The development language a catalog uses: the explicit one, else the `sourceLanguage` of
    /// the `Localizable` String Catalog (or of any), else `en`.
    package func developmentLanguage(explicit: LocaleID?) throws(ParlanceError) -> LocaleID {
        if let explicit { return explicit }
        let source = sourceLanguages.first(where: { $0.table == "Localizable" })?.language ?? sourceLanguages.first?.language
        return try ParlanceCore.locale(source ?? "en")
    }

    /// Reads a directory: `<locale>.lproj/<Table>.strings|.stringsdict` and `<Table>.xcstrings`.
    /// A file or entry that cannot be read is a diagnostic, never a failure of the whole.
    ///
    /// - Throws: ``ParlanceError/Code/invalidFile`` only when the directory cannot be listed.
    package init(directory: String) throws(ParlanceError) {
        self.directory = directory
        let names = try CatalogFileSystem.contents(ofDirectory: directory)
        func path(_ parts: String...) -> String { ([directory.hasSuffix("/") ? String(directory.dropLast()) : directory] + parts).joined(separator: "/") }
        for name in names {
            let lowered = name.lowercased()
            if lowered.hasSuffix(".xcstrings") {
                fileCount += 1
                let table = String(name.dropLast(".xcstrings".count))
                let file: StringCatalogFile
                do {
                    file = try StringCatalogFile(reading: path(name))
                } catch {
                    diagnostics.append(error)
                    continue
                }
                sourceLanguages.append((table, file.sourceLanguage))
                diagnostics += file.diagnostics
                for (language, records) in file.records.sorted(by: { $0.key < $1.key }) {
                    guard let locale = try? ParlanceCore.locale(language) else { continue }
                    add(
                        records, table: table, key: Self.localeKey(locale), locale: locale, name: language, isBase: false,
                        format: .xcstrings, file: path(name))
                }
            } else if lowered.hasSuffix(".lproj") {
                let localeName = String(name.dropLast(".lproj".count))
                let isBase = localeName.lowercased() == "base"
                let locale: LocaleID
                if isBase {
                    locale = .root
                } else if let parsed = try? ParlanceCore.locale(localeName) {
                    locale = parsed
                } else {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: path(name), line: 0, column: 0,
                            message: "ignored: \(quoted(localeName)) is not a locale id", code: "ignored-folder"))
                    continue
                }
                let key = isBase ? Self.baseKey : Self.localeKey(locale)
                guard let files = try? FileManager.default.contentsOfDirectory(atPath: path(name)) else { continue }
                for fileName in files.sorted() {
                    let loweredFile = fileName.lowercased()
                    let full = path(name, fileName)
                    do {
                        if loweredFile.hasSuffix(".stringsdict") {
                            fileCount += 1
                            let file = try StringsdictFile(reading: full)
                            diagnostics += file.diagnostics.map { $0.with(language: localeName) }
                            add(
                                file.records, table: String(fileName.dropLast(".stringsdict".count)), key: key, locale: locale,
                                name: localeName, isBase: isBase, format: .stringsdict, file: full)
                        } else if loweredFile.hasSuffix(".strings") {
                            fileCount += 1
                            let file = try StringsFile(reading: full)
                            diagnostics += file.diagnostics.map { $0.with(language: localeName) }
                            add(
                                file.records, table: String(fileName.dropLast(".strings".count)), key: key, locale: locale,
                                name: localeName, isBase: isBase, format: .strings, file: full)
                        }
                    } catch {
                        diagnostics.append(error.with(language: localeName))
                    }
                }
            }
        }
    }

    private mutating func add(
        _ records: [EntryRecord], table: String, key: String, locale: LocaleID, name: String, isBase: Bool,
        format: CatalogFileFormat, file: String
    ) {
        var entries: [String: CatalogEntry] = [:]
        entries.reserveCapacity(records.count)
        let context = CatalogEntry.Context(table: table, language: locale, format: format)
        var keys: [String] = []
        keys.reserveCapacity(records.count)
        for record in records {
            if entries[record.key] == nil { keys.append(record.key) }
            entries[record.key] = CatalogEntry(record: record, context: context)
        }
        tables[table, default: [:]][key, default: LocaleTable(language: locale, name: isBase ? "Base" : name, isBase: isBase)]
            .add(TableSource(format: format, file: file, entries: entries, keys: keys))
    }

    /// Gives Base tables the development language.
    package mutating func assignBase(to development: LocaleID) {
        for (table, byLocale) in tables {
            guard var base = byLocale[Self.baseKey] else { continue }
            base.language = development
            for index in base.sources.indices {
                guard let first = base.sources[index].entries.values.first else { continue }
                let context = CatalogEntry.Context(table: first.table, language: development, format: first.format)
                base.sources[index].entries = base.sources[index].entries.mapValues { $0.with(context) }
            }
            tables[table]?[Self.baseKey] = base
        }
    }
}

extension CatalogEntry {
    func with(_ context: Context) -> CatalogEntry {
        CatalogEntry(
            record: EntryRecord(key: key, location: location, content: content, state: state, extractionState: extractionState),
            context: context)
    }
}
