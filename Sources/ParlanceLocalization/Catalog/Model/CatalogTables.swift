import Foundation
import Parlance

/// The entries of one file of one table in one locale.
package struct TableSource: Sendable {
    package var format: CatalogFileFormat
    package var file: String
    package var entries: [String: CatalogEntry]
    /// Keys in file order.
    package var keys: [String]
    /// A gettext file's header (for the `Plural-Forms` checks of lint); nil for other formats.
    package var gettext: GettextSourceHeader? = nil
    /// The `<file original>`s of the XLIFF a table source was read from; nil for other formats.
    package var xliff: XLIFFSourceInfo? = nil
}

/// The header of the gettext file a table source was read from.
package struct GettextSourceHeader: Sendable {
    package var header: GettextHeader
    package var hasHeader: Bool
    package var location: CatalogLocation
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
    /// The index of the listed job whose file made this table (``CatalogListing``; `.max` for
    /// YAML), which decides its language and name when parts are merged.
    package var firstJob: Int = .max

    /// The entry a lookup finds for a key in this table (the run-time winner).
    package func entry(_ key: String) -> CatalogEntry? {
        // By index: `for source in sources` would copy each source (and retain its parts).
        for index in sources.indices {
            if let entry = sources[index].entries[key] { return entry }
        }
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

    /// This table and the same table read in another part of the directory, as one reading of
    /// both parts would give it: language and name from the earlier-listed file, sources in
    /// lookup order.
    func merged(with other: LocaleTable) -> LocaleTable {
        var merged = firstJob <= other.firstJob ? self : other
        for source in (firstJob <= other.firstJob ? other : self).sources { merged.add(source) }
        return merged
    }

    mutating func add(_ source: TableSource) {
        sources.append(source)
        let order: [CatalogFileFormat] = [.stringsdict, .strings, .xcstrings, .yaml, .po, .mo, .xliff, .android, .arb, .i18next, .formatjs]
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
    /// How many catalog files were found (`.strings`, `.stringsdict`, `.xcstrings`, YAML).
    package var fileCount = 0
    /// The index of the listed job (``CatalogListing``) each of the first
    /// `diagnosticJobs.count` diagnostics came from; the rest are the YAML files'.
    package var diagnosticJobs: [Int] = []

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

    /// Reads a directory: `<locale>.lproj/<Table>.strings|.stringsdict` and `<Table>.xcstrings`,
    /// and every `.yml`/`.yaml` file of the tree (merged into `Localizable`) when a YAML reader
    /// is registered (`ParlanceYAML`).
    /// A file or entry that cannot be read is a diagnostic, never a failure of the whole.
    /// Files are parsed on all cores; the model is then assembled in directory order, so the
    /// result (and the order of its diagnostics) does not depend on the scheduling.
    ///
    /// - Throws: ``ParlanceError/Code/invalidFile`` only when the directory cannot be listed.
    package init(directory: String) throws(ParlanceError) {
        try self.init(directory: directory, lprojFolders: nil)
    }

    /// Reads part of a directory: only the `.lproj` folders named in `lprojFolders` (as
    /// listed), and no String Catalog or YAML file; nil reads everything, as
    /// ``init(directory:)`` does. A reader that holds one language at a time (lint, on a
    /// catalog of many languages) reads a directory this way, in the groups
    /// ``lprojFolderGroups(directory:)`` gives.
    package init(directory: String, lprojFolders: Set<String>?) throws(ParlanceError) {
        let listing = try CatalogListing(directory: directory, lprojFolders: lprojFolders)
        self.init(listing: listing, jobs: listing.jobs.indices, readsYAML: lprojFolders == nil)
    }

    /// Reads the files of `jobs` (indices into `listing.jobs`) and, when `readsYAML`, the YAML
    /// files of the tree: a part of a directory (``CatalogListing``), assembled exactly as the
    /// whole would assemble it, so that parts merge into the whole model (``LazyCatalogModel``).
    /// Files are parsed on all cores; the model is then assembled in directory order, so the
    /// result (and the order of its diagnostics) does not depend on the scheduling.
    package init(listing: CatalogListing, jobs selected: some Collection<Int>, readsYAML: Bool) {
        self.directory = listing.directory
        let jobs = listing.jobs
        let indices = Array(selected)
        var xliffSourceTexts: [(table: String, key: String, part: CatalogFileJob.TablePart, job: Int)] = []
        // 2. Parse every file (concurrently: the readers share nothing mutable).
        let parsed = ConcurrentSlots<Result<CatalogFileJob.Parsed, CatalogDiagnostic>>(count: indices.count)
        DispatchQueue.concurrentPerform(iterations: indices.count) { slot in
            guard case .file(let format, let path, let table, let folder) = jobs[indices[slot]] else { return }
            parsed.store(slot, CatalogFileJob.parse(format, path: path, table: table, folder: folder))
        }
        // 3. Assemble in order.
        for (slot, index) in indices.enumerated() {
            switch jobs[index] {
            case .diagnostic(let diagnostic):
                addDiagnostics([diagnostic], job: index)
            case .file(_, _, let table, let folder):
                fileCount += 1
                switch parsed.take(slot) {
                case .failure(let error):
                    addDiagnostics([folder.map { error.with(language: $0.name) } ?? error], job: index)
                case .success(.xcstrings(let sourceLanguage, let fileDiagnostics, let sources)):
                    sourceLanguages.append((table, sourceLanguage))
                    addDiagnostics(fileDiagnostics, job: index)
                    for (language, locale, source) in sources {
                        insert(source, table: table, key: Self.localeKey(locale), locale: locale, name: language, isBase: false, job: index)
                    }
                case .success(.lproj(let fileDiagnostics, let source)):
                    guard let folder else { continue }
                    // An Android resource file without strings (colors, dimensions) is no table.
                    if source.format == .android, source.entries.isEmpty {
                        addDiagnostics(fileDiagnostics.map { $0.with(language: folder.name) }, job: index)
                        continue
                    }
                    addDiagnostics(fileDiagnostics.map { $0.with(language: folder.name) }, job: index)
                    insert(source, table: table, key: folder.key, locale: folder.locale, name: folder.name, isBase: folder.isBase, job: index)
                case .success(.tables(let fileDiagnostics, let found)):
                    addDiagnostics(fileDiagnostics, job: index)
                    for part in found {
                        let key = Self.localeKey(part.locale)
                        if part.isSourceText {
                            xliffSourceTexts.append((table: part.table, key: key, part: part, job: index))
                        } else {
                            insert(part.source, table: part.table, key: key, locale: part.locale, name: part.name, isBase: false, job: index)
                        }
                    }
                case nil:
                    continue
                }
            }
        }
        // The source texts of XLIFF files fill a table only when nothing else does (the first
        // XLIFF listed gives them).
        for pending in xliffSourceTexts where tables[pending.table]?[pending.key] == nil {
            let part = pending.part
            insert(part.source, table: part.table, key: pending.key, locale: part.locale, name: part.name, isBase: false, job: pending.job)
        }
        // 4. YAML catalogs of the whole tree, merged into `Localizable` (CatalogFormatReader.swift).
        if readsYAML { readLocaleKeyedFiles() }
    }

    /// Diagnostics of one listed job (kept with the job's index, so that parts merge in order).
    private mutating func addDiagnostics(_ found: [CatalogDiagnostic], job: Int) {
        diagnostics += found
        diagnosticJobs += repeatElement(job, count: found.count)
    }

    /// The `.lproj` folders of a directory by the locale table they fill (folders whose names
    /// are one locale, `pt-BR` and `pt_BR`, are one group; a folder whose name is not a locale
    /// id is a group of its own with a nil key), when the directory holds nothing else a
    /// catalog reads: nil when it has a String Catalog or a YAML file. Groups are in listing
    /// order.
    package static func lprojFolderGroups(directory: String) throws(ParlanceError) -> [(key: String?, names: [String])]? {
        let names = try CatalogFileSystem.contents(ofDirectory: directory)
        var groups: [(key: String?, names: [String])] = []
        var byKey: [String: Int] = [:]
        for name in names {
            let lowered = name.lowercased()
            if lowered.hasSuffix(".xcstrings") || lowered.hasSuffix(".po") { return nil }
            if CatalogListing.isXLIFF(lowered) || lowered.hasSuffix(".xcloc") { return nil }
            // Android resources, ARB and i18next/FormatJS files are read whole.
            if lowered.hasSuffix(".arb") || lowered.hasSuffix(".json") || name == "res" || name == "locales" || AndroidLayout.folder(name) != nil {
                return nil
            }
            if (directory as NSString).lastPathComponent == "locales" { return nil }
            if CatalogListing.isGettextLocaleFolder(directory: directory, name: name) { return nil }
            guard lowered.hasSuffix(".lproj") else { continue }
            let localeName = String(name.dropLast(".lproj".count))
            let key: String?
            if localeName.lowercased() == "base" {
                key = baseKey
            } else {
                key = (try? ParlanceCore.locale(localeName)).map(localeKey)
            }
            if let key, let index = byKey[key] {
                groups[index].names.append(name)
            } else {
                if let key { byKey[key] = groups.count }
                groups.append((key, [name]))
            }
        }
        let (yaml, truncated) = CatalogFormatRegistry.files(under: directory, extensions: ["yml", "yaml"])
        guard yaml.isEmpty, !truncated else { return nil }
        return groups
    }

    /// The entries of one file's records (a later record of the same key wins, as in Apple's
    /// readers), keys in file order.
    static func source(_ records: consuming [EntryRecord], table: String, locale: LocaleID, format: CatalogFileFormat, file: String) -> TableSource {
        var pool = CatalogEntry.MetadataPool()
        return source(records, table: table, locale: locale, format: format, file: file, pool: &pool)
    }

    /// ``source(_:table:locale:format:file:)``, sharing metadata objects through `pool` (the
    /// languages of a String Catalog that one worker makes tables of share one pool).
    static func source(
        _ records: consuming [EntryRecord], table: String, locale: LocaleID, format: CatalogFileFormat, file: String,
        pool: inout CatalogEntry.MetadataPool
    ) -> TableSource {
        var entries: [String: CatalogEntry] = [:]
        entries.reserveCapacity(records.count)
        let context = CatalogEntry.Context(table: table, language: locale, format: format)
        var keys: [String] = []
        keys.reserveCapacity(records.count)
        // Records are moved out, first to last (reversed, then popped from the end), not copied:
        // a copy would count a reference for each of a record's fields and let it go again.
        var reversed = records.reversedMoving()
        while let record = reversed.popLast() {
            if entries.updateValue(CatalogEntry(record: record, context: context, pool: &pool), forKey: record.key) == nil {
                keys.append(record.key)
            }
        }
        return TableSource(format: format, file: file, entries: entries, keys: keys)
    }

    mutating func insert(_ source: TableSource, table: String, key: String, locale: LocaleID, name: String, isBase: Bool, job: Int = .max) {
        tables[table, default: [:]][key, default: LocaleTable(language: locale, name: isBase ? "Base" : name, isBase: isBase, firstJob: job)]
            .add(source)
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
        var record = EntryRecord(key: key, location: location, content: content, state: state, extractionState: extractionState, comment: comment)
        record.isMessageFormat = isMessageFormat
        record.isTranslatable = isTranslatable
        record.messageMetadata = messageMetadata
        return CatalogEntry(record: record, context: context)
    }
}

/// A catalog directory listed, not read: every file a reader would parse, in the order the
/// model is assembled (directory order, files of a folder sorted), and the diagnostics found
/// while listing (a folder whose name is not a locale id). Listing costs one directory read
/// per `.lproj` folder; nothing is parsed.
package struct CatalogListing: Sendable {
    /// The directory listed.
    package let directory: String
    /// The files to parse and the listing's diagnostics, in assembly order.
    let jobs: [CatalogFileJob]

    /// Lists a directory: `<locale>.lproj/<Table>.strings|.stringsdict` and `<Table>.xcstrings`
    /// (only the `.lproj` folders named in `lprojFolders` and no String Catalog when it is not nil).
    ///
    /// - Throws: ``ParlanceError/Code/invalidFile`` only when the directory cannot be listed.
    package init(directory: String, lprojFolders: Set<String>? = nil) throws(ParlanceError) {
        self.directory = directory
        let names = try CatalogFileSystem.contents(ofDirectory: directory)
        func path(_ parts: String...) -> String { ([directory.hasSuffix("/") ? String(directory.dropLast()) : directory] + parts).joined(separator: "/") }
        var jobs: [CatalogFileJob] = []
        for name in names {
            let lowered = name.lowercased()
            if let lprojFolders, !(lowered.hasSuffix(".lproj") && lprojFolders.contains(name)) { continue }
            if Self.isXLIFF(lowered), !Self.isDirectory(path(name)) {
                jobs.append(.file(.xliff, path: path(name), table: "", folder: nil))
            } else if lowered.hasSuffix(".xcloc"), Self.isDirectory(path(name)) {
                // An Xcode localization bundle: `Localized Contents/<lang>.xliff`.
                let contents = path(name, "Localized Contents")
                let files = (try? FileManager.default.contentsOfDirectory(atPath: contents)) ?? []
                for fileName in files.sorted() where Self.isXLIFF(fileName.lowercased()) {
                    jobs.append(.file(.xliff, path: path(name, "Localized Contents", fileName), table: "", folder: nil))
                }
            } else if lowered.hasSuffix(".xcstrings") {
                jobs.append(.file(.xcstrings, path: path(name), table: String(name.dropLast(".xcstrings".count)), folder: nil))
            } else if lowered.hasSuffix(".po"), !Self.isDirectory(path(name)) {
                // `<locale>.po`, as GNU projects keep `po/ru.po`: the default table.
                let localeName = String(name.dropLast(".po".count))
                guard let locale = Self.gettextLocale(localeName) else {
                    jobs.append(
                        .diagnostic(
                            CatalogDiagnostic(
                                file: path(name), line: 0, column: 0, message: "ignored: \(quoted(localeName)) is not a locale id",
                                code: "ignored-file")))
                    continue
                }
                let folder = CatalogFileJob.Folder(name: localeName, locale: locale, isBase: false, key: CatalogModel.localeKey(locale))
                jobs.append(.file(.po, path: path(name), table: CatalogModel.mergedTable, folder: folder))
            } else if Self.isGettextLocaleFolder(directory: directory, name: name) {
                // `<locale>/LC_MESSAGES/<domain>.po|.mo`: table `<domain>`.
                guard let locale = Self.gettextLocale(name) else {
                    jobs.append(
                        .diagnostic(
                            CatalogDiagnostic(
                                file: path(name), line: 0, column: 0, message: "ignored: \(quoted(name)) is not a locale id", code: "ignored-folder")))
                    continue
                }
                let folder = CatalogFileJob.Folder(name: name, locale: locale, isBase: false, key: CatalogModel.localeKey(locale))
                let files = (try? FileManager.default.contentsOfDirectory(atPath: path(name, "LC_MESSAGES"))) ?? []
                for fileName in files.sorted() {
                    let loweredFile = fileName.lowercased()
                    if loweredFile.hasSuffix(".po") {
                        jobs.append(.file(.po, path: path(name, "LC_MESSAGES", fileName), table: String(fileName.dropLast(3)), folder: folder))
                    } else if loweredFile.hasSuffix(".mo") {
                        jobs.append(.file(.mo, path: path(name, "LC_MESSAGES", fileName), table: String(fileName.dropLast(3)), folder: folder))
                    }
                }
            } else if lowered.hasSuffix(".arb"), !Self.isDirectory(path(name)) {
                // `app_en.arb`, `intl_pt_BR.arb`: the default table.
                guard let locale = MessageJSONLayout.arbLocale(String(name.dropLast(".arb".count))) else {
                    jobs.append(
                        .diagnostic(
                            CatalogDiagnostic(
                                file: path(name), line: 0, column: 0, message: "ignored: the file name ends in no locale id (app_en.arb)",
                                code: "ignored-file")))
                    continue
                }
                jobs.append(.file(.arb, path: path(name), table: CatalogModel.mergedTable, folder: Self.messageJSONFolder(locale, name: locale.languageTag)))
            } else if lowered.hasSuffix(".json"), let locale = MessageJSONLayout.locale(String(name.dropLast(".json".count))),
                !Self.isDirectory(path(name))
            {
                // `<lng>.json` (i18next or FormatJS): the default table.
                jobs.append(
                    .file(.i18next, path: path(name), table: CatalogModel.mergedTable, folder: Self.messageJSONFolder(locale, name: String(name.dropLast(5)))))
            } else if name == "locales", Self.isDirectory(path(name)) {
                jobs += Self.i18nextJobs(locales: path(name))
            } else if name == "res", Self.isAndroidRes(path(name)) {
                jobs += Self.androidJobs(res: path(name), names: (try? CatalogFileSystem.contents(ofDirectory: path(name))) ?? [])
            } else if AndroidLayout.folder(name) != nil, Self.isDirectory(path(name)) {
                // The directory is a `res` folder.
                jobs += Self.androidJobs(res: path(), names: [name])
            } else if (directory as NSString).lastPathComponent == "locales", let locale = MessageJSONLayout.locale(name), Self.isDirectory(path(name)) {
                jobs += Self.i18nextFolderJobs(path(name), locale: locale, name: name)
            } else if lowered.hasSuffix(".lproj") {
                let localeName = String(name.dropLast(".lproj".count))
                let isBase = localeName.lowercased() == "base"
                let locale: LocaleID
                if isBase {
                    locale = .root
                } else if let parsed = try? ParlanceCore.locale(localeName) {
                    locale = parsed
                } else {
                    jobs.append(
                        .diagnostic(
                            CatalogDiagnostic(
                                file: path(name), line: 0, column: 0,
                                message: "ignored: \(quoted(localeName)) is not a locale id", code: "ignored-folder")))
                    continue
                }
                let folder = CatalogFileJob.Folder(
                    name: localeName, locale: locale, isBase: isBase, key: isBase ? CatalogModel.baseKey : CatalogModel.localeKey(locale))
                guard let files = try? FileManager.default.contentsOfDirectory(atPath: path(name)) else { continue }
                for fileName in files.sorted() {
                    let loweredFile = fileName.lowercased()
                    if loweredFile.hasSuffix(".stringsdict") {
                        jobs.append(
                            .file(.stringsdict, path: path(name, fileName), table: String(fileName.dropLast(".stringsdict".count)), folder: folder))
                    } else if loweredFile.hasSuffix(".strings") {
                        jobs.append(.file(.strings, path: path(name, fileName), table: String(fileName.dropLast(".strings".count)), folder: folder))
                    }
                }
            }
        }
        self.jobs = jobs
    }

    /// Whether a lowercased file name is an XLIFF file's (`.xliff`, `.xlf`).
    package static func isXLIFF(_ lowered: String) -> Bool { lowered.hasSuffix(".xliff") || lowered.hasSuffix(".xlf") }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `name` in `directory` is a folder holding `LC_MESSAGES` (gettext's layout).
    package static func isGettextLocaleFolder(directory: String, name: String) -> Bool {
        guard !name.hasPrefix("."), !name.lowercased().hasSuffix(".lproj") else { return false }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return isDirectory(base + name + "/LC_MESSAGES")
    }

    /// The locale of a gettext locale name (`ru`, `pt_BR`, `sr@latin`): the modifiers `latin`
    /// and `cyrillic` name a script; another modifier is not a locale this model can tell apart.
    package static func gettextLocale(_ name: String) -> LocaleID? {
        var name = name
        if let at = name.firstIndex(of: "@") {
            let modifier = name[name.index(after: at)...].lowercased()
            let base = name[..<at].split(separator: ".").first.map(String.init) ?? ""
            let parts = base.split(separator: "_", maxSplits: 1).map(String.init)
            let script: String
            switch modifier {
            case "latin": script = "Latn"
            case "cyrillic": script = "Cyrl"
            default: return nil
            }
            name = ([parts[0], script] + parts.dropFirst()).joined(separator: "_")
        } else if let dot = name.firstIndex(of: ".") {
            // `de_DE.UTF-8`: the codeset is not part of the locale.
            name = String(name[..<dot])
        }
        guard !name.isEmpty else { return nil }
        return try? ParlanceCore.locale(name)
    }

    /// A directory not listed (a model read by other means): no jobs.
    package init(unlisted directory: String) {
        self.directory = directory
        self.jobs = []
    }

    /// The `.lproj` file jobs by locale key (``CatalogModel/localeKey(_:)``, ``CatalogModel/baseKey``).
    var lprojJobs: [String: [Int]] {
        var out: [String: [Int]] = [:]
        for (index, job) in jobs.enumerated() {
            if case .file(_, _, _, let folder?) = job { out[folder.key, default: []].append(index) }
        }
        return out
    }

    /// Every job but the `.lproj` files: String Catalogs and the listing's diagnostics.
    var sharedJobs: [Int] {
        jobs.indices.filter { index in
            if case .file(_, _, _, _?) = jobs[index] { return false }
            return true
        }
    }

    /// table → locale key → language of every `.lproj` table file listed, the language being
    /// the first folder's in listing order (as a table's first source gives it when read).
    var lprojTables: [String: [String: (language: LocaleID, job: Int)]] {
        var out: [String: [String: (language: LocaleID, job: Int)]] = [:]
        for (index, job) in jobs.enumerated() {
            guard case .file(_, _, let table, let folder?) = job, out[table]?[folder.key] == nil else { continue }
            out[table, default: [:]][folder.key] = (folder.locale, index)
        }
        return out
    }
}

/// One step of reading a catalog directory: a file to parse, or a diagnostic found while listing.
enum CatalogFileJob: Sendable {
    struct Folder: Sendable {
        var name: String
        var locale: LocaleID
        var isBase: Bool
        var key: String
    }

    /// A file read and turned into table sources (in the worker, so that its records are
    /// freed before the next file is read).
    enum Parsed: Sendable {
        /// A String Catalog: its source language, diagnostics and one source per language.
        case xcstrings(sourceLanguage: String, [CatalogDiagnostic], [(String, LocaleID, TableSource)])
        /// A `.strings` or `.stringsdict` file of an `.lproj` folder, or a gettext file.
        case lproj([CatalogDiagnostic], TableSource)
        /// A file of several tables and languages (XLIFF).
        case tables([CatalogDiagnostic], [TablePart])
    }

    /// One table in one language of a file of several (an XLIFF `<file>`'s target texts, or
    /// its source texts, which fill a table only when no other file does).
    struct TablePart: Sendable {
        var table: String
        var name: String
        var locale: LocaleID
        var source: TableSource
        var isSourceText: Bool
    }

    case file(CatalogFileFormat, path: String, table: String, folder: Folder?)
    case diagnostic(CatalogDiagnostic)

    static func parse(_ format: CatalogFileFormat, path: String, table: String, folder: Folder?) -> Result<Parsed, CatalogDiagnostic> {
        do throws(CatalogDiagnostic) {
            switch format {
            case .po, .mo:
                let file = GettextFile(reading: path)
                if file.messages.isEmpty, !file.hasHeader, let first = file.diagnostics.first, first.code == "unreadable-file" { throw first }
                let locale = folder?.locale ?? .root
                let (records, _, diagnostics) = file.records(locale: locale)
                var source = CatalogModel.source(records, table: table, locale: locale, format: format, file: path)
                source.gettext = GettextSourceHeader(header: file.header, hasHeader: file.hasHeader, location: file.headerLocation)
                return .success(.lproj(file.diagnostics + diagnostics, source))
            case .xliff:
                let (diagnostics, parts) = XLIFFDocument.tableParts(reading: path)
                if parts.isEmpty, let first = diagnostics.first, first.code == "unreadable-file" { throw first }
                return .success(.tables(diagnostics, parts))
            case .android:
                let file = try AndroidStringsFile(reading: path)
                let locale = folder?.locale ?? .root
                let plurals = PluralChecks.diagnostics(file.records, language: nil)
                return .success(.lproj(file.diagnostics + plurals, CatalogModel.source(file.records, table: table, locale: locale, format: format, file: path)))
            case .arb, .i18next, .formatjs:
                let file = try MessageJSONFile(reading: path, arb: format == .arb)
                let locale = folder?.locale ?? .root
                var diagnostics = file.diagnostics
                if let declared = file.declaredLocale, let folder, (try? ParlanceCore.locale(declared)).map(CatalogModel.localeKey) != folder.key {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: path, line: 1, column: 1,
                            message: "@@locale is \(quoted(declared)) but the file name says \(folder.locale.languageTag); the file name's is used",
                            code: "locale-mismatch"))
                }
                return .success(.lproj(diagnostics, CatalogModel.source(file.records, table: table, locale: locale, format: file.format, file: path)))
            case .yaml:
                // YAML files are listed and read by `readLocaleKeyedFiles()`, never as jobs.
                throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "a YAML file is not a table file", code: "ignored-file")
            case .xcstrings:
                let catalog = try StringCatalogFile(reading: path)
                let (sourceLanguage, diagnostics) = (catalog.sourceLanguage, catalog.diagnostics)
                // Each language's records are let go once they are table entries (the file's
                // records and the entries are not held whole at the same time). Languages
                // become tables on all cores, in contiguous groups, each sharing one pool.
                var records = (consume catalog).records
                let languages = records.keys.sorted().compactMap { language in (try? ParlanceCore.locale(language)).map { (language, $0) } }
                let pending = ConcurrentSlots<[EntryRecord]>(count: languages.count)
                for (index, language) in languages.enumerated() {
                    if let moved = records.removeValue(forKey: language.0) { pending.store(index, moved) }
                }
                let built = ConcurrentSlots<TableSource>(count: languages.count)
                let checked = ConcurrentSlots<[CatalogDiagnostic]>(count: languages.count)
                let groups = ConcurrentSlots<TableSource>.groups(languages.count, ways: ProcessInfo.processInfo.activeProcessorCount)
                DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                    var pool = CatalogEntry.MetadataPool()
                    for index in groups[group] {
                        guard let languageRecords = pending.take(index) else { continue }
                        checked.store(index, PluralChecks.diagnostics(languageRecords, language: languages[index].0))
                        built.store(
                            index, CatalogModel.source(languageRecords, table: table, locale: languages[index].1, format: format, file: path, pool: &pool))
                    }
                }
                let sources = languages.indices.compactMap { index in built.take(index).map { (languages[index].0, languages[index].1, $0) } }
                let plurals = languages.indices.flatMap { checked.take($0) ?? [] }
                return .success(.xcstrings(sourceLanguage: sourceLanguage, diagnostics + plurals, sources))
            case .stringsdict, .strings:
                let (records, diagnostics) =
                    format == .strings
                    ? try { () throws(CatalogDiagnostic) in
                        let file = try StringsFile(reading: path)
                        return (file.records, file.diagnostics)
                    }()
                    : try { () throws(CatalogDiagnostic) in
                        let file = try StringsdictFile(reading: path)
                        return (file.records, file.diagnostics)
                    }()
                let locale = folder?.locale ?? .root
                // The folder's language is added to every diagnostic of the file when it is assembled.
                let plurals = format == .stringsdict ? PluralChecks.diagnostics(records, language: nil) : []
                return .success(.lproj(diagnostics + plurals, CatalogModel.source(records, table: table, locale: locale, format: format, file: path)))
            }
        } catch {
            return .failure(error)
        }
    }
}

/// Results of a `DispatchQueue.concurrentPerform`, one slot per iteration: each slot is written
/// by exactly one worker before `concurrentPerform` returns and read only after it.
package final class ConcurrentSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    package func store(_ index: Int, _ value: Value) { slots[index] = value }

    /// The value, moved out of its slot.
    package func take(_ index: Int) -> Value? {
        defer { slots[index] = nil }
        return slots[index]
    }

    /// `count` items in at most `ways` contiguous groups of near-equal size (at least one
    /// group), for a `concurrentPerform` with one iteration per group.
    package static func groups(_ count: Int, ways: Int) -> [Range<Int>] {
        let ways = max(1, min(ways, count))
        return (0..<ways).map { group in (count * group / ways)..<(count * (group + 1) / ways) }
    }
}
