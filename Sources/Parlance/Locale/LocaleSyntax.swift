/// The bounds a locale id keeps before ICU sees it.
///
/// ICU 72 reads locale ids into fixed buffers in places, some without a bound check (each limit
/// names where). ``LocaleID`` checks the text it is given against the syntax limits before any
/// ICU call, and ICU's canonical id against ``identifierBytes``, ``variantCount`` and
/// ``keywordValueBytes`` before any ICU service gets it; an id past a limit is
/// ``ParlanceError/Code/invalidLocale`` with a message naming the limit. The C shim checks the
/// id length again before each ICU call (`CICU_LOCALE_ID_MAX_LENGTH`).
package enum LocaleLimits {
    /// Bytes of the text given (a BCP 47 tag or an ICU id), checked before any ICU call: 256.
    /// ICU's canonical id of an accepted locale has at most ``identifierBytes`` (156); written as
    /// BCP 47 the same locale takes little more (`und-`, `-x-lvariant-`), so 256 leaves room for
    /// every id that can be accepted and bounds the text ICU's tag and id parsers read.
    package static let inputBytes = ICULocale.shimInputMaxLength

    /// Subtags of a BCP 47 tag, or `_` fields and keywords of an ICU id: 64. Each subtag takes at
    /// least two bytes of the ICU id (itself and a separator), so no id of more than 78 fits
    /// ``identifierBytes``; counted before ICU's tag parser makes an entry for each.
    package static let subtagCount = 64

    /// Variants (BCP 47 variants and ICU's `_VARIANT` fields, `-x-lvariant-` ones included): 8.
    /// BCP 47 registers variants whose prefixes hold at most three (`sl-rozaj-biske-1994`).
    /// Eight variants of at most eight characters take at most 71 bytes, inside the 145 bytes
    /// of variants that ICU 72's `uloc_toLanguageTag` can write as `-x-lvariant-…` into its
    /// 157-byte (`ULOC_FULLNAME_CAPACITY`) buffer: past that buffer it keeps counting but stops
    /// copying, and the tag it returns ends in bytes read from beyond the buffer.
    package static let variantCount = 8

    /// Bytes of one BCP 47 extension after its singleton (`-u-…`, `-t-…`, `-x-…`, the dashes
    /// between its subtags counted): 95. ICU keeps a `-t-`, `-x-` or other extension, and the
    /// attributes of `-u-`, as one keyword value, bounded by ``keywordValueBytes``.
    package static let extensionBytes = 95

    /// Bytes of one keyword value of an ICU id (`@key=value`): 95, `ULOC_KEYWORDS_CAPACITY` (96)
    /// less its NUL. ICU reads keyword values (calendar, numbering system, collation) into
    /// buffers of that size, and ICU 72's `uloc_toLanguageTag` copies the value of `attribute`
    /// into a 100-byte (`ULOC_KEYWORD_AND_VALUES_CAPACITY`) stack buffer without a bound check.
    package static let keywordValueBytes = icuKeywordsCapacity - 1

    /// Bytes of ICU's canonical id (`lang_Script_REGION_VARIANT@key=value;…`): 156,
    /// `ULOC_FULLNAME_CAPACITY` (157) less its NUL. ICU 72 copies ids into buffers of that size:
    /// `PluralRules::getRuleFromResource` (behind `uplrules_openForType`) `strcpy`s the base name
    /// into `char[157]`, which aborts the process for a base name of 157 bytes, and
    /// `uloc_toLanguageTag` silently drops variants that do not fit one.
    package static let identifierBytes = ICULocale.shimIDMaxLength

    /// `ULOC_KEYWORDS_CAPACITY` of ICU 72's `uloc.h` (the shim's header includes no ICU header).
    private static let icuKeywordsCapacity = 96
}

/// Well-formedness of locale identifiers, checked without ICU (ICU accepts nearly anything).
///
/// - BCP 47: RFC 5646 section 2.1 (`langtag`, `privateuse`, `grandfathered`), with `_`
///   accepted for `-` and any letter case.
/// - ICU ids: `lang[_Script][_REGION][_VARIANT…][@key=value;…]` with `_` separators, where the
///   region may be empty before a variant (`de__PHONEBOOK`), as ICU writes them, and the
///   language may be empty (`_Latn`, `__FONIPA`, `@x=private`: the unknown language).
///
/// Both also apply ``LocaleLimits``: an id past one is ``Verdict/refused(_:)`` with the reason.
package enum LocaleSyntax {
    /// What a syntax check found.
    package enum Verdict: Equatable, Sendable {
        case wellFormed
        case illFormed
        /// Well-formed in shape but refused: over a ``LocaleLimits`` bound or a repeated
        /// variant. The reason completes "… is not a well-formed locale identifier: ".
        case refused(String)
    }

    // MARK: BCP 47

    package static func isWellFormedLanguageTag(_ tag: String) -> Bool {
        checkLanguageTag(tag) == .wellFormed
    }

    package static func checkLanguageTag(_ tag: String) -> Verdict {
        let pieces = tag.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard !pieces.isEmpty, pieces.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) })
        else { return .illFormed }
        guard pieces.count <= LocaleLimits.subtagCount else {
            return .refused("it has \(pieces.count) subtags; at most \(LocaleLimits.subtagCount) are accepted")
        }
        let subtags = pieces.map { Array($0) }
        if irregularGrandfathered.contains(subtags.map { String(decoding: $0, as: UTF8.self).lowercased() }.joined(separator: "-")) {
            return .wellFormed
        }
        var index = 0
        // privateuse alone: "x-…"
        if isLetter(subtags[0], "x") { return checkPrivateUse(subtags, from: 0) }
        // language
        let language = subtags[index]
        guard language.allSatisfy(isAlpha), language.count >= 2 else { return .illFormed }
        index += 1
        if language.count <= 3 {
            // up to three extlang subtags of three letters
            var extlangs = 0
            while index < subtags.count, extlangs < 3, subtags[index].count == 3, subtags[index].allSatisfy(isAlpha) {
                index += 1
                extlangs += 1
            }
        }
        // script
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(isAlpha) { index += 1 }
        // region
        if index < subtags.count,
            (subtags[index].count == 2 && subtags[index].allSatisfy(isAlpha))
                || (subtags[index].count == 3 && subtags[index].allSatisfy(isDigit))
        {
            index += 1
        }
        // variants
        var variants: [[UInt8]] = []
        while index < subtags.count, isVariant(subtags[index]) {
            let variant = subtags[index].map(lowercased)
            if variants.contains(variant) { return .refused(repeatedVariant(variant)) }
            variants.append(variant)
            index += 1
        }
        if variants.count > LocaleLimits.variantCount { return .refused(tooManyVariants(variants.count)) }
        // extensions
        while index < subtags.count, subtags[index].count == 1, !isLetter(subtags[index], "x") {
            let singleton = subtags[index]
            index += 1
            let start = index
            while index < subtags.count, subtags[index].count >= 2 { index += 1 }
            guard index > start else { return .illFormed }
            if let reason = extensionTooLong(singleton, subtags[start..<index]) { return .refused(reason) }
        }
        if index < subtags.count, isLetter(subtags[index], "x") { return checkPrivateUse(subtags, from: index) }
        return index == subtags.count ? .wellFormed : .illFormed
    }

    private static func isVariant(_ subtag: [UInt8]) -> Bool {
        (subtag.count >= 5 && subtag.count <= 8) || (subtag.count == 4 && isDigit(subtag[0]))
    }

    private static func checkPrivateUse(_ subtags: [[UInt8]], from index: Int) -> Verdict {
        guard index + 1 < subtags.count else { return .illFormed }
        return extensionTooLong(subtags[index], subtags[(index + 1)...]).map(Verdict.refused) ?? .wellFormed
    }

    /// The reason an extension's subtags are over ``LocaleLimits/extensionBytes``, or nil.
    private static func extensionTooLong(_ singleton: [UInt8], _ subtags: ArraySlice<[UInt8]>) -> String? {
        let bytes = subtags.reduce(subtags.count - 1) { $0 + $1.count }
        guard bytes > LocaleLimits.extensionBytes else { return nil }
        let name = String(decoding: singleton.map(lowercased), as: UTF8.self)
        return "its -\(name)- extension has \(bytes) bytes; at most \(LocaleLimits.extensionBytes) are accepted"
    }

    /// RFC 5646 irregular grandfathered tags (the regular ones are well-formed anyway).
    private static let irregularGrandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
        "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
    ]

    // MARK: ICU ids

    package static func isWellFormedICUID(_ id: String) -> Bool {
        checkICUID(id) == .wellFormed
    }

    package static func checkICUID(_ id: String) -> Verdict {
        let parts = id.utf8.split(separator: UInt8(ascii: "@"), maxSplits: 1, omittingEmptySubsequences: false)
        let base = parts[0]
        var keywordCount = 0
        if parts.count == 2 {
            switch checkKeywords(parts[1]) {
            case .wellFormed: keywordCount = parts[1].split(separator: UInt8(ascii: ";")).count
            case let verdict: return verdict
            }
            // Keywords alone: the unknown language with keywords ("@x=private", ICU's form of
            // "x-private").
            if base.isEmpty { return .wellFormed }
        }
        // ICU ids separate fields with "_" only ("en-US" is BCP 47's business).
        let fields = base.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
        guard fields.count + keywordCount <= LocaleLimits.subtagCount else {
            return .refused("it has \(fields.count + keywordCount) fields and keywords; at most \(LocaleLimits.subtagCount) are accepted")
        }
        guard let language = fields.first else { return .illFormed }
        var index = 1
        if language.isEmpty {
            // The unknown language written as ICU writes it: "_Latn", "_HR", "_Latn_HR" (what
            // ICU produces for "und-Latn"), "__FONIPA" (for "und-fonipa"); a script, region or
            // variant must follow.
            guard fields.count >= 2 else { return .illFormed }
        } else {
            guard language.count >= 2, language.count <= 8, language.allSatisfy(isAlpha) else { return .illFormed }
        }
        if index < fields.count, fields[index].count == 4, fields[index].allSatisfy(isAlpha) { index += 1 }
        var hasRegionField = false
        if index < fields.count,
            fields[index].isEmpty
                || (fields[index].count == 2 && fields[index].allSatisfy(isAlpha))
                || (fields[index].count == 3 && fields[index].allSatisfy(isDigit))
        {
            // An empty region is allowed only when a variant follows (de__PHONEBOOK).
            if fields[index].isEmpty && index + 1 >= fields.count { return .illFormed }
            hasRegionField = true
            index += 1
        }
        if language.isEmpty && index == 1 { return .illFormed }
        var variants: [[UInt8]] = []
        while index < fields.count {
            let variant = fields[index]
            // BCP 47 shaped (5–8 alphanumerics, or a digit and 3). After a region field, ICU's
            // grammar also has short variants (no_NO_NY, no_NO_B), which BCP 47 writes as
            // -x-lvariant-; elsewhere a short piece is a stray ICU would silently drop
            // ("en_a" → "en").
            guard !variant.isEmpty, variant.allSatisfy(isAlphanumeric),
                variant.count > 4 || (variant.count == 4 && isDigit(variant.first!)) || hasRegionField
            else { return .illFormed }
            guard variant.count <= 8 else {
                // ICU's legacy long variants (PHONEBOOK, TRADITIONAL) have no BCP 47 form:
                // uloc_toLanguageTag drops them, so the tag would name another locale.
                return .refused("a variant has at most 8 characters (\(quotedBytes(variant)) has no BCP 47 form)")
            }
            let lowered = variant.map(lowercased)
            if variants.contains(lowered) { return .refused(repeatedVariant(lowered)) }
            variants.append(lowered)
            index += 1
        }
        if variants.count > LocaleLimits.variantCount { return .refused(tooManyVariants(variants.count)) }
        return .wellFormed
    }

    private static func checkKeywords(_ bytes: Substring.UTF8View) -> Verdict {
        let pairs = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard !pairs.isEmpty else { return .illFormed }
        for pair in pairs {
            let sides = pair.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty, sides[0].allSatisfy(isAlphanumeric),
                sides[1].allSatisfy({ isAlphanumeric($0) || "-_/+.".utf8.contains($0) })
            else { return .illFormed }
            if sides[1].count > LocaleLimits.keywordValueBytes {
                return .refused(keywordValueTooLong(Array(sides[0]), sides[1].count))
            }
        }
        return .wellFormed
    }

    // MARK: ICU's canonical id

    /// The reason ICU's canonical id `icuID` (as `uloc_forLanguageTag`, `uloc_canonicalize` or
    /// another ICU call made it) is over a ``LocaleLimits`` bound, or nil when it is within all.
    /// This is the id the shim hands to ICU's services, so these are the limits that count.
    package static func limitViolation(ofICUID icuID: String) -> String? {
        let bytes = icuID.utf8
        if bytes.count > LocaleLimits.identifierBytes {
            return "ICU's form of it has \(bytes.count) bytes; ICU holds at most \(LocaleLimits.identifierBytes)"
        }
        let parts = bytes.split(separator: UInt8(ascii: "@"), maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            for pair in parts[1].split(separator: UInt8(ascii: ";")) {
                let sides = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                if sides.count == 2, sides[1].count > LocaleLimits.keywordValueBytes {
                    return keywordValueTooLong(Array(sides[0]), sides[1].count)
                }
            }
        }
        // Fields after language, script and region are variants.
        let fields = parts[0].split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
        var index = 1
        if index < fields.count, fields[index].count == 4, fields[index].allSatisfy(isAlpha) { index += 1 }
        if index < fields.count, fields[index].count <= 3 { index += 1 }
        let variants = max(0, fields.count - index)
        if variants > LocaleLimits.variantCount { return tooManyVariants(variants) }
        return nil
    }

    // MARK: Messages

    private static func repeatedVariant(_ variant: [UInt8]) -> String {
        "the variant \(quotedBytes(variant)) is repeated"
    }

    private static func tooManyVariants(_ count: Int) -> String {
        "it has \(count) variants; at most \(LocaleLimits.variantCount) are accepted"
    }

    private static func keywordValueTooLong(_ key: [UInt8], _ count: Int) -> String {
        "the value of its keyword \(quotedBytes(key)) has \(count) bytes; at most \(LocaleLimits.keywordValueBytes) are accepted"
    }

    private static func quotedBytes<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        quoted(String(decoding: Array(bytes), as: UTF8.self), limit: 20)
    }

    // MARK: Characters

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isAlphanumeric(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) }
    private static func lowercased(_ c: UInt8) -> UInt8 { isAlpha(c) ? c | 0x20 : c }
    private static func isLetter(_ subtag: [UInt8], _ letter: Unicode.Scalar) -> Bool {
        subtag.count == 1 && (subtag[0] | 0x20) == UInt8(ascii: letter)
    }
}
