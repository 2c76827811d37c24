// Subtags, -u- keywords, CLDR alias canonicalization and likely subtags of a locale.
extension LocaleID {
    // MARK: Subtags

    /// The language subtag, lowercase; `"und"` for the root locale and for ids without one.
    ///
    /// ```swift
    /// try LocaleID("sr_Latn_RS").language   // "sr"
    /// LocaleID.root.language                // "und"
    /// ```
    public var language: String {
        let value = subtag(.language)
        return value.isEmpty ? "und" : value
    }

    /// The script subtag in title case (`"Latn"`), or nil when the id has none.
    ///
    /// ```swift
    /// try LocaleID("sr-Latn-RS").script   // "Latn"
    /// try LocaleID("sr-RS").script        // nil (see ``maximized`` for the likely script)
    /// ```
    public var script: String? { nonEmpty(subtag(.script)) }

    /// The region subtag, uppercase (`"RS"`) or three digits (`"419"`), or nil when absent.
    ///
    /// ```swift
    /// try LocaleID("es-419").region   // "419"
    /// ```
    public var region: String? { nonEmpty(subtag(.region)) }

    /// The variant subtags in BCP 47 order and case (lowercase), e.g. `["valencia"]`.
    ///
    /// ```swift
    /// try LocaleID("ca-ES-valencia").variants   // ["valencia"]
    /// ```
    public var variants: [String] {
        subtag(.variant).split(separator: "_").map { $0.lowercased() }
    }

    /// ICU's keywords (the `@key=value;…` part of ``identifier``, from BCP 47 `-u-`, `-t-` and
    /// `-x-` extensions), keyed by ICU's long names: `calendar`, `numbers`, `hours`,
    /// `collation`, `currency`, …
    ///
    /// ```swift
    /// try LocaleID("th-TH-u-ca-buddhist-nu-thai").keywords
    /// // ["calendar": "buddhist", "numbers": "thai"]
    /// ```
    public var keywords: [String: String] {
        guard let at = identifier.firstIndex(of: "@") else { return [:] }
        var result: [String: String] = [:]
        for pair in identifier[identifier.index(after: at)...].split(separator: ";") {
            let sides = pair.split(separator: "=", maxSplits: 1)
            if sides.count == 2 { result[String(sides[0])] = String(sides[1]) }
        }
        return result
    }

    /// The calendar requested with `-u-ca-` (ICU's name: `gregorian`, `buddhist`, `japanese`,
    /// `islamic-civil`, …), or nil.
    ///
    /// ```swift
    /// try LocaleID("ja-JP-u-ca-japanese").calendar   // "japanese"
    /// try LocaleID("en-u-ca-gregory").calendar       // "gregorian" (ICU's name)
    /// ```
    public var calendar: String? { keywordValue("calendar") }

    /// The numbering system requested with `-u-nu-` (`arab`, `latn`, `thai`, …), or nil.
    ///
    /// ```swift
    /// try LocaleID("ar-EG-u-nu-latn").numberingSystem   // "latn"
    /// ```
    public var numberingSystem: String? { keywordValue("numbers") }

    /// The hour cycle requested with `-u-hc-`, or nil.
    ///
    /// ```swift
    /// try LocaleID("en-US-u-hc-h23").hourCycle   // .h23
    /// ```
    public var hourCycle: HourCycle? { keywordValue("hours").flatMap(HourCycle.init(rawValue:)) }

    /// An hour cycle (Unicode `-u-hc-` values).
    public enum HourCycle: String, Sendable, CaseIterable, Codable {
        /// 0–11 (`K`).
        case h11
        /// 1–12 (`h`).
        case h12
        /// 0–23 (`H`).
        case h23
        /// 1–24 (`k`).
        case h24
    }

    /// The id without its keywords (`-u-`, `-t-`, `-x-` extensions): language, script, region
    /// and variants only.
    ///
    /// ```swift
    /// try LocaleID("ja-JP-u-ca-japanese").baseLocale.languageTag   // "ja-JP"
    /// ```
    public var baseLocale: LocaleID {
        guard let at = identifier.firstIndex(of: "@") else { return self }
        return (try? LocaleID.fromICU(String(identifier[..<at]), context: languageTag)) ?? self
    }

    // MARK: Canonicalization and likely subtags

    /// The CLDR canonical form: deprecated and legacy codes replaced by their current ones
    /// (ICU's `Locale::canonicalize`, CLDR's alias data).
    ///
    /// `LocaleID.init(_:)` keeps the codes it is given (so that `iw` stays `iw` for callers
    /// that store ids); ask for this form explicitly.
    ///
    /// ```swift
    /// try LocaleID("iw").canonicalized.identifier          // "he"
    /// try LocaleID("in-ID").canonicalized.identifier       // "id_ID"
    /// try LocaleID("sh").canonicalized.identifier          // "sr_Latn"
    /// try LocaleID("art-lojban").canonicalized.identifier  // "jbo"
    /// ```
    public var canonicalized: LocaleID {
        derived("canonicalized", ICULocale.canonicalizeAliases(identifier))
    }

    /// The locale with likely subtags added (CLDR's "Add Likely Subtags" through ICU's
    /// `uloc_addLikelySubtags`): the script and region a bare language most likely means.
    /// Keywords are kept. An unknown language is left as is (`xx` stays `xx`).
    ///
    /// ```swift
    /// try LocaleID("zh-TW").maximized.languageTag   // "zh-Hant-TW"
    /// try LocaleID("sr").maximized.languageTag      // "sr-Cyrl-RS"
    /// LocaleID.root.maximized.languageTag           // "en-Latn-US"
    /// ```
    public var maximized: LocaleID {
        derived("maximized", ICULocale.addLikelySubtags(identifier))
    }

    /// The shortest id with the same maximized form (CLDR's "Remove Likely Subtags", preferring
    /// a region over a script, through ICU's `uloc_minimizeSubtags`).
    ///
    /// ```swift
    /// try LocaleID("zh-Hant-TW").minimized.languageTag   // "zh-TW"
    /// try LocaleID("en-Latn-US").minimized.languageTag   // "en"
    /// ```
    public var minimized: LocaleID {
        derived("minimized", ICULocale.minimizeSubtags(identifier))
    }

    // MARK: Helpers

    private func subtag(_ which: ICULocale.Subtag) -> String {
        if isRoot { return "" }
        return ICULocale.subtag(which, of: identifier)
    }

    package func keywordValue(_ keyword: String) -> String? {
        guard identifier.contains("@") else { return nil }
        return ICULocale.keywordValue(keyword, of: identifier).flatMap(nonEmpty)
    }

    /// A locale ICU derives from this one. ICU cannot fail on a well-formed id except by running
    /// out of memory; should it fail, the locale itself is returned (the operation is total).
    private func derived(_ what: String, _ result: String?) -> LocaleID {
        guard let icuID = result else { return self }
        if icuID == identifier { return self }
        return (try? LocaleID.fromICU(icuID, context: "\(languageTag) \(what)")) ?? self
    }
}

private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
