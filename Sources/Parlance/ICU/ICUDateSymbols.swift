internal import CICU

/// Feeds ``CompiledDateFormat`` from ICU: a locale's date symbols and digits, a zone's
/// offsets, each read once and cached, and the compilation of a formatter's pattern.
package enum ICUDateCompiler {
    /// Why a formatter has no compiled path (for `--verify-dates` counts), or nil when it has one.
    package enum Fallback: String, Sendable, CaseIterable {
        case calendar = "non-Gregorian calendar"
        case digits = "algorithmic numbering system"
        case field = "field not compiled"
        case selfCheck = "compile-time check against ICU failed"
        case disabled = "PARLANCE_ICU_ONLY=1"
    }

    private final class SymbolsBox: Sendable {
        let symbols: CompiledDateFormat.Symbols?
        let fallback: Fallback?
        init(_ symbols: CompiledDateFormat.Symbols?, _ fallback: Fallback?) {
            self.symbols = symbols
            self.fallback = fallback
        }
    }

    private static let symbolsCache = LRUCache<String, SymbolsBox>(capacity: 512)
    private static let zoneCache = LRUCache<String, CompiledDateFormat.ZoneOffsets?>(capacity: 256)
    private static let zoneTextCache = LRUCache<String, CompiledDateFormat.ZoneTexts?>(capacity: 1024)

    /// Compiles `formatter`'s pattern, or says why it falls back to ICU. With no `reference`,
    /// the owner checks the compiled pattern itself (a date interval checks the whole interval
    /// against ICU's).
    static func compile(
        locale: LocaleID, zone: String, pattern: String, reference: ((Double) -> String?)?
    ) -> (CompiledDateFormat?, Fallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        let box = symbolsCache.value(for: locale.identifier) { () -> SymbolsBox in
            do {
                return try readSymbols(locale.identifier)
            } catch {
                return SymbolsBox(nil, .calendar)
            }
        }
        guard let symbols = box.symbols else { return (nil, box.fallback) }
        guard let offsets = zoneOffsets(zone) else { return (nil, .field) }
        let compiled = CompiledDateFormat(pattern: pattern, symbols: symbols, zone: offsets) { run in
            zoneTexts(locale: locale, zone: zone, run: run)
        }
        guard let compiled else { return (nil, .field) }
        guard let reference else { return (compiled, nil) }
        // A few instants of the compiled range, checked against ICU before the compiled path is
        // used at all (the full proof is `parlance bench --verify-dates`).
        for millis in selfCheckMillis {
            guard let mine = compiled.format(millis: millis), let theirs = reference(millis), mine == theirs else {
                return (nil, .selfCheck)
            }
        }
        return (compiled, nil)
    }

    /// The instants every compiled date format is checked on before it is used.
    static let selfCheckMillis: [Double] = [0, 951_782_400_000, 1_700_000_000_123, -2_208_988_800_001, 4_102_444_799_999]

    private static func readSymbols(_ localeID: String) throws(ICUStatusError) -> SymbolsBox {
        var status: Int32 = 0
        guard let handle = CICU_dateSymbolsOpen(localeID, &status), status <= 0 else { throw ICUStatusError(status: status) }
        defer { CICU_dateSymbolsClose(handle) }
        let calendar = try ICUOutput.utf8 { CICU_dateSymbolsCalendarType(handle, $0, $1, $2) }
        guard calendar == "gregorian" else { return SymbolsBox(nil, .calendar) }
        var algorithmic = false
        let digitText = try ICUOutput.utf16 { out, capacity, status in
            CICU_dateNumberingDigits(localeID, out, capacity, &algorithmic, status)
        }
        let digits = digitText.unicodeScalars.map { Array(String($0).utf8) }
        guard !algorithmic, digits.count == 10 else { return SymbolsBox(nil, .digits) }
        let kinds: [(CompiledDateFormat.Symbols.Kind, Int32)] = [
            (.eras, CICU_DATE_SYMBOL_ERAS), (.eraNames, CICU_DATE_SYMBOL_ERA_NAMES),
            (.months, CICU_DATE_SYMBOL_MONTHS), (.shortMonths, CICU_DATE_SYMBOL_SHORT_MONTHS),
            (.narrowMonths, CICU_DATE_SYMBOL_NARROW_MONTHS), (.standaloneMonths, CICU_DATE_SYMBOL_STANDALONE_MONTHS),
            (.standaloneShortMonths, CICU_DATE_SYMBOL_STANDALONE_SHORT_MONTHS),
            (.standaloneNarrowMonths, CICU_DATE_SYMBOL_STANDALONE_NARROW_MONTHS),
            (.weekdays, CICU_DATE_SYMBOL_WEEKDAYS), (.shortWeekdays, CICU_DATE_SYMBOL_SHORT_WEEKDAYS),
            (.narrowWeekdays, CICU_DATE_SYMBOL_NARROW_WEEKDAYS), (.shorterWeekdays, CICU_DATE_SYMBOL_SHORTER_WEEKDAYS),
            (.standaloneWeekdays, CICU_DATE_SYMBOL_STANDALONE_WEEKDAYS),
            (.standaloneShortWeekdays, CICU_DATE_SYMBOL_STANDALONE_SHORT_WEEKDAYS),
            (.standaloneNarrowWeekdays, CICU_DATE_SYMBOL_STANDALONE_NARROW_WEEKDAYS),
            (.standaloneShorterWeekdays, CICU_DATE_SYMBOL_STANDALONE_SHORTER_WEEKDAYS),
            (.amPms, CICU_DATE_SYMBOL_AM_PMS),
        ]
        var tables: [CompiledDateFormat.Symbols.Kind: [[UInt8]]] = [:]
        for (kind, type) in kinds {
            let count = CICU_dateSymbolsCount(handle, type)
            var names: [[UInt8]] = []
            for index in 0..<max(count, 0) {
                let name = try ICUOutput.utf16 { CICU_dateSymbol(handle, type, index, $0, $1, $2) }
                names.append(Array(name.utf8))
            }
            tables[kind] = names
        }
        return SymbolsBox(CompiledDateFormat.Symbols(tables: tables, digits: digits), nil)
    }

    /// The zone's offsets from two days before to two days after the compiled range.
    static func zoneOffsets(_ zone: String) -> CompiledDateFormat.ZoneOffsets? {
        zoneCache.value(for: zone) { () -> CompiledDateFormat.ZoneOffsets? in
            guard let (starts, offsets) = readOffsets(zone, keepEveryTransition: false) else { return nil }
            return CompiledDateFormat.ZoneOffsets(starts: starts, offsets: offsets, end: Int64(tableEnd))
        }
    }

    private static let tableStart = CompiledDateFormat.lowerBoundMillis - 2 * 86_400_000
    private static let tableEnd = CompiledDateFormat.upperBoundMillis + 2 * 86_400_000

    private static func readOffsets(_ zone: String, keepEveryTransition: Bool) -> ([Int64], [Int32])? {
        let units = Array(zone.utf16)
        var capacity: Int32 = 1024
        while true {
            var starts = [Double](repeating: 0, count: Int(capacity))
            var offsets = [Int32](repeating: 0, count: Int(capacity))
            var status: Int32 = 0
            let count = units.withUnsafeBufferPointer { z in
                CICU_timeZoneOffsets(
                    z.baseAddress, Int32(z.count), tableStart, tableEnd, keepEveryTransition, &starts, &offsets, capacity, &status)
            }
            if status == CICU_STATUS_BUFFER_OVERFLOW, count > capacity {
                capacity = count
                continue
            }
            guard status <= 0, count > 0 else { return nil }
            let used = Int(count)
            return (starts[0..<used].map { Int64($0) }, Array(offsets[0..<used]))
        }
    }

    /// The instants in `from ..< to` at which ICU's rules change the zone's total offset (for
    /// the verification sweep); empty outside the compiled range or for an unknown zone.
    package static func transitions(zone: String, from: Double, to: Double) -> [Double] {
        guard let offsets = zoneOffsets(zone) else { return [] }
        return offsets.intervalStarts.dropFirst().map(Double.init).filter { $0 >= from && $0 < to }
    }

    /// The table of what ICU writes for a zone field run (e.g. "zzzz") over the compiled range,
    /// or nil when it cannot be made exact.
    ///
    /// What ICU's TimeZoneFormat writes for the specific names (`z`…`zzzz`) depends on the zone,
    /// the instant's metazone (ICU's metaZones resource, dated mappings), whether DST is in
    /// effect and the total offset (the localized GMT fallback); the offset fields (`O`, `Z`,
    /// `X`, `x`) on the offset alone. So the range is cut at every transition of the zone's rules
    /// (raw or DST, even when the total stays) and every metazone bound, and within each piece
    /// the text is read once from ICU (a formatter of that field alone). Generic names (`v`,
    /// `V`) also depend on other zones of the metazone: they are compiled only for a zone with
    /// no transition and no metazone at all (UTC, Etc/GMT±N), where nothing can vary.
    private static func zoneTexts(locale: LocaleID, zone: String, run: String) -> CompiledDateFormat.ZoneTexts? {
        zoneTextCache.value(for: "\(locale.identifier)\u{0}\(zone)\u{0}\(run)") { () -> CompiledDateFormat.ZoneTexts? in
            guard let letter = run.first, let canonical = try? ICUTimeZone.canonical(zone),
                let (hasMetazone, bounds) = metazoneBounds(canonical),
                let (transitions, _) = readOffsets(zone, keepEveryTransition: true)
            else { return nil }
            switch letter {
            case "z", "O", "Z", "X", "x": break
            case "v", "V": guard !hasMetazone, transitions.count == 1, ICUTimeZoneRules.hasNoTransitions(zone) else { return nil }
            default: return nil
            }
            guard let formatter = try? ICUDateFormatter.uncached(locale: locale, spec: .pattern(run), zone: zone) else { return nil }
            var cuts = Set(transitions)
            cuts.insert(0)  // ICU's default start of an undated metazone mapping (1970-01-01 00:00)
            for bound in bounds where bound > Double(transitions[0]) && bound < tableEnd { cuts.insert(Int64(bound)) }
            var starts: [Int64] = []
            var texts: [[UInt8]] = []
            for start in cuts.sorted() {
                guard let text = try? formatter.icuFormat(millis: Double(start)) else { return nil }
                let bytes = Array(text.utf8)
                if texts.last == bytes { continue }
                starts.append(start)
                texts.append(bytes)
            }
            return CompiledDateFormat.ZoneTexts(starts: starts, texts: texts)
        }
    }

    /// Whether the zone has metazone mappings, and their dated bounds.
    private static func metazoneBounds(_ canonical: String) -> (Bool, [Double])? {
        let units = Array(canonical.utf16)
        var bounds = [Double](repeating: 0, count: 64)
        var hasMapping = false
        var status: Int32 = 0
        var count = units.withUnsafeBufferPointer { z in
            CICU_timeZoneMetazoneBoundaries(z.baseAddress, Int32(z.count), &hasMapping, &bounds, Int32(bounds.count), &status)
        }
        if status == CICU_STATUS_BUFFER_OVERFLOW {
            bounds = [Double](repeating: 0, count: Int(count))
            status = 0
            count = units.withUnsafeBufferPointer { z in
                CICU_timeZoneMetazoneBoundaries(z.baseAddress, Int32(z.count), &hasMapping, &bounds, Int32(bounds.count), &status)
            }
        }
        guard status <= 0 else { return nil }
        return (hasMapping, Array(bounds.prefix(Int(count))))
    }
}

/// Whether a zone's rules ever change its offset (over ICU's whole calendar range).
enum ICUTimeZoneRules {
    private static let cache = LRUCache<String, Bool>(capacity: 256)

    static func hasNoTransitions(_ zone: String) -> Bool {
        cache.value(for: zone) { () -> Bool in
            let units = Array(zone.utf16)
            var status: Int32 = 0
            let has = units.withUnsafeBufferPointer { z in
                CICU_timeZoneHasTransition(z.baseAddress, Int32(z.count), CICU_DATE_MIN_MILLIS, &status)
            }
            return status <= 0 && !has
        }
    }
}
