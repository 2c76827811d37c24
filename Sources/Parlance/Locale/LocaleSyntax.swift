/// Well-formedness of locale identifiers, checked without ICU (ICU accepts nearly anything).
///
/// - BCP 47: RFC 5646 section 2.1 (`langtag`, `privateuse`, `grandfathered`), with `_`
///   accepted for `-` and any letter case.
/// - ICU ids: `lang[_Script][_REGION][_VARIANT…][@key=value;…]` with `_` separators, where the
///   region may be empty before a variant (`de__PHONEBOOK`), as ICU writes them.
package enum LocaleSyntax {
    // MARK: BCP 47

    package static func isWellFormedLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false) }
            .map { Array($0) }
        guard !subtags.isEmpty, subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) })
        else { return false }
        if irregularGrandfathered.contains(subtags.map { String(decoding: $0, as: UTF8.self).lowercased() }.joined(separator: "-")) {
            return true
        }
        var index = 0
        // privateuse alone: "x-…"
        if isLetter(subtags[0], "x") { return isPrivateUse(subtags, from: 0) }
        // language
        let language = subtags[index]
        guard language.allSatisfy(isAlpha), language.count >= 2 else { return false }
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
        while index < subtags.count, isVariant(subtags[index]) { index += 1 }
        // extensions
        while index < subtags.count, subtags[index].count == 1, !isLetter(subtags[index], "x") {
            index += 1
            let start = index
            while index < subtags.count, subtags[index].count >= 2 { index += 1 }
            guard index > start else { return false }
        }
        if index < subtags.count, isLetter(subtags[index], "x") { return isPrivateUse(subtags, from: index) }
        return index == subtags.count
    }

    private static func isVariant(_ subtag: [UInt8]) -> Bool {
        (subtag.count >= 5 && subtag.count <= 8) || (subtag.count == 4 && isDigit(subtag[0]))
    }

    private static func isPrivateUse(_ subtags: [[UInt8]], from index: Int) -> Bool {
        index + 1 < subtags.count
    }

    /// RFC 5646 irregular grandfathered tags (the regular ones are well-formed anyway).
    private static let irregularGrandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
        "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
    ]

    // MARK: ICU ids

    package static func isWellFormedICUID(_ id: String) -> Bool {
        let parts = id.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let base = Array(parts[0].utf8)
        if parts.count == 2, !isWellFormedKeywords(Array(parts[1].utf8)) { return false }
        // ICU ids separate fields with "_" only ("en-US" is BCP 47's business).
        let fields = base.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
            .map { Array($0) }
        guard let language = fields.first else { return false }
        var index = 1
        if language.isEmpty {
            // The unknown language written as ICU writes it: "_Latn", "_HR", "_Latn_HR" (what
            // ICU produces for "und-Latn"); a script or region must follow.
            guard fields.count >= 2, !fields[1].isEmpty else { return false }
        } else {
            guard language.count >= 2, language.count <= 8, language.allSatisfy(isAlpha) else { return false }
        }
        if index < fields.count, fields[index].count == 4, fields[index].allSatisfy(isAlpha) { index += 1 }
        var hasRegionField = false
        if index < fields.count,
            fields[index].isEmpty
                || (fields[index].count == 2 && fields[index].allSatisfy(isAlpha))
                || (fields[index].count == 3 && fields[index].allSatisfy(isDigit))
        {
            // An empty region is allowed only when a variant follows (de__PHONEBOOK).
            if fields[index].isEmpty && index + 1 >= fields.count { return false }
            hasRegionField = true
            index += 1
        }
        if language.isEmpty && index == 1 { return false }
        while index < fields.count {
            let variant = fields[index]
            // BCP 47 shaped (5–8 alphanumerics, or a digit and 3) or one of ICU's longer legacy
            // variants (PHONEBOOK, TRADITIONAL): 4 to 16 alphanumerics, a digit first when 4.
            // After a region field, ICU's grammar also has short variants (no_NO_NY, no_NO_B);
            // elsewhere a short piece is a stray ICU would silently drop ("en_a" → "en").
            guard !variant.isEmpty, variant.count <= 16, variant.allSatisfy(isAlphanumeric),
                variant.count > 4 || (variant.count == 4 && isDigit(variant[0])) || hasRegionField
            else { return false }
            index += 1
        }
        return true
    }

    private static func isWellFormedKeywords(_ bytes: [UInt8]) -> Bool {
        let pairs = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard !pairs.isEmpty else { return false }
        for pair in pairs {
            let sides = pair.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty, sides[0].allSatisfy(isAlphanumeric),
                sides[1].allSatisfy({ isAlphanumeric($0) || "-_/+.".utf8.contains($0) })
            else { return false }
        }
        return true
    }

    // MARK: Characters

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isAlphanumeric(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) }
    private static func isLetter(_ subtag: [UInt8], _ letter: Unicode.Scalar) -> Bool {
        subtag.count == 1 && (subtag[0] | 0x20) == UInt8(ascii: letter)
    }
}
