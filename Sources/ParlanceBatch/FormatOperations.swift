import Parlance

/// Batch operations `number`, `date`, `relative` and `list` (batch-protocol.md), and
/// `format-parts` over them and the two range operations.
enum FormatOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "number": { request, _ throws(BatchError) in try number(request, .text) },
        "date": { request, _ throws(BatchError) in try date(request, .text) },
        "relative": { request, _ throws(BatchError) in try relative(request, .text) },
        "list": { request, _ throws(BatchError) in try list(request, .text) },
        "format-parts": formatParts,
    ]

    /// What a formatting operation answers: its text, or (`format-parts`) the parts of it.
    enum Output {
        case text
        case parts
    }

    /// The `kind`s of `format-parts`: the operations whose parts it gives.
    private static let partKinds: [String: @Sendable (BatchRequest) throws(BatchError) -> JSONValue] = [
        "number": { request throws(BatchError) in try number(request, .parts) },
        "date": { request throws(BatchError) in try date(request, .parts) },
        "relative": { request throws(BatchError) in try relative(request, .parts) },
        "list": { request throws(BatchError) in try list(request, .parts) },
        "number-range": { request throws(BatchError) in try MessageOperations.numberRange(request, .parts) },
        "date-interval": { request throws(BatchError) in try MessageOperations.dateInterval(request, .parts) },
    ]

    /// `format-parts`: the parts of what the operation named by `kind` answers, with that
    /// operation's fields and errors.
    @Sendable
    static func formatParts(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        guard let raw = request["kind"] else { throw BatchError.missing("kind", op: request.op) }
        guard case .string(let kind) = raw, let operation = partKinds[kind] else {
            let allowed = partKinds.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw BatchError("invalid-argument", "\"kind\" must be one of \(allowed)")
        }
        return try operation(request)
    }

    /// The JSON of parts: `{"type": …, "value": …}`, with `"source"` in ranges and `"unit"` on a
    /// relative time's number.
    static func json(_ parts: [FormatPart]) -> JSONValue {
        .array(
            parts.map { part in
                var members: [(String, JSONValue)] = [("type", .string(part.kind.rawValue)), ("value", .string(part.value))]
                if let source = part.source { members.append(("source", .string(source.rawValue))) }
                if let unit = part.unit { members.append(("unit", .string(unit))) }
                return .object(members)
            })
    }

    /// Runs a library call, turning its error into the protocol's.
    private static func run<T>(_ body: () throws -> T) throws(BatchError) -> T {
        do {
            return try body()
        } catch {
            throw BatchError(thrown: error)
        }
    }

    /// Formatters by (raw `locale`, raw `skeleton`).
    private static let numberFormats = FormatterCache<FormatterKey, NumberFormat>()
    /// Formatters by (raw `locale`, `timeZone`, `skeleton`, `dateStyle`, `timeStyle`).
    private static let dateFormats = FormatterCache<FormatterKey, DateFormat>()
    /// Formatters by (raw `locale`, `numeric`, `style`).
    private static let relativeFormats = FormatterCache<FormatterKey, RelativeTimeFormat>()
    /// Formatters by (raw `locale`, `type`, `width`).
    private static let listFormats = FormatterCache<FormatterKey, ListFormat>()

    static func number(_ request: BatchRequest, _ output: Output) throws(BatchError) -> JSONValue {
        let key = request.formatterKey("skeleton")
        if let key, let format = numberFormats[key] {
            // `locale` and `skeleton` were read from this very text before, without error.
            let decimal = try request.decimal()
            return try run { try number(format, decimal, output) }
        }
        let locale = try request.locale()
        let decimal = try request.decimal()
        let skeleton = try request.optionalString("skeleton") ?? ""
        return try run {
            try DecimalString.validate(decimal)
            let format = try NumberFormat(locale: locale, skeleton: skeleton)
            if let key { numberFormats.store(format, for: key) }
            return try number(format, decimal, output)
        }
    }

    private static func number(_ format: NumberFormat, _ decimal: String, _ output: Output) throws -> JSONValue {
        switch output {
        case .text: .string(try format.format(decimal: decimal))
        case .parts: json(try format.formatPartsTyped(decimal: decimal))
        }
    }

    static func date(_ request: BatchRequest, _ output: Output) throws(BatchError) -> JSONValue {
        let key = request.formatterKey("timeZone", "skeleton", "dateStyle", "timeStyle")
        if let key, let format = dateFormats[key] {
            // Every field but `time` was read from this very text before, without error.
            let millis = try request.time()
            return try run { try date(format, millis, output) }
        }
        let locale = try request.locale()
        let millis = try request.time()
        let zone = try request.optionalString("timeZone") ?? "UTC"
        let skeleton = try request.optionalString("skeleton")
        let dateStyle = try request.optionalString("dateStyle").map { raw throws(BatchError) in try style(raw, "dateStyle") }
        let timeStyle = try request.optionalString("timeStyle").map { raw throws(BatchError) in try style(raw, "timeStyle") }
        let format: DateFormat
        if let skeleton {
            guard dateStyle == nil, timeStyle == nil else {
                throw BatchError("invalid-argument", "give either \"skeleton\" or \"dateStyle\"/\"timeStyle\", not both")
            }
            format = try run { try DateFormat(locale: locale, skeleton: skeleton, timeZone: zone) }
        } else {
            let date = dateStyle ?? .none
            let time = timeStyle ?? .none
            guard date != .none || time != .none else {
                throw BatchError("missing-field", "date needs \"skeleton\", or \"dateStyle\"/\"timeStyle\" not both \"none\"")
            }
            format = try run {
                try DateFormat(locale: locale, dateStyle: date, timeStyle: time, timeZone: zone)
            }
        }
        if let key { dateFormats.store(format, for: key) }
        return try run { try date(format, millis, output) }
    }

    private static func date(_ format: DateFormat, _ millis: Double, _ output: Output) throws -> JSONValue {
        switch output {
        case .text: .string(try format.format(epochMilliseconds: millis))
        case .parts: json(try format.formatPartsTyped(epochMilliseconds: millis))
        }
    }

    private static func style(_ raw: String, _ field: String) throws(BatchError) -> DateStyle {
        guard let style = DateStyle(rawValue: raw) else {
            let allowed = DateStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw BatchError("invalid-argument", "\"\(field)\" must be one of \(allowed), not \"\(raw)\"")
        }
        return style
    }

    static func relative(_ request: BatchRequest, _ output: Output) throws(BatchError) -> JSONValue {
        if request["time"] == nil, let key = request.formatterKey("numeric", "style"), let format = relativeFormats[key] {
            // `locale`, `numeric` and `style` were read from this very text before, without error.
            let (value, unit) = try relativeValue(request)
            return try run { try relative(format, value, unit, output) }
        }
        let locale = try request.locale()
        if request["time"] != nil { return try relativeBetween(request, locale: locale, output) }
        let (value, unit) = try relativeValue(request)
        let numeric = try request.choice("numeric", default: RelativeTimeNumeric.always)
        let style = try request.choice("style", default: RelativeTimeStyle.long)
        return try run {
            let format = try RelativeTimeFormat(locale: locale, style: style, numeric: numeric)
            if let key = request.formatterKey("numeric", "style") { relativeFormats.store(format, for: key) }
            return try relative(format, value, unit, output)
        }
    }

    private static func relative(_ format: RelativeTimeFormat, _ value: Double, _ unit: RelativeTimeUnit, _ output: Output) throws -> JSONValue {
        switch output {
        case .text: .string(try format.format(value, unit))
        case .parts: json(try format.formatPartsTyped(value, unit))
        }
    }

    /// `relative`'s `value` and `unit`, checked in the protocol's order.
    private static func relativeValue(_ request: BatchRequest) throws(BatchError) -> (Double, RelativeTimeUnit) {
        guard let raw = request["value"] else { throw BatchError.missing("value", op: request.op) }
        let value: Double
        switch raw {
        case .integer(let integer): value = Double(integer)
        case .number(let number): value = number
        default: throw BatchError.wrongType("value", expected: "a number")
        }
        guard request["unit"] != nil else { throw BatchError.missing("unit", op: request.op) }
        let unit = try request.choice("unit", default: RelativeTimeUnit.day)
        return (value, unit)
    }

    /// `relative` between two instants: `time` and `reference` (as `date`'s `time`),
    /// `timeZone` (default "UTC"), `unit` "auto" (default) or a fixed unit; counted in calendar
    /// units of the zone (RelativeTimeFormat.calendarDifference).
    private static func relativeBetween(_ request: BatchRequest, locale: LocaleID, _ output: Output) throws(BatchError) -> JSONValue {
        if request["value"] != nil {
            throw BatchError("invalid-argument", "\"value\" and \"time\" cannot be used together: give a value and a unit, or a time and a reference")
        }
        let time = try request.time("time")
        let reference = try request.time("reference")
        let zone = try request.optionalString("timeZone") ?? "UTC"
        let selection: RelativeTimeUnitSelection
        switch try request.optionalString("unit") {
        case nil, "auto"?: selection = .automatic
        case let raw?:
            guard let unit = RelativeTimeUnit(rawValue: raw) else {
                let allowed = (["auto"] + RelativeTimeUnit.allCases.map(\.rawValue)).map { "\"\($0)\"" }.joined(separator: ", ")
                throw BatchError("invalid-argument", "\"unit\" must be one of \(allowed), not \(quoted(raw))")
            }
            selection = .fixed(unit)
        }
        let numeric = try request.choice("numeric", default: RelativeTimeNumeric.always)
        let style = try request.choice("style", default: RelativeTimeStyle.long)
        return try run {
            let (value, unit) = try RelativeTimeFormat.calendarDifferenceTyped(fromMillis: reference, toMillis: time, zone: zone, unit: selection)
            return try relative(RelativeTimeFormat(locale: locale, style: style, numeric: numeric), Double(value), unit, output)
        }
    }

    static func list(_ request: BatchRequest, _ output: Output) throws(BatchError) -> JSONValue {
        let key = request.formatterKey("type", "width")
        if let key, let format = listFormats[key] {
            // `locale`, `type` and `width` were read from this very text before, without error.
            let items = try listItems(request)
            return try list(format, items, output)
        }
        let locale = try request.locale()
        let items = try listItems(request)
        let type = try request.choice("type", default: ListType.and)
        let width = try request.choice("width", default: ListWidth.wide)
        let format = try run { try ListFormat(locale: locale, type: type, width: width) }
        if let key { listFormats.store(format, for: key) }
        return try list(format, items, output)
    }

    private static func list(_ format: ListFormat, _ items: [String], _ output: Output) throws(BatchError) -> JSONValue {
        switch output {
        case .text: .string(format.format(items))
        case .parts: json(try run { try format.formatPartsTyped(items) })
        }
    }

    private static func listItems(_ request: BatchRequest) throws(BatchError) -> [String] {
        guard let raw = request["items"] else { throw BatchError.missing("items", op: request.op) }
        guard case .array(let values) = raw else { throw BatchError.wrongType("items", expected: "an array of strings") }
        var items: [String] = []
        items.reserveCapacity(values.count)
        for value in values {
            guard case .string(let text) = value else { throw BatchError.wrongType("items", expected: "an array of strings") }
            items.append(text)
        }
        return items
    }
}
