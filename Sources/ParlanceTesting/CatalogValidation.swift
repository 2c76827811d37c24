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
    /// - Throws: ``ParlanceError`` ``ParlanceError/Code/invalidFile`` when the directory cannot be listed.
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
