/// Locale-aware case mapping: JavaScript's `toLocaleUpperCase` / `toLocaleLowerCase`, and
/// title case, with ICU's full mappings (Unicode's SpecialCasing.txt and CLDR's rules).
///
/// Swift's `uppercased()` and `lowercased()` apply Unicode's default mappings only: they cannot
/// give Turkish `İ` for `i`. These take the locale; only its language matters, and the
/// languages with rules of their own are Turkish and Azerbaijani (dotted and dotless i),
/// Lithuanian (the dot above i and j kept under accents), Greek (accents dropped in upper
/// case) and Dutch (`ij` title-cased as `IJ`). Every mapping is the full one: `ß` upper-cases
/// to `SS` and `ﬁ` to `FI`, so the result can be longer than the text.
extension String {
    /// The longest text case-mapped, in UTF-8 bytes: 16,777,216 (16 MiB). Longer text is
    /// refused before ICU sees it.
    public static var maximumCaseMappingLength: Int { ICUCaseMapping.maximumLength }

    /// This text in upper case, as `locale` writes it (ICU's `u_strToUpper`).
    ///
    /// ```swift
    /// try "istanbul".uppercased(locale: "tr")   // "İSTANBUL"
    /// try "straße".uppercased(locale: "de")     // "STRASSE"
    /// try "άδεια".uppercased(locale: "el")      // "ΑΔΕΙΑ"
    /// ```
    /// - Throws: ``ParlanceError`` (`invalid-argument`) when the text has more than
    ///   ``Swift/String/maximumCaseMappingLength`` UTF-8 bytes.
    public func uppercased(locale: LocaleID) throws -> String {
        try caseMapped(.upper, locale: locale)
    }

    /// This text in lower case, as `locale` writes it (ICU's `u_strToLower`).
    ///
    /// ```swift
    /// try "DİYARBAKIR".lowercased(locale: "tr")  // "diyarbakır"
    /// try "ΟΔΟΣ".lowercased(locale: "el")        // "οδος" (a final Σ becomes ς)
    /// ```
    /// - Throws: ``ParlanceError`` (`invalid-argument`) when the text has more than
    ///   ``Swift/String/maximumCaseMappingLength`` UTF-8 bytes.
    public func lowercased(locale: LocaleID) throws -> String {
        try caseMapped(.lower, locale: locale)
    }

    /// This text in title case, as `locale` writes it (ICU's `u_strToTitle` with the locale's
    /// word break iterator): the first cased letter of each word in title case, the rest of
    /// the word in lower case.
    ///
    /// ```swift
    /// try "hello world".capitalized(locale: "en")  // "Hello World"
    /// try "ijsland".capitalized(locale: "nl")      // "IJsland"
    /// ```
    /// - Throws: ``ParlanceError`` (`invalid-argument`) when the text has more than
    ///   ``Swift/String/maximumCaseMappingLength`` UTF-8 bytes.
    public func capitalized(locale: LocaleID) throws -> String {
        try caseMapped(.title, locale: locale)
    }

    /// The mapping with its error type, for code inside the package.
    package func caseMapped(_ mapping: ICUCaseMapping.Mapping, locale: LocaleID) throws(ParlanceError) -> String {
        let bytes = utf8.count
        guard bytes <= ICUCaseMapping.maximumLength else {
            throw ParlanceError(.invalidArgument, "the text has \(bytes) UTF-8 bytes; at most \(ICUCaseMapping.maximumLength) are case-mapped")
        }
        do {
            return try ICUCaseMapping.map(self, mapping, locale: locale)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot case-map the text in \(locale.languageTag)")
        }
    }
}
