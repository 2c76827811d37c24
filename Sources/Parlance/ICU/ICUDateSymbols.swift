internal import CICU

/// Feeds ``CompiledDateFormat`` from ICU (issue 19): a locale's date symbols and digits, a zone's
/// offsets, each read once and cached, and the compilation of a formatter's pattern.
package enum ICUDateCompiler {
    /// Why a formatter has no compiled path (for `--verify-dates` counts), or nil when it has one.
    package enum Fallback: String, Sendable, CaseIterable {
        case calendar = "non-Gregorian calendar"
        case digits = "algorithmic numbering system"
        case field = "field not compiled"
        case selfCheck = "compile-time check against ICU failed"
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
    private static let zoneTextCache = LRUCache<String, String?>(capacity: 1024)

    /// Compiles `formatter`'s pattern, or says why it falls back to ICU.
    static func compile(
        locale: LocaleID, zone: String, pattern: String, reference: (Double) -> String?
    ) -> (CompiledDateFormat?, Fallback?) {
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
            fixedZoneText(locale: locale, zone: zone, run: run, offsets: offsets)
        }
        guard let compiled else { return (nil, .field) }
        // A few instants of the compiled range, checked against ICU before the compiled path is
        // used at all (the full proof is `parlance bench --verify-dates`).
        let samples: [Double] = [0, 951_782_400_000, 1_700_000_000_123, -2_208_988_800_001, 4_102_444_799_999]
        for millis in samples {
            guard let mine = compiled.format(millis: millis), let theirs = reference(millis), mine == theirs else {
                return (nil, .selfCheck)
            }
        }
        return (compiled, nil)
    }

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
            let units = Array(zone.utf16)
            let start = CompiledDateFormat.lowerBoundMillis - 2 * 86_400_000
            let end = CompiledDateFormat.upperBoundMillis + 2 * 86_400_000
            var capacity: Int32 = 1024
            while true {
                var starts = [Double](repeating: 0, count: Int(capacity))
                var offsets = [Int32](repeating: 0, count: Int(capacity))
                var status: Int32 = 0
                let count = units.withUnsafeBufferPointer { z in
                    CICU_timeZoneOffsets(z.baseAddress, Int32(z.count), start, end, &starts, &offsets, capacity, &status)
                }
                if status == CICU_STATUS_BUFFER_OVERFLOW, count > capacity {
                    capacity = count
                    continue
                }
                guard status <= 0, count > 0 else { return nil }
                let used = Int(count)
                return CompiledDateFormat.ZoneOffsets(
                    starts: starts[0..<used].map { Int64($0) }, offsets: Array(offsets[0..<used]), end: Int64(end))
            }
        }
    }

    /// The instants in `from ..< to` at which ICU's rules change the zone's total offset (for
    /// the verification sweep); empty outside the compiled range or for an unknown zone.
    package static func transitions(zone: String, from: Double, to: Double) -> [Double] {
        guard let offsets = zoneOffsets(zone) else { return [] }
        return offsets.intervalStarts.dropFirst().map(Double.init).filter { $0 >= from && $0 < to }
    }

    /// The text ICU writes for a zone field run (e.g. "zzzz"), when it cannot vary over the
    /// compiled range: the zone has a single offset over ICU's whole calendar range (no
    /// transition ever, so no DST and no change of name by offset) and ICU writes the same text
    /// at both ends of the compiled range and in between. Such zones (UTC, Etc/GMT±N) have no
    /// dated metazone mapping in CLDR; `--verify-dates` checks the result over the sweep.
    private static func fixedZoneText(
        locale: LocaleID, zone: String, run: String, offsets: CompiledDateFormat.ZoneOffsets
    ) -> [UInt8]? {
        guard offsets.isFixed, ICUTimeZoneRules.hasNoTransitions(zone) else { return nil }
        let text = zoneTextCache.value(for: "\(locale.identifier)\u{0}\(zone)\u{0}\(run)") { () -> String? in
            // The run alone, quoted nowhere: a pattern of one field.
            guard let formatter = try? ICUDateFormatter.cached(locale: locale, spec: .pattern(run), zone: zone) else { return nil }
            let instants: [Double] = [
                CompiledDateFormat.lowerBoundMillis, -1, 0, 1_700_000_000_000, CompiledDateFormat.upperBoundMillis - 1,
            ]
            let texts = instants.map { try? formatter.icuFormat(millis: $0) }
            guard let first = texts[0], texts.allSatisfy({ $0 == first }) else { return nil }
            return first
        }
        return text.map { Array($0.utf8) }
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
