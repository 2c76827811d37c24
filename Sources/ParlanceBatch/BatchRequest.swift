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
    /// The operation name.
    package let op: String
    /// The whole request object.
    package let body: JSONValue

    /// A request for `op` with its whole JSON object.
    package init(op: String, body: JSONValue) {
        self.op = op
        self.body = body
    }

    /// A field that must be present and a string.
    package func string(_ field: String) throws(BatchError) -> String {
        guard let value = body[field] else { throw .missing(field, op: op) }
        guard case .string(let text) = value else { throw .wrongType(field, expected: "a string") }
        return text
    }

    /// A field that may be absent (or null); when present it must be a string.
    package func optionalString(_ field: String) throws(BatchError) -> String? {
        guard let value = body[field], value != .null else { return nil }
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

    /// A `number` field: a decimal string, or a JSON number in its shortest round-trip form.
    package func decimal(_ field: String = "number") throws(BatchError) -> String {
        guard let value = body[field] else { throw .missing(field, op: op) }
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
