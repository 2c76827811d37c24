internal import CICU

/// Owns an ICU relative date-time formatter (`URelativeDateTimeFormatter`).
///
/// `Sendable` notes: ICU documents `RelativeDateTimeFormatter` as immutable and thread-safe
/// (reldatefmt.h); the only caveats (assignment, adopted pointers) never apply here.
package final class ICURelativeFormatter: @unchecked Sendable {
    private let handle: OpaquePointer

    private struct Key: Hashable, Sendable {
        var locale: String
        var style: Int32
    }

    private static let cache = LRUCache<Key, ICURelativeFormatter>(capacity: 1024)

    package static func cached(locale: LocaleID, style: Int32) throws(ParlanceError) -> ICURelativeFormatter {
        try cache.value(for: Key(locale: locale.identifier, style: style)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_relativeFormatterOpen(locale.identifier, style, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a relative time formatter for \(locale.identifier)")
            }
            return ICURelativeFormatter(handle: handle)
        }
    }

    package static var cachedCount: Int { cache.count }

    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { CICU_relativeFormatterClose(handle) }

    /// `value` units from now; `numericAuto` uses words such as "tomorrow" where the locale has them.
    package func format(_ value: Double, unit: Int32, numericAuto: Bool) throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf16 { CICU_relativeFormat(handle, value, unit, numericAuto, $0, $1, $2) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the relative time \(value)")
        }
    }
}

/// Owns an ICU list formatter (`UListFormatter`) and, where it compiles, the Swift
/// ``CompiledListFormat`` derived from it, which formats instead of ICU.
///
/// `Sendable` notes: `ListFormatter::format` is a const method over immutable pattern data and
/// the shim keeps no state per handle (see relative_list.c); the compiled format is immutable;
/// concurrency tests and ThreadSanitizer runs cover shared use.
package final class ICUListFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The formatter compiled into Swift, used for every list; nil when it does not compile
    /// (see ``fallback``).
    package let compiled: CompiledListFormat?
    /// ``compiled`` without a reference count: formatting calls it through
    /// `_withUnsafeGuaranteedRef`, which neither retains nor releases, so that threads sharing
    /// one formatter do not all write its count (``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledListFormat>?
    /// Why there is no compiled path, when there is none.
    package let fallback: ListCompileFallback?

    private struct Key: Hashable, Sendable {
        var locale: String
        var type: Int32
        var width: Int32
    }

    private static let cache = LRUCache<Key, ICUListFormatter>(capacity: 1024)

    package static func cached(locale: LocaleID, type: Int32, width: Int32) throws(ParlanceError) -> ICUListFormatter {
        try cache.value(for: Key(locale: locale.identifier, type: type, width: width)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_listFormatterOpen(locale.identifier, type, width, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a list formatter for \(locale.identifier)")
            }
            return ICUListFormatter(handle: handle, language: Self.language(of: locale.identifier))
        }
    }

    package static var cachedCount: Int { cache.count }

    private init(handle: OpaquePointer, language: String) {
        self.handle = handle
        (compiled, fallback) = ListCompiler.compile(language: language) { items throws(ICUStatusError) in
            try Self.icuFormat(handle, items)
        }
        compiledRef = compiled.map { Unmanaged.passUnretained($0) }
    }
    deinit { CICU_listFormatterClose(handle) }

    /// The language subtag of an ICU locale id, as `Locale::getLanguage()` gives it ("es" for
    /// "es_419", "he" for "he_IL@calendar=hebrew").
    static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }).lowercased()
    }

    /// The items joined: by the compiled format where there is one, else by ICU.
    package func format(_ items: [String]) -> String {
        if let compiledRef { return compiledRef._withUnsafeGuaranteedRef { $0.format(items) } }
        return (try? Self.icuFormat(handle, items)) ?? items.joined(separator: ", ")
    }

    /// The items joined by ICU itself (`ulistfmt_formatStringsToResult`), never the compiled
    /// format: what `--verify-lists` compares the compiled output with.
    package func icuFormat(_ items: [String]) throws(ICUStatusError) -> String {
        try Self.icuFormat(handle, items)
    }

    private static func icuFormat(_ handle: OpaquePointer, _ items: [String]) throws(ICUStatusError) -> String {
        // The items go over as one UTF-8 buffer cut by lengths, in temporary (stack) storage;
        // the shim widens them to UTF-16 itself and writes the list back as UTF-8, which
        // `ICUOutput.utf8` turns into the String (Swift strings are UTF-8: no UTF-16 on this side).
        var totalBytes = 0
        for item in items { totalBytes += item.utf8.count }
        let result: Result<String, ICUStatusError> = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(totalBytes, 1)) { joined in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(items.count, 1)) { lengths in
                var offset = 0
                for index in items.indices {
                    let utf8 = items[index].utf8
                    let count = utf8.count
                    let target = UnsafeMutableBufferPointer(rebasing: joined[offset..<(offset + count)])
                    let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
                        UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(bytes))
                    }
                    if copied == nil { _ = target.initialize(from: utf8) }
                    lengths[index] = Int32(count)
                    offset += count
                }
                // Room for the items and the locale's connectors ("、", " und ", ", and ") in
                // one round; a longer list costs a second, exactly sized round.
                return joined.withMemoryRebound(to: CChar.self) { bytes -> Result<String, ICUStatusError> in
                    do throws(ICUStatusError) {
                        return .success(
                            try ICUOutput.utf8(initialCapacity: min(totalBytes + 32 * items.count + 64, Int(Int32.max) - 1)) { out, capacity, status in
                                CICU_listFormatUTF8(handle, bytes.baseAddress, lengths.baseAddress, Int32(items.count), out, capacity, status)
                            })
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        return try result.get()
    }
}

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

/// Parses locale-formatted numbers back (unum_parseDecimal), for round-trip checks.
package enum ICUNumberParser {
    /// The decimal ICU reads from `text` in `locale`'s decimal style, and how many UTF-16 units
    /// it consumed; nil when ICU cannot parse it.
    package static func parseDecimal(_ text: String, locale: LocaleID) -> (decimal: String, consumed: Int)? {
        let units = Array(text.utf16)
        var consumed: Int32 = 0
        let decimal = try? ICUOutput.utf8 { out, capacity, status in
            units.withUnsafeBufferPointer { CICU_numberParseDecimal(locale.identifier, $0.baseAddress, Int32($0.count), &consumed, out, capacity, status) }
        }
        guard let decimal else { return nil }
        return (decimal, Int(consumed))
    }
}

extension ListFormat.ListType {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .and: CICU_LIST_TYPE_AND
        case .or: CICU_LIST_TYPE_OR
        case .units: CICU_LIST_TYPE_UNITS
        }
    }
}

extension ListFormat.Width {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .wide: CICU_LIST_WIDTH_WIDE
        case .short: CICU_LIST_WIDTH_SHORT
        case .narrow: CICU_LIST_WIDTH_NARROW
        }
    }
}

extension RelativeTimeFormat.Unit {
    /// The shim's constant for this value.
    var icu: Int32 {
        switch self {
        case .year: CICU_RELATIVE_UNIT_YEAR
        case .quarter: CICU_RELATIVE_UNIT_QUARTER
        case .month: CICU_RELATIVE_UNIT_MONTH
        case .week: CICU_RELATIVE_UNIT_WEEK
        case .day: CICU_RELATIVE_UNIT_DAY
        case .hour: CICU_RELATIVE_UNIT_HOUR
        case .minute: CICU_RELATIVE_UNIT_MINUTE
        case .second: CICU_RELATIVE_UNIT_SECOND
        }
    }
}

extension RelativeTimeFormat.Style {
    /// The shim's constant for this value.
    var icu: Int32 {
        switch self {
        case .long: CICU_RELATIVE_STYLE_LONG
        case .short: CICU_RELATIVE_STYLE_SHORT
        case .narrow: CICU_RELATIVE_STYLE_NARROW
        }
    }
}

extension DurationFormat.Style {
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

extension DurationFormat.Unit {
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
