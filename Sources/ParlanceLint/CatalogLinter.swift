import Dispatch
import Foundation
package import Parlance
public import ParlanceLocalization

/// Checks a catalog (every table, every language) against the development language and
/// CLDR's plural rules, reporting each problem where it is written.
///
/// The linter reads the same located model as `Catalog` (one reader per format, one bad
/// entry skipped and reported, never the whole file), so what lint sees is what a lookup
/// finds: translations are compared with the entry that wins at run time (a `.stringsdict`
/// entry over a `.strings` one). Rules, each with a stable id (``LintRule``):
/// - missing keys both ways (`missing-translation`, `extra-key`; regional variants of the
///   development language inherit its keys), `required-key-missing`, `no-catalog`;
/// - plurals by the CLDR rules of each file's language: `plural-missing-category` (a warning
///   for categories only numbers ≥ 1,000,000 reach, unless ``LintOptions/strictPlurals``),
///   `plural-missing-other`, `plural-unused-category`, `implied-quantity`;
/// - formats: `invalid-format` (a stray `%` says so), `suspicious-percent`,
///   `placeholder-mismatch` (against the key's own specifiers where a String Catalog key
///   declares arguments, else the development value), `argument-type-conflict`,
///   `undefined-variable`, `unused-variable`, `empty-plural-variable`; tables that are never
///   formatted (Interface Builder `.strings`, ``LintOptions/plainTables``, and `.strings`
///   tables whose development values pass no argument and whose keys are not text) get no
///   format rules;
/// - keys that are text ("Notifications Delayed") in a table where most keys are: a key the
///   development table lacks is its own development value, as Foundation shows it;
/// - String Catalog units: `state-new`, `state-needs-review`; `empty-value` per variant;
/// - `.strings`: `duplicate-key`; budgets: `length-budget`; `unreadable-file`, `malformed-entry`.
///
/// ```swift
/// let linter = CatalogLinter(options: LintOptions(disabledRules: [.stateNeedsReview]))
/// let report = try linter.lint(directory: "App/Resources")
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// // fr.lproj/Localizable.strings:4:11: error: [placeholder-mismatch] "welcome" (fr): argument 1 is %d here but %@ in en
/// ```
public struct CatalogLinter: Sendable {
    /// The options.
    public var options: LintOptions

    /// A linter.
    ///
    /// ```swift
    /// let linter = CatalogLinter()
    /// ```
    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Lints the model a `Catalog` was loaded into (no second reading of its files).
    ///
    /// ```swift
    /// let report = try CatalogLinter().lint(catalog: Catalog(directory: "Resources"))
    /// ```
    /// - Throws: `ParlanceError` `ParlanceError/Code/invalidLocale` for an ill-formed
    ///   ``LintOptions/developmentLanguage``.
    public func lint(catalog: Catalog) throws -> LintReport {
        var model = catalog.model
        let development = try options.developmentLanguage.map { try ParlanceCore.locale($0) } ?? catalog.developmentLanguage
        model.assignBase(to: development)
        return run(model, development: development)
    }

    /// Lints a directory of `<locale>.lproj/<Table>.strings|.stringsdict` and `<Table>.xcstrings` files.
    ///
    /// ```swift
    /// let report = try CatalogLinter().lint(directory: "Resources")
    /// report.hasErrors
    /// ```
    /// - Throws: `ParlanceError` `ParlanceError/Code/invalidFile` when the directory cannot
    ///   be listed; `ParlanceError/Code/invalidLocale` for an ill-formed development language.
    public func lint(directory: String) throws -> LintReport {
        try lint(directory: directory, keepingModel: nil)
    }

    /// ``lint(directory:)`` for a process that exits right after: `keep` is handed the model
    /// that was checked in one piece (a String Catalog, or a directory holding one), so that
    /// the caller can leave it for the operating system to reclaim at exit instead of releasing
    /// its entries one by one (about 0.2 s for 400,000 entries). A directory of `.lproj`
    /// folders is read and let go a few languages at a time, and hands nothing.
    package func lint(directory: String, keepingModel keep: ((CatalogModel) -> Void)?) throws -> LintReport {
        let explicit = try options.developmentLanguage.map { try ParlanceCore.locale($0) }
        if let groups = try CatalogModel.lprojFolderGroups(directory: directory) {
            return try lint(directory: directory, lprojGroups: groups, explicit: explicit)
        }
        var model = try CatalogModel(directory: directory)
        let development = try model.developmentLanguage(explicit: explicit)
        model.assignBase(to: development)
        keep?(model)
        return run(model, development: development)
    }

    /// How many languages a directory of `.lproj` folders is read at a time.
    package static let languagesPerPart = 8

    /// A directory of `.lproj` folders only, read a few languages at a time so that memory
    /// holds the development language's tables and one part, not the whole catalog: first
    /// the development language (its own folder, its language's, `Base`) and the folders
    /// whose names are not locale ids, checked; then the other languages, each part checked
    /// against those tables and let go. The report is the one the whole model gives (a test
    /// compares the two).
    private func lint(directory: String, lprojGroups groups: [(key: String?, names: [String])], explicit: LocaleID?) throws -> LintReport {
        let noStringCatalog = try CatalogModel(directory: directory, lprojFolders: [])
        let development = try noStringCatalog.developmentLanguage(explicit: explicit)
        let developmentKey = CatalogModel.localeKey(development)
        let languageOnly = developmentKey.split(separator: "_").first.map(String.init) ?? developmentKey
        let isReference = { (key: String?) in key == nil || key == developmentKey || key == languageOnly || key == CatalogModel.baseKey }
        var reference = try CatalogModel(directory: directory, lprojFolders: Set(groups.filter { isReference($0.key) }.flatMap(\.names)))
        reference.assignBase(to: development)
        var run = LintRun(options: options, development: development, directory: directory)
        for diagnostic in reference.diagnostics { run.adopt(diagnostic) }
        run.check(reference)
        var fileCount = reference.fileCount
        let checked = Set(reference.tables.values.flatMap(\.keys))
        let others = groups.filter { !isReference($0.key) }
        for start in stride(from: 0, to: others.count, by: Self.languagesPerPart) {
            let part = others[start..<min(start + Self.languagesPerPart, others.count)]
            var model = try CatalogModel(directory: directory, lprojFolders: Set(part.flatMap(\.names)))
            fileCount += model.fileCount
            for diagnostic in model.diagnostics { run.adopt(diagnostic) }
            for (table, byLocale) in reference.tables {
                for (key, localeTable) in byLocale { model.tables[table, default: [:]][key] = localeTable }
            }
            run.check(model, skipping: checked)
        }
        return finish(run, fileCount: fileCount)
    }

    private func run(_ model: CatalogModel, development: LocaleID) -> LintReport {
        var run = LintRun(options: options, development: development, directory: model.directory)
        for diagnostic in model.diagnostics { run.adopt(diagnostic) }
        run.check(model)
        return finish(run, fileCount: model.fileCount)
    }

    private func finish(_ run: LintRun, fileCount: Int) -> LintReport {
        var run = run
        run.checkRequiredKeys()
        if fileCount == 0 {
            if !options.disabledRules.contains(.noCatalog) {
                run.diagnostics.append(
                    LintDiagnostic(
                        rule: .noCatalog, file: run.directory, line: 0,
                        message:
                            "no catalog file (<locale>.lproj/*.strings, *.stringsdict, *.xcstrings or, with ParlanceYAML, *.yml) in this directory; is the path right?"
                    ))
            }
        }
        var diagnostics = run.diagnostics
        if options.warningsAsErrors {
            for index in diagnostics.indices { diagnostics[index].severity = .error }
        }
        diagnostics.sort { a, b in
            if (a.file, a.line, a.column) != (b.file, b.line, b.column) { return (a.file, a.line, a.column) < (b.file, b.line, b.column) }
            return (a.rule.rawValue, a.key ?? "", a.language ?? "", a.message) < (b.rule.rawValue, b.key ?? "", b.language ?? "", b.message)
        }
        return LintReport(
            directory: run.directory, developmentLanguage: run.development.languageTag, diagnostics: diagnostics,
            summary: run.summary())
    }
}

private struct LintRun {
    let options: LintOptions
    let development: LocaleID
    let directory: String
    var diagnostics: [LintDiagnostic] = []
    var samples: [String: PluralSamples?] = [:]
    /// Per language (as written): keys expected, keys translated, plural variables, complete ones.
    var counts: [String: (expected: Int, translated: Int, plurals: Int, completePlurals: Int)] = [:]
    /// What the development language's entries use, computed once per (table, key, choice)
    /// instead of once per language: signature and whether a `% ` conversion is written.
    var referenceInfo: [ReferenceKey: (signature: Signature?, spaceFlags: Bool)] = [:]
    /// This worker's parsed formats (each part makes its own).
    var formats = FormatMemo()
    /// For required keys: the development language's keys; per language (key), its name and
    /// the required keys it has; the first file of the first table and language.
    var providedInDevelopment = Set<String>()
    var providedByLanguage: [String: (name: String, keys: Set<String>)] = [:]
    var anyLocation: (table: String, language: String, location: CatalogLocation)?

    init(options: LintOptions, development: LocaleID, directory: String) {
        self.options = options
        self.development = development
        self.directory = directory
    }

    func relative(_ file: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return file.hasPrefix(base) ? String(file.dropFirst(base.count)) : file
    }

    mutating func report(
        _ rule: LintRule, _ location: CatalogLocation?, table: String?, key: String?, language: String?,
        severity: LintSeverity? = nil, _ message: String
    ) {
        guard !options.disabledRules.contains(rule) else { return }
        diagnostics.append(
            LintDiagnostic(
                rule: rule, severity: severity, file: location.map { relative($0.file) } ?? "",
                line: location?.line ?? 0, column: location?.column ?? 0, table: table, key: key,
                language: language, message: message))
    }

    /// A reader's diagnostic as a lint finding.
    mutating func adopt(_ diagnostic: CatalogDiagnostic) {
        // What catalog loading finds in plurals, lint finds itself (with the same checks) and
        // reports under its own rules.
        guard !PluralChecks.codes.contains(diagnostic.code) else { return }
        // gettext's Plural-Forms problems are found by lint's own check (`checkGettext`).
        guard !diagnostic.code.hasPrefix("plural-forms-") else { return }
        let rule: LintRule =
            switch diagnostic.code {
            case "duplicate-key": .duplicateKey
            case "malformed-entry": .malformedEntry
            case "key-collision": .keyCollision
            case "budget-exceeded": .budgetExceeded
            case "ignored-locale", "ignored-file": .ignoredLocale
            case "invalid-message": .invalidFormat
            case "android-escape", "android-markup", "i18next-format", "locale-mismatch": .malformedEntry
            default: .unreadableFile
            }
        let table = diagnostic.file.split(separator: "/").last.map { name in
            String(name.split(separator: ".").dropLast().joined(separator: "."))
        }
        let message = diagnostic.language.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
        // A YAML file seen while no YAML reader is registered: a warning, so that a catalog
        // directory with an unrelated .yml file does not fail users who read no YAML.
        // Android styling tags, i18next formats and an ARB @@locale that the file name
        // overrides lose nothing a lookup needs: warnings.
        let severity: LintSeverity? =
            ["ignored-file", "android-markup", "i18next-format", "locale-mismatch"].contains(diagnostic.code) ? .warning : nil
        report(rule, diagnostic.location, table: table, key: diagnostic.key, language: diagnostic.language, severity: severity, message)
    }

    mutating func pluralSamples(_ locale: LocaleID) -> PluralSamples? {
        if let cached = samples[locale.identifier] { return cached }
        let made = try? PluralSamples(locale: locale)
        samples[locale.identifier] = made
        return made
    }

    func summary() -> [LintLanguageSummary] {
        var errors: [String: Int] = [:]
        var warnings: [String: Int] = [:]
        for diagnostic in diagnostics {
            guard let language = diagnostic.language else { continue }
            if diagnostic.severity == .error { errors[language, default: 0] += 1 } else { warnings[language, default: 0] += 1 }
        }
        let languages = Set(counts.keys).union(errors.keys).union(warnings.keys)
        return languages.sorted().map { language in
            let count = counts[language] ?? (0, 0, 0, 0)
            return LintLanguageSummary(
                language: language, keys: count.expected, translated: count.translated, pluralVariables: count.plurals,
                completePluralVariables: count.completePlurals, errors: errors[language] ?? 0, warnings: warnings[language] ?? 0)
        }
    }

    /// Interface Builder `.strings` keys are object ids: `Zhv-Bz-I5V.title`.
    static func isObjectID(_ key: String) -> Bool {
        let parts = key.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let id = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        return id.count == 3 && id.map(\.count) == [3, 2, 3] && id.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Checks every language of `model` but those in `skipping` (language keys checked by an
    /// earlier call: a run over a directory read a few languages at a time checks each
    /// language once, against the development language's tables, which every part holds).
    mutating func check(_ model: CatalogModel, skipping: Set<String> = []) {
        let developmentKey = CatalogModel.localeKey(development)
        for tableName in model.tables.keys.sorted() {
            guard let languages = model.tables[tableName] else { continue }
            // The development language's table: its own, else its language's, else Base
            // (whose keys also complete the development language's own table).
            let languageOnly = developmentKey.split(separator: "_").first.map(String.init) ?? developmentKey
            let referenceKey =
                languages[developmentKey] != nil
                ? developmentKey
                : languages[languageOnly] != nil ? languageOnly : CatalogModel.baseKey
            var reference = languages[referenceKey]
            if referenceKey != CatalogModel.baseKey, let base = languages[CatalogModel.baseKey], var merged = reference {
                merged.sources += base.sources
                reference = merged
            }
            let referenceName = reference?.name ?? development.languageTag
            let referenceKeys = reference?.keys ?? []
            if skipping.isEmpty { providedInDevelopment.formUnion(referenceKeys) }
            // Tables that are never formatted: Interface Builder's, those named plain, and those
            // whose development values pass no argument and whose keys are not text (tables an
            // app reads with NSDictionary, such as key bindings). Decided from the development
            // language's table, which every part of a run holds, so that the verdict does not
            // depend on which languages are read together.
            let plain =
                options.plainTables.contains(tableName)
                || (!referenceKeys.isEmpty && referenceKeys.filter(Self.isObjectID).count * 2 >= referenceKeys.count)
                || reference.map { Self.isNeverFormatted($0, formats: formats) } ?? false
            let ordered = languages.filter { !skipping.contains($0.key) }.sorted(by: { $0.key < $1.key })
            for (languageKey, language) in ordered {
                if let file = language.sources.first?.file, anyLocation.map({ (tableName, languageKey) < ($0.table, $0.language) }) ?? true {
                    anyLocation = (tableName, languageKey, CatalogLocation(file: file, line: 1, column: 1))
                }
                guard !options.requiredKeys.isEmpty else { continue }
                providedByLanguage[languageKey, default: (language.name, [])].keys.formUnion(
                    options.requiredKeys.filter { language.entry($0) != nil })
            }
            // Languages are checked on all cores, in contiguous groups each with its own copy of
            // the run (findings, counts, caches), merged in order; the report is sorted anyway.
            let groups = ConcurrentSlots<LintRun>.groups(ordered.count, ways: ProcessInfo.processInfo.activeProcessorCount)
            var empty = self
            empty.diagnostics = []
            empty.counts = [:]
            let start = empty
            let referenceTable = reference
            let parts = ConcurrentSlots<LintRun>(count: groups.count)
            DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                var part = start
                part.formats = FormatMemo()
                for index in groups[group] {
                    let (languageKey, language) = ordered[index]
                    part.checkLanguage(
                        language, isReference: languageKey == referenceKey || languageKey == CatalogModel.baseKey, table: tableName,
                        reference: referenceTable, referenceName: referenceName, referenceKeys: referenceKeys, plain: plain)
                }
                parts.store(group, part)
            }
            for group in groups.indices {
                guard let part = parts.take(group) else { continue }
                diagnostics += part.diagnostics
                for (language, count) in part.counts {
                    var total = counts[language, default: (0, 0, 0, 0)]
                    total.expected += count.expected
                    total.translated += count.translated
                    total.plurals += count.plurals
                    total.completePlurals += count.completePlurals
                    counts[language] = total
                }
                samples.merge(part.samples) { first, _ in first }
                referenceInfo.merge(part.referenceInfo) { first, _ in first }
            }
        }
    }

    /// Keys components require, once every language was checked.
    mutating func checkRequiredKeys() {
        for key in options.requiredKeys where !providedInDevelopment.contains(key) {
            let lacking = providedByLanguage.filter { !$0.value.keys.contains(key) }.map(\.value.name).sorted()
            report(
                .requiredKeyMissing, anyLocation?.location, table: nil, key: key, language: development.languageTag,
                "\(quoted(key)) is required by a component but is not provided in \(development.languageTag)"
                    + (lacking.isEmpty ? "" : " (nor in \(lacking.joined(separator: ", ")))"))
        }
    }

    /// Every entry of one language of one table, and what it lacks or adds against the
    /// development language.
    mutating func checkLanguage(
        _ language: LocaleTable, isReference: Bool, table tableName: String, reference: LocaleTable?, referenceName: String,
        referenceKeys: Set<String>, plain: Bool
    ) {
        // Every entry of every file (the shadowed ones too) is checked on its own; the
        // comparison with the development language uses the run-time winner.
        // Sources by index throughout: iterating `sources` would copy each source.
        let sources = language.sources
        func earlierHas(_ key: String, before sourceIndex: Int) -> Bool {
            for index in 0..<sourceIndex where sources[index].entries[key] != nil { return true }
            return false
        }
        // The development language's keys this language has (each counted at its winner).
        var translated = 0
        for sourceIndex in sources.indices where sources[sourceIndex].gettext != nil {
            checkGettext(sources[sourceIndex], language: language, table: tableName)
        }
        // Whether most of this language's keys are text ("Notifications Delayed"): then a key
        // the development table lacks is its own development value, as Apple's lookup shows
        // the key itself when the development language has no entry. Found at the first such key.
        var textKeyed: Bool?
        for sourceIndex in sources.indices {
            let entries = sources[sourceIndex].entries
            for key in sources[sourceIndex].keys {
                guard let entry = entries[key] else { continue }
                // The run-time winner: no earlier (preferred) source has the key.
                let isWinner = !earlierHas(key, before: sourceIndex)
                let counterpart = isReference || !isWinner ? nil : reference?.entry(key)
                var implied: CatalogEntry?
                if counterpart == nil, !isReference, isWinner, reference != nil, Self.isTextKey(key) {
                    if textKeyed == nil { textKeyed = Self.mostKeysAreText(sources) }
                    if textKeyed == true {
                        let keyText = LocatedText(text: key, location: entry.location)
                        implied = CatalogEntry(
                            record: EntryRecord(key: key, location: entry.location, content: .text(keyText), isImplicit: true),
                            table: tableName, language: development, format: entry.format)
                    }
                }
                checkEntry(
                    entry, table: tableName, language: language.name, reference: counterpart ?? implied,
                    referenceName: implied == nil ? referenceName : "the key", plain: plain, compare: !isReference && isWinner,
                    keepReferenceInfo: implied == nil)
                guard !isReference, isWinner, reference != nil else { continue }
                // A winner without a counterpart is a key the development language lacks.
                if counterpart != nil {
                    translated += 1
                } else if implied == nil {
                    report(
                        .extraKey, entry.location, table: tableName, key: key, language: language.name,
                        "\(quoted(key)) (\(language.name)) is not in the development language \(referenceName)")
                }
            }
        }
        guard !isReference, let reference else { return }
        // Regional variants of the development language inherit its keys.
        let inherits = language.language.language == development.language
        guard !inherits else { return }
        var missing: [(key: String, defined: CatalogEntry?)] = []
        if translated < referenceKeys.count {
            for key in referenceKeys where !key.isEmpty && !earlierHas(key, before: sources.count) {  // the report is sorted at the end
                let defined = reference.entry(key)
                // A value of placeholders only ("%@", "%1$@ %2$@") needs no translation: the
                // development value a lookup falls back to is right in every language; nor does
                // an Android string marked `translatable="false"` (the same in every language).
                if let defined, isPlaceholderOnly(defined) || !defined.isTranslatable {
                    translated += 1
                } else {
                    missing.append((key, defined))
                }
            }
        }
        counts[language.name, default: (0, 0, 0, 0)].expected += referenceKeys.count
        counts[language.name, default: (0, 0, 0, 0)].translated += translated
        for (key, defined) in missing {
            report(
                .missingTranslation, defined?.location, table: tableName, key: key, language: language.name,
                "\(quoted(key)) is not translated into \(language.name) (the \(referenceName) value is at \(defined.map { relative($0.location.file) + ":\($0.location.line)" } ?? "?"))"
            )
        }
    }

    /// Whether a key reads as text ("Notifications Delayed", "Cancel", "fav %lld") rather than
    /// an identifier ("settings.title", "cancel_button", "openFile", "cancel", an Interface
    /// Builder object id): words with spaces between them, or one word that does not start
    /// with a lower-case letter and has no `.` or `_` inside and no lower-to-upper case hump.
    static func isTextKey(_ key: String) -> Bool {
        guard key.contains(where: \.isLetter), !isObjectID(key) else { return false }
        if key.contains(where: \.isWhitespace) { return true }
        var previous: Character?
        var firstLetter: Character?
        for character in key {
            if character == "_" { return false }
            if let previous {
                if previous.isLowercase, character.isUppercase { return false }
                if previous == ".", character.isLetter { return false }
            }
            if firstLetter == nil, character.isLetter { firstLetter = character }
            previous = character
        }
        return !(firstLetter?.isLowercase ?? true)
    }

    /// Whether more than half of a language's keys (in all its files) are text.
    static func mostKeysAreText(_ sources: [TableSource]) -> Bool {
        var text = 0
        var total = 0
        for index in sources.indices {
            for key in sources[index].keys {
                total += 1
                if isTextKey(key) { text += 1 }
            }
        }
        return text * 2 > total
    }

    /// Whether a value is placeholders only (`"%@"`, `"%1$@ %2$@"`, `"%@: %lld"`): it uses an
    /// argument and has no letter outside its conversions.
    func isPlaceholderOnly(_ entry: CatalogEntry) -> Bool {
        var usesArgument = false
        for text in entry.content.texts {
            let written = text.variable?.formatText(text.text.text) ?? text.text.text
            guard Self.hasPercent(written) else {
                if written.contains(where: \.isLetter) { return false }
                continue
            }
            guard let tokens = try? formats.parse(written, allowVariables: true) else { return false }
            for token in tokens {
                switch token {
                case .literal(let literal): if literal.contains(where: \.isLetter) { return false }
                case .spec, .variable: usesArgument = true
                }
            }
        }
        return usesArgument
    }

    /// Whether a development-language table is never formatted: no value passes an argument
    /// (no conversion but `% `-flagged ones, which are percent signs before a word; no
    /// variable) and its keys are not text (at most one in ten is). An app reads such a table with NSDictionary (key
    /// bindings, lookup tables), so a `%` in it is a character, never a conversion.
    static func isNeverFormatted(_ table: LocaleTable, formats: FormatMemo) -> Bool {
        var keys = 0
        var textKeys = 0
        for index in table.sources.indices {
            let entries = table.sources[index].entries
            for key in table.sources[index].keys {
                // Only `.strings` tables are read that way; other formats are formatted by design.
                guard let entry = entries[key] else { continue }
                guard entry.format == .strings else { return false }
                keys += 1
                if isTextKey(key) { textKeys += 1 }
                if case .plural = entry.content { return false }
                for text in entry.content.texts where hasPercent(text.text.text) {
                    guard let tokens = try? formats.parse(text.text.text, allowVariables: true) else { continue }
                    for token in tokens {
                        switch token {
                        case .literal: continue
                        case .variable: return false
                        case .spec(let spec): if !spec.spaceSign { return false }
                        }
                    }
                }
            }
        }
        return keys > 0 && textKeys * 10 <= keys
    }

    /// The `Plural-Forms` of one gettext file: against CLDR's rules for its `Language` (else
    /// the language its place in the catalog gives), present when the file has plural
    /// entries, and `nplurals` against each plural entry's `msgstr[n]`.
    mutating func checkGettext(_ source: TableSource, language: LocaleTable, table: String) {
        guard let read = source.gettext else { return }
        let plurals = source.keys.compactMap { key -> (CatalogEntry, PluralVariable)? in
            guard let entry = source.entries[key], case .plural(_, let variables) = entry.content,
                let variable = variables.first(where: { $0.gettext != nil })
            else { return nil }
            return (entry, variable)
        }
        let name = language.name
        let at = read.location
        let locale = read.header["Language"].flatMap { CatalogListing.gettextLocale($0) } ?? language.language
        guard let text = read.header["Plural-Forms"] else {
            if !plurals.isEmpty {
                let implied = (try? ParlanceCore.pluralRules(locale)).flatMap(PluralFormsCheck.impliedHeader)
                report(
                    .pluralFormsMissing, at, table: table, key: nil, language: name,
                    "\(plurals.count) plural entr\(plurals.count == 1 ? "y" : "ies") but no Plural-Forms header: gettext uses the English rule (n != 1)\(implied.map { "; CLDR implies \(quoted($0.description, limit: 2_000))" } ?? "")"
                )
            }
            return
        }
        let forms: GettextPluralForms
        do throws(GettextPluralForms.Failure) {
            forms = try GettextPluralForms(header: text)
        } catch {
            let message = "the Plural-Forms header \(quoted(text, limit: 2_000)) does not parse: \(error)"
            report(.pluralFormsMissing, at, table: table, key: nil, language: name, message)
            return
        }
        for (entry, variable) in plurals where variable.variants.count != forms.count {
            report(
                .pluralFormsCount, entry.location, table: table, key: entry.key, language: name,
                "\(quoted(entry.key)) gives \(variable.variants.count) msgstr[n] but the header says nplurals=\(forms.count)")
        }
        guard let rules = try? ParlanceCore.pluralRules(locale) else { return }
        let mismatch: PluralFormsCheck.Mismatch?
        do throws(GettextPluralForms.Failure) {
            mismatch = try PluralFormsCheck.compare(forms, rules: rules)
        } catch {
            report(.pluralFormsMissing, at, table: table, key: nil, language: name, "the Plural-Forms expression cannot be evaluated: \(error)")
            return
        }
        guard let mismatch else { return }
        let implied =
            PluralFormsCheck.impliedHeader(rules).map { "CLDR implies \(quoted($0.description, limit: 2_000))" }
            ?? "CLDR's integer categories: "
            + GettextPluralMapping.categoryOrder(rules).compactMap { category in
                mismatch.firstIntegers[category].map { "\(category.keyword) \($0.map(String.init).joined(separator: ", ")), …" }
            }.joined(separator: "; ")
        report(
            .pluralFormsMismatch, at, table: table, key: nil, language: name,
            "Plural-Forms \(quoted(forms.description, limit: 2_000)) disagrees with CLDR's \(locale.languageTag) rules on \(mismatch.wrongCount) of the integers 0…\(GettextPluralMapping.sampleLimit): \(mismatch.summary); \(implied)"
        )
    }

    mutating func checkEntry(
        _ entry: CatalogEntry, table: String, language: String, reference: CatalogEntry?, referenceName: String,
        plain: Bool, compare: Bool, namedResolved: Bool = false, keepReferenceInfo: Bool = true
    ) {
        // YAML: `%{name}`/`{name}` placeholders and the plural's `count` are checked
        // in the positional form they run as (names sorted, so positions agree across
        // languages), after the names themselves are compared with the development language's.
        if !namedResolved, entry.format == .yaml {
            if compare, let reference, reference.format == .yaml {
                let mine = Set(entry.content.texts.flatMap { NamedPlaceholders.names(in: $0.text.text) })
                let theirs = Set(reference.content.texts.flatMap { NamedPlaceholders.names(in: $0.text.text) })
                if mine != theirs {
                    let extra = mine.subtracting(theirs).sorted().map { "%{\($0)}" }
                    let lacking = theirs.subtracting(mine).sorted().map { "%{\($0)}" }
                    report(
                        .placeholderMismatch, entry.location, table: table, key: entry.key, language: language,
                        "\(quoted(entry.key)) (\(language)) "
                            + [
                                extra.isEmpty ? nil : "uses \(extra.joined(separator: ", ")), which \(referenceName) does not",
                                lacking.isEmpty ? nil : "lacks \(lacking.joined(separator: ", ")), which \(referenceName) uses",
                            ]
                            .compactMap { $0 }.joined(separator: "; "))
                }
            }
            func positional(_ entry: CatalogEntry) -> CatalogEntry {
                guard entry.format == .yaml else { return entry }
                let record = EntryRecord(key: entry.key, location: entry.location, content: NamedPlaceholders.normalize(entry.content).value)
                return CatalogEntry(record: record, table: entry.table, language: entry.language, format: entry.format)
            }
            checkEntry(
                positional(entry), table: table, language: language, reference: reference.map(positional), referenceName: referenceName,
                plain: plain, compare: compare, namedResolved: true)
            return
        }
        let key = entry.key
        func label() -> String { "\(quoted(key)) (\(language))" }
        func say(_ rule: LintRule, _ at: CatalogLocation?, severity: LintSeverity? = nil, _ message: String) {
            report(rule, at ?? entry.location, table: table, key: key, language: language, severity: severity, message)
        }
        if compare {
            switch entry.state {
            // A value of placeholders only ("%@") is the same in every language.
            case "new" where !isPlaceholderOnly(entry): say(.stateNew, entry.location, "\(label()) is in state \"new\": not translated yet")
            case "needs_review": say(.stateNeedsReview, entry.location, "\(label()) is in state \"needs_review\"")
            default: break
            }
        }
        let referenceLeaves = reference?.content.leaves ?? []
        for (device, leaf) in entry.content.leaves {
            let where_ = device.map { " [\($0)]" } ?? ""
            let counterpart =
                referenceLeaves.first { $0.label == device } ?? referenceLeaves.first { $0.label == nil || $0.label == "other" }
                ?? referenceLeaves.first
            // Each text once: its format form, and its tokens when it has a `%` (nil: none, or
            // it does not parse).
            let texts = leaf.texts
            // Empty values, variant by variant against the development language's same variant.
            if compare, !key.isEmpty, let counterpart {
                var theirs: [EntryText]?
                for text in texts where text.text.text.isEmpty {
                    let their = theirs ?? counterpart.value.texts
                    theirs = their
                    // The same variant, else (a category the development language does not
                    // use, ru `few` against en) the same variable's variants, else every text.
                    let same = their.first { $0.variable?.name == text.variable?.name && $0.keyword == text.keyword }
                    let variants = text.keyword == nil ? [] : their.filter { $0.variable?.name == text.variable?.name && $0.keyword != nil }
                    let sourceEmpty =
                        same.map { $0.text.text.isEmpty }
                        ?? (variants.isEmpty ? their : variants).allSatisfy { $0.text.text.isEmpty }
                    if !sourceEmpty {
                        let part = text.keyword.map { " (\($0) variant)" } ?? ""
                        say(.emptyValue, text.text.location, "\(label())\(where_)\(part) is empty while \(referenceName) has a value")
                    }
                }
            }
            if case .plural(let format, let variables) = leaf {
                // A variable of empty variants only consumes its argument: said once, in the
                // development language, and in a translation only where that one prints.
                let theirVariables: [PluralVariable]
                if case .plural(_, let found)? = counterpart?.value { theirVariables = found } else { theirVariables = [] }
                for variable in variables where variable.kind == .variable && CatalogLinter.printsNothing(variable) {
                    guard !compare || !theirVariables.contains(where: { $0.name == variable.name && CatalogLinter.printsNothing($0) }) else { continue }
                    say(
                        .emptyPluralVariable, variable.location,
                        "\(label())\(where_): the variable \(quoted(variable.name)) (%\(variable.valueType ?? "d")) has only empty variants: it prints nothing and only consumes its argument, whatever that argument's type (Foundation and Parlance format the entry)"
                    )
                }
                let samples = pluralSamples(entry.language)
                let found = CatalogLinter.checkVariables(
                    variables, format: format, texts: texts, label: label() + where_, locale: entry.language,
                    samples: samples, strictPlurals: options.strictPlurals, formats: formats)
                for finding in found.findings { say(finding.rule, finding.location, severity: finding.severity, finding.message) }
                if compare || reference == nil {
                    counts[language, default: (0, 0, 0, 0)].plurals += found.plurals
                    counts[language, default: (0, 0, 0, 0)].completePlurals += found.complete
                }
            }
            if entry.format == .android, case .plural(_, let variables) = leaf, let samples = pluralSamples(entry.language) {
                for finding in CatalogLinter.androidZeroFindings(variables, label: label() + where_, locale: entry.language, samples: samples) {
                    say(finding.rule, finding.location, severity: finding.severity, finding.message)
                }
            }
            if entry.isMessageFormat, case .text(let text) = leaf {
                // ICU MessageFormat: plural branches by CLDR, argument names against the
                // development language's; printf checks do not apply.
                let variables = CatalogLinter.messagePlurals(text, placeholderTypes: entry.placeholderTypes)
                if !variables.isEmpty {
                    let found = CatalogLinter.checkVariables(
                        variables, format: text, texts: [], label: label() + where_, locale: entry.language,
                        samples: pluralSamples(entry.language), strictPlurals: options.strictPlurals, formats: formats)
                    for finding in found.findings { say(finding.rule, finding.location, severity: finding.severity, finding.message) }
                    if compare || reference == nil {
                        counts[language, default: (0, 0, 0, 0)].plurals += found.plurals
                        counts[language, default: (0, 0, 0, 0)].completePlurals += found.complete
                    }
                }
                if compare, let counterpart, counterpart.value.texts.count == 1, reference?.isMessageFormat == true,
                    let mine = try? MessageSyntax.parse(text.text), let theirs = try? MessageSyntax.parse(counterpart.value.texts[0].text.text)
                {
                    let ours = Set(MessageSyntax.argumentNames(mine))
                    let expected = Set(MessageSyntax.argumentNames(theirs))
                    if ours != expected {
                        let extra = ours.subtracting(expected).sorted().map { "{\($0)}" }
                        let lacking = expected.subtracting(ours).sorted().map { "{\($0)}" }
                        say(
                            .placeholderMismatch, text.location,
                            "\(label())\(where_) "
                                + [
                                    extra.isEmpty ? nil : "uses \(extra.joined(separator: ", ")), which \(referenceName) does not",
                                    lacking.isEmpty ? nil : "lacks \(lacking.joined(separator: ", ")), which \(referenceName) uses",
                                ]
                                .compactMap { $0 }.joined(separator: "; "))
                    }
                }
                continue
            }
            guard !plain else { continue }
            // Formats parse.
            var valid = true
            var spaceFlagged: [EntryText] = []
            for text in texts where Self.hasPercent(text.text.text) {
                do {
                    let tokens = try formats.parse(text.variable?.formatText(text.text.text) ?? text.text.text, allowVariables: true)
                    if tokens.contains(where: { if case .spec(let spec) = $0 { spec.spaceSign } else { false } }) { spaceFlagged.append(text) }
                } catch {
                    valid = false
                    let part = text.variable.map { " (variable \(quoted($0.name)), \(text.keyword ?? ""))" } ?? ""
                    // A table the app reads without formatting it is named plain with this flag.
                    let hint =
                        table == "Localizable" || text.variable != nil
                        ? "" : "; if the app never formats the table \(quoted(table)) (it reads it with NSDictionary), lint with --plain-table \(table)"
                    say(.invalidFormat, text.text.location, "\(label())\(where_)\(part): \(error.message)\(hint)")
                }
            }
            guard valid else { continue }
            guard let ours = Self.signature(leaf, formats: formats) else { continue }
            for conflict in ours.conflicts {
                say(.argumentTypeConflict, leaf.location, "\(label())\(where_): \(PluralChecks.conflict(conflict))")
            }
            guard compare, let counterpart, let reference else { continue }
            // Placeholders against the key's own specifiers (a String Catalog key that declares
            // arguments, "notifications.label.favorite %lld"), else the development language's value.
            // What the development value uses is kept by the entry's identity: the development
            // language's entries live as long as the run. A YAML entry's positional form is made
            // anew for each check, so its identity may be reused: not kept.
            // A key standing for its own development value is made for this one check: not kept either.
            let infoKey = reference.format == .yaml || !keepReferenceInfo ? nil : ReferenceKey(entry: reference.identity, label: counterpart.label)
            let info: (signature: Signature?, spaceFlags: Bool)
            if let infoKey, let cached = referenceInfo[infoKey] {
                info = cached
            } else {
                info = (
                    Self.signature(counterpart.value, formats: formats),
                    counterpart.value.texts.contains { Self.hasSpaceFlag($0.variable?.formatText($0.text.text) ?? $0.text.text, formats: formats) }
                )
                if let infoKey { referenceInfo[infoKey] = info }
            }
            var theirs: Signature?
            var against = referenceName
            if let keySignature = Self.keySignature(entry, formats: formats) {
                theirs = keySignature
                against = "the key"
            } else {
                theirs = info.signature
            }
            guard let theirs else { continue }
            // A percent sign read as a conversion that the development language does not have.
            if !info.spaceFlags {
                for text in spaceFlagged {
                    say(
                        .suspiciousPercent, text.text.location,
                        "\(label())\(where_): \(quoted(text.text.text, limit: 40)) has a '% ' conversion (\"100% guaranteed\" reads '% g' as a number); write '%%' for a percent sign"
                    )
                }
            }
            // Nothing to report when both use the same positions with the same kinds (nearly always).
            var positions: [Int] = []
            if !theirs.uses.sameKinds(as: ours.uses) {
                positions = theirs.uses.positions
                for position in ours.uses.positions where theirs.uses[position] == nil { positions.append(position) }
            }
            for position in positions.sorted() {
                switch (theirs.uses[position], ours.uses[position]) {
                case (let expected?, nil):
                    say(.placeholderMismatch, leaf.location, "\(label())\(where_): argument \(position) (\(expected.written) in \(against)) is missing")
                case (nil, let extra?):
                    say(.placeholderMismatch, leaf.location, "\(label())\(where_): argument \(position) (\(extra.written)) is not in \(against)")
                case (let expected?, let actual?) where expected.kind != actual.kind && !expected.onlyConsumed && !actual.onlyConsumed:
                    say(
                        .placeholderMismatch, leaf.location,
                        "\(label())\(where_): argument \(position) is \(actual.written) (\(actual.kind.rawValue)) here but \(expected.written) (\(expected.kind.rawValue)) in \(against)"
                    )
                default: break
                }
            }
            // Length budgets.
            let maximum = options.maximumLengths.isEmpty ? nil : options.maximumLengths[key]
            guard maximum != nil || options.maximumLengthRatio != nil else { continue }
            let ourTexts = texts.filter { $0.variable != nil || !texts.contains { $0.variable != nil } }
            if let maximum {
                for text in ourTexts where text.text.text.count > maximum {
                    say(.lengthBudget, text.text.location, "\(label())\(where_) is \(text.text.text.count) characters long, over its budget of \(maximum)")
                }
            }
            if let ratio = options.maximumLengthRatio {
                let theirTexts = counterpart.value.texts.filter { $0.variable != nil || !counterpart.value.texts.contains { $0.variable != nil } }
                let referenceLength = theirTexts.map(\.text.text.count).max() ?? 0
                if referenceLength >= options.ratioMinimumLength {
                    for text in ourTexts where Double(text.text.text.count) > ratio * Double(referenceLength) {
                        say(
                            .lengthBudget, text.text.location,
                            "\(label())\(where_) is \(text.text.text.count) characters long, more than \(ratio)× the \(referenceLength) of \(referenceName)")
                    }
                }
            }
        }
        if !compare, !options.maximumLengths.isEmpty, let maximum = options.maximumLengths[key] {
            for text in entry.content.texts where text.text.text.count > maximum {
                say(.lengthBudget, text.text.location, "\(label()) is \(text.text.text.count) characters long, over its budget of \(maximum)")
            }
        }
    }

    /// Whether a text has a `%` at all (most values have none and need no parsing).
    static func hasPercent(_ text: String) -> Bool { text.utf8.contains(0x25) }

    static func hasSpaceFlag(_ text: String, formats: FormatMemo) -> Bool {
        guard hasPercent(text), let tokens = try? formats.parse(text, allowVariables: true) else { return false }
        return tokens.contains { if case .spec(let spec) = $0 { spec.spaceSign } else { false } }
    }

    typealias Finding = CatalogLinter.Finding
    typealias EntryText = CatalogLinter.EntryText

    /// The development language's entry (and device/width choice) a translation is compared
    /// with: the entry by identity, which hashes faster than its table and key.
    struct ReferenceKey: Hashable {
        var entry: ObjectIdentifier
        var label: String?
    }

    /// The specifiers of a String Catalog key (`"favorite %lld"`), nil when it has none. A key
    /// that declares arguments names what the code passes, whether Xcode extracted it or it was
    /// written by hand (`extractionState` `manual`): an English value may drop the number
    /// ("starred") while every translation still consumes it.
    static func keySignature(_ entry: CatalogEntry, formats: FormatMemo) -> Signature? {
        // A key without a percent sign has no specifiers (checked first: nearly every key).
        guard entry.format == .xcstrings, hasPercent(entry.key),
            case let tokens? = try? formats.parse(entry.key, allowVariables: false),
            tokens.contains(where: { if case .spec = $0 { true } else { false } })
        else { return nil }
        return signature(.text(LocatedText(text: entry.key, location: entry.location)), formats: formats)
    }

    /// The arguments a value uses by position (``ArgumentSignature``, shared with catalog
    /// loading); nil when a format does not parse.
    static func signature(_ leaf: EntryValue, formats: FormatMemo) -> Signature? {
        ArgumentSignature.of(leaf) { text, allowVariables in try? formats.parse(text, allowVariables: allowVariables) }
    }
}

extension CatalogLinter {
    /// A finding of a check: its rule, where, a severity other than the rule's own, what.
    package typealias Finding = (rule: LintRule, location: CatalogLocation, severity: LintSeverity?, message: String)
    /// A format text of a value with the variable and keyword it belongs to.
    package typealias EntryText = (text: LocatedText, variable: PluralVariable?, keyword: String?)

    /// The checks of one value's plural variables, which `ParlanceTesting` runs too: variables
    /// used but not defined (and the reverse), `other` and the categories CLDR gives the
    /// language (`samples`), variant keys that are no category, variants without the number.
    package static func checkVariables(
        _ variables: [PluralVariable], format: LocatedText, texts: [EntryText], label: String,
        locale: LocaleID, samples: PluralSamples?, strictPlurals: Bool, formats: FormatMemo
    ) -> (findings: [Finding], plurals: Int, complete: Int) {
        var findings: [Finding] = []
        var plurals = 0
        var complete = 0
        func say(_ rule: LintRule, _ at: CatalogLocation, severity: LintSeverity? = nil, _ message: String) {
            findings.append((rule, at, severity, message))
        }
        // References.
        var referenced = Set<String>()
        for text in texts {
            guard let tokens = try? formats.parse(text.variable?.formatText(text.text.text) ?? text.text.text, allowVariables: true) else { continue }
            for case .variable(let name, _) in tokens { referenced.insert(name) }
        }
        let defined = Set(variables.map { $0.kind == .wholeString ? PluralNormalization.wholeStringName : $0.name })
        for name in referenced.subtracting(defined).sorted() {
            say(.undefinedVariable, format.location, "\(label): the variable \(quoted(name)) is used but not defined")
        }
        for variable in variables where !referenced.contains(variable.name) && variable.kind == .variable {
            say(.unusedVariable, variable.location, "\(label): the variable \(quoted(variable.name)) is defined but never used")
        }
        // Categories by CLDR.
        guard let samples else { return (findings, plurals, complete) }
        // A variable of empty variants prints nothing for every number: which categories it
        // has does not matter (`empty-plural-variable` says what it does).
        for variable in variables where !(variable.kind == .variable && printsNothing(variable)) {
            let name = PluralChecks.name(of: variable)
            let present = Set(variable.variants.compactMap(\.category))
            // A gettext plural chooses by index: `other` is needed only where integers reach it.
            if !present.contains(.other), variable.gettext == nil || samples.integerCategories.contains(.other) {
                say(.pluralMissingOther, variable.location, "\(label): \(PluralChecks.missingOther(variable))")
            }
            let integerOnly = Self.isIntegerVariable(variable, formats: formats)
            let needed = (integerOnly ? samples.integerCategories : samples.categories).filter { $0 != .other }
            let missing = needed.filter { !present.contains($0) }
            plurals += 1
            if missing.isEmpty { complete += 1 }
            // Categories only large numbers reach (fr/es/it/pt/ca `many`: 1,000,000): most real
            // catalogs lack them; an error only with --strict-plurals.
            let large = missing.filter { category in (samples.integers[category]?.first ?? 0) >= 1_000_000 && samples.decimals[category] == nil }
            let ordinary = missing.filter { !large.contains($0) }
            if !ordinary.isEmpty {
                let examples = ordinary.map { category in
                    let example = samples.integers[category]?.first.map(String.init) ?? samples.decimals[category]?.first ?? "?"
                    return "\(category.keyword) (e.g. \(example))"
                }
                say(
                    .pluralMissingCategory, variable.location,
                    "\(label): \(name) lacks \(examples.joined(separator: ", ")), which \(locale.languageTag) uses")
            }
            if !large.isEmpty {
                let reached = large.map { category in
                    "\(category.keyword) (only for numbers such as \((samples.integers[category] ?? []).prefix(3).map(String.init).joined(separator: ", ")))"
                }
                say(
                    .pluralMissingCategory, variable.location, severity: strictPlurals ? .error : .warning,
                    "\(label): \(name) lacks \(reached.joined(separator: ", ")), which \(locale.languageTag) uses for large numbers; `other` is shown for them")
            }
            for variant in variable.variants {
                guard let category = variant.category else {
                    say(.pluralUnusedCategory, variant.text.location, "\(label): \(PluralChecks.unknownCategory(variant, of: variable))")
                    continue
                }
                if category != .zero, !samples.categories.contains(category) {
                    say(
                        .pluralUnusedCategory, variant.text.location,
                        "\(label): \(name) has a \(category.keyword) variant, which \(locale.languageTag) never uses (it has \(samples.categories.map(\.keyword).joined(separator: ", ")))"
                    )
                }
                // A variant without the number, in a category that holds several integers
                // (ru `one`: 1, 21, 31, …): "1d ago" would be shown for 21.
                if [.zero, .one, .two].contains(category), integerOnly, let holders = samples.integers[category], holders.count > 1,
                    !Self.printsNumber(variant.text.text, variable: variable, formats: formats)
                {
                    // The numbers the category holds, as CLDR's rules give them: all of them when
                    // they are few (fr `one`: exactly 0 and 1), else the first ones.
                    let covered =
                        samples.finiteIntegers[category].map { "exactly " + Self.listed($0.map(String.init)) }
                        ?? holders.prefix(4).map(String.init).joined(separator: ", ") + " and more"
                    say(
                        .impliedQuantity, variant.text.location, severity: nil,
                        "\(label): the \(category.keyword) variant of \(name) (\(quoted(variant.text.text, limit: 40))) has no number, but \(locale.languageTag) uses \(category.keyword) for \(covered)"
                    )
                }
            }
        }
        return (findings, plurals, complete)
    }

    /// Whether every variant of a variable is empty (it prints nothing, only consumes its argument).
    package static func printsNothing(_ variable: PluralVariable) -> Bool {
        variable.gettext == nil && !variable.variants.isEmpty && variable.variants.allSatisfy { $0.text.text.isEmpty }
    }

    /// "0 and 1", "0, 1 and 2".
    package static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Whether a variant prints its variable's number (a numeric conversion, or `%arg`).
    package static func printsNumber(_ text: String, variable: PluralVariable, formats: FormatMemo) -> Bool {
        if variable.usesArgumentPlaceholder, text.contains("%arg") { return true }
        guard let tokens = try? formats.parse(text, allowVariables: true) else { return true }
        return tokens.contains { token in
            guard case .spec(let spec) = token else { return false }
            return FormatParser.integerConversions.contains(spec) || FormatParser.floatConversions.contains(spec)
                || spec.conversion == "@"
        }
    }

    /// Whether a variable only ever formats integers (so categories reached only by decimals need no variant).
    package static func isIntegerVariable(_ variable: PluralVariable, formats: FormatMemo) -> Bool {
        // gettext's `n` is an unsigned integer, whatever the msgstr prints.
        if variable.gettext != nil { return true }
        if variable.kind == .wholeString {
            // The plural argument is the first numeric argument of the variants.
            for variant in variable.variants {
                guard let tokens = try? formats.parse(variant.text.text, allowVariables: true) else { continue }
                for case .spec(let spec) in tokens {
                    if FormatParser.floatConversions.contains(spec) { return false }
                    if FormatParser.integerConversions.contains(spec) { return true }
                }
            }
            return true
        }
        let type = variable.valueType ?? "d"
        guard case let tokens? = try? formats.parse("%" + type, allowVariables: false), tokens.count == 1, case .spec(let spec) = tokens[0] else {
            return true
        }
        return FormatParser.integerConversions.contains(spec)
    }
}
