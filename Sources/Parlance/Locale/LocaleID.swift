/// A well-formed locale identifier, in ICU's canonical form and as a BCP 47 tag.
///
/// Parlance accepts BCP 47 tags (RFC 5646 syntax) and ICU locale ids
/// (`lang[_Script][_REGION][_VARIANT][@key=value;…]`), case-insensitively, with `-` or `_`
/// between subtags. Unlike ICU, which quietly accepts almost any string, an ill-formed id is an
/// error. A well-formed id that ICU has no data for (such as `xx`) is valid: it gets root data,
/// never the data of the process's default locale.
///
/// ```swift
/// try LocaleID("sr_latn_rs").identifier     // "sr_Latn_RS"
/// try LocaleID("sr_latn_rs").languageTag    // "sr-Latn-RS"
/// try LocaleID("ja-JP-u-ca-japanese").identifier  // "ja_JP@calendar=japanese"
/// try LocaleID("en US")                     // throws ParlanceError (.invalidLocale)
/// ```
public struct LocaleID: Hashable, Sendable, CustomStringConvertible {
    /// ICU's locale id, e.g. `sr_Latn_RS` or `th_TH@calendar=buddhist`. This is the form the
    /// shim hands to ICU and the key of every per-locale cache.
    public let identifier: String
    /// The BCP 47 tag, e.g. `sr-Latn-RS` or `th-TH-u-ca-buddhist`.
    public let languageTag: String

    /// The root locale (`und` in BCP 47): CLDR's base data.
    public static let root = LocaleID(uncheckedIdentifier: "", languageTag: "und")

    /// Parses and validates a locale identifier.
    ///
    /// - Parameter id: a BCP 47 tag or ICU locale id; case-insensitive, `-` or `_`.
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidLocale`` when `id` is
    ///   neither well-formed BCP 47 nor a well-formed ICU locale id; when it is over one of the
    ///   bounds on what reaches ICU (256 bytes of text, 64 subtags, 8 variants, 95 bytes in one
    ///   extension or keyword value, 156 bytes in ICU's canonical id; the message names the
    ///   bound); or when its BCP 47 tag or ICU id would not parse back to the same locale (a
    ///   repeated variant, a legacy ICU variant such as `PHONEBOOK` that BCP 47 cannot write).
    public init(_ id: String) throws {
        self = try LocaleID.parseCached(id)
    }

    /// ``init(_:)`` with its error type, for code inside the package that throws `ParlanceError`.
    package static func parsing(_ id: String) throws(ParlanceError) -> LocaleID {
        try parseCached(id)
    }

    package init(uncheckedIdentifier identifier: String, languageTag: String) {
        self.identifier = identifier
        self.languageTag = languageTag
    }

    public var description: String { languageTag }

    /// Whether this is the root locale.
    public var isRoot: Bool { identifier.isEmpty || identifier == "root" }

    // MARK: Parsing

    /// The longest text accepted, in bytes (``LocaleLimits/inputBytes``); see ``LocaleLimits``
    /// for the bounds on what ICU is given.
    package static let maximumLength = LocaleLimits.inputBytes

    private static let cache = LRUCache<String, LocaleID>(capacity: 4096)

    private static func parseCached(_ id: String) throws(ParlanceError) -> LocaleID {
        if let hit = cache.cachedValue(for: id) { return hit }
        let parsed = try parse(id)
        return cache.insert(parsed, for: id)
    }

    /// Parses `id` and checks that both of its printed forms come back: ICU's id resolves to
    /// the same ICU id again, and ICU's BCP 47 tag to the same one or, where ICU writes a
    /// deprecated code's replacement in the tag (`iw` → `he`), to one with the same CLDR
    /// canonical form. So `LocaleID(locale.identifier)` is `locale`, and
    /// `LocaleID(locale.languageTag)` is `locale` or has its ``canonicalized`` form, for every
    /// locale this returns. An id whose tag would name another locale (ICU drops what BCP 47
    /// cannot say) is refused, not changed.
    private static func parse(_ id: String) throws(ParlanceError) -> LocaleID {
        let icuID = try resolve(id)
        if icuID.isEmpty || icuID == "root" { return .root }
        let tag: String
        do {
            tag = try ICULocale.languageTag(of: icuID)
        } catch {
            throw error.parlanceError(.invalidLocale, "ICU cannot express \(quoted(id)) as a BCP 47 tag")
        }
        let viaTag = try? resolve(tag)
        guard let viaTag, sameLocale(viaTag, icuID) else {
            throw ParlanceError(
                .invalidLocale,
                "\(quoted(id)) is not a valid locale identifier: ICU writes it as the BCP 47 tag \(quoted(tag)), which names \(viaTag.map { quoted($0) } ?? "no locale"), not \(quoted(icuID))"
            )
        }
        guard (try? resolve(icuID)) == icuID else {
            throw ParlanceError(
                .invalidLocale, "\(quoted(id)) is not a valid locale identifier: its ICU form \(quoted(icuID)) does not parse back to itself")
        }
        return LocaleID(uncheckedIdentifier: icuID, languageTag: tag)
    }

    /// Whether two ICU ids name the same locale: equal, or equal after CLDR alias
    /// canonicalization (`iw_IL` and `he_IL`).
    private static func sameLocale(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        guard let canonical = ICULocale.canonicalizeAliases(first) else { return false }
        return canonical == ICULocale.canonicalizeAliases(second)
    }

    /// ICU's canonical id for `id` ("" for the root locale), with every ``LocaleLimits`` bound
    /// checked: the text's before ICU parses it, the canonical id's before any other ICU call.
    private static func resolve(_ id: String) throws(ParlanceError) -> String {
        func invalid(_ why: String) -> ParlanceError {
            ParlanceError(.invalidLocale, "\(quoted(id)) is not a well-formed locale identifier: \(why)")
        }
        guard !id.isEmpty else { throw invalid("it is empty") }
        guard id.utf8.count <= LocaleLimits.inputBytes else {
            throw invalid("it has \(id.utf8.count) bytes; at most \(LocaleLimits.inputBytes) are accepted")
        }
        guard id.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 && $0 != 0x7F }) else {
            throw invalid("only ASCII letters, digits, '-', '_' and ICU keywords after '@' are allowed")
        }
        if id.lowercased() == "root" { return "" }

        let asTag: LocaleSyntax.Verdict = id.contains("@") ? .illFormed : LocaleSyntax.checkLanguageTag(id)
        let icuID: String
        switch asTag {
        case .wellFormed:
            // Through uloc_canonicalize too, so that a tag and the ICU id it stands for resolve
            // alike: uloc_forLanguageTag keeps "und" before keywords ("und@calendar=gregorian")
            // where uloc_canonicalize writes "@calendar=gregorian".
            let fromTag = try fromLanguageTag(id.replacingUnderscores(), original: id)
            if let why = LocaleSyntax.limitViolation(ofICUID: fromTag) { throw invalid(why) }
            icuID = try canonicalize(fromTag, original: id)
        case .refused(let why):
            throw invalid(why)
        case .illFormed:
            switch LocaleSyntax.checkICUID(id) {
            case .wellFormed:
                icuID = try canonicalize(id, original: id)
            case .refused(let why):
                throw invalid(why)
            case .illFormed:
                throw invalid(
                    "expected BCP 47 (language[-Script][-REGION][-variant][-u-…]) or an ICU id (lang[_Script][_REGION][_VARIANT][@key=value;…])"
                )
            }
        }
        if let why = LocaleSyntax.limitViolation(ofICUID: icuID) { throw invalid(why) }
        return icuID
    }

    /// A locale from an ICU id that ICU itself produced (likely subtags, canonicalization): its
    /// BCP 47 tag is computed by ICU, and an id ICU cannot express as a tag, or one over a
    /// ``LocaleLimits`` bound, is an error.
    package static func fromICU(_ icuID: String, context: String) throws(ParlanceError) -> LocaleID {
        if icuID.isEmpty || icuID == "root" { return .root }
        if let why = LocaleSyntax.limitViolation(ofICUID: icuID) {
            throw ParlanceError(.internal, "ICU produced \(quoted(icuID)) for \(context): \(why)")
        }
        do {
            let tag = try ICULocale.languageTag(of: icuID)
            return LocaleID(uncheckedIdentifier: icuID, languageTag: tag)
        } catch {
            throw error.parlanceError(.internal, "ICU produced \(quoted(icuID)) for \(context), which has no BCP 47 form")
        }
    }

    private static func fromLanguageTag(_ tag: String, original: String) throws(ParlanceError) -> String {
        let icuID: String
        let parsedLength: Int
        do {
            (icuID, parsedLength) = try ICULocale.identifier(fromLanguageTag: tag)
        } catch {
            throw error.parlanceError(.invalidLocale, "ICU rejected the language tag \(quoted(original))")
        }
        guard parsedLength == tag.utf8.count else {
            let rest = String(decoding: tag.utf8.dropFirst(max(parsedLength, 0)), as: UTF8.self)
            throw ParlanceError(
                .invalidLocale,
                "\(quoted(original)) is not a valid locale identifier: ICU cannot use \(quoted(rest)) (a repeated variant or extension?)")
        }
        return icuID
    }

    private static func canonicalize(_ id: String, original: String) throws(ParlanceError) -> String {
        do {
            return try ICULocale.canonicalize(id)
        } catch {
            throw error.parlanceError(.invalidLocale, "ICU rejected the locale id \(quoted(original))")
        }
    }

    /// Every locale ICU ships data for (about 800 with ICU 72), as locale ids.
    public static var availableLocales: [LocaleID] {
        ICULocale.availableIdentifiers.compactMap { try? LocaleID($0) }
    }
}

extension LocaleID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        do {
            self = try LocaleID.parsing(raw)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(languageTag)
    }
}

/// Quotes user input for an error message, escaping control characters and cutting it short.
package func quoted(_ text: String, limit: Int = 80) -> String {
    "\"" + escapedForMessage(text, limit: limit) + "\""
}

/// User input as an error message shows it, without the quotes: control characters, quotes
/// and backslashes escaped (`\u{05}`), and cut after `limit` scalars with "…".
package func escapedForMessage(_ text: String, limit: Int = 80) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit {
            result += "…"
            break
        }
        result += scalar.escaped(asASCII: false)
    }
    return result
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}
