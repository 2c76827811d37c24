/// The fields of each operation, for `parlance batch --help` and the DocC article (one line
/// each; the protocol document has the full rules).
extension BatchServer {
    package static let fieldHelp: [String: String] = [
        "plural": "locale number type?(cardinal|ordinal)",
        "plural-categories": "locale type?(cardinal|ordinal)",
        "number": "locale number skeleton?",
        "date": "locale time timeZone? (skeleton | dateStyle? timeStyle?)",
        "relative": "locale value unit numeric?(always|auto) style?",
        "list": "locale items type?(and|or|units) width?",
        "direction": "text | locale",
        "display-name": "locale of",
        "negotiate": "available requested",
        "localize": "locale key table? args? (needs --catalog)",
    ]

    /// One line per operation this server answers: name and fields.
    package var operationsHelp: String {
        operations.map { op in
            "  \(op)\(String(repeating: " ", count: max(1, 19 - op.count)))\(Self.fieldHelp[op] ?? "see the batch protocol")"
        }.joined(separator: "\n")
    }
}
