import Parlance

/// Batch operations `message`, `plural-range`, `number-range` and `date-interval`
/// (batch-protocol.md v1.1).
enum MessageOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "message": message,
        "plural-range": pluralRange,
        "number-range": { request, _ throws(BatchError) in try numberRange(request, .text) },
        "date-interval": { request, _ throws(BatchError) in try dateInterval(request, .text) },
    ]

    private static func run<T>(_ body: () throws(ParlanceError) -> T) throws(BatchError) -> T {
        do {
            return try body()
        } catch {
            throw BatchError(thrown: error)
        }
    }

    /// One argument value: a JSON number (an integer as an integer, any other number in its
    /// shortest round-trip form as an exact decimal) or a string. A date argument is epoch
    /// milliseconds, which ICU's date formats take from a number.
    private static func argument(_ value: JSONValue, name: String) throws(BatchError) -> MessageArgument {
        switch value {
        case .string(let text): return .text(text)
        case .integer(let integer): return .integer(integer)
        case .number(let number):
            guard number.isFinite else {
                throw BatchError("invalid-number", "the argument \(quoted(name)) is a JSON number outside the range of a double")
            }
            if number == number.rounded(), abs(number) < 9.0e15, !(number == 0 && number.sign == .minus) {
                return .integer(Int64(number))
            }
            return .double(number)
        default:
            throw BatchError("invalid-argument", "the argument \(quoted(name)) must be a JSON number or a string")
        }
    }

    @Sendable
    static func message(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let pattern = try request.string("pattern")
        var arguments: [(String, MessageArgument)] = []
        switch request["args"] {
        case nil, .null?: break
        case .object(let members)?:
            for (name, value) in members { arguments.append((name, try argument(value, name: name))) }
        case .array(let values)?:
            for (index, value) in values.enumerated() { arguments.append((String(index), try argument(value, name: String(index)))) }
        default:
            throw BatchError.wrongType("args", expected: "an object of named arguments or an array of numbered ones")
        }
        // A JSON object may repeat a name: the last one wins, as when it is read.
        var seen = Set<String>()
        arguments = arguments.reversed().filter { seen.insert($0.0).inserted }.reversed()
        return .string(
            try run { () throws(ParlanceError) in
                let format: MessageFormat
                do {
                    format = try MessageFormat(pattern, locale: locale)
                } catch let error as ParlanceError {
                    throw error
                } catch {
                    throw ParlanceError(.internal, "\(error)")
                }
                return try format.formatTyped(arguments)
            })
    }

    private static func range(_ request: BatchRequest) throws(BatchError) -> (start: String, end: String) {
        let start = try request.decimal("start")
        let end = try request.decimal("end")
        try run { () throws(ParlanceError) in
            try DecimalString.validate(start)
            try DecimalString.validate(end)
        }
        return (start, end)
    }

    private static func rangeFormat(_ locale: LocaleID, skeleton: String) throws(BatchError) -> NumberRangeFormat {
        do {
            return try NumberRangeFormat(locale: locale, skeleton: skeleton)
        } catch {
            throw BatchError(thrown: error)
        }
    }

    @Sendable
    static func pluralRange(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let (start, end) = try range(request)
        let format = try rangeFormat(locale, skeleton: "")
        return .string(try run { () throws(ParlanceError) in try format.pluralCategoryTyped(start, end).rawValue })
    }

    static func numberRange(_ request: BatchRequest, _ output: FormatOperations.Output) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let (start, end) = try range(request)
        let format = try rangeFormat(locale, skeleton: try request.optionalString("skeleton") ?? "")
        return try run { () throws(ParlanceError) in
            switch output {
            case .text: .string(try format.formatTyped(start, end))
            case .parts: FormatOperations.json(try format.formatPartsTyped(start, end))
            }
        }
    }

    static func dateInterval(_ request: BatchRequest, _ output: FormatOperations.Output) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let start = try request.time("start")
        let end = try request.time("end")
        let skeleton = try request.string("skeleton")
        let zone = try request.optionalString("timeZone") ?? "UTC"
        let format: DateIntervalFormat
        do {
            format = try DateIntervalFormat(locale: locale, skeleton: skeleton, timeZone: zone)
        } catch {
            throw BatchError(thrown: error)
        }
        return try run { () throws(ParlanceError) in
            switch output {
            case .text: .string(try format.formatTyped(start, end))
            case .parts: FormatOperations.json(try format.formatPartsTyped(start, end))
            }
        }
    }
}
