/// A date interval format compiled into Swift: what ICU's `DateIntervalFormat` decided for a
/// locale, skeleton and zone (read once from ICU, ``ICUDateIntervalCompiler``), run over the
/// compiled date patterns of ``CompiledDateFormat``.
///
/// ICU formats an interval by the greatest calendar field in which its two ends differ in the
/// formatter's zone (era, year, month, day, am/pm, hour, minute, second, millisecond):
/// - with that field's interval pattern, a first part over one end and a second part over the
///   other (the later end first when the pattern says so);
/// - without one, with the fallback pattern ("{0} – {1}") over both ends in one pattern (the
///   single-date pattern, or the one ICU keeps for that field); for a difference within a day
///   when the skeleton has date and time fields, with the locale's date-time pattern over the
///   fallback of the two times and the start's date;
/// - with the single-date pattern over the start when the ends are equal in every field, or
///   when the field is smaller than any the single-date pattern shows.
///
/// This type does the same over the patterns ICU chose. It formats only instants of the
/// compiled range (``format(from:to:)`` returns nil otherwise, and for a field whose patterns
/// did not compile; ICU then formats). `parlance bench --verify-date-intervals` proves the
/// output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock (ICU formats every
/// interval of the process under one mutex).
package final class CompiledDateInterval: @unchecked Sendable {
    /// The calendar fields an interval compares, greatest first; their index is the index of
    /// a plan's entries (``fieldCount`` stands for "equal in every field").
    package enum Field: Int, CaseIterable, Sendable {
        case era, year, month, day, amPm, hour, minute, second, millisecond
    }

    /// How many fields an interval compares (``Field``'s cases).
    package static let fieldCount = 9

    /// A two-argument pattern ("{0} – {1}") without its arguments: the text before, between and
    /// after them, and their order.
    package struct Template: Sendable, Hashable {
        package var prefix: String
        package var middle: String
        package var suffix: String
        /// Whether argument 0 comes before argument 1.
        package var zeroFirst: Bool

        package init(prefix: String, middle: String, suffix: String, zeroFirst: Bool) {
            self.prefix = prefix
            self.middle = middle
            self.suffix = suffix
            self.zeroFirst = zeroFirst
        }

        @inline(__always)
        func apply(_ zero: String, _ one: String) -> String {
            var text = prefix
            text.reserveCapacity(prefix.utf8.count + zero.utf8.count + middle.utf8.count + one.utf8.count + suffix.utf8.count)
            text += zeroFirst ? zero : one
            text += middle
            text += zeroFirst ? one : zero
            text += suffix
            return text
        }
    }

    /// What ICU's interval formatter decided, as it keeps it.
    package struct Plan: Sendable, Hashable {
        /// The single-date pattern.
        package var pattern: String
        /// Per ``Field``: the first and second part of the interval pattern (both empty: none;
        /// an empty first part: the second is the pattern of the fallback).
        package var firstParts: [String]
        package var secondParts: [String]
        /// Per ``Field``: whether the later end comes first.
        package var laterFirst: [Bool]
        /// Per ``Field``: whether the single-date pattern shows no field as small as it.
        package var ignored: [Bool]
        /// The fallback interval pattern.
        package var fallback: Template
        /// The date and time patterns of the same-day fallback (nil: the skeleton is not date
        /// and time fields both).
        package var datePattern: String?
        package var timePattern: String?
        /// The date-time pattern ({0} the times, {1} the date), when ICU has one.
        package var dateTime: Template?
        /// The calendar ICU formats in ("gregorian", …).
        package var calendar: String

        package init(
            pattern: String, firstParts: [String], secondParts: [String], laterFirst: [Bool], ignored: [Bool], fallback: Template,
            datePattern: String?, timePattern: String?, dateTime: Template?, calendar: String
        ) {
            self.pattern = pattern
            self.firstParts = firstParts
            self.secondParts = secondParts
            self.laterFirst = laterFirst
            self.ignored = ignored
            self.fallback = fallback
            self.datePattern = datePattern
            self.timePattern = timePattern
            self.dateTime = dateTime
            self.calendar = calendar
        }
    }

    /// How the intervals of one greatest differing field are written: plain values (unowned
    /// references), so that reading one retains nothing.
    enum Entry {
        /// The single-date pattern over the start.
        case single(Unmanaged<CompiledDateFormat>)
        /// An interval pattern: `first` over the start (the end when `laterFirst`), then
        /// `second`, when there is one, over the other end.
        case interval(first: Unmanaged<CompiledDateFormat>, second: Unmanaged<CompiledDateFormat>?, laterFirst: Bool)
        /// The fallback pattern over both ends in one pattern.
        case fallback(Unmanaged<CompiledDateFormat>)
        /// The date-time pattern over the fallback of the two times and the start's date.
        case dateAndTimes(time: Unmanaged<CompiledDateFormat>, date: Unmanaged<CompiledDateFormat>)
        /// Not compiled: ICU formats.
        case icu
    }

    /// One entry per ``Field`` and one for equal ends (index ``fieldCount``).
    private let entries: UnsafeMutableBufferPointer<Entry>
    /// The compiled patterns the entries name (kept alive here).
    private let formats: [CompiledDateFormat]
    private let fallback: Template
    private let dateTime: Template
    private let zoneRef: Unmanaged<CompiledDateFormat.ZoneOffsets>
    /// The plan compiled.
    package let plan: Plan

    /// Compiles `plan`, with `compile` giving the compiled form of a pattern (nil: not
    /// compiled); nil when no entry compiles.
    init?(plan: Plan, zone: CompiledDateFormat.ZoneOffsets, compile: (String) -> CompiledDateFormat?) {
        let count = Self.fieldCount
        guard plan.firstParts.count == count, plan.secondParts.count == count, plan.laterFirst.count == count, plan.ignored.count == count
        else { return nil }
        var formats: [CompiledDateFormat] = []
        var byPattern: [String: CompiledDateFormat?] = [:]
        func compiled(_ pattern: String) -> Unmanaged<CompiledDateFormat>? {
            let format: CompiledDateFormat?
            if let known = byPattern[pattern] {
                format = known
            } else {
                format = compile(pattern)
                byPattern[pattern] = format
                if let format { formats.append(format) }
            }
            return format.map { Unmanaged.passUnretained($0) }
        }
        func fallbackEntry(_ pattern: String, sameDay: Bool) -> Entry {
            if sameDay, let datePattern = plan.datePattern, let timePattern = plan.timePattern {
                guard plan.dateTime != nil, let time = compiled(timePattern), let date = compiled(datePattern) else { return .icu }
                return .dateAndTimes(time: time, date: date)
            }
            return compiled(pattern).map { .fallback($0) } ?? .icu
        }
        var entries: [Entry] = []
        // Every instant of the compiled range is in the common era: the era entry is never
        // used, and its patterns (with the era field, often as narrow as "GGGGG") are left to ICU.
        entries.append(.icu)
        for field in Field.allCases.dropFirst() {
            let first = plan.firstParts[field.rawValue]
            let second = plan.secondParts[field.rawValue]
            let sameDay = field.rawValue >= Field.amPm.rawValue
            if first.isEmpty && second.isEmpty {
                entries.append(
                    plan.ignored[field.rawValue]
                        ? compiled(plan.pattern).map { .single($0) } ?? .icu : fallbackEntry(plan.pattern, sameDay: sameDay))
            } else if first.isEmpty {
                entries.append(fallbackEntry(second, sameDay: sameDay))
            } else if let head = compiled(first) {
                if second.isEmpty {
                    entries.append(.interval(first: head, second: nil, laterFirst: plan.laterFirst[field.rawValue]))
                } else if let tail = compiled(second) {
                    entries.append(.interval(first: head, second: tail, laterFirst: plan.laterFirst[field.rawValue]))
                } else {
                    entries.append(.icu)
                }
            } else {
                entries.append(.icu)
            }
        }
        entries.append(compiled(plan.pattern).map { .single($0) } ?? .icu)
        guard entries.contains(where: { if case .icu = $0 { false } else { true } }) else { return nil }
        self.entries = .allocate(copying: entries)
        self.formats = formats
        self.fallback = plan.fallback
        self.dateTime = plan.dateTime ?? plan.fallback
        self.zoneRef = Unmanaged.passRetained(zone)
        self.plan = plan
    }

    deinit {
        entries.deallocate()
        zoneRef.release()
    }

    /// Whether the intervals of every field that differs within the compiled range (all but
    /// the era) are compiled: none is left to ICU.
    package var isComplete: Bool { uncompiledFields.isEmpty }

    /// The fields (all but the era) whose intervals ICU formats, because a pattern of theirs
    /// does not compile.
    package var uncompiledFields: [Field] {
        Field.allCases.dropFirst().filter {
            if case .icu = entries[$0.rawValue] { return true }
            return false
        }
    }

    /// The interval from `start` to `end` (milliseconds since 1970), or nil when ICU formats it:
    /// an end outside the compiled range, or a greatest differing field not compiled.
    package func format(from start: Double, to end: Double) -> String? {
        guard start >= CompiledDateFormat.lowerBoundMillis, start < CompiledDateFormat.upperBoundMillis,
            end >= CompiledDateFormat.lowerBoundMillis, end < CompiledDateFormat.upperBoundMillis
        else { return nil }
        // ICU's calendar fields come from the instants floored to a millisecond.
        let from = Int64(start.rounded(.down))
        let to = Int64(end.rounded(.down))
        guard
            let (fromOffset, toOffset) = zoneRef._withUnsafeGuaranteedRef({ zone in zone.offset(at: from).flatMap { a in zone.offset(at: to).map { (a, $0) } } }
            )
        else { return nil }
        let index = Self.greatestDifference(from + Int64(fromOffset), to + Int64(toOffset))
        switch entries[index] {
        case .single(let format):
            return format._withUnsafeGuaranteedRef { $0.format(millis: start) }
        case .interval(let first, let second, let laterFirst):
            guard let head = first._withUnsafeGuaranteedRef({ $0.format(millis: laterFirst ? end : start) }) else { return nil }
            guard let second else { return head }
            guard let tail = second._withUnsafeGuaranteedRef({ $0.format(millis: laterFirst ? start : end) }) else { return nil }
            return head + tail
        case .fallback(let format):
            return format._withUnsafeGuaranteedRef { format in
                guard let zero = format.format(millis: start), let one = format.format(millis: end) else { return nil }
                return fallback.apply(zero, one)
            }
        case .dateAndTimes(let time, let date):
            let times = time._withUnsafeGuaranteedRef { time -> String? in
                guard let zero = time.format(millis: start), let one = time.format(millis: end) else { return nil }
                return fallback.apply(zero, one)
            }
            guard let times, let day = date._withUnsafeGuaranteedRef({ $0.format(millis: start) }) else { return nil }
            return dateTime.apply(times, day)
        case .icu:
            return nil
        }
    }

    /// The index of the greatest ``Field`` in which two local times (milliseconds since 1970
    /// shifted by the zone's offset) differ, or ``fieldCount`` when they are equal. Every
    /// instant of the compiled range is in the common era, so the eras never differ.
    @inline(__always)
    static func greatestDifference(_ a: Int64, _ b: Int64) -> Int {
        let dayA = a >= 0 ? a / 86_400_000 : (a - 86_399_999) / 86_400_000
        let dayB = b >= 0 ? b / 86_400_000 : (b - 86_399_999) / 86_400_000
        if dayA != dayB {
            let dateA = CompiledDateFormat.civilDate(days: dayA)
            let dateB = CompiledDateFormat.civilDate(days: dayB)
            if dateA.year != dateB.year { return Field.year.rawValue }
            return dateA.month != dateB.month ? Field.month.rawValue : Field.day.rawValue
        }
        // The same day: each field differs exactly when the time of day truncated to it does.
        let timeA = a - dayA * 86_400_000
        let timeB = b - dayB * 86_400_000
        if timeA / 43_200_000 != timeB / 43_200_000 { return Field.amPm.rawValue }
        if timeA / 3_600_000 != timeB / 3_600_000 { return Field.hour.rawValue }
        if timeA / 60_000 != timeB / 60_000 { return Field.minute.rawValue }
        if timeA / 1000 != timeB / 1000 { return Field.second.rawValue }
        return timeA != timeB ? Field.millisecond.rawValue : fieldCount
    }
}
