import Parlance

/// One message of a gettext catalog (a PO/POT entry or an MO string pair), as written.
///
/// ```swift
/// let file = GettextFile(reading: "po/ru.po")
/// file.messages.first?.id          // "%d file"
/// file.messages.first?.strings     // ["%d файл", "%d файла", "%d файлов"]
/// ```
public struct GettextMessage: Hashable, Sendable {
    /// `msgctxt`, nil when the entry has none (an empty context is `""`, which differs).
    public var context: String?
    /// `msgid`.
    public var id: String
    /// `msgid_plural`, nil for a message without plural forms.
    public var pluralID: String?
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … of a plural message.
    public var strings: [String]
    /// `#,` flags other than `fuzzy` (`c-format`, `python-brace-format`, `no-c-format`, …).
    public var flags: [String]
    /// Whether the entry is marked `fuzzy` (msgfmt leaves it out of the MO; lookup skips it).
    public var isFuzzy: Bool
    /// `#.` comments (from the source code, for translators), one per line.
    public var extractedComments: [String]
    /// `# ` comments (the translator's own), one per line.
    public var translatorComments: [String]
    /// `#:` references (`src/main.c:12`), as written, one line each.
    public var references: [String]
    /// Where `msgid` (or `msgctxt`) is written; line 0 in an MO file.
    public var location: CatalogLocation
    /// Where the first `msgstr` string is written.
    public var valueLocation: CatalogLocation

    /// A message.
    ///
    /// ```swift
    /// GettextMessage(id: "Open", strings: ["Открыть"], location: CatalogLocation(file: "ru.po", line: 4, column: 1))
    /// ```
    public init(
        context: String? = nil, id: String, pluralID: String? = nil, strings: [String], flags: [String] = [], isFuzzy: Bool = false,
        extractedComments: [String] = [], translatorComments: [String] = [], references: [String] = [], location: CatalogLocation,
        valueLocation: CatalogLocation? = nil
    ) {
        self.context = context
        self.id = id
        self.pluralID = pluralID
        self.strings = strings
        self.flags = flags
        self.isFuzzy = isFuzzy
        self.extractedComments = extractedComments
        self.translatorComments = translatorComments
        self.references = references
        self.location = location
        self.valueLocation = valueLocation ?? location
    }

    /// The character gettext joins a context and an id with (`msgctxt` EOT `msgid`), in MO
    /// files and in catalog keys.
    public static let contextSeparator: Character = "\u{4}"

    /// The catalog key: `msgid`, or `msgctxt` + U+0004 + `msgid` for a message with a context.
    public var key: String { context.map { $0 + String(Self.contextSeparator) + id } ?? id }

    /// Whether the message is the header (empty `msgid`, no context).
    public var isHeader: Bool { id.isEmpty && context == nil }

    /// Splits a catalog key into context and id (the inverse of ``key``).
    public static func split(key: String) -> (context: String?, id: String) {
        guard let separator = key.firstIndex(of: contextSeparator) else { return (nil, key) }
        return (String(key[..<separator]), String(key[key.index(after: separator)...]))
    }
}

/// The header entry of a gettext catalog: its `Name: value` fields in order.
///
/// ```swift
/// header["Plural-Forms"]   // "nplurals=3; plural=(n%10==1 && …);"
/// header["Language"]       // "ru"
/// ```
public struct GettextHeader: Hashable, Sendable {
    /// The fields in file order.
    public var fields: [(name: String, value: String)]

    /// A header from its fields.
    public init(fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// A header from the `msgstr` of the header entry (`Name: value` lines).
    public init(text: String) {
        var fields: [(name: String, value: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields.append((String(line[..<colon]).trimmingASCIIWhitespace(), String(line[line.index(after: colon)...]).trimmingASCIIWhitespace()))
        }
        self.fields = fields
    }

    /// The value of the first field of that name (case-insensitive), nil when there is none.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// Sets a field (replacing the first of that name, else appending it).
    public mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            fields[index].value = value
        } else {
            fields.append((name, value))
        }
    }

    /// The header entry's `msgstr`: `Name: value\n` for each field.
    public var text: String { fields.map { "\($0.name): \($0.value)\n" }.joined() }

    public static func == (lhs: GettextHeader, rhs: GettextHeader) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

/// The gettext information a plural entry read from a PO or MO file keeps: its
/// `msgid_plural`, and the file's `Plural-Forms` when it parses. With forms, a lookup chooses
/// the variant at the index the expression gives for the integer argument (the variants are
/// in `msgstr[n]` order); without, by the CLDR category each variant's keyword names.
public struct GettextPlural: Hashable, Sendable {
    /// `msgid_plural`.
    public var pluralID: String
    /// The file's parsed `Plural-Forms`, nil when the header is missing or does not parse.
    public var forms: GettextPluralForms?

    /// The gettext part of a plural.
    public init(pluralID: String, forms: GettextPluralForms?) {
        self.pluralID = pluralID
        self.forms = forms
    }
}
