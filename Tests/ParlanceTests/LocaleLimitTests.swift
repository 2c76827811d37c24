import Parlance
import Testing

/// The bounds on what reaches ICU (`LocaleLimits`), the reported ids that overflowed or did not
/// come back, and a property over generated ids: every id is refused with `invalid-locale` or
/// round-trips through both forms it prints.
@Suite("Locale: limits before ICU and round trips")
struct LocaleLimitTests {
    /// `en-v00000-v00001-…`: `count` numbered variants after `en`.
    static func numberedVariants(_ count: Int, prefix: String = "en") -> String {
        prefix + (0..<count).map { "-v" + String(repeating: "0", count: 5 - String($0).count) + String($0) }.joined()
    }

    /// The `invalid-locale` message for `id`, or nil when it is accepted (any other error fails
    /// the test).
    static func refusal(_ id: String) -> String? {
        do {
            _ = try LocaleID(id)
            return nil
        } catch let error as ParlanceError {
            #expect(error.code == .invalidLocale, "\(id.prefix(80)): \(error)")
            return error.message
        } catch {
            Issue.record("not a ParlanceError: \(error)")
            return "\(error)"
        }
    }

    // MARK: The reported ids

    @Test("the 156-character id that aborted uplrules_openForType is refused, naming the limit")
    func reportedOverflow() throws {
        let id = Self.numberedVariants(22)
        #expect(id.utf8.count == 156)
        let message = try #require(Self.refusal(id))
        #expect(message.contains("22 variants; at most \(LocaleLimits.variantCount)"), "\(message)")
        // The 149-character one (21 variants) is over the same limit.
        #expect(Self.refusal(Self.numberedVariants(21))?.contains("21 variants") == true)
        // Eight variants are accepted and round-trip.
        let eight = try LocaleID(Self.numberedVariants(8))
        #expect(eight.variants.count == 8)
        #expect(try LocaleID(eight.languageTag) == eight)
        #expect(try LocaleID(eight.identifier) == eight)
        #expect(try PluralRules(locale: eight).category(for: 1) == .one)
    }

    @Test("the shim refuses an id ICU's buffers cannot hold, instead of aborting in ICU")
    func shimBound() throws {
        // ICU's id for the reported tag: "en__V00000_…_V00021", 157 bytes, one more than the
        // tag because ICU writes an empty region field ("__") before variants. ICU 72 copies
        // this base name into char[ULOC_FULLNAME_CAPACITY] (157) in
        // PluralRules::getRuleFromResource, which needs 158 with the NUL.
        let icuID = "en_" + (0..<22).map { "_V" + String(repeating: "0", count: 5 - String($0).count) + String($0) }.joined()
        #expect(icuID.utf8.count == LocaleLimits.identifierBytes + 1)
        let unchecked = LocaleID(uncheckedIdentifier: icuID, languageTag: "en")
        #expect(throws: ParlanceError.self) { try ICUPluralRules(locale: unchecked, type: .cardinal) }
        #expect(throws: ICUStatusError.self) { try ICULocale.languageTag(of: icuID) }
        #expect(throws: ICUStatusError.self) { try ICULocale.canonicalize(String(repeating: "a", count: LocaleLimits.inputBytes + 1)) }
        #expect(ICULocale.addLikelySubtags(icuID) == nil)
        #expect(ICULocale.subtag(.variant, of: icuID) == "")
        #expect(!ICULocale.isRightToLeft("ar_" + icuID.dropFirst(2)))
        // One byte shorter is handed to ICU and answers.
        let shorter = String(icuID.dropLast())
        #expect(try ICUPluralRules(locale: LocaleID(uncheckedIdentifier: shorter, languageTag: "en"), type: .cardinal).locale.identifier == shorter)
    }

    @Test("a tag ICU 72 would end in bytes from beyond its buffer is refused, and the shim never returns one")
    func lvariantOverRead() throws {
        // Short variants after a region are written as -x-lvariant-…; 37 of them need 159
        // bytes of ICU's 157-byte buffer, and ICU 72 returned the tag cut short, ending in
        // stack bytes (seen as 0x7F 0x00).
        let icuID = "en_US" + (1...37).map { "_A" + ($0 < 10 ? "0" : "") + String($0) }.joined()
        #expect(icuID.utf8.count <= LocaleLimits.identifierBytes)
        #expect(Self.refusal(icuID)?.contains("37 variants; at most 8") == true)
        #expect(throws: ICUStatusError.self) { try ICULocale.languageTag(of: icuID) }
        // Within the limit, the tag is exactly ICU's -x-lvariant- form and comes back.
        let eight = try LocaleID("en_US" + (1...8).map { "_A0" + String($0) }.joined())
        #expect(eight.languageTag == "en-US-x-lvariant-a01-a02-a03-a04-a05-a06-a07-a08")
        #expect(try LocaleID(eight.languageTag) == eight)
    }

    @Test("the 163-character en-v… id is an error, not plain en")
    func notTruncated() throws {
        let id = Self.numberedVariants(23)
        #expect(id.utf8.count == 163)
        #expect(Self.refusal(id) != nil)
    }

    @Test(
        "reported ids that did not come back",
        arguments: [
            // (input, expected ICU id, expected tag); nil: refused with invalid-locale
            ("x-private", "@x=private", "und-x-private"),
            ("@x=private", "@x=private", "und-x-private"),
            ("und_Sznznn", "__SZNZNN", "und-sznznn"),
            ("__SZNZNN", "__SZNZNN", "und-sznznn"),
            ("und-sznznn", "__SZNZNN", "und-sznznn"),
            ("_sr_abc", "_SR_ABC", "und-SR-x-lvariant-abc"),
            ("und-SR-x-lvariant-abc", "_SR_ABC", "und-SR-x-lvariant-abc"),
            ("_Latn__FONIPA", "_Latn__FONIPA", "und-Latn-fonipa"),
        ] as [(String, String, String)])
    func comeBack(input: String, identifier: String, tag: String) throws {
        let locale = try LocaleID(input)
        #expect(locale.identifier == identifier)
        #expect(locale.languageTag == tag)
        #expect(try LocaleID(locale.languageTag) == locale)
        #expect(try LocaleID(locale.identifier) == locale)
    }

    @Test(
        "ids whose tag would name another locale are refused, saying why",
        arguments: [
            ("_sr_abc_abc", "repeated"),
            ("und-SR-x-lvariant-abc-abc", "repeated"),
            ("en-fonipa-fonipa", "repeated"),
            ("de__PHONEBOOK", "no BCP 47 form"),
        ])
    func refusedWithReason(input: String, reason: String) throws {
        let message = try #require(Self.refusal(input))
        #expect(message.contains(reason), "\(message)")
    }

    // MARK: Each limit

    @Test("each limit: at the limit accepted, past it refused with a message naming it")
    func eachLimit() throws {
        let eightBytes = "abcdefgh"
        // Text length, before ICU.
        let long = "en-x-" + Array(repeating: eightBytes, count: 29).joined(separator: "-")
        #expect(long.utf8.count > LocaleLimits.inputBytes)
        #expect(Self.refusal(long)?.contains("at most \(LocaleLimits.inputBytes) are accepted") == true)
        // Subtag count, before ICU.
        let manySubtags = "en-x-" + Array(repeating: "a", count: LocaleLimits.subtagCount).joined(separator: "-")
        #expect(Self.refusal(manySubtags)?.contains("at most \(LocaleLimits.subtagCount) are accepted") == true)
        let manyFields = "en_US" + String(repeating: "_a", count: LocaleLimits.subtagCount)
        #expect(Self.refusal(manyFields)?.contains("at most \(LocaleLimits.subtagCount) are accepted") == true)
        // Variant count, in both syntaxes.
        #expect(Self.refusal(Self.numberedVariants(LocaleLimits.variantCount + 1))?.contains("at most \(LocaleLimits.variantCount)") == true)
        let nineICU = "de_DE" + (1...9).map { "_V0000" + String($0) }.joined()
        #expect(Self.refusal(nineICU)?.contains("9 variants") == true)
        // Extension length: 95 bytes after the singleton.
        let ninetyFive = Self.subtags(bytes: LocaleLimits.extensionBytes)
        let atLimit = try LocaleID("en-x-" + ninetyFive)
        #expect(try LocaleID(atLimit.languageTag) == atLimit)
        #expect(try LocaleID(atLimit.identifier) == atLimit)
        let ninetySix = Self.subtags(bytes: LocaleLimits.extensionBytes + 1)
        #expect(Self.refusal("en-x-" + ninetySix)?.contains("-x- extension has 96 bytes") == true)
        #expect(Self.refusal("en-a-" + ninetySix)?.contains("-a- extension has 96 bytes") == true)
        // Keyword values of ICU ids.
        let value = String(repeating: "a", count: LocaleLimits.keywordValueBytes + 1)
        #expect(Self.refusal("en@attribute=" + value)?.contains("has 96 bytes; at most 95") == true)
        // ICU's canonical id: two extensions within their own limit make an id over 156 bytes.
        let ninety = Self.subtags(bytes: 90)
        let twoExtensions = "en-a-" + ninety + "-x-" + ninety
        #expect(twoExtensions.utf8.count <= LocaleLimits.inputBytes)
        let message = try #require(Self.refusal(twoExtensions))
        #expect(message.contains("ICU holds at most \(LocaleLimits.identifierBytes)"), "\(message)")
        // An accepted id near the identifier limit still works with every service.
        let near = try LocaleID("en-a-" + Self.subtags(bytes: 70) + "-x-" + Self.subtags(bytes: 70))
        #expect(near.identifier.utf8.count <= LocaleLimits.identifierBytes)
        #expect(try PluralRules(locale: near).category(for: 2) == .other)
        #expect(try NumberFormat(locale: near).format(decimal: "1234.5") == "1,234.5")
    }

    /// `bytes` bytes of 8-character alphanumeric subtags joined by `-` (the last one shorter).
    static func subtags(bytes: Int) -> String {
        var text = ""
        var index = 0
        while text.utf8.count < bytes {
            if !text.isEmpty { text += "-" }
            let piece = "s" + String(index % 10) + "bcdefgh"
            text += String(piece.prefix(max(2, min(8, bytes - text.utf8.count))))
            index += 1
        }
        return text
    }

    // MARK: Property

    /// Generated ids of every shape ``generatedID(_:)`` makes, plus ICU's own locales and their
    /// derived forms: each is refused with invalid-locale, or its tag and ICU id parse back to it.
    @Test("every id is refused or round-trips", arguments: [UInt64(1), 2, 3, 4])
    func property(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var ids = (0..<1500).map { _ in Self.generatedID(&random) }
        if seed == 1 {
            ids += LocaleID.availableLocales.flatMap { [$0.identifier, $0.languageTag, $0.maximized.languageTag] }
            ids += [
                "_sr_abc_abc", "x-private", "und_Sznznn", Self.numberedVariants(22), Self.numberedVariants(23),
                "en_US" + (1...37).map { "_A" + ($0 < 10 ? "0" : "") + String($0) }.joined(), "root", "und", "i-klingon",
                "en-GB-oed", "art-lojban", "zh-min-nan", "sgn-BE-FR", "en_US_POSIX", "en-US-u-va-posix", "de-1901-1996",
                "iw", "iw-IL", "in", "ji", "sh", "no-BOK", "und-u-ca-gregory", "@calendar=gregorian", "und@calendar=gregorian",
            ]
        }
        var accepted = 0
        for id in ids {
            let locale: LocaleID
            do {
                locale = try LocaleID(id)
            } catch let error as ParlanceError {
                #expect(error.code == .invalidLocale, "\(id): \(error)")
                continue
            }
            accepted += 1
            #expect(locale.identifier.utf8.count <= LocaleLimits.identifierBytes, "\(id)")
            #expect(locale.languageTag.utf8.allSatisfy { Self.isTagByte($0) }, "\(id) → \(Array(locale.languageTag.utf8))")
            // The tag names the same locale: the same, or (a deprecated code ICU replaces in the
            // tag, iw → he) the same canonical form.
            let viaTag = try? LocaleID(locale.languageTag)
            #expect(viaTag == locale || viaTag?.canonicalized == locale.canonicalized, "\(id): tag \(locale.languageTag)")
            let icuForm = locale.identifier.isEmpty ? "root" : locale.identifier
            #expect((try? LocaleID(icuForm)) == locale, "\(id): ICU id \(icuForm)")
        }
        // The generator makes accepted ids too, not only refused ones.
        #expect(accepted > ids.count / 10, "\(accepted) of \(ids.count)")
    }

    static func isTagByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    static let languages = ["en", "sr", "und", "de", "zh", "ar", "xx", "i", "x", "", "root", "qaa", "abcdefgh", "EN"]
    static let scripts = ["Latn", "Cyrl", "Sznz", "Hant", "Zzzz"]
    static let regions = ["US", "SR", "419", "ZZ", "", "001", "RS"]
    static let variants = ["fonipa", "1901", "1996", "abc", "valencia", "posix", "v00000", "a", "PHONEBOOK", "x", "lvariant"]
    static let keywords = [
        "-u-ca-buddhist", "-u-nu-thai", "-u-co-phonebk", "-u-hc-h23", "-u-attr", "-t-ja", "-a-bcd", "-x-private",
        "-x-lvariant-abc", "-u-ca", "-u-ca-gregory-ca-japanese", "-t-en-h0-hybrid", "-u-va-posix",
    ]
    static let icuKeywords = ["calendar=buddhist", "numbers=thai", "x=private", "attribute=foo", "collation=phonebook", "t=ja", "a=bcd"]
    static let garbage = Array("abcdefghijklmnopqrstuvwxyzABCZ0123456789----____@=;x")

    /// One generated id: a BCP 47 tag, an ICU id (both built from the pieces above, with
    /// repeats), or random text from id characters.
    static func generatedID(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        switch random.next() % 4 {
        case 0:
            var parts = [pick(languages)]
            if chance(40) { parts.append(pick(scripts)) }
            if chance(50) { parts.append(pick(regions)) }
            for _ in 0..<(random.next() % 4) { parts.append(pick(variants)) }
            var tag = parts.filter { !$0.isEmpty }.joined(separator: chance(20) ? "_" : "-")
            for _ in 0..<(random.next() % 3) { tag += pick(keywords) }
            return tag
        case 1:
            var fields = [chance(30) ? "" : pick(languages)]
            if chance(40) { fields.append(pick(scripts)) }
            if chance(60) { fields.append(pick(regions)) }
            for _ in 0..<(random.next() % 4) { fields.append(pick(variants).uppercased()) }
            var id = fields.joined(separator: "_")
            if chance(40) {
                id += "@" + (0...(random.next() % 2)).map { _ in pick(icuKeywords) }.joined(separator: ";")
            }
            return id
        case 2:
            // Long ids near and past the limits: repeated variants, extensions, private use.
            let count = Int(random.next() % 30)
            switch random.next() % 3 {
            case 0: return numberedVariants(count, prefix: pick(["en", "en-US", "und", "sr-Latn"]))
            case 1: return "en" + String(repeating: "-a-" + pick(["abcdefgh", "xy", "v00000"]), count: count)
            default: return "en-x" + String(repeating: "-" + pick(["abcdefgh", "a", "lvariant"]), count: count + 1)
            }
        default:
            let length = 1 + Int(random.next() % 160)
            return String((0..<length).map { _ in pick(garbage) })
        }
    }
}
