public import Parlance

/// Checks a catalog directory (every table, every language) against the development language
/// and CLDR's plural rules, reporting each problem where it is written.
///
/// The directory is read leniently (one broken file is a diagnostic, the others are still
/// checked). Rules, each with a stable id (``LintRule``):
/// - missing keys both ways (`missing-translation`, `extra-key`), `required-key-missing`;
/// - plurals by the CLDR rules of each file's language: `plural-missing-category` (a category
///   the language uses; for integer-valued variables only the categories integers reach),
///   `plural-missing-other`, `plural-unused-category` (Apple's `zero` is allowed everywhere);
/// - formats: `invalid-format`, `placeholder-mismatch` (positions and types as in the
///   development language; reordering with `%1$@ %2$@` is fine), `undefined-variable`,
///   `unused-variable`;
/// - String Catalog units: `state-new`, `state-needs-review`, `empty-value`;
/// - `.strings`: `duplicate-key`; budgets: `length-budget`; unreadable files: `unreadable-file`.
///
/// ```swift
/// let linter = CatalogLinter(options: LintOptions(disabledRules: [.stateNeedsReview]))
/// let report = try linter.lint(directory: "App/Resources")
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// // fr.lproj/Localizable.strings:4: error: [placeholder-mismatch] "welcome" (fr): argument 1 is %d here but %@ in en
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

    /// Lints the catalog a ``Catalog`` was loaded from (its directory and development language).
    ///
    /// ```swift
    /// let report = try CatalogLinter().lint(catalog: Catalog(directory: "Resources"))
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` when the directory cannot be listed.
    public func lint(catalog: Catalog) throws(ParlanceError) -> LintReport {
        var linter = self
        if linter.options.developmentLanguage == nil { linter.options.developmentLanguage = catalog.developmentLanguage.languageTag }
        return try linter.lint(directory: catalog.directory)
    }

    /// Lints a directory of `<locale>.lproj/<Table>.strings|.stringsdict` and `<Table>.xcstrings` files.
    ///
    /// ```swift
    /// let report = try CatalogLinter().lint(directory: "Resources")
    /// report.hasErrors
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidFile`` when the directory cannot be listed;
    ///   ``ParlanceError/Code/invalidLocale`` for an ill-formed development language.
    public func lint(directory: String) throws(ParlanceError) -> LintReport {
        let source = try LintSource(directory: directory)
        let development = try LocaleID(options.developmentLanguage ?? source.sourceLanguages.first ?? "en")
        var run = LintRun(options: options, development: development)
        run.diagnostics = source.diagnostics.filter { !options.disabledRules.contains($0.rule) }
        run.check(source)
        var diagnostics = run.diagnostics
        if options.warningsAsErrors {
            for index in diagnostics.indices { diagnostics[index].severity = .error }
        }
        diagnostics.sort { a, b in
            (a.file, a.line, a.rule.rawValue, a.key ?? "", a.language ?? "", a.message)
                < (b.file, b.line, b.rule.rawValue, b.key ?? "", b.language ?? "", b.message)
        }
        return LintReport(directory: directory, developmentLanguage: development.languageTag, diagnostics: diagnostics)
    }
}

/// The kind of value an argument position takes.
enum ArgumentKind: String {
    case integer, float, object, cString = "C string", character

    init?(_ spec: FormatSpec) {
        let c = spec.conversion
        if FormatParser.integerConversions.contains(c) { self = .integer }
        else if FormatParser.floatConversions.contains(c) { self = .float }
        else if c == "@" { self = .object }
        else if c == "s" || c == "S" { self = .cString }
        else if FormatParser.characterConversions.contains(c) { self = .character }
        else { return nil }
    }
}

/// One argument position's use: kind and how it was written.
struct ArgumentUse {
    var kind: ArgumentKind
    var written: String
}

private struct LintRun {
    let options: LintOptions
    let development: LocaleID
    var diagnostics: [LintDiagnostic] = []
    var samples: [String: PluralSamples?] = [:]

    init(options: LintOptions, development: LocaleID) {
        self.options = options
        self.development = development
    }

    mutating func report(_ rule: LintRule, _ file: String, _ line: Int, table: String?, key: String?, language: String?, _ message: String) {
        guard !options.disabledRules.contains(rule) else { return }
        diagnostics.append(LintDiagnostic(rule: rule, file: file, line: line, table: table, key: key, language: language, message: message))
    }

    mutating func pluralSamples(_ locale: LocaleID) -> PluralSamples? {
        if let cached = samples[locale.identifier] { return cached }
        let made = try? PluralSamples(locale: locale)
        samples[locale.identifier] = made
        return made
    }

    mutating func check(_ source: LintSource) {
        let developmentKey = LintSource.key(development)
        let developmentLanguageKey = LintSource.key(LocaleID.root) // "" (Base)
        var providedInDevelopment = Set<String>()
        var providedByLanguage: [String: (name: String, keys: Set<String>)] = [:]
        for table in source.tables.keys.sorted() {
            guard let languages = source.tables[table] else { continue }
            // The development language's entries: its own files, else Base (truncations too: en for en_US).
            var reference = languages[developmentKey]
            if reference == nil {
                let language = developmentKey.split(separator: "_").first.map(String.init) ?? developmentKey
                reference = languages[language] ?? languages[developmentLanguageKey]
            }
            if let base = languages[developmentLanguageKey], var merged = reference, merged.name != base.name {
                for (key, entries) in base.entries where merged.entries[key] == nil { merged.entries[key] = entries }
                reference = merged
            }
            let referenceName = reference?.name ?? development.languageTag
            providedInDevelopment.formUnion(reference?.entries.keys ?? [:].keys)
            for (languageKey, language) in languages.sorted(by: { $0.key < $1.key }) {
                let isReference = language.name == referenceName || languageKey == developmentLanguageKey
                let locale = languageKey == developmentLanguageKey ? development : language.locale
                providedByLanguage[languageKey, default: (language.name, [])].keys.formUnion(language.entries.keys)
                for key in language.entries.keys.sorted() {
                    for entry in language.entries[key] ?? [] {
                        checkEntry(entry, table: table, language: language.name, locale: locale,
                                   reference: isReference ? nil : reference?.entries[key]?.first, referenceName: referenceName)
                    }
                }
                guard !isReference, let reference else { continue }
                // Missing keys, both directions.
                let fileForMissing = language.files.first ?? reference.files.first ?? ""
                for key in reference.entries.keys.sorted() where language.entries[key] == nil {
                    let defined = reference.entries[key]?.first
                    let sameFile = defined?.file == fileForMissing
                    let whereDefined = defined.map { " (defined at \($0.file):\($0.line))" } ?? ""
                    report(.missingTranslation, fileForMissing, sameFile ? defined?.line ?? 0 : 0, table: table, key: key, language: language.name,
                           "\(quoted(key)) is not translated into \(language.name)\(sameFile ? "" : whereDefined)")
                }
                for key in language.entries.keys.sorted() where reference.entries[key] == nil {
                    let entry = language.entries[key]?.first
                    report(.extraKey, entry?.file ?? fileForMissing, entry?.line ?? 0, table: table, key: key, language: language.name,
                           "\(quoted(key)) (\(language.name)) is not in the development language \(referenceName)")
                }
            }
        }
        // Keys components require.
        let anyFile = source.tables.values.flatMap { $0.values.flatMap(\.files) }.sorted().first ?? ""
        for key in options.requiredKeys where !providedInDevelopment.contains(key) {
            let lacking = providedByLanguage.filter { !$0.value.keys.contains(key) }.map(\.value.name).sorted()
            report(.requiredKeyMissing, anyFile, 0, table: nil, key: key, language: development.languageTag,
                   "\(quoted(key)) is required by a component but is not provided in \(development.languageTag)"
                       + (lacking.isEmpty ? "" : " (nor in \(lacking.joined(separator: ", ")))"))
        }
    }

    mutating func checkEntry(_ entry: LintEntry, table: String, language: String, locale: LocaleID, reference: LintEntry?, referenceName: String) {
        let key = entry.key
        let label = "\(quoted(key)) (\(language))"
        func say(_ rule: LintRule, _ line: Int, _ message: String) {
            report(rule, entry.file, line > 0 ? line : entry.line, table: table, key: key, language: language, message)
        }
        if reference != nil {
            switch entry.state {
            case "new": say(.stateNew, entry.line, "\(label) is in state \"new\": not translated yet")
            case "needs_review": say(.stateNeedsReview, entry.line, "\(label) is in state \"needs_review\"")
            default: break
            }
            let referenceEmpty = reference?.isEmpty ?? true
            let emptyLeaf = entry.leaves.contains { leaf in leaf.leaf.texts.contains { $0.text.isEmpty } }
            if !referenceEmpty, entry.isEmpty || emptyLeaf {
                say(.emptyValue, entry.line, "\(label) is empty")
            }
        }
        let referenceLeaves = reference?.leaves ?? []
        for (device, leaf) in entry.leaves {
            let where_ = device.map { " [\($0)]" } ?? ""
            // Formats parse, variables are defined and used.
            var valid = true
            for text in leaf.texts where !text.text.isEmpty {
                do {
                    _ = try FormatParser.parse(text.text, allowVariables: true)
                } catch {
                    valid = false
                    let part = text.variable.map { " (variable \(quoted($0)), \(text.keyword ?? ""))" } ?? ""
                    say(.invalidFormat, text.line, "\(label)\(where_)\(part): \(error.message)")
                }
            }
            if case .plural(_, let line, let variables) = leaf {
                for (rule, at, message) in checkVariables(variables, leaf: leaf, line: line, label: label + where_, locale: locale) {
                    say(rule, at, message)
                }
            }
            // Placeholders against the development language.
            guard valid, reference != nil else { continue }
            let counterpart = referenceLeaves.first { $0.device == device } ?? referenceLeaves.first { $0.device == nil || $0.device == "other" } ?? referenceLeaves.first
            guard let counterpart, let theirs = Self.signature(counterpart.leaf), let ours = Self.signature(leaf) else { continue }
            for position in Set(theirs.keys).union(ours.keys).sorted() {
                switch (theirs[position], ours[position]) {
                case (let expected?, nil):
                    say(.placeholderMismatch, leaf.line, "\(label)\(where_): argument \(position) (\(expected.written) in \(referenceName)) is missing")
                case (nil, let extra?):
                    say(.placeholderMismatch, leaf.line, "\(label)\(where_): argument \(position) (\(extra.written)) is not in \(referenceName)")
                case (let expected?, let actual?) where expected.kind != actual.kind:
                    say(.placeholderMismatch, leaf.line,
                        "\(label)\(where_): argument \(position) is \(actual.written) (\(actual.kind.rawValue)) here but \(expected.written) (\(expected.kind.rawValue)) in \(referenceName)")
                default: break
                }
            }
            // Length budgets.
            let ourTexts = leaf.texts.filter { $0.variable != nil || !leaf.texts.contains { $0.variable != nil } }
            if let maximum = options.maximumLengths[key] {
                for text in ourTexts where text.text.count > maximum {
                    say(.lengthBudget, text.line, "\(label)\(where_) is \(text.text.count) characters long, over its budget of \(maximum)")
                }
            }
            if let ratio = options.maximumLengthRatio {
                let theirTexts = counterpart.leaf.texts.filter { $0.variable != nil || !counterpart.leaf.texts.contains { $0.variable != nil } }
                let referenceLength = theirTexts.map(\.text.count).max() ?? 0
                if referenceLength >= options.ratioMinimumLength {
                    for text in ourTexts where Double(text.text.count) > ratio * Double(referenceLength) {
                        say(.lengthBudget, text.line,
                            "\(label)\(where_) is \(text.text.count) characters long, more than \(ratio)× the \(referenceLength) of \(referenceName)")
                    }
                }
            }
        }
        if reference == nil, let maximum = options.maximumLengths[key] {
            for (_, leaf) in entry.leaves {
                for text in leaf.texts where text.text.count > maximum {
                    say(.lengthBudget, text.line, "\(label) is \(text.text.count) characters long, over its budget of \(maximum)")
                }
            }
        }
    }

    mutating func checkVariables(_ variables: [LintVariable], leaf: LintLeaf, line: Int, label: String,
                                 locale: LocaleID) -> [(LintRule, Int, String)]
    {
        var found: [(LintRule, Int, String)] = []
        func say(_ rule: LintRule, _ line: Int, _ message: String) { found.append((rule, line, message)) }
        // References.
        var referenced = Set<String>()
        for text in leaf.texts {
            guard let tokens = try? FormatParser.parse(text.text, allowVariables: true) else { continue }
            for case .variable(let name, _) in tokens { referenced.insert(name) }
        }
        let defined = Set(variables.map(\.name))
        for name in referenced.subtracting(defined).sorted() {
            say(.undefinedVariable, line, "\(label): the variable \(quoted(name)) is used but not defined")
        }
        for variable in variables where !referenced.contains(variable.name) && !variable.isWholeString {
            say(.unusedVariable, variable.line, "\(label): the variable \(quoted(variable.name)) is defined but never used")
        }
        // Categories by CLDR.
        guard let samples = pluralSamples(locale) else { return found }
        for variable in variables {
            let name = variable.isWholeString ? "the plural" : "the variable \(quoted(variable.name))"
            let present = Set(variable.variants.compactMap { PluralCategory(keyword: $0.keyword) })
            if !present.contains(.other) {
                say(.pluralMissingOther, variable.line, "\(label): \(name) has no \"other\" variant")
            }
            let integerOnly = Self.isIntegerVariable(variable)
            let needed = (integerOnly ? samples.integerCategories : samples.categories).filter { $0 != .other }
            let missing = needed.filter { !present.contains($0) }
            if !missing.isEmpty {
                let examples = missing.map { category in
                    let example = samples.integers[category]?.first.map(String.init) ?? samples.decimals[category]?.first ?? "?"
                    return "\(category.keyword) (e.g. \(example))"
                }
                say(.pluralMissingCategory, variable.line,
                    "\(label): \(name) lacks \(examples.joined(separator: ", ")), which \(locale.languageTag) uses")
            }
            for variant in variable.variants {
                guard let category = PluralCategory(keyword: variant.keyword) else {
                    say(.pluralUnusedCategory, variant.line, "\(label): \(quoted(variant.keyword)) in \(name) is not a plural category")
                    continue
                }
                if category != .zero, !samples.categories.contains(category) {
                    say(.pluralUnusedCategory, variant.line,
                        "\(label): \(name) has a \(category.keyword) variant, which \(locale.languageTag) never uses (it has \(samples.categories.map(\.keyword).joined(separator: ", ")))")
                }
            }
        }
        return found
    }

    /// Whether a variable only ever formats integers (so categories reached only by decimals need no variant).
    static func isIntegerVariable(_ variable: LintVariable) -> Bool {
        if variable.isWholeString {
            // The plural argument is the first numeric argument of the variants.
            for variant in variable.variants {
                guard let tokens = try? FormatParser.parse(variant.text, allowVariables: true) else { continue }
                for case .spec(let spec) in tokens {
                    if FormatParser.floatConversions.contains(spec.conversion) { return false }
                    if FormatParser.integerConversions.contains(spec.conversion) { return true }
                }
            }
            return true
        }
        let type = variable.valueType ?? "d"
        guard case let tokens? = try? FormatParser.parse("%" + type, allowVariables: false), tokens.count == 1, case .spec(let spec) = tokens[0] else {
            return true
        }
        return FormatParser.integerConversions.contains(spec.conversion)
    }

    /// The arguments a leaf uses by position (variants expand with their variable's position as
    /// start, as Foundation does); nil when a format does not parse.
    static func signature(_ leaf: LintLeaf) -> [Int: ArgumentUse]? {
        var uses: [Int: ArgumentUse] = [:]
        switch leaf {
        case .text(let text, _):
            var visited: Set<String> = []
            return collect(text, start: 1, variables: [:], into: &uses, visited: &visited, depth: 0) ? uses : nil
        case .plural(let format, _, let variables):
            let byName = Dictionary(variables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var visited: Set<String> = []
            return collect(format, start: 1, variables: byName, into: &uses, visited: &visited, depth: 0) ? uses : nil
        }
    }

    /// `visited` holds (variable, first argument) pairs already walked: walking one again adds
    /// nothing (`uses` keeps the first use of each position), and skipping it bounds the walk
    /// by the catalog's size instead of letting self-references multiply it.
    private static func collect(_ text: String, start: Int, variables: [String: LintVariable], into uses: inout [Int: ArgumentUse],
                                visited: inout Set<String>, depth: Int) -> Bool {
        guard depth < 16, let tokens = try? FormatParser.parse(text, allowVariables: true) else { return depth < 16 ? false : true }
        var sequential = start
        for token in tokens {
            switch token {
            case .literal: continue
            case .spec(let spec):
                let position = spec.position ?? sequential
                if spec.position == nil { sequential += 1 }
                if let kind = ArgumentKind(spec), uses[position] == nil { uses[position] = ArgumentUse(kind: kind, written: spec.text) }
            case .variable(let name, let written):
                guard let variable = variables[name] else {
                    if written == nil { sequential += 1 }
                    continue
                }
                let position = written ?? variable.position ?? sequential
                if written == nil { sequential += 1 }
                if !variable.isWholeString, uses[position] == nil,
                    case let parsed? = try? FormatParser.parse("%" + (variable.valueType ?? "d"), allowVariables: false),
                    parsed.count == 1, case .spec(let spec) = parsed[0], let kind = ArgumentKind(spec)
                {
                    uses[position] = ArgumentUse(kind: kind, written: "%" + (variable.valueType ?? "d"))
                }
                let variantStart = variable.isWholeString ? 1 : position
                guard visited.insert("\(name)\u{1F}\(variantStart)").inserted else { continue }
                for variant in variable.variants {
                    guard collect(variant.text, start: variantStart, variables: variables, into: &uses, visited: &visited, depth: depth + 1) else {
                        return false
                    }
                }
            }
        }
        return true
    }
}
