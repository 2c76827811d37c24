/// A date pattern compiled into Swift (issue 19): the pattern ICU chose for a skeleton or for
/// date/time styles, run over the Gregorian fields of an instant with the names, digits and
/// zone offsets ICU gave at compile time.
///
/// It covers what it can format exactly as `udat_format` does and nothing else: a pattern with
/// a field it does not implement does not compile (``init(pattern:symbols:zone:zoneTexts:)``
/// returns nil), and an instant outside ``lowerBoundMillis`` ..< ``upperBoundMillis`` is not
/// formatted (``format(millis:)`` returns nil); the owner (``ICUDateFormatter``) then asks ICU.
/// `parlance bench --verify-dates` proves the output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock.
package final class CompiledDateFormat: Sendable {
    /// 1800-01-01T00:00:00Z: well after the Gregorian change of 1582 (ICU's Gregorian calendar
    /// is Julian before it), and before the zone tables start.
    package static let lowerBoundMillis: Double = -5_364_662_400_000
    /// 2200-01-01T00:00:00Z.
    package static let upperBoundMillis: Double = 7_258_118_400_000

    /// What ICU gave for a locale, as UTF-8: the symbol arrays indexed as udat_getSymbols
    /// indexes them (weekdays 1 = Sunday … 7, months 0 = January …), and the ten digits.
    package struct Symbols: Sendable {
        package enum Kind: Hashable, Sendable {
            case eras, eraNames
            case months, shortMonths, narrowMonths
            case standaloneMonths, standaloneShortMonths, standaloneNarrowMonths
            case weekdays, shortWeekdays, narrowWeekdays, shorterWeekdays
            case standaloneWeekdays, standaloneShortWeekdays, standaloneNarrowWeekdays, standaloneShorterWeekdays
            case amPms
        }

        package var tables: [Kind: [[UInt8]]]
        /// The locale's digits 0…9, each as UTF-8.
        package var digits: [[UInt8]]

        package init(tables: [Kind: [[UInt8]]], digits: [[UInt8]]) {
            self.tables = tables
            self.digits = digits
        }
    }

    /// A zone's total UTC offset over the compiled range, as ICU's rules give it.
    package final class ZoneOffsets: Sendable {
        /// Start of each interval (ms since 1970), ascending; the first is the table's start.
        let starts: [Int64]
        /// Offset (ms) from `starts[i]` until `starts[i + 1]` (or `end`).
        let offsets: [Int32]
        let end: Int64

        package init(starts: [Int64], offsets: [Int32], end: Int64) {
            precondition(starts.count == offsets.count && !starts.isEmpty, "a zone table needs one offset per interval")
            self.starts = starts
            self.offsets = offsets
            self.end = end
        }

        /// Where each interval starts (the first is the table's start).
        package var intervalStarts: [Int64] { starts }

        /// Whether the zone keeps one offset throughout the table.
        package var isFixed: Bool { offsets.count == 1 }

        @inline(__always)
        func offset(at millis: Int64) -> Int32? {
            guard millis >= starts[0], millis < end else { return nil }
            return offsets[CompiledDateFormat.intervalIndex(starts, millis)]
        }
    }

    /// The text ICU writes for a time-zone field run ("z", "zzzz", "XXX"…) over the compiled
    /// range, per interval in which it cannot change (the owner splits the range wherever the
    /// text's inputs change: the zone's offsets and DST, its metazone).
    package final class ZoneTexts: Sendable {
        let starts: [Int64]
        let texts: [[UInt8]]

        /// `texts[i]` holds from `starts[i]` (ms since 1970; the first covers everything before)
        /// until `starts[i + 1]`.
        package init(starts: [Int64], texts: [[UInt8]]) {
            precondition(starts.count == texts.count && !starts.isEmpty, "a zone text table needs one text per interval")
            self.starts = starts
            self.texts = texts
        }

        @inline(__always)
        func text(at millis: Int64) -> [UInt8] { texts[CompiledDateFormat.intervalIndex(starts, millis)] }
    }

    /// The index of the interval holding `millis`: the last start ≤ `millis` (0 before all).
    @inline(__always)
    static func intervalIndex(_ starts: [Int64], _ millis: Int64) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) >> 1
            if starts[middle] <= millis { low = middle } else { high = middle - 1 }
        }
        return low
    }

    enum NumericField: Sendable {
        case year, month, day, hour0To23, hour1To12, hour0To11, hour1To24, minute, second
    }

    enum TextField: Sendable {
        case era, month, weekday, amPm
    }

    enum Piece: Sendable {
        case literal([UInt8])
        case number(NumericField, minDigits: Int, maxDigits: Int)
        case text(TextField, [[UInt8]])
        /// `S`…: the milliseconds cut to `count` digits (left-justified), zeros past three.
        case fraction(count: Int)
        /// A time-zone field, from the table ICU's texts were read into.
        case zone(ZoneTexts)
    }

    let pieces: [Piece]
    let digits: [[UInt8]]
    let asciiDigits: Bool
    let zone: ZoneOffsets
    /// An upper bound on the UTF-8 length of any output.
    let capacity: Int
    /// The pattern compiled.
    package let pattern: String

    /// Compiles `pattern`, or returns nil when it holds a field this formatter does not
    /// implement exactly. `zoneTexts` gives the table of a time-zone field run (e.g. "zzzz")
    /// when the owner can build one that is exact (nil: not compiled).
    package init?(pattern: String, symbols: Symbols, zone: ZoneOffsets, zoneTexts: (String) -> ZoneTexts?) {
        guard symbols.digits.count == 10 else { return nil }
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        func flushLiteral() {
            if !literal.isEmpty {
                pieces.append(.literal(literal))
                literal = []
            }
        }
        func table(_ kind: Symbols.Kind, needs count: Int) -> [[UInt8]]? {
            guard let table = symbols.tables[kind], table.count >= count else { return nil }
            return table
        }
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var inQuote = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    literal.append(UInt8(ascii: "'"))
                    index += 2
                } else {
                    inQuote.toggle()
                    index += 1
                }
                continue
            }
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            if inQuote || !isLetter {
                literal.append(contentsOf: String(scalar).utf8)
                index += 1
                continue
            }
            var count = 1
            while index + count < scalars.count, scalars[index + count] == scalar { count += 1 }
            index += count
            let letter = Character(scalar)
            let piece: Piece
            switch letter {
            case "G":
                guard count <= 4, let names = table(count == 4 ? .eraNames : .eras, needs: 2) else { return nil }
                piece = .text(.era, names)
            case "y":
                guard count <= 9 else { return nil }
                piece = .number(.year, minDigits: count, maxDigits: count == 2 ? 2 : 10)
            case "M", "L":
                guard count <= 5 else { return nil }
                if count <= 2 {
                    piece = .number(.month, minDigits: count, maxDigits: 10)
                } else {
                    let standalone = letter == "L"
                    let kind: Symbols.Kind =
                        switch count {
                        case 3: standalone ? .standaloneShortMonths : .shortMonths
                        case 4: standalone ? .standaloneMonths : .months
                        default: standalone ? .standaloneNarrowMonths : .narrowMonths
                        }
                    guard let names = table(kind, needs: 12) else { return nil }
                    piece = .text(.month, names)
                }
            case "d":
                guard count <= 9 else { return nil }
                piece = .number(.day, minDigits: count, maxDigits: 10)
            case "E", "e", "c":
                // Numeric local weekdays (e, ee, c, cc) depend on the first day of the week: ICU's.
                guard count <= 6, letter == "E" || count >= 3 else { return nil }
                let standalone = letter == "c"
                let kind: Symbols.Kind =
                    switch count {
                    case 4: standalone ? .standaloneWeekdays : .weekdays
                    case 5: standalone ? .standaloneNarrowWeekdays : .narrowWeekdays
                    case 6: standalone ? .standaloneShorterWeekdays : .shorterWeekdays
                    default: standalone ? .standaloneShortWeekdays : .shortWeekdays
                    }
                guard let names = table(kind, needs: 8) else { return nil }
                piece = .text(.weekday, names)
            case "a":
                // aaaa and aaaaa are wide and narrow forms udat_getSymbols does not expose.
                guard count <= 3, let names = table(.amPms, needs: 2) else { return nil }
                piece = .text(.amPm, names)
            case "h", "H", "K", "k", "m", "s":
                guard count <= 9 else { return nil }
                let field: NumericField =
                    switch letter {
                    case "h": .hour1To12
                    case "H": .hour0To23
                    case "K": .hour0To11
                    case "k": .hour1To24
                    case "m": .minute
                    default: .second
                    }
                piece = .number(field, minDigits: count, maxDigits: 10)
            case "S":
                guard count <= 9 else { return nil }
                piece = .fraction(count: count)
            case "z", "v", "V", "O", "Z", "X", "x":
                guard let texts = zoneTexts(String(repeating: letter, count: count)) else { return nil }
                if texts.texts.count == 1 {
                    literal.append(contentsOf: texts.texts[0])
                    continue
                }
                piece = .zone(texts)
            default:
                return nil
            }
            flushLiteral()
            pieces.append(piece)
        }
        flushLiteral()
        let digits = symbols.digits
        let digitWidth = digits.map(\.count).max() ?? 1
        var capacity = 0
        for piece in pieces {
            switch piece {
            case .literal(let bytes): capacity += bytes.count
            case .number(_, let minDigits, _): capacity += max(minDigits, 10) * digitWidth
            case .text(_, let names): capacity += names.map(\.count).max() ?? 0
            case .fraction(let count): capacity += max(count, 3) * digitWidth
            case .zone(let texts): capacity += texts.texts.map(\.count).max() ?? 0
            }
        }
        self.pieces = pieces
        self.digits = digits
        self.asciiDigits = digits.enumerated().allSatisfy { $0.element == [UInt8(ascii: "0") + UInt8($0.offset)] }
        self.zone = zone
        self.capacity = capacity
        self.pattern = pattern
    }

    /// The formatted instant, or nil outside the compiled range (then ICU formats it).
    package func format(millis: Double) -> String? {
        guard millis >= Self.lowerBoundMillis, millis < Self.upperBoundMillis else { return nil }
        // ICU's calendar fields come from the instant floored to a millisecond.
        let instant = Int64(millis.rounded(.down))
        guard let offset = zone.offset(at: instant) else { return nil }
        let local = instant + Int64(offset)
        let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
        let millisInDay = Int(local - days * 86_400_000)
        // Civil date from days since 1970 (proleptic Gregorian; H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        // 1970-01-01 was a Thursday; ICU numbers weekdays 1 = Sunday … 7 = Saturday.
        let weekday = Int(((days + 4) % 7 + 7) % 7) + 1
        let hour = millisInDay / 3_600_000
        let minute = millisInDay / 60_000 % 60
        let second = millisInDay / 1000 % 60
        let milli = millisInDay % 1000
        let capacity = self.capacity
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var length = 0
            @inline(__always) func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    buffer[length] = byte
                    length += 1
                }
            }
            @inline(__always) func number(_ value: Int, minDigits: Int, maxDigits: Int) {
                var value = value
                if maxDigits < 10 {
                    var limit = 1
                    for _ in 0..<maxDigits { limit *= 10 }
                    value %= limit
                }
                var scratch: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                var count = 0
                withUnsafeMutableBytes(of: &scratch) { digitsOut in
                    repeat {
                        digitsOut[count] = UInt8(value % 10)
                        value /= 10
                        count += 1
                    } while value > 0 && count < 10
                    while count < minDigits && count < 10 {
                        digitsOut[count] = 0
                        count += 1
                    }
                    var position = count
                    while position > 0 {
                        position -= 1
                        let digit = Int(digitsOut[position])
                        if asciiDigits {
                            buffer[length] = UInt8(ascii: "0") + UInt8(digit)
                            length += 1
                        } else {
                            put(digits[digit])
                        }
                    }
                }
            }
            for piece in pieces {
                switch piece {
                case .literal(let bytes):
                    put(bytes)
                case .number(let field, let minDigits, let maxDigits):
                    let value: Int =
                        switch field {
                        case .year: year
                        case .month: month
                        case .day: day
                        case .hour0To23: hour
                        case .hour1To12: hour % 12 == 0 ? 12 : hour % 12
                        case .hour0To11: hour % 12
                        case .hour1To24: hour == 0 ? 24 : hour
                        case .minute: minute
                        case .second: second
                        }
                    number(value, minDigits: minDigits, maxDigits: maxDigits)
                case .text(let field, let names):
                    let index: Int =
                        switch field {
                        case .era: year >= 1 ? 1 : 0
                        case .month: month - 1
                        case .weekday: weekday
                        case .amPm: hour < 12 ? 0 : 1
                        }
                    put(names[index])
                case .fraction(let count):
                    let value = count == 1 ? milli / 100 : count == 2 ? milli / 10 : milli
                    number(value, minDigits: min(count, 3), maxDigits: 10)
                    if count > 3 { number(0, minDigits: count - 3, maxDigits: 10) }
                case .zone(let texts):
                    put(texts.text(at: instant))
                }
            }
            return length
        }
    }
}
