internal import CICU

/// Owns an ICU `MeasureFormat` for durations.
///
/// `Sendable` notes: MeasureFormat's thread-safety is undocumented, so the shim formats under a
/// mutex owned by the handle.
package final class ICUDurationFormatter: @unchecked Sendable {
    private let handle: OpaquePointer

    private struct Key: Hashable, Sendable {
        var locale: String
        var width: Int32
        var fractionDigits: Int32
    }

    private static let cache = LRUCache<Key, ICUDurationFormatter>(capacity: 512)

    /// `fractionDigits` nil keeps ICU's default number format for the smallest value (up to 3
    /// fraction digits); 0…9 allows up to that many, trailing zeros dropped ("1:02:03.5").
    package static func cached(locale: LocaleID, width: Int32, fractionDigits: Int? = nil) throws(ParlanceError) -> ICUDurationFormatter {
        let digits = Int32(fractionDigits ?? -1)
        return try cache.value(for: Key(locale: locale.identifier, width: width, fractionDigits: digits)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_durationFormatterOpen(locale.identifier, width, digits, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a duration formatter for \(locale.identifier)")
            }
            return ICUDurationFormatter(handle: handle)
        }
    }

    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { CICU_durationFormatterClose(handle) }

    /// Formats (unit, value) pairs with units CICU_DURATION_UNIT_*.
    package func format(units: [Int32], values: [Double]) throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf16 { out, capacity, status in
                units.withUnsafeBufferPointer { u in
                    values.withUnsafeBufferPointer { v in
                        CICU_durationFormat(handle, u.baseAddress, v.baseAddress, Int32(u.count), out, capacity, status)
                    }
                }
            }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the duration \(values)")
        }
    }
}

extension DurationStyle {
    /// The shim's constant for this value.
    var icu: Int32 {
        switch self {
        case .wide: CICU_DURATION_WIDTH_WIDE
        case .short: CICU_DURATION_WIDTH_SHORT
        case .narrow: CICU_DURATION_WIDTH_NARROW
        case .numeric: CICU_DURATION_WIDTH_NUMERIC
        }
    }
}

extension ICUDurationFormatter {
    /// The shim's unit constants for hours, minutes and seconds.
    static var hour: Int32 { CICU_DURATION_UNIT_HOUR }
    static var minute: Int32 { CICU_DURATION_UNIT_MINUTE }
    static var second: Int32 { CICU_DURATION_UNIT_SECOND }
    /// How many (unit, value) pairs one call takes.
    static var maximumUnits: Int { Int(CICU_DURATION_MAX_UNITS) }
}

extension DurationUnit {
    /// The shim's constant for this unit.
    var icu: Int32 {
        switch self {
        case .weeks: CICU_DURATION_UNIT_WEEK
        case .days: CICU_DURATION_UNIT_DAY
        case .hours: CICU_DURATION_UNIT_HOUR
        case .minutes: CICU_DURATION_UNIT_MINUTE
        case .seconds: CICU_DURATION_UNIT_SECOND
        case .milliseconds: CICU_DURATION_UNIT_MILLISECOND
        case .microseconds: CICU_DURATION_UNIT_MICROSECOND
        case .nanoseconds: CICU_DURATION_UNIT_NANOSECOND
        }
    }
}
