/// A strict reader of ISO 8601 date-times, as the batch protocol accepts them.
public enum ISO8601Time {
    /// Milliseconds since 1970-01-01T00:00:00Z of `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed
    /// by `Z`, `z`, `±HH:MM` or `±HHMM` (the offset is required: a local time alone is not an
    /// instant).
    ///
    /// ```swift
    /// try ISO8601Time.epochMilliseconds("2023-11-14T22:13:20Z")        // 1700000000000
    /// try ISO8601Time.epochMilliseconds("2023-11-14T23:13:20.5+01:00") // 1700000000500
    /// ```
    ///
    /// - Throws: ``ParlanceError/Code/invalidTime`` naming what is wrong: the shape, a month
    ///   or day that does not exist (2023-02-29), an hour above 23, an offset above 23:59.
    public static func epochMilliseconds(_ text: String) throws -> Double {
        let bytes = Array(text.utf8)
        var index = 0
        func fail(_ why: String) -> ParlanceError {
            ParlanceError(.invalidTime, "\(quoted(text)) is not an ISO 8601 time YYYY-MM-DDTHH:MM[:SS[.fff]] with Z or ±HH:MM: \(why)")
        }
        func number(_ count: Int, _ what: String) throws(ParlanceError) -> Int {
            guard index + count <= bytes.count else { throw fail("\(what) is missing") }
            var value = 0
            for b in bytes[index..<index + count] {
                guard b >= 0x30, b <= 0x39 else { throw fail("\(what) must be \(count) digits") }
                value = value * 10 + Int(b - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8, _ what: String) throws(ParlanceError) {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what)") }
            index += 1
        }
        let year = try number(4, "the year")
        try expect(0x2D, "\"-\" after the year")
        let month = try number(2, "the month")
        try expect(0x2D, "\"-\" after the month")
        let day = try number(2, "the day")
        try expect(0x54, "\"T\" between date and time")
        let hour = try number(2, "the hour")
        try expect(0x3A, "\":\" after the hour")
        let minute = try number(2, "the minute")
        var second = 0
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x3A {
            index += 1
            second = try number(2, "the second")
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > start else { throw fail("the fraction after \".\" needs digits") }
                fraction = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
            }
        }
        guard index < bytes.count else { throw fail("the offset (Z or ±HH:MM) is missing") }
        var offsetMinutes = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            index += 1
        case 0x2B, 0x2D:
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            let offsetHours = try number(2, "the offset hours")
            if index < bytes.count, bytes[index] == 0x3A { index += 1 }
            let offsetMins = try number(2, "the offset minutes")
            guard offsetHours <= 23, offsetMins <= 59 else { throw fail("the offset is out of range") }
            offsetMinutes = sign * (offsetHours * 60 + offsetMins)
        default:
            throw fail("the offset must be Z, z, ±HH:MM or ±HHMM")
        }
        guard index == bytes.count else { throw fail("unexpected text after the offset") }
        guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[month - 1] else { throw fail("day \(day) does not exist in \(year)-\(month)") }
        guard hour <= 23, minute <= 59, second <= 59 else { throw fail("the time of day is out of range") }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Double(seconds) * 1000 + fraction * 1000
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
