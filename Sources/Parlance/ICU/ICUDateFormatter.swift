internal import CICU

/// Owns an ICU date formatter (`UDateFormat`) for a pattern or styles, in one time zone.
///
/// `Sendable` notes: `UDateFormat` is not thread-safe (formatting sets its calendar's time), so
/// the shim formats under a mutex owned by the handle; everything else here is immutable.
package final class ICUDateFormatter: @unchecked Sendable {
    /// ICU's formatter: open while it is needed. A formatter whose pattern compiled
    /// (``compiled``) closes it once compiled and opens it again the first time an instant
    /// needs ICU (to keep the all-locale sweep under 150 MB of resident memory: an ICU date
    /// formatter holds a copy of its locale's date symbols, tens of kilobytes, and the compiled
    /// path never uses it). Opened once, it stays open until the formatter is released.
    private let handle: Locked<OpaquePointer?>
    /// How to open the ICU formatter again: its locale, zone and pattern or styles.
    private let opening: Opening
    /// The ICU pattern in use, e.g. "MMM d, y".
    package let pattern: String
    /// The pattern compiled into Swift, used first for instants it covers; nil when
    /// the pattern, calendar or digits are not covered (see ``fallback``).
    package let compiled: CompiledDateFormat?
    /// ``compiled`` without a reference count: formatting calls it through
    /// `_withUnsafeGuaranteedRef`, which neither retains nor releases, so that threads sharing
    /// one formatter do not all write its count (``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledDateFormat>?
    /// The compiled parts (``compiledParts``), made and checked on first use.
    let partsSlot = CompiledPartsSlot<CompiledDateParts>()
    /// Why there is no compiled path, when there is none.
    package let fallback: ICUDateCompiler.Fallback?

    package enum Spec: Hashable, Sendable {
        case skeleton(String)
        case styles(date: Int32, time: Int32)
        /// An ICU pattern as is (internal: the compiler reads zone field texts with it; never
        /// compiled itself).
        case pattern(String)
    }

    private struct Key: Hashable, Sendable {
        var locale: String
        var spec: Spec
        var zone: String
    }

    /// What opens the ICU formatter: a pattern (ICU's best pattern for a skeleton, or a pattern
    /// as is) or date and time styles, in a locale and zone.
    private struct Opening: Sendable {
        enum Form: Sendable {
            case pattern([UInt16])
            case styles(date: Int32, time: Int32)
        }
        let locale: String
        let zone: [UInt16]
        let form: Form

        /// A new ICU formatter; ICU's status when it refuses.
        func open() -> (OpaquePointer?, Int32) {
            var status: Int32 = 0
            let opened = zone.withUnsafeBufferPointer { z -> OpaquePointer? in
                switch form {
                case .pattern(let pattern):
                    pattern.withUnsafeBufferPointer { p in
                        CICU_dateFormatterOpenPattern(locale, p.baseAddress, Int32(p.count), z.baseAddress, Int32(z.count), &status)
                    }
                case .styles(let date, let time):
                    CICU_dateFormatterOpenStyles(locale, date, time, z.baseAddress, Int32(z.count), &status)
                }
            }
            return (opened, status)
        }
    }

    private static let cache = LRUCache<Key, ICUDateFormatter>(capacity: 1024)

    /// A shared formatter, compiled on first use. `zone` must already be validated.
    package static func cached(locale: LocaleID, spec: Spec, zone: String) throws(ParlanceError) -> ICUDateFormatter {
        try cache.value(for: Key(locale: locale.identifier, spec: spec, zone: zone)) { () throws(ParlanceError) in
            try ICUDateFormatter(locale: locale, spec: spec, zone: zone)
        }
    }

    /// A formatter for one use, not cached: the date compiler reads zone field texts with one
    /// (caching it would hold an ICU formatter per locale and zone and push out the formatters
    /// that callers use).
    package static func uncached(locale: LocaleID, spec: Spec, zone: String) throws(ParlanceError) -> ICUDateFormatter {
        try ICUDateFormatter(locale: locale, spec: spec, zone: zone)
    }

    package static func resetCache() { cache.removeAll() }
    package static var cachedCount: Int { cache.count }

    private init(locale: LocaleID, spec: Spec, zone: String) throws(ParlanceError) {
        let zoneUnits = Array(zone.utf16)
        let opening: Opening
        let opened: OpaquePointer
        switch spec {
        case .skeleton(let skeleton):
            let bestPattern = try Self.bestPattern(locale: locale, skeleton: skeleton)
            opening = Opening(locale: locale.identifier, zone: zoneUnits, form: .pattern(Array(bestPattern.utf16)))
            let (made, status) = opening.open()
            guard let made, status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(
                    .invalidSkeleton, "ICU rejects the pattern \(quoted(bestPattern)) for the date skeleton \(quoted(skeleton))")
            }
            opened = made
        case .pattern(let pattern):
            opening = Opening(locale: locale.identifier, zone: zoneUnits, form: .pattern(Array(pattern.utf16)))
            let (made, status) = opening.open()
            guard let made, status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.invalidSkeleton, "ICU rejects the date pattern \(quoted(pattern))")
            }
            opened = made
        case .styles(let date, let time):
            opening = Opening(locale: locale.identifier, zone: zoneUnits, form: .styles(date: date, time: time))
            let (made, status) = opening.open()
            guard let made, status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a date formatter for \(locale.identifier)")
            }
            opened = made
        }
        self.opening = opening
        handle = Locked(opened)
        let pattern = (try? ICUOutput.utf16 { CICU_dateFormatterPattern(opened, $0, $1, $2) }) ?? ""
        self.pattern = pattern
        if case .pattern = spec {
            (self.compiled, self.fallback) = (nil, .field)
        } else {
            (self.compiled, self.fallback) = ICUDateCompiler.compile(locale: locale, zone: zone, pattern: pattern) { millis in
                try? Self.icuFormat(handle: opened, millis: millis)
            }
        }
        self.compiledRef = compiled.map { Unmanaged.passUnretained($0) }
        if compiled != nil {
            handle.withLock { slot in
                CICU_dateFormatterClose(opened)
                slot = nil
            }
        }
    }

    deinit {
        if let opened = handle.withLock({ $0 }) { CICU_dateFormatterClose(opened) }
    }

    /// ICU's formatter, opened again if it was closed after compiling.
    func openHandle() throws(ICUStatusError) -> OpaquePointer {
        try handle.withLock { (slot) throws(ICUStatusError) -> OpaquePointer in
            if let slot { return slot }
            let (made, status) = opening.open()
            guard let made, status <= 0 else { throw ICUStatusError(status: status) }
            slot = made
            return made
        }
    }

    /// How many ICU clones the handle holds: 1 until threads contend for this formatter, then
    /// one more each time a thread finds all of them busy, up to the shim's bound (4).
    /// 0 while the ICU formatter is closed (a compiled formatter that has not needed ICU).
    package var cloneCount: Int { handle.withLock { $0 }.map { Int(CICU_dateFormatterCloneCount($0)) } ?? 0 }

    /// Runs `body` while this thread holds one of the ICU formatter's clones, taken as a format
    /// call takes one (a free clone, else a new one up to the bound), so that a test can make
    /// threads contend for certain instead of hoping they meet. When every clone is held and
    /// none can be added, waits for one if `wait`, else returns nil without running `body`.
    /// Returns the clone's index.
    package func withClone(wait: Bool, _ body: () -> Void) throws(ParlanceError) -> Int? {
        let opened: OpaquePointer
        do { opened = try openHandle() } catch { throw error.parlanceError(.internal, "ICU cannot open the date formatter again") }
        return withoutActuallyEscaping(body) { body in
            var box = body
            let index = withUnsafeMutablePointer(to: &box) { pointer in
                CICU_dateFormatterWithClone(opened, wait, { context in context!.assumingMemoryBound(to: (() -> Void).self).pointee() }, pointer)
            }
            return index < 0 ? nil : Int(index)
        }
    }

    /// The ICU clones held by every cached formatter together.
    package static var cachedCloneCount: Int { cache.values.reduce(0) { $0 + $1.cloneCount } }

    /// The pattern characters ICU date skeletons are made of (UDateFormatField letters plus
    /// the skeleton-only `j`, `J`, `C`).
    private static let skeletonLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx".utf8)

    /// ICU's best pattern for a skeleton (udatpg_getBestPattern, no match options).
    package static func bestPattern(locale: LocaleID, skeleton: String) throws(ParlanceError) -> String {
        guard !skeleton.isEmpty else {
            throw ParlanceError(.invalidSkeleton, "a date skeleton needs at least one field letter")
        }
        if let bad = skeleton.unicodeScalars.first(where: { !$0.isASCII || !skeletonLetters.contains(UInt8($0.value)) }) {
            throw ParlanceError(.invalidSkeleton, "\(quoted(String(bad))) is not a date field letter in the skeleton \(quoted(skeleton))")
        }
        let units = Array(skeleton.utf16)
        let pattern: String
        do {
            pattern = try ICUOutput.utf16 { out, capacity, status in
                units.withUnsafeBufferPointer { CICU_dateBestPattern(locale.identifier, $0.baseAddress, Int32($0.count), out, capacity, status) }
            }
        } catch {
            throw error.parlanceError(.invalidSkeleton, "ICU rejects the date skeleton \(quoted(skeleton))")
        }
        guard !pattern.isEmpty else {
            throw ParlanceError(.invalidSkeleton, "ICU finds no pattern for the date skeleton \(quoted(skeleton))")
        }
        return pattern
    }

    /// The earliest UDate ICU's calendars format (milliseconds since 1970).
    package static var minimumMillis: Double { CICU_DATE_MIN_MILLIS }
    /// The latest UDate ICU's calendars format.
    package static var maximumMillis: Double { CICU_DATE_MAX_MILLIS }

    /// Formats a UDate (milliseconds since the epoch, within ICU's calendar range): with the
    /// compiled pattern where it covers the instant, else with ICU.
    package func format(millis: Double) throws(ParlanceError) -> String {
        if let compiledRef, let text = compiledRef._withUnsafeGuaranteedRef({ $0.format(millis: millis) }) { return text }
        return try icuFormat(millis: millis)
    }

    /// Formats with ICU's udat_format only (the reference `--verify-dates` compares against).
    package func icuFormat(millis: Double) throws(ParlanceError) -> String {
        guard millis.isFinite, millis >= CICU_DATE_MIN_MILLIS, millis <= CICU_DATE_MAX_MILLIS else {
            throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range (\(CICU_DATE_MIN_MILLIS) … \(CICU_DATE_MAX_MILLIS) ms)")
        }
        do {
            return try Self.icuFormat(handle: openHandle(), millis: millis)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the time \(millis) ms")
        }
    }

    private static func icuFormat(handle: OpaquePointer, millis: Double) throws(ICUStatusError) -> String {
        try ICUOutput.utf16 { CICU_dateFormat(handle, millis, $0, $1, $2) }
    }
}

/// Time-zone ids checked against ICU's zone database (never its silent GMT fallback).
package enum ICUTimeZone {
    private static let cache = LRUCache<String, String?>(capacity: 1024)

    /// ICU's canonical id for a known IANA/ICU zone id ("Asia/Kolkata" → "Asia/Calcutta").
    ///
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an unknown id, or a custom
    ///   "GMT+05:00" id, which is not a zone of the database.
    package static func canonical(_ id: String) throws(ParlanceError) -> String {
        let canonical = cache.value(for: id) { () -> String? in
            guard !id.isEmpty, id.utf8.count <= 256 else { return nil }
            let units = Array(id.utf16)
            var system = false
            let result = try? ICUOutput.utf16 { out, capacity, status in
                units.withUnsafeBufferPointer { CICU_timeZoneCanonicalID($0.baseAddress, Int32($0.count), out, capacity, &system, status) }
            }
            guard let result, system, !result.isEmpty, result != "Etc/Unknown" else { return nil }
            return result
        }
        guard let canonical else {
            throw ParlanceError(.invalidTimeZone, "\(quoted(id)) is not a known IANA time zone id")
        }
        return canonical
    }
}

extension DateStyle {
    /// The shim's constant for this value, for the bench's date verification.
    package var icuStyle: Int32 { icu }

    /// The shim's constant for this value.
    var icu: Int32 {
        switch self {
        case .none: CICU_DATE_STYLE_NONE
        case .full: CICU_DATE_STYLE_FULL
        case .long: CICU_DATE_STYLE_LONG
        case .medium: CICU_DATE_STYLE_MEDIUM
        case .short: CICU_DATE_STYLE_SHORT
        }
    }
}
