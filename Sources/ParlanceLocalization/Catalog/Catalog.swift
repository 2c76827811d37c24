import Foundation
@_spi(ParlanceInternals) public import Parlance

/// A localized value found in a catalog, with where it came from.
public struct CatalogEntry: Hashable, Sendable {
    /// The key looked up.
    public let key: String
    /// The table (file name without extension, e.g. `Localizable`).
    public let table: String
    /// The language of the file the value came from; its plural rules choose variants.
    public let language: LocaleID
    /// The file the value came from.
    public let file: String
    /// The value.
    public let value: CatalogValue
}

/// A set of Apple-format localization tables loaded from a directory: `<locale>.lproj/<Table>.strings`,
/// `<locale>.lproj/<Table>.stringsdict` and `<Table>.xcstrings`.
///
/// Lookup walks the locale's fallback chain (`sr-Latn-RS → sr-Latn → sr → development language`,
/// then `Base.lproj`). Directory names match case-insensitively with `-` or `_` (`pt-BR.lproj`,
/// `pt_br.lproj`). In one locale a `.stringsdict` entry wins over a `.strings` entry, which wins
/// over the String Catalog. Values are always processed as formats (`%%` → `%`) in the
/// requested locale; plural variants are chosen by the rules of the language the value came from.
///
/// ```swift
/// let catalog = try Catalog(directory: "/app/Resources")
/// try catalog.localizedString("items.count", locale: "ru", arguments: [21])  // "21 элемент"
/// try catalog.localizedString("items.count", locale: "ru", arguments: [1000]) // "1 000 элементов"
/// catalog.string("no.such.key", locale: "ru")                                // "no.such.key"
/// catalog.entry(forKey: "no.such.key", locale: "ru")                         // nil
/// ```
///
/// A `Catalog` is immutable after loading and safe to share across tasks.
public struct Catalog: Sendable {
    /// The directory the catalog was loaded from.
    public let directory: String
    /// The development language: the explicit one, else the String Catalog's `sourceLanguage`, else `en`.
    public let developmentLanguage: LocaleID
    /// The device whose `device` variations are used (`iphone`, `ipad`, `mac`, …); `other` by default.
    public let device: String
    /// Warnings found while loading (duplicate keys in `.strings` files).
    public let diagnostics: [CatalogDiagnostic]

    /// Sources of one table in one locale, by lowercased ICU id ("" for Base).
    private struct LocaleTables: Sendable {
        var language: LocaleID
        var stringsdict: (file: String, entries: [String: CatalogValue])?
        var strings: (file: String, entries: [String: String])?
        var catalog: (file: String, entries: [String: CatalogValue])?
    }

    /// table → locale key → sources.
    private let tables: [String: [String: LocaleTables]]

    /// The locale tables to search, in order, per (table, requested locale): the fallback chain
    /// resolved once instead of on every lookup. Bounded, since requested locales come from
    /// users (Accept-Language).
    private let resolvedChains = LRUCache<ChainKey, [LocaleTables]>(capacity: 512)

    private struct ChainKey: Hashable, Sendable {
        var table: String
        var locale: String
    }

    /// The names of the tables, sorted.
    public var tableNames: [String] { tables.keys.sorted() }

    /// The locales with at least one table, sorted by identifier (Base excluded).
    public var locales: [LocaleID] {
        var seen: [String: LocaleID] = [:]
        for byLocale in tables.values {
            for (key, sources) in byLocale where key != Self.baseKey { seen[key] = sources.language }
        }
        return seen.values.sorted { $0.identifier < $1.identifier }
    }

    /// Every key of a table in any locale, sorted.
    ///
    /// ```swift
    /// catalog.keys(table: "Localizable")  // ["items.count", "settings.title", …]
    /// ```
    public func keys(table: String = "Localizable") -> [String] {
        var keys = Set<String>()
        for sources in tables[table]?.values ?? [:].values {
            keys.formUnion(sources.stringsdict?.entries.keys ?? [:].keys)
            keys.formUnion(sources.strings?.entries.keys ?? [:].keys)
            keys.formUnion(sources.catalog?.entries.keys ?? [:].keys)
        }
        return keys.sorted()
    }

    private static let baseKey = "\u{0}base"

    /// Loads every table of a directory.
    ///
    /// ```swift
    /// let catalog = try Catalog(directory: "Resources", developmentLanguage: "en")
    /// ```
    /// - Parameters:
    ///   - directory: holds `<locale>.lproj` folders and/or `.xcstrings` files.
    ///   - developmentLanguage: overrides the String Catalog's `sourceLanguage` (default `en`).
    ///   - device: which `device` variation to use (default `other`).
    /// - Throws: ``ParlanceError/Code/invalidFile`` for an unreadable directory or a malformed
    ///   file (naming file, line and column); ``ParlanceError/Code/invalidLocale`` for an
    ///   ill-formed `developmentLanguage`.
    public init(directory: String, developmentLanguage: String? = nil, device: String = "other") throws(ParlanceError) {
        let explicitLanguage = try developmentLanguage.map { language throws(ParlanceError) in try LocaleID(language) }
        let manager = FileManager.default
        let names = try CatalogFileSystem.contents(ofDirectory: directory)
        var tables: [String: [String: LocaleTables]] = [:]
        var diagnostics: [CatalogDiagnostic] = []
        var sourceLanguages: [(table: String, language: String)] = []
        func path(_ parts: String...) -> String { ([directory] + parts).joined(separator: "/") }

        for name in names {
            let lowered = name.lowercased()
            if lowered.hasSuffix(".xcstrings") {
                let table = String(name.dropLast(".xcstrings".count))
                let file = try StringCatalogFile(contentsOf: path(name))
                sourceLanguages.append((table, file.sourceLanguage))
                for (language, entries) in file.localizations {
                    guard let locale = try? LocaleID(language) else { continue }
                    let key = Self.localeKey(locale)
                    tables[table, default: [:]][key, default: LocaleTables(language: locale)].catalog = (path(name), entries)
                }
            } else if lowered.hasSuffix(".lproj") {
                let localeName = String(name.dropLast(".lproj".count))
                let locale: LocaleID
                let key: String
                if localeName.lowercased() == "base" {
                    locale = .root
                    key = Self.baseKey
                } else {
                    guard let parsed = try? LocaleID(localeName) else {
                        diagnostics.append(CatalogDiagnostic(file: path(name), line: 0, column: 0,
                                                             message: "ignored: \(quoted(localeName)) is not a locale id"))
                        continue
                    }
                    locale = parsed
                    key = Self.localeKey(parsed)
                }
                let files: [String]
                do {
                    files = try manager.contentsOfDirectory(atPath: path(name)).sorted()
                } catch {
                    continue  // a file named *.lproj, not a directory
                }
                for fileName in files {
                    let loweredFile = fileName.lowercased()
                    if loweredFile.hasSuffix(".stringsdict") {
                        let table = String(fileName.dropLast(".stringsdict".count))
                        let file = try StringsdictFile(contentsOf: path(name, fileName))
                        tables[table, default: [:]][key, default: LocaleTables(language: locale)].stringsdict = (file.file, file.entries)
                    } else if loweredFile.hasSuffix(".strings") {
                        let table = String(fileName.dropLast(".strings".count))
                        let file = try StringsFile(contentsOf: path(name, fileName))
                        diagnostics += file.diagnostics
                        tables[table, default: [:]][key, default: LocaleTables(language: locale)].strings = (file.file, file.entries)
                    }
                }
            }
        }
        let source = sourceLanguages.first(where: { $0.table == "Localizable" })?.language ?? sourceLanguages.first?.language
        let development: LocaleID
        if let explicitLanguage {
            development = explicitLanguage
        } else {
            development = try LocaleID(source ?? "en")
        }
        // A Base.lproj table speaks the development language.
        for (table, byLocale) in tables {
            if var base = byLocale[Self.baseKey] {
                base.language = development
                tables[table]?[Self.baseKey] = base
            }
        }
        self.directory = directory
        self.developmentLanguage = development
        self.device = device.lowercased()
        self.tables = tables
        self.diagnostics = diagnostics
    }

    private static func localeKey(_ locale: LocaleID) -> String {
        locale.identifier.split(separator: "@").first.map { $0.lowercased() } ?? ""
    }

    /// The locales searched for `locale`, most specific first, as lowercased ICU ids.
    ///
    /// The locale's chain under ``LocaleID/FallbackRules/catalog`` (CLDR's parent locales,
    /// truncation across scripts: `sr_Latn_RS → sr_Latn → sr`, `en_IN → en_001 → en`,
    /// `zh_TW → zh_Hant_TW → zh_Hant → zh`), then the chain of its maximized form (so that
    /// `zh-CN` finds `zh-Hans.lproj`), then the development language's chain, then Base.
    static func fallbackKeys(for locale: LocaleID, developmentLanguage: LocaleID) -> [String] {
        fallbackKeyCache.value(for: [locale.identifier, developmentLanguage.identifier]) {
            computeFallbackKeys(for: locale, developmentLanguage: developmentLanguage)
        }
    }

    /// Chains per (locale, development language): computed once, not on every lookup.
    private static let fallbackKeyCache = LRUCache<[String], [String]>(capacity: 1024)

    private static func computeFallbackKeys(for locale: LocaleID, developmentLanguage: LocaleID) -> [String] {
        let chains = [locale, locale.maximized, developmentLanguage].flatMap { $0.fallbackChain(rules: .catalog) }
        var keys: [String] = []
        for key in chains.filter({ !$0.isRoot }).map(localeKey) + [baseKey] where !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }

    // MARK: Lookup

    /// The entry for a key along the fallback chain, or nil when it is in no locale of the chain.
    ///
    /// ```swift
    /// catalog.entry(forKey: "items.count", locale: try LocaleID("ru-UA"))?.language  // ru
    /// ```
    public func entry(forKey key: String, table: String = "Localizable", locale: LocaleID) -> CatalogEntry? {
        let chain = resolvedChains.value(for: ChainKey(table: table, locale: locale.identifier)) { () -> [LocaleTables] in
            guard let byLocale = tables[table] else { return [] }
            return Self.fallbackKeys(for: locale, developmentLanguage: developmentLanguage).compactMap { byLocale[$0] }
        }
        for sources in chain {
            if let (file, entries) = sources.stringsdict, let value = entries[key] {
                return CatalogEntry(key: key, table: table, language: sources.language, file: file, value: value)
            }
            if let (file, entries) = sources.strings, let value = entries[key] {
                return CatalogEntry(key: key, table: table, language: sources.language, file: file, value: .format(value))
            }
            if let (file, entries) = sources.catalog, let value = entries[key] {
                return CatalogEntry(key: key, table: table, language: sources.language, file: file, value: value)
            }
        }
        return nil
    }

    /// The localized, formatted string for a key; throws when the key is missing.
    ///
    /// ```swift
    /// try catalog.localizedString("files.in.folders", locale: "en", arguments: [3, 1])  // "3 files in 1 folder"
    /// ```
    /// - Throws: ``ParlanceError/Code/missingKey`` when the key (or table) is in no locale of the
    ///   chain; ``ParlanceError/Code/invalidArgument`` for a missing argument or one of the wrong
    ///   type; ``ParlanceError/Code/invalidFile`` when the translation's format is malformed
    ///   (the message names the file and key); ``ParlanceError/Code/invalidLocale``.
    public func localizedString(_ key: String, table: String = "Localizable", locale: String,
                                arguments: [LocalizationArgument] = []) throws(ParlanceError) -> String
    {
        try localizedString(key, table: table, locale: LocaleID(locale), arguments: arguments)
    }

    /// The localized, formatted string for a key in a parsed locale.
    ///
    /// ```swift
    /// try catalog.localizedString("items.count", locale: LocaleID("pl"), arguments: [22])  // "22 elementy"
    /// ```
    /// - Throws: as ``localizedString(_:table:locale:arguments:)-(_,_,String,_)``.
    public func localizedString(_ key: String, table: String = "Localizable", locale: LocaleID,
                                arguments: [LocalizationArgument] = []) throws(ParlanceError) -> String
    {
        guard let entry = entry(forKey: key, table: table, locale: locale) else {
            if tables[table] == nil {
                throw ParlanceError(.missingKey, "the table \(quoted(table)) is not in the catalog \(quoted(directory))")
            }
            let chain = Self.fallbackKeys(for: locale, developmentLanguage: developmentLanguage)
                .map { $0 == Self.baseKey ? "Base" : $0 }
            throw ParlanceError(.missingKey, "the key \(quoted(key)) is not in table \(quoted(table)) for any of \(chain.joined(separator: ", "))")
        }
        return try format(entry, locale: locale, arguments: arguments)
    }

    /// The localized string for UI use: the key itself when it is missing, the unformatted
    /// value when it cannot be formatted. Never throws.
    ///
    /// ```swift
    /// catalog.string("total_odds", locale: "fr")   // "Cotes Totales"
    /// catalog.string("no.such.key", locale: "fr")  // "no.such.key"
    /// ```
    public func string(_ key: String, table: String = "Localizable", locale: String,
                       arguments: [LocalizationArgument] = []) -> String
    {
        guard let parsed = try? LocaleID(locale) else { return key }
        return string(key, table: table, locale: parsed, arguments: arguments)
    }

    /// The localized string for UI use in a parsed locale (see ``string(_:table:locale:arguments:)-(_,_,String,_)``).
    ///
    /// ```swift
    /// catalog.string("items.count", locale: LocaleID.root, arguments: [2])
    /// ```
    public func string(_ key: String, table: String = "Localizable", locale: LocaleID,
                       arguments: [LocalizationArgument] = []) -> String
    {
        guard let entry = entry(forKey: key, table: table, locale: locale) else { return key }
        if let formatted = try? format(entry, locale: locale, arguments: arguments) { return formatted }
        switch resolve(entry.value) {
        case .format(let text): return text
        case .plural(let plural): return plural.format
        case .device: return key
        }
    }

    /// The value for this catalog's device.
    private func resolve(_ value: CatalogValue) -> CatalogValue {
        var current = value
        for _ in 0..<8 {
            guard case .device(let byDevice) = current else { return current }
            guard let chosen = byDevice[device] ?? byDevice["other"] ?? byDevice.sorted(by: { $0.key < $1.key }).first?.value else {
                return .format("")
            }
            current = chosen
        }
        return current
    }

    /// Formats an entry found in this catalog.
    ///
    /// ```swift
    /// if let entry = catalog.entry(forKey: "items.count", locale: ru) {
    ///     try catalog.format(entry, locale: ru, arguments: [5])  // "5 элементов"
    /// }
    /// ```
    /// - Throws: as ``localizedString(_:table:locale:arguments:)-(_,_,LocaleID,_)``, without `missingKey`.
    public func format(_ entry: CatalogEntry, locale: LocaleID, arguments: [LocalizationArgument]) throws(ParlanceError) -> String {
        do throws(FormatFailure) {
            switch resolve(entry.value) {
            case .format(let text):
                return try LocalizedFormatter(locale: locale).render(FormatParser.parse(text, allowVariables: false), arguments: arguments)
            case .plural(let plural):
                return try plural.evaluate(language: entry.language, locale: locale, arguments: arguments)
            case .device:
                throw FormatFailure.syntax("device variations nested too deeply")
            }
        } catch {
            switch error {
            case .syntax(let message):
                throw ParlanceError(.invalidFile, "\(entry.file): the value of \(quoted(entry.key)) is malformed: \(message)")
            case .argument(let message):
                throw ParlanceError(.invalidArgument, "\(quoted(entry.key)) (\(entry.file)): \(message)")
            }
        }
    }
}
