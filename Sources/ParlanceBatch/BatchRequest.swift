package import Parlance

/// A failed request: the protocol's error code and a message naming what was wrong.
package struct BatchError: Error, Sendable, Equatable {
    /// The protocol error code (`invalid-json`, `missing-field`, `invalid-locale`, …).
    package let code: String
    /// What was wrong, naming the field or value.
    package let message: String

    /// An error with a protocol code and a message.
    package init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The protocol error for a library error (same code, same message).
    package init(_ error: ParlanceError) {
        self.init(error.code.rawValue, error.message)
    }

    /// The protocol error for an error a library call threw: a ``ParlanceError`` keeps its code
    /// (the public API throws nothing else); anything else is `internal`.
    package init(thrown error: any Error) {
        if let error = error as? ParlanceError {
            self.init(error)
        } else {
            self.init("internal", "\(error)")
        }
    }

    static func missing(_ field: String, op: String) -> BatchError {
        BatchError("missing-field", "\(op) needs the field \"\(field)\"")
    }

    static func wrongType(_ field: String, expected: String) -> BatchError {
        BatchError("invalid-argument", "\"\(field)\" must be \(expected)")
    }
}

/// One request line, with typed accessors that produce the protocol's errors.
package struct BatchRequest: Sendable {
    /// Every member name an operation reads, and `id`. The reader builds only these members of
    /// a request line; any other member, which the protocol ignores, is checked for syntax and
    /// skipped without being built, so that a large unknown member costs a scan of its bytes
    /// and no memory. Every access below asserts that its field is listed here.
    package static let fields: Set<String> = [
        "a", "args", "available", "b", "caseFirst", "dateStyle", "end", "fallback", "granularity", "id", "ignorePunctuation",
        "items", "key", "kind", "languageDisplay", "locale", "number", "numeric", "of", "op", "pattern", "reference", "requested",
        "skeleton", "start", "strength", "style", "table", "text", "time", "timeStyle", "timeZone", "to", "type", "unit", "value",
        "width",
    ]

    /// Whether the reader builds a member of a request line (see ``fields``).
    package static func isField(_ name: String) -> Bool { fields.contains(name) }

    /// The operation name.
    package let op: String
    /// The request object (its members named in ``fields``).
    private let body: JSONValue

    /// A request for `op` with its JSON object.
    package init(op: String, body: JSONValue) {
        self.op = op
        self.body = body
    }

    /// The member `field`, nil when absent.
    package subscript(field: String) -> JSONValue? {
        assert(Self.fields.contains(field), "\(field) is read but not in BatchRequest.fields, so the reader skips it")
        return body[field]
    }

    /// A field that must be present and a string.
    package func string(_ field: String) throws(BatchError) -> String {
        guard let value = self[field] else { throw .missing(field, op: op) }
        guard case .string(let text) = value else { throw .wrongType(field, expected: "a string") }
        return text
    }

    /// A field that may be absent (or null); when present it must be a string.
    package func optionalString(_ field: String) throws(BatchError) -> String? {
        guard let value = self[field], value != .null else { return nil }
        guard case .string(let text) = value else { throw .wrongType(field, expected: "a string") }
        return text
    }

    /// An optional string field restricted to a closed set of values.
    package func choice<T: RawRepresentable & CaseIterable>(_ field: String, default fallback: T) throws(BatchError)
        -> T where T.RawValue == String
    {
        guard let raw = try optionalString(field) else { return fallback }
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw BatchError("invalid-argument", "\"\(field)\" must be one of \(allowed), not \(quoted(raw))")
        }
        return value
    }

    /// The `locale` field, parsed.
    package func locale(_ field: String = "locale") throws(BatchError) -> LocaleID {
        let raw = try string(field)
        do {
            return try LocaleID(raw)
        } catch {
            throw BatchError(thrown: error)
        }
    }

    /// A time field (`time`, `start`, `end`): an ISO 8601 string or epoch milliseconds as a
    /// finite JSON number, as epoch milliseconds.
    package func time(_ field: String = "time") throws(BatchError) -> Double {
        guard let value = self[field] else { throw .missing(field, op: op) }
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let number):
            guard number.isFinite else { throw BatchError("invalid-time", "\"\(field)\" must be a finite number") }
            return number
        case .string(let text):
            do {
                return try ISO8601Time.epochMilliseconds(text)
            } catch {
                throw BatchError(thrown: error)
            }
        default: throw BatchError("invalid-time", "\"\(field)\" must be an ISO 8601 string or epoch milliseconds")
        }
    }

    /// A `number` field: a decimal string, or a JSON number in its shortest round-trip form.
    package func decimal(_ field: String = "number") throws(BatchError) -> String {
        guard let value = self[field] else { throw .missing(field, op: op) }
        switch value {
        case .string(let text): return text
        case .integer(let integer): return String(integer)
        case .number(let number):
            guard number.isFinite else {
                throw BatchError("invalid-number", "\"\(field)\" is a JSON number outside the range of a double; send it as a decimal string")
            }
            return PluralRules.shortestDecimal(number)
        default: throw .wrongType(field, expected: "a decimal string or a number")
        }
    }
}
