// The lookup chain a catalog follows: CLDR's parent locales, else truncation.
extension LocaleID {
    /// Which parent rules a fallback chain follows.
    public enum FallbackRules: String, Sendable, CaseIterable, Codable {
        /// CLDR's inheritance (see ``LocaleID/parent``): explicit parent locales, no fallback
        /// across scripts (`sr_Latn → root`, `zh_TW → zh_Hant_TW → zh_Hant → root`).
        case cldr
        /// Plain truncation, one subtag at a time (variants, region, script, language):
        /// `sr-Latn-RS → sr-Latn → sr → root`, `en-IN → en → root`. What Apple-style bundle
        /// lookups and the batch protocol's `localize` example do.
        case truncation
        /// What string catalogs use: CLDR's parents where CLDR names a locale
        /// (`en-IN → en-001 → en`, `pt-MZ → pt-PT → pt`, `zh-TW → zh-Hant-TW → zh-Hant`), and
        /// truncation where CLDR would jump straight to root across a script
        /// (`sr-Latn-RS → sr-Latn → sr`, as the batch protocol's `localize` lookup says), so
        /// a translation in the bare language is preferred to the development language.
        case catalog
    }

    /// The locale a lookup falls back to next, or nil for the root locale.
    ///
    /// The rules are CLDR's (UTS #35, "Locale Inheritance and Matching"), applied to the id
    /// without keywords:
    /// 1. an explicit parent from CLDR's `parentLocales` (supplementalData.xml, extracted by
    ///    `Scripts/extract-cldr-locales.py` into `CLDRParentLocales`): `en_IN → en_001`,
    ///    `pt_MZ → pt_PT`, `es_AR → es_419`, `zh_Hant → root`;
    /// 2. otherwise the last variant, then the region, is removed: `sr_Latn_RS → sr_Latn`;
    /// 3. a `language_REGION` id whose likely script differs from the language's own likely
    ///    script goes to `language_Script_REGION` first, never to the bare language
    ///    (`zh_TW → zh_Hant_TW`, `pa_PK → pa_Arab_PK`), because the bare language's data is
    ///    in another script;
    /// 4. a `language_Script` id goes to the language only when the script is the language's
    ///    likely script (`sr_Cyrl → sr`), else to root (`ja_Latn → root`);
    /// 5. a language goes to root.
    ///
    /// Likely scripts come from ICU 72's likely-subtag data (CLDR 42); the explicit parents
    /// from CLDR 41, the release the Debian package ships (see
    /// `CLDRData/locales-known-differences.json`).
    ///
    /// ```swift
    /// try LocaleID("en-IN").parent?.identifier    // "en_001"
    /// try LocaleID("zh-TW").parent?.identifier    // "zh_Hant_TW"
    /// try LocaleID("sr").parent                   // LocaleID.root
    /// LocaleID.root.parent                        // nil
    /// ```
    public var parent: LocaleID? { parent(rules: .cldr) }

    /// The locale a lookup falls back to next under the given rules, or nil for root.
    ///
    /// ```swift
    /// try LocaleID("sr-Latn").parent(rules: .cldr)?.isRoot              // true
    /// try LocaleID("sr-Latn").parent(rules: .truncation)?.identifier    // "sr"
    /// ```
    public func parent(rules: FallbackRules) -> LocaleID? {
        if isRoot { return nil }
        let base = baseLocale
        if base != self { return base.parent(rules: rules) }
        let parentID: String? =
            switch rules {
            case .cldr: LocaleID.parentIdentifier(of: identifier)
            case .truncation: LocaleID.truncatedIdentifier(of: identifier)
            case .catalog: LocaleID.parentIdentifier(of: identifier) ?? LocaleID.truncatedIdentifier(of: identifier)
            }
        guard let parentID else { return .root }
        return (try? LocaleID.fromICU(parentID, context: "the parent of \(languageTag)")) ?? .root
    }

    /// The lookup chain for resources: this locale (without keywords), then each
    /// ``parent`` in turn, ending with — and **including** — ``LocaleID/root`` as the last
    /// element. A catalog substitutes its development language for root.
    ///
    /// A locale written with deprecated codes continues with its CLDR-canonical form
    /// (``canonicalized``), so `iw_IL` reaches `he`. Entries are distinct by BCP 47 tag
    /// (`iw` is tagged `he`: its chain is `he → und`, once each).
    ///
    /// ```swift
    /// try LocaleID("sr-Latn-RS").fallbackChain.map(\.identifier)
    /// // ["sr_Latn_RS", "sr_Latn", ""]            ("" is root; sr_Latn's parent is root)
    /// try LocaleID("en-IN").fallbackChain.map(\.languageTag)
    /// // ["en-IN", "en-001", "en", "und"]
    /// try LocaleID("zh-TW").fallbackChain.map(\.languageTag)
    /// // ["zh-TW", "zh-Hant-TW", "zh-Hant", "und"]
    /// try LocaleID("pt-MZ").fallbackChain.map(\.languageTag)
    /// // ["pt-MZ", "pt-PT", "pt", "und"]
    /// ```
    public var fallbackChain: [LocaleID] { fallbackChain(rules: .cldr) }

    /// The lookup chain under the given rules, from this locale (without keywords) down to and
    /// **including** ``LocaleID/root``.
    ///
    /// ```swift
    /// try LocaleID("sr-Latn-RS").fallbackChain(rules: .truncation).map(\.languageTag)
    /// // ["sr-Latn-RS", "sr-Latn", "sr", "und"]
    /// try LocaleID("sr-Latn-RS").fallbackChain(rules: .cldr).map(\.languageTag)
    /// // ["sr-Latn-RS", "sr-Latn", "und"]
    /// ```
    public func fallbackChain(rules: FallbackRules) -> [LocaleID] {
        LocaleID.chainCache.value(for: ChainKey(identifier: identifier, rules: rules)) { () -> [LocaleID] in
            var chain: [LocaleID] = []
            // Distinct by BCP 47 tag: "iw" and its canonical "he" are one language ("he → und").
            var seen: Set<String> = []
            func walk(from start: LocaleID) {
                var current: LocaleID? = start
                // A chain is at most a few entries; the bound only guards against a cycle in data.
                var steps = 0
                while let locale = current, steps < 32 {
                    if seen.insert(locale.languageTag).inserted { chain.append(locale) }
                    current = locale.parent(rules: rules)
                    steps += 1
                }
            }
            let base = baseLocale
            let canonical = base.canonicalized
            // A deprecated id whose tag is already canonical ("iw" is tagged "he") continues
            // straight with the canonical id; one that differs in its tag keeps both.
            if canonical != base {
                if canonical.languageTag != base.languageTag, seen.insert(base.languageTag).inserted { chain.append(base) }
                walk(from: canonical)
            } else {
                walk(from: base)
            }
            if chain.last?.isRoot != true { chain.append(.root) }
            return chain
        }
    }

    private struct ChainKey: Hashable, Sendable {
        var identifier: String
        var rules: FallbackRules
    }

    private static let chainCache = LRUCache<ChainKey, [LocaleID]>(capacity: 1024)

    /// The id with its last subtag removed (variant, region, script, then language); nil
    /// means root.
    package static func truncatedIdentifier(of id: String) -> String? {
        var fields = id.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        while let last = fields.last, last.isEmpty { fields.removeLast() }
        guard fields.count > 1 else { return nil }
        fields.removeLast()
        while let last = fields.last, last.isEmpty { fields.removeLast() }
        let result = fields.joined(separator: "_")
        return result.isEmpty ? nil : result
    }

    /// The parent ICU id of a keyword-free ICU id by the rules of ``parent``; nil means root.
    package static func parentIdentifier(of id: String) -> String? {
        if let explicit = CLDRParentLocales.parents[id] {
            return explicit == "root" ? nil : explicit
        }
        let fields = id.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let language = fields[0]
        // Fields: language, [Script], [REGION or empty], [VARIANT…].
        var script: String?
        var region: String?
        var index = 1
        if index < fields.count, fields[index].count == 4 {
            script = fields[index]
            index += 1
        }
        if index < fields.count, fields[index].count <= 3 {
            region = fields[index].isEmpty ? nil : fields[index]
            index += 1
        }
        let variants = Array(fields[index...])
        if !variants.isEmpty {
            // The last variant goes: "de_DE_1901" → "de_DE", "de__PHONEBOOK" → "de".
            let head = join(language, script, region)
            let rest = variants.dropLast()
            if rest.isEmpty { return head == "" ? nil : head }
            return head + (region == nil ? "__" : "_") + rest.joined(separator: "_")
        }
        let isUnknownLanguage = language.isEmpty || language == "und"
        if let region {
            if let script { return join(language, script, nil) }
            if isUnknownLanguage { return nil }
            // Rule 3: a region that implies another script than the language's own.
            if let regional = likelyScript(of: "\(language)_\(region)"),
                let own = likelyScript(of: language), regional != own
            {
                return join(language, regional, region)
            }
            return language
        }
        if let script {
            if isUnknownLanguage { return nil }
            return likelyScript(of: language) == script ? language : nil
        }
        return nil
    }

    private static func join(_ language: String, _ script: String?, _ region: String?) -> String {
        [language, script, region].compactMap { $0 }.joined(separator: "_")
    }

    /// The script ICU's likely subtags give an id, or nil when ICU adds none.
    private static func likelyScript(of id: String) -> String? {
        guard let maximized = try? LocaleID.fromICU(id, context: id).maximized else { return nil }
        return maximized.script
    }
}
