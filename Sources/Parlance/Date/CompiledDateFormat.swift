/// A date pattern compiled into Swift: the pattern ICU chose for a skeleton or for
/// date/time styles, run over the Gregorian fields of an instant with the names, digits and
/// zone offsets ICU gave at compile time.
///
/// It covers what it can format exactly as `udat_format` does and nothing else: a pattern with
/// a field it does not implement does not compile (``init(pattern:symbols:zone:zoneTexts:)``
/// returns nil), and an instant outside ``lowerBoundMillis`` ..< ``upperBoundMillis`` is not
/// formatted (``format(millis:)`` returns nil); the owner (``ICUDateFormatter``) then asks ICU.
/// `parlance bench --verify-dates` proves the output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock. Its steps, bytes and
/// zone tables live in memory it owns, not in Swift arrays or enum payloads, so that formatting
/// on many threads at once touches no reference count (each retain and release of a shared
/// array writes one cache line that every core then fights over, and two threads would not get
/// near twice the formatting of one).
package final class CompiledDateFormat: @unchecked Sendable {
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
    ///
    /// Its tables live in memory it owns (not Swift arrays), so that reading them on many
    /// threads at once touches no reference count; immutable after `init`.
    package final class ZoneOffsets: @unchecked Sendable {
        /// Start of each interval (ms since 1970), ascending; the first is the table's start.
        let starts: UnsafeMutableBufferPointer<Int64>
        /// Offset (ms) from `starts[i]` until `starts[i + 1]` (or `end`).
        let offsets: UnsafeMutableBufferPointer<Int32>
        let end: Int64

        package init(starts: [Int64], offsets: [Int32], end: Int64) {
            precondition(starts.count == offsets.count && !starts.isEmpty, "a zone table needs one offset per interval")
            self.starts = .allocate(copying: starts)
            self.offsets = .allocate(copying: offsets)
            self.end = end
        }

        deinit {
            starts.deallocate()
            offsets.deallocate()
        }

        /// Where each interval starts (the first is the table's start).
        package var intervalStarts: [Int64] { Array(starts) }

        /// Whether the zone keeps one offset throughout the table.
        package var isFixed: Bool { offsets.count == 1 }

        @inline(__always)
        func offset(at millis: Int64) -> Int32? {
            guard millis >= starts[0], millis < end else { return nil }
            return offsets[CompiledDateFormat.intervalIndex(UnsafeBufferPointer(starts), millis)]
        }
    }

    /// The text ICU writes for a time-zone field run ("z", "zzzz", "XXX"…) over the compiled
    /// range, per interval in which it cannot change (the owner splits the range wherever the
    /// text's inputs change: the zone's offsets and DST, its metazone).
    ///
    /// Its tables live in memory it owns, as ``ZoneOffsets``'s do; immutable after `init`.
    package final class ZoneTexts: @unchecked Sendable {
        let starts: UnsafeMutableBufferPointer<Int64>
        /// Every text's bytes, back to back; `spans[i]` locates `texts[i]`.
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let spans: UnsafeMutableBufferPointer<Span>
        /// The longest text, in bytes.
        let maximumLength: Int

        /// `texts[i]` holds from `starts[i]` (ms since 1970; the first covers everything before)
        /// until `starts[i + 1]`.
        package init(starts: [Int64], texts: [[UInt8]]) {
            precondition(starts.count == texts.count && !starts.isEmpty, "a zone text table needs one text per interval")
            self.starts = .allocate(copying: starts)
            var flat = FlatBytes()
            self.spans = .allocate(copying: texts.map { flat.append($0) })
            self.bytes = .allocate(copying: flat.bytes)
            self.maximumLength = texts.map(\.count).max() ?? 0
        }

        deinit {
            starts.deallocate()
            bytes.deallocate()
            spans.deallocate()
        }

        /// The texts, one per interval (tests and the compiler read them; formatting does not).
        package var texts: [[UInt8]] { spans.map { Array(bytes[$0.range]) } }

        @inline(__always)
        func span(at millis: Int64) -> Span { spans[CompiledDateFormat.intervalIndex(UnsafeBufferPointer(starts), millis)] }
    }

    /// Where some bytes are in a formatter's byte table.
    struct Span: Sendable {
        var start: Int32
        var count: Int32

        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    /// Bytes collected while compiling, then moved into memory the formatter owns.
    struct FlatBytes {
        var bytes: [UInt8] = []

        mutating func append(_ part: [UInt8]) -> Span {
            let span = Span(start: Int32(bytes.count), count: Int32(part.count))
            bytes += part
            return span
        }
    }

    /// The index of the interval holding `millis`: the last start ≤ `millis` (0 before all).
    @inline(__always)
    static func intervalIndex(_ starts: UnsafeBufferPointer<Int64>, _ millis: Int64) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) >> 1
            if starts[middle] <= millis { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The year, month (1…12) and day of the day `days` after 1970-01-01 in the proleptic
    /// Gregorian calendar (H. Hinnant's algorithm).
    @inline(__always)
    static func civilDate(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }

    enum NumericField: UInt8, Sendable {
        case year, month, day, hour0To23, hour1To12, hour0To11, hour1To24, minute, second
    }

    enum TextField: UInt8, Sendable {
        case era, month, weekday, amPm
    }

    /// What one step of the pattern writes.
    enum StepKind: UInt8, Sendable {
        /// The bytes at `first`, `count` of them.
        case literal
        /// A numeric field (`field`), `minDigits`…`maxDigits` digits.
        case number
        /// A name of a text field (`field`): the names' spans start at `spans[first]`, `count`
        /// of them.
        case text
        /// `S`…: the milliseconds cut to `count` digits (left-justified), zeros past three.
        case fraction
        /// A time-zone field: the table `zoneTextRefs[first]`.
        case zone
    }

    /// One step of the compiled pattern: plain values, so that reading it retains nothing.
    struct Step: Sendable {
        var kind: StepKind
        /// The raw value of a ``NumericField`` or ``TextField``.
        var field: UInt8 = 0
        var minDigits: Int32 = 0
        var maxDigits: Int32 = 0
        var first: Int32 = 0
        var count: Int32 = 0
    }

    /// The steps of the pattern, in order.
    private let steps: UnsafeMutableBufferPointer<Step>
    /// Every literal and name, back to back.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where each digit (the first ten spans) and each name is in ``bytes``.
    private let spans: UnsafeMutableBufferPointer<Span>
    /// The zone text tables the steps name, retained by `init` and released by `deinit`;
    /// formatting reads them through `_withUnsafeGuaranteedRef`, which neither retains nor
    /// releases.
    private let zoneTextRefs: UnsafeMutableBufferPointer<Unmanaged<ZoneTexts>>
    private let asciiDigits: Bool
    /// The zone's offsets, retained and released the same way.
    private let zoneRef: Unmanaged<ZoneOffsets>
    /// An upper bound on the UTF-8 length of any output.
    private let capacity: Int
    /// The pattern compiled.
    package let pattern: String

    /// Compiles `pattern`, or returns nil when it holds a field this formatter does not
    /// implement exactly. `zoneTexts` gives the table of a time-zone field run (e.g. "zzzz")
    /// when the owner can build one that is exact (nil: not compiled).
    package init?(pattern: String, symbols: Symbols, zone: ZoneOffsets, zoneTexts: (String) -> ZoneTexts?) {
        guard symbols.digits.count == 10 else { return nil }
        var flat = FlatBytes()
        var spans = symbols.digits.map { flat.append($0) }
        var steps: [Step] = []
        var zoneTables: [ZoneTexts] = []
        var literal: [UInt8] = []
        var capacity = 0
        let digitWidth = symbols.digits.map(\.count).max() ?? 1
        func flushLiteral() {
            if !literal.isEmpty {
                let span = flat.append(literal)
                steps.append(Step(kind: .literal, first: span.start, count: span.count))
                capacity += literal.count
                literal = []
            }
        }
        /// The names of `kind` as a text step's spans, if ICU gave at least `count` of them.
        func names(_ kind: Symbols.Kind, needs count: Int, field: TextField) -> Step? {
            guard let table = symbols.tables[kind], table.count >= count else { return nil }
            let first = Int32(spans.count)
            spans += table.map { flat.append($0) }
            capacity += table.map(\.count).max() ?? 0
            return Step(kind: .text, field: field.rawValue, first: first, count: Int32(table.count))
        }
        func number(_ field: NumericField, minDigits: Int, maxDigits: Int) -> Step {
            capacity += max(minDigits, 10) * digitWidth
            return Step(kind: .number, field: field.rawValue, minDigits: Int32(minDigits), maxDigits: Int32(maxDigits))
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
            // Literal bytes before this field are written first.
            flushLiteral()
            let step: Step
            switch letter {
            case "G":
                guard count <= 4, let names = names(count == 4 ? .eraNames : .eras, needs: 2, field: .era) else { return nil }
                step = names
            case "y":
                guard count <= 9 else { return nil }
                step = number(.year, minDigits: count, maxDigits: count == 2 ? 2 : 10)
            case "M", "L":
                guard count <= 5 else { return nil }
                if count <= 2 {
                    step = number(.month, minDigits: count, maxDigits: 10)
                } else {
                    let standalone = letter == "L"
                    let kind: Symbols.Kind =
                        switch count {
                        case 3: standalone ? .standaloneShortMonths : .shortMonths
                        case 4: standalone ? .standaloneMonths : .months
                        default: standalone ? .standaloneNarrowMonths : .narrowMonths
                        }
                    guard let names = names(kind, needs: 12, field: .month) else { return nil }
                    step = names
                }
            case "d":
                guard count <= 9 else { return nil }
                step = number(.day, minDigits: count, maxDigits: 10)
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
                guard let names = names(kind, needs: 8, field: .weekday) else { return nil }
                step = names
            case "a":
                // aaaa and aaaaa are wide and narrow forms udat_getSymbols does not expose.
                guard count <= 3, let names = names(.amPms, needs: 2, field: .amPm) else { return nil }
                step = names
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
                step = number(field, minDigits: count, maxDigits: 10)
            case "S":
                guard count <= 9 else { return nil }
                capacity += max(count, 3) * digitWidth
                step = Step(kind: .fraction, count: Int32(count))
            case "z", "v", "V", "O", "Z", "X", "x":
                guard let texts = zoneTexts(String(repeating: letter, count: count)) else { return nil }
                let spans = texts.spans
                if spans.count == 1 {
                    literal.append(contentsOf: texts.bytes[spans[0].range])
                    continue
                }
                capacity += texts.maximumLength
                step = Step(kind: .zone, first: Int32(zoneTables.count))
                zoneTables.append(texts)
            default:
                return nil
            }
            steps.append(step)
        }
        flushLiteral()
        let digits = symbols.digits
        self.asciiDigits = digits.enumerated().allSatisfy { $0.element == [UInt8(ascii: "0") + UInt8($0.offset)] }
        self.steps = .allocate(copying: steps)
        self.bytes = .allocate(copying: flat.bytes)
        self.spans = .allocate(copying: spans)
        self.zoneTextRefs = .allocate(copying: zoneTables.map { Unmanaged.passRetained($0) })
        self.zoneRef = Unmanaged.passRetained(zone)
        self.capacity = capacity
        self.pattern = pattern
    }

    deinit {
        steps.deallocate()
        bytes.deallocate()
        spans.deallocate()
        for table in zoneTextRefs { table.release() }
        zoneTextRefs.deallocate()
        zoneRef.release()
    }

    /// The formatted instant, or nil outside the compiled range (then ICU formats it).
    package func format(millis: Double) -> String? { write(millis: millis, ends: nil) }

    /// The parts of the formatted instant (one per step of the pattern, adjacent steps of one
    /// kind joined, as ICU's fields give them), or nil outside the compiled range.
    package func formatParts(millis: Double) -> [FormatPart]? {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(steps.count, 1)) { ends -> [FormatPart]? in
            guard var text = write(millis: millis, ends: ends) else { return nil }
            var parts: [FormatPart] = []
            parts.reserveCapacity(steps.count)
            text.withUTF8 { bytes in
                var start = 0
                for (index, step) in steps.enumerated() {
                    let end = Int(ends[index])
                    CompiledParts.append(
                        FormatPart(kind: Self.partKind(step), value: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)),
                        to: &parts)
                    start = end
                }
            }
            return parts
        }
    }

    /// The part kind of what a step writes (ECMA-402's types for ICU's date fields).
    private static func partKind(_ step: Step) -> FormatPart.Kind {
        switch step.kind {
        case .literal: .literal
        case .number:
            switch NumericField(rawValue: step.field) ?? .year {
            case .year: .year
            case .month: .month
            case .day: .day
            case .hour0To23, .hour1To12, .hour0To11, .hour1To24: .hour
            case .minute: .minute
            case .second: .second
            }
        case .text:
            switch TextField(rawValue: step.field) ?? .era {
            case .era: .era
            case .month: .month
            case .weekday: .weekday
            case .amPm: .dayPeriod
            }
        case .fraction: .fractionalSecond
        case .zone: .timeZoneName
        }
    }

    /// Writes the instant; when `ends` is given, records there the UTF-8 length written after
    /// each step (one entry per step).
    @inline(__always)
    private func write(millis: Double, ends: UnsafeMutableBufferPointer<Int32>?) -> String? {
        guard millis >= Self.lowerBoundMillis, millis < Self.upperBoundMillis else { return nil }
        // ICU's calendar fields come from the instant floored to a millisecond.
        let instant = Int64(millis.rounded(.down))
        guard let offset = zoneRef._withUnsafeGuaranteedRef({ $0.offset(at: instant) }) else { return nil }
        let local = instant + Int64(offset)
        let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
        let millisInDay = Int(local - days * 86_400_000)
        let (year, month, day) = Self.civilDate(days: days)
        // 1970-01-01 was a Thursday; ICU numbers weekdays 1 = Sunday … 7 = Saturday.
        let weekday = Int(((days + 4) % 7 + 7) % 7) + 1
        let hour = millisInDay / 3_600_000
        let minute = millisInDay / 60_000 % 60
        let second = millisInDay / 1000 % 60
        let milli = millisInDay % 1000
        let steps = UnsafeBufferPointer(self.steps)
        let bytes = UnsafeBufferPointer(self.bytes)
        let spans = UnsafeBufferPointer(self.spans)
        let zoneTextRefs = UnsafeBufferPointer(self.zoneTextRefs)
        let asciiDigits = self.asciiDigits
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var length = 0
            @inline(__always) func put(_ span: Span, from source: UnsafeBufferPointer<UInt8>) {
                var index = Int(span.start)
                let end = index + Int(span.count)
                while index < end {
                    buffer[length] = source[index]
                    length += 1
                    index += 1
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
                            put(spans[digit], from: bytes)
                        }
                    }
                }
            }
            for (stepIndex, step) in steps.enumerated() {
                defer { ends?[stepIndex] = Int32(length) }
                switch step.kind {
                case .literal:
                    put(Span(start: step.first, count: step.count), from: bytes)
                case .number:
                    let value: Int =
                        switch NumericField(rawValue: step.field) ?? .year {
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
                    number(value, minDigits: Int(step.minDigits), maxDigits: Int(step.maxDigits))
                case .text:
                    let index: Int =
                        switch TextField(rawValue: step.field) ?? .era {
                        case .era: year >= 1 ? 1 : 0
                        case .month: month - 1
                        case .weekday: weekday
                        case .amPm: hour < 12 ? 0 : 1
                        }
                    put(spans[Int(step.first) + index], from: bytes)
                case .fraction:
                    let count = Int(step.count)
                    let value = count == 1 ? milli / 100 : count == 2 ? milli / 10 : milli
                    number(value, minDigits: min(count, 3), maxDigits: 10)
                    if count > 3 { number(0, minDigits: count - 3, maxDigits: 10) }
                case .zone:
                    zoneTextRefs[Int(step.first)]._withUnsafeGuaranteedRef { texts in
                        put(texts.span(at: instant), from: UnsafeBufferPointer(texts.bytes))
                    }
                }
            }
            return length
        }
    }
}
