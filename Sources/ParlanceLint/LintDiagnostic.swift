/// A check of ``CatalogLinter``, with a stable id used in output, SARIF and `--disable`.
///
/// ```swift
/// LintRule(rawValue: "plural-missing-category")?.defaultSeverity  // .error
/// LintRule.missingTranslation.rawValue                            // "missing-translation"
/// ```
public enum LintRule: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    /// A file could not be read or parsed at all (its other checks are skipped).
    case unreadableFile = "unreadable-file"
    /// A key of the development language is absent from a translation.
    case missingTranslation = "missing-translation"
    /// A key is present in a translation but not in the development language.
    case extraKey = "extra-key"
    /// A plural variable lacks a category that CLDR's rules for its language use.
    case pluralMissingCategory = "plural-missing-category"
    /// A plural variable has no `other` variant.
    case pluralMissingOther = "plural-missing-other"
    /// A plural variable has a category its language never selects (`zero` is always allowed).
    case pluralUnusedCategory = "plural-unused-category"
    /// Arguments differ from the development language's in count, position or type.
    case placeholderMismatch = "placeholder-mismatch"
    /// A printf-style format cannot be parsed (`%k`, `%n`, a lone `%`).
    case invalidFormat = "invalid-format"
    /// A `%#@name@` variable is used but not defined.
    case undefinedVariable = "undefined-variable"
    /// A variable is defined but never used.
    case unusedVariable = "unused-variable"
    /// A String Catalog unit in state `new` (not translated yet).
    case stateNew = "state-new"
    /// A String Catalog unit in state `needs_review`.
    case stateNeedsReview = "state-needs-review"
    /// An empty translation of a non-empty development-language value.
    case emptyValue = "empty-value"
    /// A key defined twice in one `.strings` file (the last value wins).
    case duplicateKey = "duplicate-key"
    /// A key that a component declares as required is not provided.
    case requiredKeyMissing = "required-key-missing"
    /// A value is longer than its budget (a per-key maximum, or a ratio of the development language's length).
    case lengthBudget = "length-budget"
    /// The directory holds no catalog file at all (a wrong path must not pass CI).
    case noCatalog = "no-catalog"
    /// One entry is malformed (it is skipped at run time; the rest of its file works).
    case malformedEntry = "malformed-entry"
    /// A `zero`/`one`/`two` variant without the number, in a language where the category
    /// covers several integers (ru `one`: 1, 21, 31, …).
    case impliedQuantity = "implied-quantity"
    /// One argument used with two types in one entry (`%d` and `%1$@`).
    case argumentTypeConflict = "argument-type-conflict"
    /// A plural variable whose variants are all empty: it prints nothing and only consumes its
    /// argument (a `%#@names@` of type `ld` swallowing a string the code passes).
    case emptyPluralVariable = "empty-plural-variable"
    /// A translation gains a `% d`/`% g` conversion ("100% guaranteed") the development value lacks.
    case suspiciousPercent = "suspicious-percent"
    /// Two YAML files define one key for one locale; the later file wins.
    case keyCollision = "key-collision"
    /// A YAML catalog part was refused by the reader's budget (size, depth, alias expansion).
    case budgetExceeded = "budget-exceeded"
    /// A top-level YAML key is not a locale id (an error), or a YAML file was ignored because
    /// no YAML reader is registered (a warning).
    case ignoredLocale = "ignored-locale"
    /// A gettext `Plural-Forms` expression disagrees with CLDR's cardinal categories on the
    /// integers 0…10,000 (its forms do not map one to one onto the categories integers reach).
    case pluralFormsMismatch = "plural-forms-mismatch"
    /// A gettext file with plural entries has no `Plural-Forms` header, or one that does not
    /// parse or evaluate.
    case pluralFormsMissing = "plural-forms-missing"
    /// A gettext plural entry gives a number of `msgstr[n]` other than the header's `nplurals`.
    case pluralFormsCount = "plural-forms-count"

    /// The severity a rule reports with.
    ///
    /// ```swift
    /// LintRule.stateNew.defaultSeverity  // .warning
    /// ```
    public var defaultSeverity: LintSeverity {
        switch self {
        case .extraKey, .pluralUnusedCategory, .unusedVariable, .stateNew, .stateNeedsReview, .duplicateKey, .lengthBudget,
            .impliedQuantity, .suspiciousPercent, .emptyPluralVariable:
            .warning
        default:
            .error
        }
    }

    /// A one-line description of the rule (SARIF `shortDescription`, `parlance lint --help`).
    ///
    /// ```swift
    /// LintRule.emptyValue.summary  // "An empty translation of a non-empty development-language value."
    /// ```
    public var summary: String {
        switch self {
        case .unreadableFile: "A catalog file cannot be read or parsed."
        case .missingTranslation: "A key of the development language is missing from a translation."
        case .extraKey: "A key exists in a translation but not in the development language."
        case .pluralMissingCategory: "A plural variable lacks a category that CLDR's rules for its language use."
        case .pluralMissingOther: "A plural variable has no 'other' variant."
        case .pluralUnusedCategory: "A plural variable has a category that its language never selects."
        case .placeholderMismatch: "Arguments differ from the development language in count, position or type."
        case .invalidFormat: "A printf-style format is malformed."
        case .undefinedVariable: "A %#@variable@ is used but not defined."
        case .unusedVariable: "A plural variable is defined but never used."
        case .stateNew: "A String Catalog unit is in state 'new'."
        case .stateNeedsReview: "A String Catalog unit is in state 'needs_review'."
        case .emptyValue: "A translation is empty while the development language's value is not."
        case .duplicateKey: "A key is defined twice in one .strings or YAML file (the later one wins)."
        case .requiredKeyMissing: "A key required by a component is not provided."
        case .lengthBudget: "A value exceeds its length budget."
        case .noCatalog: "The directory holds no catalog file."
        case .malformedEntry: "An entry is malformed and is skipped at run time."
        case .impliedQuantity: "A zero/one/two variant omits the number although the category covers several numbers."
        case .argumentTypeConflict: "One argument is used with two different types in one entry."
        case .emptyPluralVariable: "A plural variable has only empty variants: it prints nothing and only consumes its argument."
        case .keyCollision: "Two YAML files define one key for one locale; the file later in path order wins."
        case .budgetExceeded: "A YAML file exceeds a reading budget (size, depth, alias expansion) and is not read."
        case .ignoredLocale: "A YAML top-level key is not a locale id, or a file was ignored."
        case .suspiciousPercent: "A translation gains a '% d' or '% g' conversion that is probably a literal percent sign."
        case .pluralFormsMismatch: "A gettext Plural-Forms expression disagrees with CLDR's plural categories on integers."
        case .pluralFormsMissing: "A gettext file with plural entries has no usable Plural-Forms header."
        case .pluralFormsCount: "A gettext plural entry's msgstr[n] count differs from the header's nplurals."
        }
    }

    public static func < (lhs: LintRule, rhs: LintRule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How serious a ``LintDiagnostic`` is.
///
/// ```swift
/// LintSeverity.error > LintSeverity.warning  // true
/// ```
public enum LintSeverity: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool { lhs == .warning && rhs == .error }
}

/// One finding of ``CatalogLinter``: the rule, its severity, and where (file, line, table, key, language).
///
/// ```swift
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// // Res/ru.lproj/Localizable.stringsdict:14: error: [plural-missing-category] "items.count" (ru): …
/// ```
public struct LintDiagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule that produced the diagnostic.
    public var rule: LintRule
    /// Its severity (the rule's default, or `.error` under warnings-as-errors).
    public var severity: LintSeverity
    /// The file, as a path under the linted directory.
    public var file: String
    /// The 1-based line, or 0 when unknown.
    public var line: Int
    /// The 1-based column, or 0 when unknown.
    public var column: Int
    /// The table (`Localizable`), or nil for file-level findings.
    public var table: String?
    /// The key, or nil for file-level findings.
    public var key: String?
    /// The language as written in the catalog (`pt-BR`, `ru`), or nil.
    public var language: String?
    /// What is wrong, in a sentence naming the key and language.
    public var message: String

    /// A diagnostic.
    ///
    /// ```swift
    /// LintDiagnostic(rule: .emptyValue, file: "fr.lproj/A.strings", line: 3, key: "ok", language: "fr", message: "empty")
    /// ```
    public init(
        rule: LintRule, severity: LintSeverity? = nil, file: String, line: Int, column: Int = 0, table: String? = nil,
        key: String? = nil, language: String? = nil, message: String
    ) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.file = file
        self.line = line
        self.column = column
        self.table = table
        self.key = key
        self.language = language
        self.message = message
    }

    /// `file:line:column: severity: [rule] message`, the form compilers and editors understand.
    public var description: String {
        let place = line > 0 ? (column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)") : file
        return "\(place): \(severity.rawValue): [\(rule.rawValue)] \(message)"
    }
}

/// What ``CatalogLinter`` checks, and against which budgets.
///
/// ```swift
/// var options = LintOptions()
/// options.disabledRules = [.stateNeedsReview]
/// options.requiredKeys = ["total_odds", "place_bet"]
/// options.maximumLengthRatio = 1.5
/// ```
public struct LintOptions: Hashable, Sendable {
    /// Rules not run.
    public var disabledRules: Set<LintRule>
    /// Keys that must be provided (in any table), e.g. the keys a component library declares.
    public var requiredKeys: [String]
    /// Maximum length in characters per key, in every language.
    public var maximumLengths: [String: Int]
    /// A translation longer than this ratio times its development-language value is reported
    /// (e.g. `1.5`); nil disables the check.
    public var maximumLengthRatio: Double?
    /// Development-language values shorter than this are not ratio-checked ("OK" → "Aceptar").
    public var ratioMinimumLength: Int
    /// Report warnings as errors.
    public var warningsAsErrors: Bool
    /// The development language; nil uses the String Catalog's `sourceLanguage`, else `en`.
    public var developmentLanguage: String?
    /// Tables that are never formatted (get no format rules), e.g. a table the app reads with
    /// `NSDictionary`. Interface Builder tables, and `.strings` tables whose development values
    /// pass no argument and whose keys are not text (`InfoPlist`, key bindings), need no name here.
    public var plainTables: Set<String>
    /// Report a plural category only numbers ≥ 1,000,000 reach (fr `many`) as an error, not a warning.
    public var strictPlurals: Bool

    /// Options with every rule enabled and no budgets.
    ///
    /// ```swift
    /// let options = LintOptions(disabledRules: [.extraKey])
    /// ```
    public init(
        disabledRules: Set<LintRule> = [], requiredKeys: [String] = [], maximumLengths: [String: Int] = [:],
        maximumLengthRatio: Double? = nil, ratioMinimumLength: Int = 10, warningsAsErrors: Bool = false,
        developmentLanguage: String? = nil, plainTables: Set<String> = [], strictPlurals: Bool = false
    ) {
        self.plainTables = plainTables
        self.strictPlurals = strictPlurals
        self.disabledRules = disabledRules
        self.requiredKeys = requiredKeys
        self.maximumLengths = maximumLengths
        self.maximumLengthRatio = maximumLengthRatio
        self.ratioMinimumLength = ratioMinimumLength
        self.warningsAsErrors = warningsAsErrors
        self.developmentLanguage = developmentLanguage
    }
}

/// The result of linting a catalog directory.
///
/// ```swift
/// let report = try CatalogLinter().lint(directory: "Resources")
/// if report.hasErrors { print(report.diagnostics.map(\.description).joined(separator: "\n")) }
/// ```
public struct LintReport: Hashable, Sendable {
    /// The directory linted.
    public var directory: String
    /// The development language used as reference.
    public var developmentLanguage: String
    /// Every finding, sorted by file, line, rule.
    public var diagnostics: [LintDiagnostic]
    /// Per language: translated and plural-complete shares, errors and warnings.
    public var summary: [LintLanguageSummary]

    /// A report.
    ///
    /// ```swift
    /// LintReport(directory: "Res", developmentLanguage: "en", diagnostics: [])
    /// ```
    public init(directory: String, developmentLanguage: String, diagnostics: [LintDiagnostic], summary: [LintLanguageSummary] = []) {
        self.directory = directory
        self.developmentLanguage = developmentLanguage
        self.diagnostics = diagnostics
        self.summary = summary
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// The errors.
    public var errors: [LintDiagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings.
    public var warnings: [LintDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// One language's line of `parlance lint --summary`: the table a localization lead reads.
///
/// ```swift
/// for line in report.summary { print(line.language, line.translatedPercent, line.errors) }
/// ```
public struct LintLanguageSummary: Hashable, Sendable, Codable {
    /// The language as written in the catalog.
    public var language: String
    /// Keys of the development language the language should translate.
    public var keys: Int
    /// Of those, the keys it translates.
    public var translated: Int
    /// Plural variables of its entries.
    public var pluralVariables: Int
    /// Of those, the variables with every category the language's integers use.
    public var completePluralVariables: Int
    /// Errors reported for the language.
    public var errors: Int
    /// Warnings reported for the language.
    public var warnings: Int

    /// A summary line.
    public init(language: String, keys: Int, translated: Int, pluralVariables: Int, completePluralVariables: Int, errors: Int, warnings: Int) {
        self.language = language
        self.keys = keys
        self.translated = translated
        self.pluralVariables = pluralVariables
        self.completePluralVariables = completePluralVariables
        self.errors = errors
        self.warnings = warnings
    }

    /// Translated keys in percent (100 when there is nothing to translate).
    public var translatedPercent: Double { keys == 0 ? 100 : Double(translated) * 100 / Double(keys) }
    /// Complete plural variables in percent (100 when there are none).
    public var pluralCompletePercent: Double {
        pluralVariables == 0 ? 100 : Double(completePluralVariables) * 100 / Double(pluralVariables)
    }
}
