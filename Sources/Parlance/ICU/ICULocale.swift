internal import CICU

/// Owner of ICU's locale-id services (`uloc_*`, `Locale::canonicalize`, `uldn_*`): tag
/// conversion, canonicalization, likely subtags, subtags and keywords, display names,
/// character direction and the list of available locales. Every other file reaches them here.
package enum ICULocale {
    /// The subtags `subtag(_:of:)` reads.
    package enum Subtag {
        case language, script, region, variant

        var icu: CICULocaleSubtag {
            switch self {
            case .language: CICULocaleSubtagLanguage
            case .script: CICULocaleSubtagScript
            case .region: CICULocaleSubtagRegion
            case .variant: CICULocaleSubtagVariant
            }
        }
    }

    /// ICU's BCP 47 tag for an ICU id (`uloc_toLanguageTag`, non-strict).
    package static func languageTag(of icuID: String) throws(ICUStatusError) -> String {
        try ICUOutput.utf8 { out, capacity, status in CICU_localeToLanguageTag(icuID, out, capacity, false, status) }
    }

    /// The ICU id of a BCP 47 tag and how many bytes of the tag ICU used.
    package static func identifier(fromLanguageTag tag: String) throws(ICUStatusError) -> (id: String, parsedLength: Int) {
        var parsedLength: Int32 = 0
        let id = try ICUOutput.utf8 { out, capacity, status in
            CICU_localeFromLanguageTag(tag, out, capacity, &parsedLength, status)
        }
        return (id, Int(parsedLength))
    }

    /// `uloc_canonicalize` (syntax only: case, separators, keyword order).
    package static func canonicalize(_ id: String) throws(ICUStatusError) -> String {
        try ICUOutput.utf8 { out, capacity, status in CICU_localeCanonicalize(id, out, capacity, status) }
    }

    /// CLDR alias canonicalization (`Locale::canonicalize`).
    package static func canonicalizeAliases(_ id: String) -> String? {
        try? ICUOutput.utf8 { out, capacity, status in CICU_localeCanonicalizeAliases(id, out, capacity, status) }
    }

    /// `uloc_addLikelySubtags`.
    package static func addLikelySubtags(_ id: String) -> String? {
        try? ICUOutput.utf8 { out, capacity, status in CICU_localeAddLikelySubtags(id, out, capacity, status) }
    }

    /// `uloc_minimizeSubtags`.
    package static func minimizeSubtags(_ id: String) -> String? {
        try? ICUOutput.utf8 { out, capacity, status in CICU_localeMinimizeSubtags(id, out, capacity, status) }
    }

    /// One subtag of an ICU id ("" when absent or on failure).
    package static func subtag(_ which: Subtag, of id: String) -> String {
        (try? ICUOutput.utf8 { out, capacity, status in CICU_localeSubtag(id, which.icu, out, capacity, status) }) ?? ""
    }

    /// The value of an `@keyword=value` of an ICU id.
    package static func keywordValue(_ keyword: String, of id: String) -> String? {
        try? ICUOutput.utf8 { out, capacity, status in CICU_localeKeywordValue(id, keyword, out, capacity, status) }
    }

    /// `uldn_localeDisplayName` (with the unknown language named as ICU's tests expect).
    package static func displayName(
        of id: String, in displayLocale: String, dialect: Bool, capitalization: DisplayNameCapitalization
    ) -> String? {
        try? ICUOutput.utf16 { out, capacity, status in
            CICU_localeDisplayName(displayLocale, id, dialect, capitalization.icu, out, capacity, status)
        }
    }

    /// `uloc_isRightToLeft`.
    package static func isRightToLeft(_ id: String) -> Bool { CICU_localeIsRightToLeft(id) }

    /// The ids of every locale ICU ships data for (`uloc_getAvailable`).
    package static var availableIdentifiers: [String] {
        let count = CICU_availableLocaleCount()
        return (0..<count).compactMap { index -> String? in
            guard let raw = CICU_availableLocale(index) else { return nil }
            return String(cString: raw)
        }
    }
}

extension DisplayNameCapitalization {
    /// The shim's capitalization context.
    var icu: CICUCapitalization {
        switch self {
        case .none: CICUCapitalizationNone
        case .middleOfSentence: CICUCapitalizationMiddleOfSentence
        case .beginningOfSentence: CICUCapitalizationBeginningOfSentence
        case .uiListOrMenu: CICUCapitalizationUIListOrMenu
        case .standalone: CICUCapitalizationStandalone
        }
    }
}

extension ICULocale {
    /// The longest text the shim hands to ICU's locale id and tag parsers
    /// (`CICU_LOCALE_INPUT_MAX_LENGTH`); ``LocaleLimits/inputBytes`` is this bound.
    package static let shimInputMaxLength = Int(CICU_LOCALE_INPUT_MAX_LENGTH)

    /// The longest locale id the shim hands to any other ICU call (`CICU_LOCALE_ID_MAX_LENGTH`);
    /// ``LocaleLimits/identifierBytes`` is this bound.
    package static let shimIDMaxLength = Int(CICU_LOCALE_ID_MAX_LENGTH)
}
