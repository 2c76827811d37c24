import Logging
import Parlance
import Synchronization

/// A catalog directory opened for lookups without reading every language: the directory is
/// listed at once (which locales and tables exist, from the folder and file names), String
/// Catalogs and YAML files are read at once (each holds all its languages in one file), and
/// each locale's `.lproj` tables are parsed when a lookup first needs them — exactly once,
/// however many threads ask for the locale at the same time (the first parses under the
/// locale's lock; the others wait for it and share the result).
///
/// A locale's tables are the parts of one reading of the whole directory: merged, they are the
/// model ``CatalogModel/init(directory:)`` reads (``model``).
package final class LazyCatalogModel: Sendable {
    package let directory: String
    let development: LocaleID
    let listing: CatalogListing
    /// String Catalogs, YAML files and the listing's diagnostics, read at once.
    let shared: CatalogModel
    /// table → locale key → the table's language, for every table listed or read at once.
    let index: [String: [String: LocaleID]]
    /// The locales with at least one table, sorted by identifier (Base excluded).
    let locales: [LocaleID]
    private let slots: [String: LocaleSlot]
    /// `Locked` (a pthread mutex), not `Synchronization.Mutex`: ThreadSanitizer does not see
    /// `Mutex`'s futex calls on Linux and reports the accesses it guards as races.
    private let whole = Locked<CatalogModel?>(nil)
    /// The diagnostics logged so far: each is logged once per catalog load, however many
    /// times (and through however many locales) it is reached.
    private let logged = Locked<Set<CatalogDiagnostic>>([])

    /// One locale key's `.lproj` files and, once parsed, its tables merged with the shared part's.
    private final class LocaleSlot: Sendable {
        let jobs: [Int]
        let loaded = Locked<LoadedLocale?>(nil)
        let parses = Atomic<Int>(0)

        init(jobs: [Int]) { self.jobs = jobs }
    }

    struct LoadedLocale: Sendable {
        /// table → this locale's table (its `.lproj` sources merged with the shared part's).
        var tables: [String: LocaleTable]
        /// The part read for this locale alone (its diagnostics, with their jobs; its file count).
        var diagnostics: [CatalogDiagnostic]
        var diagnosticJobs: [Int]
        var fileCount: Int
    }

    /// Opens a listed directory: reads its String Catalogs and YAML files now, nothing else.
    /// `developmentLanguage` is the explicit one (else the String Catalogs' `sourceLanguage`,
    /// else `en`).
    package convenience init(listing: CatalogListing, developmentLanguage explicit: LocaleID?) throws(ParlanceError) {
        let shared = CatalogModel(listing: listing, jobs: listing.sharedJobs, readsYAML: true)
        let development = try shared.developmentLanguage(explicit: explicit)
        self.init(listing: listing, shared: shared, development: development, lprojJobs: listing.lprojJobs)
    }

    /// A model already read whole (every locale loaded).
    package convenience init(model: CatalogModel, developmentLanguage: LocaleID) {
        self.init(listing: CatalogListing(unlisted: model.directory), shared: model, development: developmentLanguage, lprojJobs: [:])
    }

    private init(listing: CatalogListing, shared: CatalogModel, development: LocaleID, lprojJobs: [String: [Int]]) {
        self.directory = listing.directory
        self.listing = listing
        self.shared = shared
        self.development = development
        self.slots = lprojJobs.mapValues(LocaleSlot.init)
        var index: [String: [String: (language: LocaleID, job: Int)]] = listing.lprojTables
        for (table, byLocale) in shared.tables {
            // The language of the earlier-listed file (YAML, `.max`, comes after every file).
            for (key, localeTable) in byLocale where index[table]?[key].map({ localeTable.firstJob < $0.job }) ?? true {
                index[table, default: [:]][key] = (localeTable.language, localeTable.firstJob)
            }
        }
        for (table, byLocale) in index where byLocale[CatalogModel.baseKey] != nil {
            index[table]?[CatalogModel.baseKey] = (development, byLocale[CatalogModel.baseKey]!.job)
        }
        self.index = index.mapValues { $0.mapValues(\.language) }
        var seen: [String: LocaleID] = [:]
        for byLocale in self.index.values {
            for (key, language) in byLocale where key != CatalogModel.baseKey { seen[key] = language }
        }
        self.locales = seen.values.sorted { $0.identifier < $1.identifier }
    }

    /// Logs, as warnings, the diagnostics not logged yet (a duplicate key is only kept on
    /// ``CatalogModel/diagnostics``: the later value winning is how the formats work).
    func log(_ diagnostics: [CatalogDiagnostic]) {
        let fresh = logged.withLock { logged in
            diagnostics.filter { $0.code != "duplicate-key" && logged.insert($0).inserted }
        }
        for diagnostic in fresh { CatalogRuntime.logger.warning("\(diagnostic.description)") }
    }

    /// The table names listed, sorted.
    var tableNames: [String] { index.keys.sorted() }

    /// One locale's table (parsing the locale's files on first use), nil when it has none.
    func localeTable(_ table: String, key: String) -> LocaleTable? {
        guard let slot = slots[key] else { return shared.tables[table]?[key] }
        return load(key, slot).tables[table]
    }

    /// Parses every locale not parsed yet.
    func loadAll() {
        for (key, slot) in slots.sorted(by: { $0.key < $1.key }) { _ = load(key, slot) }
    }

    /// The locale keys whose `.lproj` files have been parsed.
    var loadedKeys: [String] {
        slots.filter { $0.value.loaded.withLock { $0 != nil } }.keys.sorted()
    }

    /// How many times a locale key's files were parsed (0 or 1; for tests).
    func parseCount(key: String) -> Int { slots[key]?.parses.load(ordering: .relaxed) ?? 0 }

    /// The diagnostics of the shared part and of the locales parsed so far, in directory order.
    var loadedDiagnostics: [CatalogDiagnostic] {
        merge(slots.compactMap { key, slot in slot.loaded.withLock { $0 }.map { (key, $0) } }).diagnostics
    }

    /// The whole model (every locale parsed first): what ``CatalogModel/init(directory:)``
    /// reads, Base tables in the development language.
    var model: CatalogModel {
        whole.withLock { whole in
            if let whole { return whole }
            let made = merge(slots.sorted(by: { $0.key < $1.key }).map { ($0.key, load($0.key, $0.value)) }, tables: true)
            whole = made
            return made
        }
    }

    private func merge(_ parts: [(key: String, locale: LoadedLocale)], tables: Bool = false) -> CatalogModel {
        var model = shared
        var ordered: [(job: Int, diagnostic: CatalogDiagnostic)] = zip(shared.diagnosticJobs, shared.diagnostics).map { ($0, $1) }
        let yaml = shared.diagnostics.dropFirst(shared.diagnosticJobs.count)
        for (_, part) in parts {
            model.fileCount += part.fileCount
            ordered += zip(part.diagnosticJobs, part.diagnostics).map { ($0, $1) }
        }
        // Stable: diagnostics of one job keep their order.
        let sorted = ordered.enumerated().sorted { ($0.element.job, $0.offset) < ($1.element.job, $1.offset) }.map(\.element)
        model.diagnostics = sorted.map(\.diagnostic) + yaml
        model.diagnosticJobs = sorted.map(\.job)
        if tables {
            for (key, part) in parts {
                for (table, localeTable) in part.tables { model.tables[table, default: [:]][key] = localeTable }
            }
        }
        return model
    }

    private func load(_ key: String, _ slot: LocaleSlot) -> LoadedLocale {
        slot.loaded.withLock { loaded in
            if let loaded { return loaded }
            slot.parses.add(1, ordering: .relaxed)
            var part = CatalogModel(listing: listing, jobs: slot.jobs, readsYAML: false)
            if key == CatalogModel.baseKey { part.assignBase(to: development) }
            var tables: [String: LocaleTable] = [:]
            for (table, byLocale) in part.tables {
                guard let own = byLocale[key] else { continue }
                tables[table] = shared.tables[table]?[key].map { own.merged(with: $0) } ?? own
            }
            for (table, byLocale) in shared.tables where tables[table] == nil {
                if let sharedTable = byLocale[key] { tables[table] = sharedTable }
            }
            log(part.diagnostics)
            let made = LoadedLocale(tables: tables, diagnostics: part.diagnostics, diagnosticJobs: part.diagnosticJobs, fileCount: part.fileCount)
            loaded = made
            return made
        }
    }
}
