/// The fields of each operation, for `parlance batch --help` and the DocC article (one line
/// each; the protocol document has the full rules).
extension BatchEngine {
    package static let fieldHelp: [String: String] = [
        "plural": "locale number type?(cardinal|ordinal)",
        "plural-categories": "locale type?(cardinal|ordinal)",
        "number": "locale number skeleton?",
        "date": "locale time timeZone? (skeleton | dateStyle? timeStyle?)",
        "relative": "locale (value unit | time reference timeZone? unit?(auto|year|…|second)) numeric?(always|auto) style?",
        "list": "locale items type?(and|or|units) width?",
        "direction": "text | locale",
        "display-name": "locale of type?(language|region|script|currency|calendar|dateTimeField) style? languageDisplay? fallback?(code|none)",
        "locale-info": "locale",
        "supported-values": "key(calendar|collation|currency|numberingSystem|timeZone|unit)",
        "negotiate": "available requested",
        "localize": "locale key table? args? (array, or object of named args) (needs --catalog)",
        "message": "locale pattern args?({name: value} | [value, …])",
        "plural-range": "locale start end",
        "number-range": "locale start end skeleton?",
        "date-interval": "locale start end skeleton timeZone?",
        "format-parts": "kind(number|date|relative|list|number-range|date-interval) and that op's fields",
        "collate": "locale (a b | items) strength?(primary|…|identical) numeric? caseFirst?(upper|lower|off) ignorePunctuation?",
        "segment": "locale text granularity?(grapheme|word|sentence)",
        "case": "locale text to(upper|lower|title)",
    ]

    /// One line per operation this server answers: name and fields.
    package var operationsHelp: String {
        operations.map { op in
            "  \(op)\(String(repeating: " ", count: max(1, 19 - op.count)))\(Self.fieldHelp[op] ?? "see the batch protocol")"
        }.joined(separator: "\n")
    }
}
