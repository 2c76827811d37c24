public import Parlance

/// Writes gettext catalogs: PO text (header, contexts, plurals, comments, flags) and
/// compiled MO files (little-endian, originals sorted, no hash table), as `msgfmt` reads them.
///
/// ```swift
/// let header = GettextHeader.standard(language: "ru", pluralForms: GettextPluralForms.standard(for: "ru"), project: "Shop")
/// let po = GettextWriter.po(header: header, messages: messages)    // passes `msgfmt --check`
/// let mo = GettextWriter.mo(header: header, messages: messages)    // what `msgfmt` would compile
/// ```
public enum GettextWriter {
    /// The PO text of a header and messages (in the order given). A fuzzy message is written
    /// with the `fuzzy` flag; comments, references and flags each in their own lines.
    public static func po(header: GettextHeader, messages: [GettextMessage]) -> String {
        var out = ""
        out += "msgid \"\"\n"
        out += "msgstr \"\"\n"
        for field in header.fields {
            out += "\"" + escape("\(field.name): \(field.value)\n") + "\"\n"
        }
        for message in messages {
            out += "\n"
            for line in message.translatorComments { out += line.isEmpty ? "#\n" : "# \(line)\n" }
            for line in message.extractedComments { out += "#. \(line)\n" }
            for line in message.references { out += "#: \(line)\n" }
            let flags = (message.isFuzzy ? ["fuzzy"] : []) + message.flags
            if !flags.isEmpty { out += "#, " + flags.joined(separator: ", ") + "\n" }
            if let context = message.context { out += field("msgctxt", context) }
            out += field("msgid", message.id)
            if let pluralID = message.pluralID {
                out += field("msgid_plural", pluralID)
                for (index, text) in message.strings.enumerated() { out += field("msgstr[\(index)]", text) }
            } else {
                out += field("msgstr", message.strings.first ?? "")
            }
        }
        return out
    }

    /// One keyword and its string; a string with inner line breaks is written as `""` and one
    /// line per `\n`, as gettext's tools write it.
    static func field(_ keyword: String, _ text: String) -> String {
        let pieces = splitAfterNewlines(text)
        guard pieces.count > 1 else { return "\(keyword) \"\(escape(text))\"\n" }
        return "\(keyword) \"\"\n" + pieces.map { "\"\(escape($0))\"\n" }.joined()
    }

    private static func splitAfterNewlines(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }

    /// A PO string's content: C escapes for `\`, `"` and control characters.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{7}": out += "\\a"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{B}": out += "\\v"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let octal = String(scalar.value, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The MO bytes of a header and messages: fuzzy messages and messages without any
    /// translation are left out (as msgfmt leaves them); originals sorted byte-wise, as gettext's
    /// binary search needs; little-endian; hash table size 0.
    public static func mo(header: GettextHeader, messages: [GettextMessage]) -> [UInt8] {
        var pairs: [([UInt8], [UInt8])] = [([], Array(header.text.utf8))]
        for message in messages where !message.isFuzzy && !message.strings.allSatisfy(\.isEmpty) {
            var original = Array((message.context.map { $0 + "\u{4}" } ?? "").utf8)
            original += Array(message.id.utf8)
            if let pluralID = message.pluralID {
                original.append(0)
                original += Array(pluralID.utf8)
            }
            let translation = Array(message.strings.joined(separator: "\u{0}").utf8)
            pairs.append((original, translation))
        }
        pairs.sort { $0.0.lexicographicallyPrecedes($1.0) }
        // Later duplicates of one original are dropped (msgfmt refuses them; the first wins here).
        var unique: [([UInt8], [UInt8])] = []
        for pair in pairs where unique.last?.0 != pair.0 { unique.append(pair) }
        let count = unique.count
        let headerSize = 28
        let originalsTable = headerSize
        let translationsTable = originalsTable + count * 8
        var stringsStart = translationsTable + count * 8
        var out: [UInt8] = []
        func word(_ value: Int) {
            let value = UInt32(truncatingIfNeeded: value)
            out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        word(Int(0x9504_12de))
        word(0)  // revision
        word(count)
        word(originalsTable)
        word(translationsTable)
        word(0)  // hash table size
        word(stringsStart)  // hash table offset (no table)
        var originalOffsets: [Int] = []
        var translationOffsets: [Int] = []
        for pair in unique {
            originalOffsets.append(stringsStart)
            stringsStart += pair.0.count + 1
        }
        for pair in unique {
            translationOffsets.append(stringsStart)
            stringsStart += pair.1.count + 1
        }
        for (index, pair) in unique.enumerated() {
            word(pair.0.count)
            word(originalOffsets[index])
        }
        for (index, pair) in unique.enumerated() {
            word(pair.1.count)
            word(translationOffsets[index])
        }
        for pair in unique { out += pair.0 + [0] }
        for pair in unique { out += pair.1 + [0] }
        return out
    }
}

extension GettextHeader {
    /// The header Parlance writes for a language: the fields `msgfmt --check` expects, with
    /// `Project-Id-Version` (`project`), `Language`, UTF-8 and, when given, `Plural-Forms`.
    public static func standard(language: String, pluralForms: GettextPluralForms?, project: String = "Parlance catalog") -> GettextHeader {
        var header = GettextHeader(fields: [
            ("Project-Id-Version", project),
            ("Report-Msgid-Bugs-To", ""),
            ("PO-Revision-Date", "1970-01-01 00:00+0000"),
            ("Last-Translator", "Parlance <parlance@localhost>"),
            ("Language-Team", language),
            ("Language", language),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
        ])
        if let pluralForms { header.set("Plural-Forms", pluralForms.description) }
        return header
    }
}

extension GettextPluralForms {
    /// gettext's usual `Plural-Forms` headers, by language, each checked against CLDR's
    /// integer categories by the `plural-forms-mismatch` lint rule's own comparison (a test
    /// runs it on every row).
    public static let standardHeaders: [String: String] = {
        let one = "nplurals=2; plural=(n != 1);"
        let zeroOne = "nplurals=2; plural=(n > 1);"
        let none = "nplurals=1; plural=0;"
        let slavic = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        var table: [String: String] = [:]
        for language in [
            "en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "el", "hu", "tr", "bg", "it", "es", "ca", "eu", "gl", "mr", "ur", "sw", "af", "sq",
            "az", "ka", "kk", "ky", "mn", "ne", "ta", "te", "ml", "uz", "eo", "fy", "lb", "ps", "so", "tk",
        ] {
            table[language] = one
        }
        for language in ["fr", "pt", "hi", "bn", "fa", "gu", "kn", "zu", "am", "hy", "as"] { table[language] = zeroOne }
        for language in ["ja", "zh", "ko", "vi", "th", "id", "ms", "lo", "my", "km", "yo", "ig", "jv", "su"] { table[language] = none }
        for language in ["ru", "uk", "be", "hr", "sr", "bs"] { table[language] = slavic }
        table["pt_PT"] = one
        table["pl"] = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        table["cs"] = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
        table["sk"] = table["cs"]
        table["sl"] = "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);"
        table["lt"] = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);"
        table["lv"] = "nplurals=3; plural=(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2);"
        table["ro"] = "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);"
        table["ar"] = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
        table["is"] = "nplurals=2; plural=(n%10!=1 || n%100==11);"
        table["mk"] = "nplurals=2; plural=(n%10==1 && n%100!=11 ? 0 : 1);"
        return table
    }()

    /// The standard header of a locale's language (the region's first: `pt_PT` before `pt`),
    /// nil when the table has none.
    public static func standard(for locale: LocaleID) -> GettextPluralForms? {
        let candidates = [locale.language + (locale.region.map { "_" + $0 } ?? ""), locale.language]
        for candidate in candidates {
            if let text = standardHeaders[candidate], let forms = try? GettextPluralForms(header: text) { return forms }
        }
        return nil
    }
}
