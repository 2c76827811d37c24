import Foundation
import Parlance
package import ParlanceLocalization

/// Merges the translations of XLIFF files (a bare `.xliff`/`.xlf`, an `.xcloc` bundle, or a
/// folder of either) into a catalog directory, written back in the catalog's own format with
/// the converter's writers: a String Catalog table is rewritten whole (every language), an
/// `.lproj`, YAML or gettext table only in the imported language.
///
/// As Xcode's import does, a unit with an empty or missing `<target>` leaves its key as it
/// was (untranslated, or with the translation it had); a translated unit replaces the key's
/// value and takes the unit's state (`needs-review-translation` stays `needs_review` where
/// the format holds states). A table the catalog does not have is not created: it is a
/// diagnostic. Plural variables take the development language's value type
/// (`NSStringFormatValueTypeKey`), which XLIFF does not carry.
package enum XLIFFImport {
    /// What an import did.
    package struct Outcome: Sendable {
        /// The files written.
        package var files: [String] = []
        /// Keys translated by the XLIFF, by table and language.
        package var imported: [(table: String, language: String, count: Int)] = []
        /// What the catalog's format could not hold (a state in `.strings`, …).
        package var losses: [CatalogConverter.Loss] = []
        /// The XLIFF files' diagnostics, and tables not imported.
        package var diagnostics: [CatalogDiagnostic] = []
    }

    /// The XLIFF files of a path: the file itself, the `Localized Contents` of an `.xcloc`
    /// bundle, or the XLIFF files and bundles of a folder.
    package static func files(at path: String) throws(ParlanceError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ParlanceError(.invalidFile, "\(quotedText(path)) does not exist")
        }
        guard isDirectory.boolValue else { return [path] }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        if base.lowercased().hasSuffix(".xcloc") {
            let contents = base + "/Localized Contents"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: contents)) ?? []
            let found = names.sorted().filter { CatalogListing.isXLIFF($0.lowercased()) }.map { contents + "/" + $0 }
            guard !found.isEmpty else { throw ParlanceError(.invalidFile, "\(quotedText(path)) holds no Localized Contents/<language>.xliff") }
            return found
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        var found: [String] = []
        for name in names.sorted() {
            if CatalogListing.isXLIFF(name.lowercased()) {
                found.append(base + "/" + name)
            } else if name.lowercased().hasSuffix(".xcloc") {
                found += try files(at: base + "/" + name)
            }
        }
        guard !found.isEmpty else { throw ParlanceError(.invalidFile, "\(quotedText(path)) holds no .xliff, .xlf or .xcloc") }
        return found
    }

    /// Imports `xliff` (see ``files(at:)``) into the catalog read from `directory`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidFile`` when there is nothing to import or a file
    ///   cannot be written.
    package static func run(xliff: String, into directory: String, developmentLanguage: String? = nil) throws(ParlanceError) -> Outcome {
        var outcome = Outcome()
        var catalog = try Catalog(loading: directory, developmentLanguage: developmentLanguage)
        for path in try files(at: xliff) {
            let document = XLIFFDocument(reading: path)
            let (tables, diagnostics) = document.tableRecords()
            outcome.diagnostics += document.diagnostics + diagnostics
            for table in tables where !table.targetRecords.isEmpty {
                let written = table.targetLanguage ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                guard let language = try? ParlanceCore.locale(written) else {
                    outcome.diagnostics.append(
                        CatalogDiagnostic(
                            file: path, line: 0, column: 0,
                            message: "target-language \(quotedText(written)) is not a locale id: table \(quotedText(table.table)) not imported",
                            code: "malformed-entry"))
                    continue
                }
                guard catalog.model.tables[table.table] != nil else {
                    outcome.diagnostics.append(
                        CatalogDiagnostic(
                            file: path, line: 0, column: 0,
                            message:
                                "the catalog has no table \(quotedText(table.table)): not imported (tables: \(catalog.tableNames.joined(separator: ", ")))",
                            code: "ignored-table"))
                    continue
                }
                let (merged, target) = merge(table, language: language, catalog: catalog)
                let (files, losses) = try CatalogConverter.convert(
                    merged.writing, table: table.table, to: target, directory: writeDirectory(directory, table: table.table, catalog: catalog, target: target))
                outcome.files += files
                outcome.losses += losses
                outcome.imported.append((table.table, language.languageTag, table.targetRecords.count))
                // The next file merges into what was just written.
                catalog = merged.whole
            }
        }
        return outcome
    }

    /// Where a table is written: the folder of its String Catalog, else the catalog directory.
    private static func writeDirectory(_ directory: String, table: String, catalog: Catalog, target: CatalogConverter.Target) -> String {
        guard target == .xcstrings else { return directory }
        let file = catalog.model.tables[table]?.values.flatMap(\.sources).first { $0.format == .xcstrings }?.file
        return file.map { ($0 as NSString).deletingLastPathComponent } ?? directory
    }

    /// The writer for a table: the format of its development-language source (else of any).
    private static func target(_ table: String, catalog: Catalog) -> CatalogConverter.Target {
        let byLocale = catalog.model.tables[table] ?? [:]
        let development = byLocale[CatalogModel.localeKey(catalog.developmentLanguage)] ?? byLocale[CatalogModel.baseKey]
        let formats = (development?.sources ?? []).map(\.format) + byLocale.values.sorted { $0.name < $1.name }.flatMap { $0.sources.map(\.format) }
        switch formats.first {
        case .xcstrings: return .xcstrings
        case .yaml: return .yaml
        case .po: return .po
        case .mo: return .mo
        case .xliff: return .xliff
        case .android: return .android
        case .arb: return .arb
        // FormatJS has no writer: its messages are written as i18next JSON, which holds them.
        case .i18next, .formatjs: return .i18next
        case .strings, .stringsdict, nil: return .lproj
        }
    }

    /// The catalog with the table's `language` merged (`whole`), the catalog to write it from
    /// (`writing`: the whole table for a String Catalog, else only the imported language),
    /// and the writer.
    private static func merge(
        _ table: XLIFFTableRecords, language: LocaleID, catalog: Catalog
    ) -> (catalogs: (whole: Catalog, writing: Catalog), target: CatalogConverter.Target) {
        let writer = target(table.table, catalog: catalog)
        var model = catalog.model
        let key = CatalogModel.localeKey(language)
        let byLocale = model.tables[table.table] ?? [:]
        let development = byLocale[CatalogModel.localeKey(catalog.developmentLanguage)] ?? byLocale[CatalogModel.baseKey]
        let existing = byLocale[key]
        var entries: [String: CatalogEntry] = [:]
        var keys: [String] = []
        for name in (existing?.keys ?? []).sorted() {
            guard let entry = existing?.entry(name) else { continue }
            entries[name] = entry
            keys.append(name)
        }
        let file = existing?.files.first ?? development?.files.first ?? table.originals.first ?? ""
        let context = CatalogEntry.Context(table: table.table, language: language, format: .xliff)
        var pool = CatalogEntry.MetadataPool()
        for var record in table.targetRecords {
            let developmentEntry = development?.entry(record.key)
            record.content = withValueTypes(record.content, from: developmentEntry?.content)
            // Comments stay where the catalog keeps them: a String Catalog's on the key, a
            // `.strings` file's above the entry (a `.stringsdict` entry has none).
            switch writer {
            case .xcstrings: record.comment = developmentEntry?.comment ?? existing?.entry(record.key)?.comment ?? record.comment
            case .lproj: if case .plural = record.content { record.comment = nil }
            default: break
            }
            record.extractionState = existing?.entry(record.key)?.extractionState ?? developmentEntry?.extractionState
            if entries[record.key] == nil { keys.append(record.key) }
            entries[record.key] = CatalogEntry(record: record, context: context, pool: &pool)
        }
        let source = TableSource(format: .xliff, file: file, entries: entries, keys: keys)
        var localeTable = LocaleTable(language: language, name: existing?.name ?? language.languageTag, isBase: false)
        localeTable.sources = [source]
        model.tables[table.table, default: [:]][key] = localeTable
        var writing = model
        if writer != .xcstrings { writing.tables = [table.table: [key: localeTable]] }
        let development_ = catalog.developmentLanguage
        let whole = (try? Catalog(model: model, developmentLanguage: development_)) ?? catalog
        let written = (try? Catalog(model: writing, developmentLanguage: development_)) ?? catalog
        return ((whole, written), writer)
    }

    /// Plural variables with the value type of the development language's variable of the
    /// same name (XLIFF has no unit for it).
    private static func withValueTypes(_ value: EntryValue, from development: EntryValue?) -> EntryValue {
        guard case .plural(let format, var variables) = value, case .plural(_, let reference)? = development else { return value }
        for index in variables.indices where variables[index].valueType == nil {
            guard let match = reference.first(where: { $0.name == variables[index].name }) else { continue }
            variables[index].valueType = match.valueType
            variables[index].argumentNumber = variables[index].argumentNumber ?? match.argumentNumber
            if match.usesArgumentPlaceholder { variables[index].usesArgumentPlaceholder = true }
        }
        return .plural(format: format, variables: variables)
    }
}
