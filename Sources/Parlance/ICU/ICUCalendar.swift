internal import CICU

/// Local calendar fields of an instant in a time zone, through ICU's Gregorian `UCalendar`
/// (the same zone database the date formatters use).
package enum ICUCalendar {
    /// The local day, year and month of an instant.
    package struct LocalFields: Hashable, Sendable {
        /// The local Julian day number: consecutive local dates differ by exactly 1, whatever
        /// the length of the day (DST changes).
        package var julianDay: Int
        /// The extended Gregorian year (1 BC is 0).
        package var year: Int
        /// The month, 1…12.
        package var month: Int
    }

    /// The local fields of `millis` (milliseconds since 1970) in `zone`.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an unknown zone,
    ///   ``ParlanceError/Code/invalidTime`` for an instant outside ICU's calendar range.
    package static func localFields(millis: Double, zone: String) throws(ParlanceError) -> LocalFields {
        _ = try ICUTimeZone.canonical(zone)
        guard millis.isFinite, millis >= ICUDateFormatter.minimumMillis, millis <= ICUDateFormatter.maximumMillis else {
            throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range")
        }
        var fields: (Int32, Int32, Int32) = (0, 0, 0)
        var status: Int32 = 0
        let units = Array(zone.utf16)
        withUnsafeMutableBytes(of: &fields) { raw in
            units.withUnsafeBufferPointer { zoneBuffer in
                CICU_calendarLocalFields(
                    zoneBuffer.baseAddress, Int32(zoneBuffer.count), millis, raw.baseAddress!.assumingMemoryBound(to: Int32.self), &status)
            }
        }
        guard status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot compute the local date of \(millis) ms in \(zone)")
        }
        return LocalFields(julianDay: Int(fields.0), year: Int(fields.1), month: Int(fields.2))
    }
}
