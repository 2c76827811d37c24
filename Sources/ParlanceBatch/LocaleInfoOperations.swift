import Parlance

/// Batch operations `locale-info` and `supported-values`.
enum LocaleInfoOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "locale-info": localeInfo,
        "supported-values": supportedValues,
    ]

    /// Answers by the raw `locale` text: the object is a pure function of the id (and ICU's
    /// data), and ICU opens a calendar, a pattern generator and enumerations for it.
    private static let infos = FormatterCache<String, JSONValue>()

    /// `locale-info`: `weekInfo`, `hourCycles`, `calendars`, `collations`, `numberingSystems`,
    /// `timeZones` (only when the locale has a region) and `textInfo`, in that order.
    @Sendable
    static func localeInfo(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        if case .string(let raw)? = request["locale"], let info = infos[raw] { return info }
        let raw = try request.string("locale")
        let locale = try request.locale()
        do {
            let week = try locale.weekInfo
            var members: [(String, JSONValue)] = [
                (
                    "weekInfo",
                    .object([
                        ("firstDay", .integer(Int64(week.firstDay.rawValue))),
                        ("weekend", .array(week.weekend.map { .integer(Int64($0.rawValue)) })),
                        ("minimalDays", .integer(Int64(week.minimalDays))),
                    ])
                ),
                ("hourCycles", strings(try locale.hourCycles.map(\.rawValue))),
                ("calendars", strings(try locale.calendars)),
                ("collations", strings(try locale.collations)),
                ("numberingSystems", strings(try locale.numberingSystems)),
            ]
            if let zones = try locale.timeZones { members.append(("timeZones", strings(zones))) }
            members.append(("textInfo", .object([("direction", .string(locale.characterDirection.rawValue))])))
            let info = JSONValue.object(members)
            infos.store(info, for: raw)
            return info
        } catch {
            throw BatchError(error)
        }
    }

    /// `supported-values`: the sorted values of `key` ("calendar", "collation", "currency",
    /// "numberingSystem", "timeZone", "unit"). Takes no `locale`.
    @Sendable
    static func supportedValues(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        _ = try request.string("key")  // required: absent is missing-field, null or not a string invalid-argument
        let key = try request.choice("key", default: SupportedValues.Key.calendar)
        do {
            return strings(try SupportedValues.values(for: key))
        } catch {
            throw BatchError(error)
        }
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
