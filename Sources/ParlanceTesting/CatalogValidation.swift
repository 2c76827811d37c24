import Foundation
public import Parlance
@_exported public import ParlanceLint
public import ParlanceLocalization

/// Framework-neutral checks for users' test suites: functions that return what is wrong, which
/// the XCTest (`assertValid(catalog:)`) and Swift Testing (`expectValid(catalog:)`) helpers
/// turn into failures pointing at the file and key.
///
/// ```swift
/// let problems = try CatalogValidation.diagnostics(directory: "Sources/App/Resources")
/// let failures = CatalogValidation.pluralRenderings(of: "items.count", in: catalog).filter { !$0.isSuccess }
/// ```
public enum CatalogValidation {
    /// The lint errors (and warnings, with `includeWarnings`) of a catalog directory.
    ///
    /// ```swift
    /// try CatalogValidation.diagnostics(directory: "Resources", options: LintOptions(requiredKeys: ["total_odds"]))
    /// ```
    /// A directory without any catalog file is a `no-catalog` error, so that a wrong path
    /// does not pass.
    /// - Throws: `ParlanceError` `ParlanceError/Code/invalidFile` when the directory cannot be listed.
    public static func diagnostics(
        directory: String, options: LintOptions = LintOptions(),
        includeWarnings: Bool = false
    ) throws -> [LintDiagnostic] {
        let report = try CatalogLinter(options: options).lint(directory: directory)
        return includeWarnings ? report.diagnostics : report.errors
    }

    /// One rendering of a key with a sample number of one plural category.
    ///
    /// ```swift
    /// rendering.description  // "ru few (22): \"22 элемента\""
    /// ```
    public struct PluralRendering: Sendable, CustomStringConvertible {
        /// The language rendered.
        public let language: LocaleID
        /// The category the sample belongs to in that language.
        public let category: PluralCategory
        /// The sample number.
        public let sample: LocalizationArgument
        /// The rendered text, or why rendering failed.
        public let result: Result<String, ParlanceError>

        /// Whether the key rendered to a non-empty string without leftover `%#@` variables.
        public var isSuccess: Bool {
            guard case .success(let text) = result else { return false }
            return !text.isEmpty && !text.contains("%#@")
        }

        public var description: String {
            let head = "\(language.languageTag) \(category.keyword) (\(sample))"
            switch result {
            case .success(let text): return "\(head): \(text.debugDescription)"
            case .failure(let error): return "\(head): [\(error.code)] \(error.message)"
            }
        }
    }

    /// Renders a key for every CLDR plural category of every language of a catalog, with
    /// sample numbers of each category (integers; decimals for categories only decimals reach,
    /// skipped when the key's format takes integers only).
    ///
    /// ```swift
    /// let catalog = try Catalog(directory: "Resources")
    /// for rendering in CatalogValidation.pluralRenderings(of: "files.in.folders", in: catalog, arguments: { [$0, 1] }) {
    ///     print(rendering)   // "ru few (2): \"2 файла в 1 папке\"" …
    /// }
    /// ```
    /// - Parameters:
    ///   - key: the key to render.
    ///   - table: its table (default `Localizable`).
    ///   - catalog: the catalog that holds it.
    ///   - arguments: builds the arguments from the sample (default: the sample alone).
    ///   - languages: the languages to render (default: every language of the catalog).
    public static func pluralRenderings(
        of key: String, table: String = "Localizable", in catalog: Catalog,
        languages: [LocaleID]? = nil,
        arguments: (LocalizationArgument) -> [LocalizationArgument] = { [$0] }
    ) -> [PluralRendering] {
        var out: [PluralRendering] = []
        let all = languages ?? (catalog.locales.isEmpty ? [catalog.developmentLanguage] : catalog.locales)
        for language in all {
            guard let samples = PluralSampleSource.samples(for: language) else {
                out.append(
                    PluralRendering(
                        language: language, category: .other, sample: .int(0),
                        result: .failure(ParlanceError(.invalidLocale, "no plural rules for \(language.languageTag)"))))
                continue
            }
            for category in samples.categories {
                let integers = samples.integers[category] ?? []
                if !integers.isEmpty {
                    for value in integers.prefix(2) {
                        let sample = LocalizationArgument.int(value)
                        let result = Result { () throws(ParlanceError) in
                            try catalog.resolve(key, table: table, locale: language, arguments: arguments(sample)).text
                        }
                        out.append(PluralRendering(language: language, category: category, sample: sample, result: result))
                    }
                } else if let decimal = samples.decimals[category]?.first {
                    let sample = LocalizationArgument.decimal(decimal)
                    let result = Result { () throws(ParlanceError) in
                        try catalog.resolve(key, table: table, locale: language, arguments: arguments(sample)).text
                    }
                    // A decimal given to an integer-only format is a category the key cannot reach.
                    if case .failure(let error) = result, error.code == .invalidArgument { continue }
                    out.append(PluralRendering(language: language, category: category, sample: sample, result: result))
                }
            }
        }
        return out
    }
}

extension CatalogValidation {
    /// Why a key does not render right in some plural category of a language: a category the
    /// language needs has no variant (its numbers get another category's text), the plural has
    /// no `other`, a variant's placeholder cannot take the number (`%@` where the number is
    /// `%d`), or a rendering failed.
    ///
    /// ```swift
    /// failure.description  // "/app/ru.lproj/Localizable.stringsdict:9:3: \"items.count\" (ru): the variable \"n\" lacks few (e.g. 2), which ru uses"
    /// ```
    public struct PluralFailure: Sendable, Hashable, CustomStringConvertible {
        /// The language concerned.
        public let language: LocaleID
        /// Where in the catalog the problem is written; nil for a rendering that failed
        /// without a place to point at.
        public let location: CatalogLocation?
        /// What is wrong.
        public let message: String

        /// `file:line:column: message`, or the message alone.
        public var description: String {
            guard let location else { return message }
            return "\(location.file):\(location.line):\(location.column): \(message)"
        }
    }

    /// Everything that keeps a key from rendering right in every plural category of every
    /// language: what ``pluralRenderings(of:table:in:languages:arguments:)`` finds failing,
    /// and, for each language whose own translation the key has, the plural checks lint makes
    /// (a category CLDR gives the language without a variant, no `other`), and variants whose
    /// placeholder takes another type than the plural's number. Empty when the key is right.
    ///
    /// ```swift
    /// let failures = CatalogValidation.pluralFailures(of: "items.count", in: catalog)
    /// failures.map(\.description)  // ["/app/ru.lproj/Localizable.stringsdict:9:3: …lacks few (e.g. 2), which ru uses"]
    /// ```
    public static func pluralFailures(
        of key: String, table: String = "Localizable", in catalog: Catalog,
        languages: [LocaleID]? = nil,
        arguments: (LocalizationArgument) -> [LocalizationArgument] = { [$0] }
    ) -> [PluralFailure] {
        var failures: [PluralFailure] = []
        let all = languages ?? (catalog.locales.isEmpty ? [catalog.developmentLanguage] : catalog.locales)
        let formats = FormatMemo()
        for language in all {
            // A language without its own translation shows another language's text: lint's
            // missing-translation, not a plural problem of this language.
            guard let entry = catalog.entry(forKey: key, table: table, locale: language), entry.language == language else { continue }
            let samples = try? PluralSamples(locale: entry.language)
            let label = "\(quoted(key)) (\(language.languageTag))"
            for (choice, leaf) in entry.content.leaves {
                guard case .plural(let format, let variables) = leaf else { continue }
                let where_ = choice.map { " [\($0)]" } ?? ""
                let found = CatalogLinter.checkVariables(
                    variables, format: format, texts: leaf.texts, label: label + where_, locale: entry.language, samples: samples,
                    strictPlurals: false, formats: formats)
                for finding in found.findings where Self.failsRendering(finding) {
                    failures.append(PluralFailure(language: language, location: finding.location, message: finding.message))
                }
                let signature = ArgumentSignature.of(leaf) { text, allowVariables in try? formats.parse(text, allowVariables: allowVariables) }
                for conflict in signature?.conflicts ?? [] {
                    failures.append(
                        PluralFailure(
                            language: language, location: leaf.location,
                            message: "\(label)\(where_): \(PluralChecks.conflict(conflict)): the placeholder cannot take the number"))
                }
            }
        }
        for rendering in pluralRenderings(of: key, table: table, in: catalog, languages: languages, arguments: arguments) where !rendering.isSuccess {
            failures.append(
                PluralFailure(language: rendering.language, location: nil, message: "\(quoted(key)) in \(catalog.directory) (\(table)): \(rendering)"))
        }
        return failures
    }

    /// Whether a plural finding means a wrong text for some number: a missing category (those
    /// only large numbers reach are warnings, as in lint) or a missing `other`.
    private static func failsRendering(_ finding: CatalogLinter.Finding) -> Bool {
        switch finding.rule {
        case .pluralMissingOther: true
        case .pluralMissingCategory: (finding.severity ?? finding.rule.defaultSeverity) == .error
        default: false
        }
    }
}

/// Sample numbers per category: CLDR's own samples from the fixtures in `CLDRData/plurals.json`
/// when the package sources are at hand (kept only where ICU's rules agree: ICU 72 carries
/// CLDR 42, the fixtures CLDR 41), completed by ``PluralSamples``' scan of ICU's rules.
enum PluralSampleSource {
    /// `cardinal` → locale → category keyword → (integer samples, decimal samples).
    private static let fixtures: [String: [String: (integers: [String], decimals: [String])]]? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CLDRData/plurals.json")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        guard let cardinal = root["cardinal"] as? [String: [String: [String: Any]]] else { return nil }
        return cardinal.mapValues { byCategory in
            byCategory.mapValues { fields in
                (fields["integerSamples"] as? [String] ?? [], fields["decimalSamples"] as? [String] ?? [])
            }
        }
    }()

    private static let cache = CatalogLock<[String: PluralSamples?]>([:])

    struct Samples {
        var categories: [PluralCategory]
        var integers: [PluralCategory: [Int64]]
        var decimals: [PluralCategory: [String]]
    }

    /// Whether the CLDR fixtures were found.
    static var usesFixtures: Bool { fixtures != nil }

    static func samples(for locale: LocaleID) -> Samples? {
        let scanned: PluralSamples?
        if let cached = cache.withLock({ $0[locale.identifier] }) {
            scanned = cached
        } else {
            scanned = try? PluralSamples(locale: locale)
            cache.withLock { $0[locale.identifier] = scanned }
        }
        guard let scanned, let rules = try? ParlanceCore.pluralRules(locale) else { return nil }
        var result = Samples(categories: scanned.categories, integers: scanned.integers, decimals: scanned.decimals)
        let language = String(locale.identifier.split(separator: "_").first ?? "")
        guard let byCategory = fixtures?[locale.identifier] ?? fixtures?[language] else { return result }
        for category in scanned.categories {
            guard let fields = byCategory[category.keyword] else { continue }
            let integers = fields.integers.compactMap { Int64($0) }
                .filter { rules.category(for: $0) == category }
            let decimals = fields.decimals
                .filter { (try? rules.category(for: $0)) == category }
            if !integers.isEmpty { result.integers[category] = Array(integers.prefix(PluralSamples.samplesPerCategory)) }
            if !decimals.isEmpty { result.decimals[category] = Array(decimals.prefix(PluralSamples.samplesPerCategory)) }
        }
        return result
    }
}
