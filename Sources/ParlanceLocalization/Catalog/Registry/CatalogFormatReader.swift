import Foundation
import Parlance

/// What a reader of a locale-keyed catalog format (YAML) gives back for one file: the entries
/// of each locale the file holds, and what could not be used.
package struct LocaleKeyedFile: Sendable {
    /// One locale's entries in one file.
    package struct Section: Sendable {
        /// The locale key as written (`en-us`, `EN`, `pt_BR`).
        package var name: String
        package var locale: LocaleID
        package var records: [EntryRecord]

        package init(name: String, locale: LocaleID, records: [EntryRecord]) {
            self.name = name
            self.locale = locale
            self.records = records
        }
    }

    package var file: String
    package var sections: [Section]
    package var diagnostics: [CatalogDiagnostic]

    package init(file: String, sections: [Section], diagnostics: [CatalogDiagnostic]) {
        self.file = file
        self.sections = sections
        self.diagnostics = diagnostics
    }
}

/// A reader that a separate module (`ParlanceYAML`) registers, so that `Catalog(directory:)`,
/// the linter, `ParlanceTesting` and the batch `localize` op read its files into the one
/// located model without `ParlanceLocalization` depending on its parser.
package protocol LocaleKeyedCatalogReader: Sendable {
    /// The format its entries are tagged with.
    var format: CatalogFileFormat { get }
    /// Lowercased file extensions without the dot (`yml`, `yaml`).
    var fileExtensions: [String] { get }
    /// Reads one file; never throws: an unreadable file is a diagnostic.
    func read(file: String) -> LocaleKeyedFile
}

/// The readers registered in this process (by format).
package enum CatalogFormatRegistry {
    private static let readers: CatalogLock<[CatalogFileFormat: any LocaleKeyedCatalogReader]> = CatalogLock([:])

    /// Registers a reader (idempotent: a second registration of a format replaces the first).
    package static func register(_ reader: any LocaleKeyedCatalogReader) {
        readers.withLock { $0[reader.format] = reader }
    }

    /// The reader of a format, nil when its module has not registered it.
    package static func reader(for format: CatalogFileFormat) -> (any LocaleKeyedCatalogReader)? {
        readers.withLock { $0[format] }
    }

    /// Budgets of the directory walk for locale-keyed files (a catalog tree is input too).
    package static let maximumFiles = 10_000
    package static let maximumDepth = 32

    /// Every file under `directory` (recursively, hidden entries skipped, symbolic links to
    /// directories not followed) whose extension is one of `extensions`, sorted by path.
    package static func files(under directory: String, extensions: Set<String>) -> (files: [String], truncated: Bool) {
        var found: [String] = []
        var truncated = false
        func walk(_ path: String, depth: Int) {
            guard depth <= maximumDepth, !truncated else { return }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let full = path.hasSuffix("/") ? path + name : path + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: full) else { continue }
                let type = attributes[.type] as? FileAttributeType
                if type == .typeDirectory {
                    walk(full, depth: depth + 1)
                } else if type == .typeRegular || type == .typeSymbolicLink,
                    let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased())
                {
                    if found.count >= maximumFiles {
                        truncated = true
                        return
                    }
                    found.append(full)
                }
            }
        }
        walk(directory, depth: 0)
        return (found.sorted(), truncated)
    }
}

extension CatalogModel {
    /// The table every locale-keyed (YAML) file merges into.
    package static let mergedTable = "Localizable"

    /// Reads every file of the registered locale-keyed formats under the directory into
    /// ``mergedTable`` (files parsed on all cores, merged in path order).
    ///
    /// Collisions: when two files define one key for one locale (`en-us` and `en_US` are one
    /// locale), the file later in byte-wise path order wins — as in Rails, where files later on
    /// the load path override earlier ones — and a `key-collision` diagnostic names both
    /// positions (`Catalog` logs it through swift-log; `parlance lint` reports it as an error).
    mutating func readLocaleKeyedFiles() {
        let yamlExtensions: Set<String> = ["yml", "yaml"]
        let (paths, truncated) = CatalogFormatRegistry.files(under: directory, extensions: yamlExtensions)
        if truncated {
            diagnostics.append(
                CatalogDiagnostic(
                    file: directory, line: 0, column: 0,
                    message: "more than \(CatalogFormatRegistry.maximumFiles) YAML files: the rest are ignored", code: "ignored-file"))
        }
        guard !paths.isEmpty else { return }
        guard let reader = CatalogFormatRegistry.reader(for: .yaml) else {
            for path in paths {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: path, line: 0, column: 0,
                        message:
                            "ignored: YAML catalogs are read by the ParlanceYAML module (package trait YAML): call YAMLCatalog.register() once at start-up; the parlance CLI and parlance-keygen do when built with --traits YAML",
                        code: "ignored-file"))
            }
            return
        }
        let parsed = ConcurrentSlots<LocaleKeyedFile>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            parsed.store(index, reader.read(file: paths[index]))
        }
        var pending: [LocaleKeyedFile.Section] = []
        var files: [String] = []
        for index in paths.indices {
            guard let read = parsed.take(index) else { continue }
            fileCount += 1
            diagnostics += read.diagnostics
            for section in read.sections {
                // Plurals checked in the positional form YAML entries run as (`%{name}` placeholders
                // become arguments), as lint checks them.
                let plurals = section.records.filter { if case .text = $0.content { false } else { true } }
                let positional = plurals.map { record in
                    var record = record
                    record.content = NamedPlaceholders.normalize(record.content).value
                    return record
                }
                diagnostics += PluralChecks.diagnostics(positional, language: section.name)
                pending.append(section)
                files.append(read.file)
            }
        }
        // Later files win: a key defined again later is removed from every earlier section.
        var keep: [[EntryRecord]] = pending.map(\.records)
        var owner: [String: [String: (section: Int, location: CatalogLocation)]] = [:]
        for (index, section) in pending.enumerated() {
            let localeKey = Self.localeKey(section.locale)
            for record in section.records {
                if let earlier = owner[localeKey]?[record.key], earlier.section != index {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: record.location.file, line: record.location.line, column: record.location.column,
                            message:
                                "key collision: \(quoted(record.key)) is also defined at \(earlier.location); this later file wins",
                            key: record.key, language: section.name, code: "key-collision"))
                    keep[earlier.section].removeAll { $0.key == record.key }
                }
                owner[localeKey, default: [:]][record.key] = (index, record.location)
            }
        }
        for (index, section) in pending.enumerated() {
            let source = Self.source(keep[index], table: Self.mergedTable, locale: section.locale, format: reader.format, file: files[index])
            insert(source, table: Self.mergedTable, key: Self.localeKey(section.locale), locale: section.locale, name: section.name, isBase: false)
        }
    }
}
