import Foundation
package import Logging
@_exported public import Parlance

/// The result of a lookup: the formatted text and the locale of the table it came from.
///
/// ```swift
/// let found = try catalog.lookup("items.count", locale: "de", arguments: [3])
/// found.text     // "3 items" (no German table: the development language's)
/// found.locale   // en: set Content-Language to this, not to the requested locale
/// ```
public struct CatalogLookup: Hashable, Sendable {
    /// The localized, formatted string.
    public let text: String
    /// The locale of the table the value came from (the development language on fallback).
    public let locale: LocaleID
    /// The entry used.
    public let entry: CatalogEntry
}

/// A set of Apple-format localization tables loaded from a directory: `<locale>.lproj/<Table>.strings`,
/// `<locale>.lproj/<Table>.stringsdict` and `<Table>.xcstrings` — and, once `ParlanceYAML`'s
/// `YAMLCatalog.register()` has run, every `.yml`/`.yaml` file of the directory tree, merged
/// into the `Localizable` table (in one locale, Apple-format entries win over YAML ones) —
/// and gettext catalogs: `<locale>.po` (the `Localizable` table) and
/// `<locale>/LC_MESSAGES/<domain>.po|.mo` (the table `<domain>`), see <doc:Gettext> — and
/// XLIFF: `.xliff` and `.xlf` files and Xcode's `.xcloc` bundles, each `<file>` a table in its
/// target language, see <doc:XLIFF>.
///
/// Lookup walks the locale's fallback chain (`sr-Latn-RS → sr-Latn → sr`); when no locale of
/// the chain is in the catalog, the request is negotiated against the catalog's locales with
/// ICU's `LocaleMatcher` (`zh-HK` finds `zh-Hant-TW`, `no` finds `nb`), as Apple's bundle
/// lookup does; then the development language, then `Base.lproj`. Directory names match
/// case-insensitively with `-` or `_`. In one locale a `.stringsdict` entry wins over a
/// `.strings` entry, which wins over the String Catalog. Values are always processed as
/// formats (`%%` → `%`) in the requested locale; plural variants are chosen by the rules of
/// the language the value came from.
///
/// One malformed file or entry never fails the catalog: it is skipped and kept, located, in
/// ``diagnostics``. Each entry is compiled once into a ready-to-run plan, and the fallback
/// chain and plural rules are resolved once per (table, locale).
///
/// Opening a catalog lists the directory (which locales and tables exist, from the `.lproj`
/// folder and file names) and reads its String Catalogs and YAML files (each holds all its
/// languages in one file, so they are read whole); a locale's `.lproj` tables are parsed when
/// a lookup first needs them (the locales of its fallback chain, the negotiated one, the
/// development language, Base), exactly once even when many tasks ask at the same time. A
/// file's problems are logged when its locale is parsed. Locale negotiation, ``locales`` and
/// ``tableNames`` work from the listing without parsing; ``diagnostics``, ``keys(table:)``
/// and ``loadAllLocales()`` parse every locale not parsed yet.
///
/// ```swift
/// let catalog = try Catalog(directory: "/app/Resources")
/// try catalog.localizedString("items.count", locale: "ru", arguments: [21])  // "21 элемент"
/// try catalog.localizedString("items.count", locale: "ru", arguments: [1000]) // "1 000 элементов"
/// catalog.string("no.such.key", locale: "ru")                                // "no.such.key"
/// catalog.entry(forKey: "no.such.key", locale: "ru")                         // nil
/// ```
///
/// A key is answered four ways, each for one job:
/// - ``localizedString(_:table:locale:arguments:width:)`` (and its `named:` and
///   ``LocalizableKey`` forms): the formatted string; throws `ParlanceError` (a missing key,
///   an argument that does not fit, a malformed translation).
/// - ``lookup(_:table:locale:arguments:width:)``: the same, with the locale of the table the
///   string came from (for `Content-Language`) and the entry.
/// - ``string(_:table:locale:arguments:width:)``: for UI text, never throws (the key when
///   missing, the development language's value when the translation cannot be used).
/// - ``entry(forKey:table:locale:)``: the entry alone, unformatted, for tools that inspect it.
///
/// A `Catalog` is immutable after loading and safe to share across tasks.
public struct Catalog: Sendable {
    /// The directory the catalog was loaded from.
    public let directory: String
    /// The development language: the explicit one, else the String Catalog's `sourceLanguage`, else `en`.
    public let developmentLanguage: LocaleID
    /// The device whose `device` variations are used (`iphone`, `ipad`, `mac`, …); `other` by default.
    public let device: String
    /// Files and entries that could not be used (each skipped), and warnings such as duplicate
    /// keys, of every locale, in directory order.
    ///
    /// Complete: reading it parses every locale not parsed yet (see ``loadAllLocales()``), so
    /// it costs a full read of the catalog the first time; ``loadedDiagnostics`` is the
    /// cheap form that covers only what has been parsed.
    public var diagnostics: [CatalogDiagnostic] { model.diagnostics }

    /// The diagnostics of what has been parsed so far: the listing, the String Catalogs and
    /// YAML files, and the locales lookups have needed (``loadedLocales``). Parses nothing;
    /// it is not every problem of the catalog unless ``loadAllLocales()`` has run.
    public var loadedDiagnostics: [CatalogDiagnostic] { runtime.lazy.loadedDiagnostics }

    /// Parses every locale's tables now (each locale once, as a lookup would), logging their
    /// problems: a server that wants every file read and every problem logged at start-up,
    /// rather than at each locale's first lookup, calls this once after opening.
    public func loadAllLocales() { runtime.lazy.loadAll() }

    /// The locales whose `.lproj` tables have been parsed so far (String Catalog and YAML
    /// locales are read when the catalog opens and are not listed).
    public var loadedLocales: [LocaleID] {
        let keys = Set(runtime.lazy.loadedKeys)
        return runtime.locales.filter { keys.contains(CatalogModel.localeKey($0)) }
    }

    /// The located model every consumer reads: the whole catalog (every locale is parsed first).
    package var model: CatalogModel { runtime.lazy.model }

    /// The catalog opened lazily (parts parsed so far, parse counts).
    package var lazyModel: LazyCatalogModel { runtime.lazy }
    private let runtime: CatalogRuntime

    /// The names of the tables, sorted (from the listing: a table is in the catalog when a file
    /// of it is, even if that file turns out unreadable).
    public var tableNames: [String] { runtime.lazy.tableNames }

    /// The locales with at least one table file, sorted by identifier (Base excluded), from the
    /// listing: no locale is parsed to give them.
    public var locales: [LocaleID] { runtime.locales }

    /// Every key of a table in any locale, sorted (every locale holding the table is parsed first).
    ///
    /// ```swift
    /// catalog.keys(table: "Localizable")  // ["items.count", "settings.title", …]
    /// ```
    public func keys(table: String = "Localizable") -> [String] {
        var keys = Set<String>()
        for key in (runtime.lazy.index[table] ?? [:]).keys.sorted() {
            if let localeTable = runtime.lazy.localeTable(table, key: key) { keys.formUnion(localeTable.keys) }
        }
        return keys.sorted()
    }

    /// Opens a directory: lists it and reads its String Catalogs and YAML files; each locale's
    /// `.lproj` tables are parsed on first use.
    ///
    /// ```swift
    /// let catalog = try Catalog(directory: "Resources", developmentLanguage: "en")
    /// ```
    /// - Parameters:
    ///   - directory: holds `<locale>.lproj` folders and/or `.xcstrings` files.
    ///   - developmentLanguage: overrides the String Catalog's `sourceLanguage` (default `en`).
    ///   - device: which `device` variation to use (default `other`).
    /// - Throws: `ParlanceError` `ParlanceError/Code/invalidFile` when the directory cannot
    ///   be listed (a malformed file or entry is a diagnostic, not an error);
    ///   `ParlanceError/Code/invalidLocale` for an ill-formed `developmentLanguage`.
    public init(directory: String, developmentLanguage: String? = nil, device: String = "other") throws {
        try self.init(loading: directory, developmentLanguage: developmentLanguage, device: device)
    }

    /// ``init(directory:developmentLanguage:device:)`` with its error type.
    package init(loading directory: String, developmentLanguage: String? = nil, device: String = "other") throws(ParlanceError) {
        let explicit = try developmentLanguage.map { language throws(ParlanceError) in try ParlanceCore.locale(language) }
        let lazy = try LazyCatalogModel(listing: CatalogListing(directory: directory), developmentLanguage: explicit)
        self.init(lazy: lazy, device: device)
    }

    /// A catalog over an already-read model.
    package init(model: CatalogModel, developmentLanguage: LocaleID, device: String = "other") throws(ParlanceError) {
        self.init(lazy: LazyCatalogModel(model: model, developmentLanguage: developmentLanguage), device: device)
    }

    /// A catalog over a lazily read directory; logs what was read at once (the listing, String
    /// Catalogs, YAML files); each locale's problems are logged when it is parsed.
    private init(lazy: LazyCatalogModel, device: String) {
        self.directory = lazy.directory
        self.developmentLanguage = lazy.development
        self.device = device.lowercased()
        self.runtime = CatalogRuntime(lazy: lazy, device: device.lowercased())
        lazy.log(lazy.shared.diagnostics)
    }

    // MARK: Lookup

    /// The entry for a key along the fallback chain, or nil when it is in no locale of the chain.
    ///
    /// ```swift
    /// catalog.entry(forKey: "items.count", locale: try LocaleID("ru-UA"))?.language  // ru
    /// ```
    public func entry(forKey key: String, table: String = "Localizable", locale: LocaleID) -> CatalogEntry? {
        runtime.chain(table: table, locale: locale).find(key)?.0.entry
    }

    /// The localized, formatted string for a key and the locale of the table it came from.
    ///
    /// ```swift
    /// try catalog.lookup("items.count", locale: try LocaleID("zh-HK"), arguments: [2]).locale  // zh-Hant-TW
    /// ```
    /// - Throws: as ``localizedString(_:table:locale:arguments:width:)``.
    public func lookup(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        arguments: [any LocalizationArgumentConvertible] = [], width: Int? = nil
    ) throws(ParlanceError) -> CatalogLookup {
        try resolve(key, table: table, locale: locale, arguments: arguments.map(\.localizationArgument), width: width)
    }

    /// The localized, formatted string for a key; throws when the key is missing.
    ///
    /// ```swift
    /// try catalog.localizedString("files.in.folders", locale: "en", arguments: [3, 1])  // "3 files in 1 folder"
    /// ```
    /// - Parameters:
    ///   - key: the key, as in the catalog's files.
    ///   - table: the table (the file name without extension; default `Localizable`).
    ///   - locale: the locale wanted; its CLDR fallback chain is searched.
    ///   - arguments: the values of the string's placeholders, in order.
    ///   - width: for `NSStringVariableWidthRuleType` entries, the presentation width: the
    ///     widest variant not wider than it (default: the widest).
    /// - Throws: `ParlanceError` `ParlanceError/Code/missingKey` when the key (or table)
    ///   is in no locale of the chain; `ParlanceError/Code/invalidArgument` for a missing
    ///   argument or one of the wrong type; `ParlanceError/Code/invalidFile` when the
    ///   translation is malformed (the message names the file, line and key).
    public func localizedString(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        arguments: [any LocalizationArgumentConvertible] = [], width: Int? = nil
    ) throws(ParlanceError) -> String {
        // One argument for a plural of one integer variable (the commonest lookup): evaluated
        // without building the array of converted arguments.
        if arguments.count == 1 {
            let chain = runtime.chain(table: table, locale: locale)
            let (found, compiled) = try find(key, table: table, chain: chain)
            if case .plural(let plural) = found.plan, let single = plural.single, single.argument == 0, let rules = compiled.rules,
                case .int(let value) = arguments[0].localizationArgument,
                let text = single.evaluate(rules: rules, formatter: chain.formatter, value: value)
            {
                return text
            }
            return try render(found, compiled, chain: chain, arguments: [arguments[0].localizationArgument], named: [:], width: width)
        }
        // A closure, not the key path `\.localizationArgument`: a key path is applied through
        // the run-time key-path machinery for every element.
        return try resolveText(key, table: table, locale: locale, arguments: arguments.map { $0.localizationArgument }, width: width)
    }

    /// The lookup with its error type, with the entry and the locale it came from.
    package func resolve(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        arguments: [LocalizationArgument], named: [String: LocalizationArgument] = [:], width: Int? = nil
    ) throws(ParlanceError) -> CatalogLookup {
        let chain = runtime.chain(table: table, locale: locale)
        let (found, compiled) = try find(key, table: table, chain: chain)
        let text = try compiled.run(
            found.plan, entry: found.entry, formatter: chain.formatter, arguments: arguments, named: named, width: width)
        return CatalogLookup(text: text, locale: found.entry.language, entry: found.entry)
    }

    /// The formatted text alone: the warm path (one read of the chain cache, one of the
    /// compiled table, no parsing, no copy of the entry).
    package func resolveText(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        arguments: [LocalizationArgument], named: [String: LocalizationArgument] = [:], width: Int? = nil
    ) throws(ParlanceError) -> String {
        let chain = runtime.chain(table: table, locale: locale)
        let (found, compiled) = try find(key, table: table, chain: chain)
        return try render(found, compiled, chain: chain, arguments: arguments, named: named, width: width)
    }

    /// Formats a found plan: the common shapes first, without copying the entry out of its
    /// plan (a plural of one integer variable, a text that formats); anything else, and every
    /// error (located with the entry), goes through `run`.
    private func render(
        _ found: CompiledPlan, _ compiled: CompiledTable, chain: ResolvedChain, arguments: [LocalizationArgument],
        named: [String: LocalizationArgument], width: Int?
    ) throws(ParlanceError) -> String {
        if named.isEmpty {
            switch found.plan {
            case .plural(let plural):
                if let single = plural.single, let rules = compiled.rules,
                    let text = single.evaluate(rules: rules, formatter: chain.formatter, arguments: arguments)
                {
                    return text
                }
            case .text(.success(let tokens)):
                if let text = try? chain.formatter.render(tokens, arguments: arguments) { return text }
            default:
                break
            }
        }
        return try compiled.run(
            found.plan, entry: found.entry, formatter: chain.formatter, arguments: arguments, named: named, width: width)
    }

    private func find(_ key: String, table: String, chain: ResolvedChain) throws(ParlanceError) -> (CompiledPlan, CompiledTable) {
        if let found = chain.find(key) { return found }
        if runtime.lazy.index[table] == nil {
            throw ParlanceError(.missingKey, "the table \(quoted(table)) is not in the catalog \(quoted(directory))")
        }
        throw ParlanceError(.missingKey, "the key \(quoted(key)) is not in table \(quoted(table)) for any of \(chain.names.joined(separator: ", "))")
    }

    /// The localized string for UI use: the key itself when it is missing; when the
    /// translation cannot be used (malformed, or the arguments do not fit it), the development
    /// language's value for the key, the problem logged once through swift-log. Never throws.
    ///
    /// ```swift
    /// catalog.string("total_odds", locale: "fr")   // "Cotes Totales"
    /// catalog.string("no.such.key", locale: "fr")  // "no.such.key"
    /// ```
    public func string(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        arguments: [any LocalizationArgumentConvertible] = [], width: Int? = nil
    ) -> String {
        string(key, table: table, locale: locale, arguments: arguments.map(\.localizationArgument), named: [:], width: width)
    }

    /// ``string(_:table:locale:arguments:width:)`` with named arguments (YAML `%{name}`).
    package func string(
        _ key: String, table: String, locale: LocaleID, arguments: [LocalizationArgument],
        named: [String: LocalizationArgument], width: Int? = nil
    ) -> String {
        do {
            return try resolveText(key, table: table, locale: locale, arguments: arguments, named: named, width: width)
        } catch {
            guard error.code != .missingKey else { return key }
            runtime.logOnce(error, key: key, table: table, locale: locale)
            if locale != developmentLanguage,
                let text = try? resolveText(key, table: table, locale: developmentLanguage, arguments: arguments, named: named, width: width)
            {
                return text
            }
            return key
        }
    }

    /// Formats an entry found in this catalog (the translation providers' path for an entry
    /// they already hold).
    package func format(
        _ entry: CatalogEntry, locale: LocaleID, arguments: [any LocalizationArgumentConvertible], width: Int? = nil
    ) throws(ParlanceError) -> String {
        let arguments = arguments.map(\.localizationArgument)
        let table = runtime.compiledTable(entry.table, language: entry.language)
        let plan = table?.plans[entry.key].flatMap { $0.entry == entry ? $0.plan : nil } ?? CompiledEntry.compile(entry, device: device)
        let formatter = LocalizedFormatter(resolving: locale)
        let run = table ?? CompiledTable(plans: [:], rules: try? ParlanceCore.pluralRules(entry.language))
        return try run.run(plan, entry: entry, formatter: formatter, arguments: arguments, width: width)
    }
}

/// An entry compiled into a ready-to-run plan for one device.
package indirect enum CompiledEntry: Sendable {
    case text(Result<[FormatToken], FormatFailure>)
    case plural(CompiledPlural)
    /// Width variants, widest last.
    case width([(Int, CompiledEntry)])
    /// A YAML value with named placeholders, rewritten as positional printf arguments.
    case named(NamedPlaceholders.Layout, CompiledEntry)
    /// An ICU MessageFormat value (``CatalogEntry/isMessageFormat``), compiled in the table's
    /// language; a pattern ICU rejects is kept as its error.
    case message(Result<MessageFormat, ParlanceError>)

    /// Compiles an entry: YAML values have their named placeholders laid out first;
    /// MessageFormat values are compiled by ICU.
    package static func compile(_ entry: CatalogEntry, device: String) -> CompiledEntry {
        if entry.isMessageFormat, case .text(let text) = entry.content {
            return .message(
                Result { () throws(ParlanceError) in
                    do {
                        return try MessageFormat(text.text, locale: entry.language)
                    } catch let error as ParlanceError {
                        throw error
                    } catch {
                        throw ParlanceError(.internal, "\(error)")
                    }
                })
        }
        // Android chooses a quantity by CLDR alone: a `zero` item in a language without a
        // `zero` category (English) is never shown, 0 takes `other`.
        if entry.format == .android, case .plural(let format, let variables) = entry.content,
            variables.contains(where: { $0.variants.contains { $0.category == .zero } }),
            let rules = try? ParlanceCore.pluralRules(entry.language), !rules.categories.contains(.zero)
        {
            let chosen = variables.map { variable in
                var kept = variable
                kept.variants.removeAll { $0.category == .zero }
                return kept
            }
            return compile(.plural(format: format, variables: chosen), device: device)
        }
        guard entry.format == .yaml else { return compile(entry.content, device: device) }
        let (value, layout) = NamedPlaceholders.normalize(entry.content)
        let plan = compile(value, device: device)
        return layout.isEmpty ? plan : .named(layout, plan)
    }

    package static func compile(_ value: EntryValue, device: String) -> CompiledEntry {
        switch value {
        case .text(let text):
            return .text(Result { () throws(FormatFailure) in try FormatParser.parseUncached(text.text, allowVariables: false) })
        case .plural(let format, let variables):
            let normalized = PluralNormalization.normalize(format: format.text, variables: variables)
            return .plural(CompiledPlural(format: normalized.format, variables: normalized.variables))
        case .device(let variants):
            let chosen =
                variants.first { $0.device == device } ?? variants.first { $0.device == "other" }
                ?? variants.min { $0.device < $1.device }
            guard let chosen else { return .text(.success([])) }
            return compile(chosen.value, device: device)
        case .width(let variants):
            return .width(variants.sorted { $0.width < $1.width }.map { ($0.width, compile($0.value, device: device)) })
        }
    }
}

/// One locale table compiled: a plan per key (the run-time winner) and the plural rules of
/// its language, made once and then only read.
/// An entry and its plan, stored together so that a lookup hashes the key once.
final class CompiledPlan: Sendable {
    let entry: CatalogEntry
    let plan: CompiledEntry

    init(entry: CatalogEntry, plan: CompiledEntry) {
        self.entry = entry
        self.plan = plan
    }
}

package final class CompiledTable: Sendable {
    let plans: [String: CompiledPlan]
    let rules: PluralRules?

    init(plans: [String: CompiledPlan], rules: PluralRules?) {
        self.plans = plans
        self.rules = rules
    }

    func run(
        _ plan: CompiledEntry, entry: CatalogEntry, formatter: LocalizedFormatter, arguments: [LocalizationArgument],
        named: [String: LocalizationArgument] = [:], width: Int?
    ) throws(ParlanceError) -> String {
        var plan = plan
        var arguments = arguments
        if case .message(let compiled) = plan {
            return try Self.runMessage(compiled, entry: entry, arguments: arguments, named: named)
        }
        if case .named(let layout, let inner) = plan {
            arguments = try NamedPlaceholders.arguments(
                layout, positional: arguments, named: named, formatter: formatter, key: entry.key, location: entry.location)
            plan = inner
        } else if !named.isEmpty, entry.format != .yaml {
            throw ParlanceError(
                .invalidArgument,
                "\(quoted(entry.key)) (\(entry.location)) is a .\(entry.format.rawValue) entry: it takes positional arguments, not named ones")
        }
        while case .width(let variants) = plan {
            guard let chosen = width.flatMap({ limit in variants.last { $0.0 <= limit } }) ?? variants.last else { return "" }
            plan = chosen.1
        }
        do throws(FormatFailure) {
            switch plan {
            case .text(let tokens):
                return try formatter.render(tokens.get(), arguments: arguments)
            case .plural(let plural):
                guard let rules else { throw FormatFailure.argument("no plural rules for \(entry.language.languageTag)") }
                return try plural.evaluate(rules: rules, formatter: formatter, arguments: arguments)
            case .width, .named, .message:
                return ""
            }
        } catch {
            switch error {
            case .syntax(let message):
                throw ParlanceError(
                    .invalidFile, "\(entry.content.location): the value of \(quoted(entry.key)) (\(entry.language.languageTag)) is malformed: \(message)")
            case .argument(let message):
                throw ParlanceError(.invalidArgument, "\(quoted(entry.key)) (\(entry.location)): \(message)")
            }
        }
    }
}

extension CompiledTable {
    /// A MessageFormat entry: named arguments by name, positional ones as `{0}`, `{1}`, ….
    static func runMessage(
        _ compiled: Result<MessageFormat, ParlanceError>, entry: CatalogEntry, arguments: [LocalizationArgument],
        named: [String: LocalizationArgument]
    ) throws(ParlanceError) -> String {
        let format: MessageFormat
        switch compiled {
        case .success(let value): format = value
        case .failure(let error):
            throw ParlanceError(
                .invalidFile,
                "\(entry.content.location): the value of \(quoted(entry.key)) (\(entry.language.languageTag)) is not valid ICU MessageFormat: \(error.message)")
        }
        func value(_ argument: LocalizationArgument) -> MessageArgument {
            switch argument {
            case .int(let value): .integer(value)
            case .double(let value): .double(value)
            case .decimal(let text): (try? DecimalNumber(text)).map(MessageArgument.decimal) ?? .text(text)
            case .string(let text): .text(text)
            }
        }
        var all = arguments.enumerated().map { (String($0.offset), value($0.element)) }
        all += named.map { ($0.key, value($0.value)) }
        return try format.formatTyped(all)
    }
}

/// The tables to search for one (table, requested locale), resolved once.
final class ResolvedChain: Sendable {
    let tables: [(table: LocaleTable, compiled: CompiledTable)]
    let compiledTables: [CompiledTable]
    let names: [String]
    let formatter: LocalizedFormatter

    init(tables: [(table: LocaleTable, compiled: CompiledTable)], names: [String], formatter: LocalizedFormatter) {
        self.tables = tables
        self.compiledTables = tables.map(\.compiled)
        self.names = names
        self.formatter = formatter
    }

    func find(_ key: String) -> (CompiledPlan, CompiledTable)? {
        // Over the compiled tables alone: iterating `tables` would copy each locale table.
        for compiled in compiledTables {
            if let plan = compiled.plans[key] { return (plan, compiled) }
        }
        return nil
    }
}

/// The compiled state of a catalog, shared by its copies: chains per (table, locale), compiled
/// tables per (table, locale table). Both are made once; a hit is one read of a dictionary.
package final class CatalogRuntime: Sendable {
    /// Where catalogs log: `parlance.catalog`, or for the current task the logger a test
    /// binds (`CatalogRuntime.$logger.withValue(…)`), so that a test can count what is logged.
    @TaskLocal package static var logger = Logger(label: "parlance.catalog")

    let lazy: LazyCatalogModel
    let developmentLanguage: LocaleID
    let device: String
    let locales: [LocaleID]

    private struct ChainKey: Hashable, Sendable {
        var table: String
        var locale: String
    }

    /// Chains by (table, requested locale): bounded, since requested locales come from users.
    private let chains: CatalogLock<[ChainKey: ResolvedChain]> = CatalogLock([:])
    private static let maximumChains = 4096
    private let compiled: CatalogLock<[ChainKey: CompiledTable]> = CatalogLock([:])
    private let logged: CatalogLock<Set<String>> = CatalogLock([])

    /// This runtime's serial number for the threads' chain memos (``ChainMemo``).
    private let serial = ChainMemo.serial()

    init(lazy: LazyCatalogModel, device: String) {
        self.lazy = lazy
        self.developmentLanguage = lazy.development
        self.device = device
        self.locales = lazy.locales
    }

    /// A runtime over a model read whole.
    convenience init(model: CatalogModel, developmentLanguage: LocaleID, device: String) {
        self.init(lazy: LazyCatalogModel(model: model, developmentLanguage: developmentLanguage), device: device)
    }

    func chain(table: String, locale: LocaleID) -> ResolvedChain {
        if let memo = ChainMemo.chain(runtime: serial, table: table, locale: locale.identifier) { return memo }
        let key = ChainKey(table: table, locale: locale.identifier)
        let chain =
            chains.withLock({ $0[key] })
            ?? {
                let made = resolveChain(table: table, locale: locale)
                return chains.withLock { chains in
                    if let raced = chains[key] { return raced }
                    if chains.count >= Self.maximumChains { chains.removeAll(keepingCapacity: true) }
                    chains[key] = made
                    return made
                }
            }()
        ChainMemo.remember(runtime: serial, table: table, locale: locale.identifier, chain: chain)
        return chain
    }

    /// The compiled form of one locale table (made on first use).
    func compiledTable(_ table: String, language: LocaleID) -> CompiledTable? {
        guard let byLocale = lazy.index[table] else { return nil }
        let localeKey = CatalogModel.localeKey(language)
        let key = byLocale[localeKey] != nil ? localeKey : CatalogModel.baseKey
        guard let localeTable = lazy.localeTable(table, key: key) else { return nil }
        return compiledTable(table, key: key, localeTable)
    }

    private func compiledTable(_ table: String, key: String, _ localeTable: LocaleTable) -> CompiledTable {
        let cacheKey = ChainKey(table: table, locale: key)
        if let hit = compiled.withLock({ $0[cacheKey] }) { return hit }
        var plans: [String: CompiledPlan] = [:]
        for source in localeTable.sources.reversed() {
            // Later sources lose: .stringsdict over .strings over the String Catalog.
            let gettext = source.format == .po || source.format == .mo
            for (name, entry) in source.entries {
                // A fuzzy or untranslated gettext entry is not a translation (msgfmt leaves it
                // out of the MO): the lookup goes on down the chain, as gettext's falls back.
                if gettext, entry.state != nil { continue }
                plans[name] = CompiledPlan(entry: entry, plan: CompiledEntry.compile(entry, device: device))
            }
        }
        let made = CompiledTable(plans: plans, rules: try? ParlanceCore.pluralRules(localeTable.language))
        return compiled.withLock { compiled in
            if let raced = compiled[cacheKey] { return raced }
            compiled[cacheKey] = made
            return made
        }
    }

    /// The locales searched for `locale`, most specific first, as locale keys: the locale's
    /// chain under ``LocaleID/FallbackRules/catalog``, then the chain of its maximized form (so
    /// that `zh-CN` finds `zh-Hans.lproj`); when none of those is in the table, the catalog
    /// locale ICU's `LocaleMatcher` negotiates for it and its chain; then the development
    /// language's chain, then Base. `byLocale` is the table's locales (locale key → language)
    /// as listed: negotiation parses nothing.
    func fallbackKeys(table byLocale: [String: LocaleID], locale: LocaleID) -> [String] {
        var keys: [String] = []
        func add(_ chain: [LocaleID]) {
            for key in chain.filter({ !$0.isRoot }).map(CatalogModel.localeKey) where !keys.contains(key) { keys.append(key) }
        }
        add([locale, ParlanceCore.maximized(locale)].flatMap(ParlanceCore.catalogChain))
        if !keys.contains(where: { byLocale[$0] != nil }) {
            let candidates = byLocale.filter { $0.key != CatalogModel.baseKey }.values.sorted { $0.identifier < $1.identifier }
            if let negotiated = ParlanceCore.bestMatch(locale, in: candidates) { add(ParlanceCore.catalogChain(negotiated)) }
        }
        add(ParlanceCore.catalogChain(developmentLanguage))
        keys.append(CatalogModel.baseKey)
        return keys
    }

    private func resolveChain(table: String, locale: LocaleID) -> ResolvedChain {
        let formatter = LocalizedFormatter(resolving: locale)
        guard let byLocale = lazy.index[table] else { return ResolvedChain(tables: [], names: [], formatter: formatter) }
        let keys = fallbackKeys(table: byLocale, locale: locale)
        var tables: [(LocaleTable, CompiledTable)] = []
        for key in keys {
            // Parses the locale on first use (once); a listed file that could not be read at all
            // leaves no table.
            guard byLocale[key] != nil, let localeTable = lazy.localeTable(table, key: key) else { continue }
            tables.append((localeTable, compiledTable(table, key: key, localeTable)))
        }
        let names = keys.map { $0 == CatalogModel.baseKey ? "Base" : $0 }
        return ResolvedChain(tables: tables, names: names, formatter: formatter)
    }

    /// Logs a run-time problem with a translation once per (table, key, locale).
    func logOnce(_ error: ParlanceError, key: String, table: String, locale: LocaleID) {
        let id = "\(table)\u{0}\(key)\u{0}\(locale.identifier)"
        let first = logged.withLock { $0.count < 100_000 && $0.insert(id).inserted }
        if first {
            Self.logger.error(
                "\(error.message); using the development language's value",
                metadata: [
                    "key": "\(key)", "table": "\(table)", "locale": "\(locale.languageTag)", "code": "\(error.code)",
                ])
        }
    }
}
