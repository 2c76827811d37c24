internal import CICU

/// Feeds ``CompiledDateInterval`` from ICU: reads what ICU's interval formatter decided for a
/// locale, skeleton and zone, compiles its patterns with ``ICUDateCompiler``, and checks the
/// result against ICU before it is used.
package enum ICUDateIntervalCompiler {
    /// Compiles the interval format of (locale, skeleton, zone), or says why ICU formats it.
    /// `reference` is ICU's own interval (the compiled one must equal it on the probe pairs).
    static func compile(
        locale: LocaleID, skeleton: String, zone: String, reference: (Double, Double) -> String?
    ) -> (CompiledDateInterval?, ICUDateCompiler.Fallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        guard let plan = plan(locale: locale, skeleton: skeleton, zone: zone) else { return (nil, .field) }
        guard plan.calendar == "gregorian" else { return (nil, .calendar) }
        guard let offsets = ICUDateCompiler.zoneOffsets(zone) else { return (nil, .field) }
        var reason: ICUDateCompiler.Fallback?
        let compiled = CompiledDateInterval(plan: plan, zone: offsets) { pattern in
            let (format, fallback) = ICUDateCompiler.compile(locale: locale, zone: zone, pattern: pattern, reference: nil)
            if reason == nil { reason = fallback }
            return format
        }
        guard let compiled else { return (nil, reason ?? .field) }
        // Pairs that differ in each field, in both orders, checked against ICU before the
        // compiled path is used at all (the full proof is `parlance bench --verify-date-intervals`).
        for (start, end) in selfCheckPairs {
            guard let mine = compiled.format(from: start, to: end) else { continue }
            guard let theirs = reference(start, end), mine == theirs else { return (nil, .selfCheck) }
        }
        return (compiled, nil)
    }

    /// The pairs every compiled interval format is checked on: from three instants (a November
    /// evening, a leap day's midnight, a summer morning, in UTC) to each of them plus 0, 1 ms,
    /// 1 s, 1 min, 1 h, 5 h, 12 h, 1 day, 3 days, 40 days and 400 days, and back.
    static let selfCheckPairs: [(Double, Double)] = {
        let starts: [Double] = [1_700_000_000_123, 951_782_400_000, 1_689_500_000_000]
        let steps: [Double] = [0, 1, 1000, 60_000, 3_600_000, 18_000_000, 43_200_000, 86_400_000, 259_200_000, 3_456_000_000, 34_560_000_000]
        return starts.flatMap { start in steps.flatMap { step in [(start, start + step), (start + step, start)] } }
    }()

    /// What ICU's interval formatter for (locale, skeleton, zone) decided, or nil when ICU
    /// cannot open one.
    package static func plan(locale: LocaleID, skeleton: String, zone: String) -> CompiledDateInterval.Plan? {
        let skeletonUnits = Array(skeleton.utf16)
        let zoneUnits = Array(zone.utf16)
        var lengths = [Int32](repeating: 0, count: Int(CICU_DATE_INTERVAL_PLAN_STRINGS))
        var flags = [Int32](repeating: 0, count: Int(CICU_DATE_INTERVAL_PLAN_FLAGS))
        var capacity = 2048
        while true {
            var units = [UInt16](repeating: 0, count: capacity)
            var status: Int32 = 0
            let used = skeletonUnits.withUnsafeBufferPointer { s in
                zoneUnits.withUnsafeBufferPointer { z in
                    CICU_dateIntervalPlan(
                        locale.identifier, s.baseAddress, Int32(s.count), z.baseAddress, Int32(z.count), &units, Int32(capacity), &lengths,
                        &flags, &status)
                }
            }
            if status == CICU_STATUS_BUFFER_OVERFLOW, Int(used) > capacity {
                capacity = Int(used)
                continue
            }
            guard status <= 0 else { return nil }
            var strings: [[UInt16]] = []
            var position = 0
            for length in lengths {
                strings.append(Array(units[position..<position + Int(length)]))
                position += Int(length)
            }
            return makePlan(strings: strings, flags: flags.map(Int.init))
        }
    }

    /// The plan from the shim's strings and numbers (CICU_dateIntervalPlan's layout).
    private static func makePlan(strings: [[UInt16]], flags: [Int]) -> CompiledDateInterval.Plan? {
        let count = CompiledDateInterval.fieldCount
        func text(_ units: ArraySlice<UInt16>) -> String { String(decoding: units, as: UTF16.self) }
        func string(_ index: Int) -> String { text(strings[index][...]) }
        /// A template from a text without its arguments and where arguments 0 and 1 go.
        func template(_ units: [UInt16], _ zero: Int, _ one: Int) -> CompiledDateInterval.Template? {
            guard zero >= 0, one >= 0, zero <= units.count, one <= units.count, zero != one else { return nil }
            let (low, high) = (min(zero, one), max(zero, one))
            return CompiledDateInterval.Template(
                prefix: text(units[..<low]), middle: text(units[low..<high]), suffix: text(units[high...]), zeroFirst: zero < one)
        }
        let extra = 2 * count
        let dateIndex = 1 + 2 * count + 1
        guard let fallback = template(strings[1 + 2 * count], flags[extra], flags[extra + 1]) else { return nil }
        let hasDate = flags[extra + 4] == 1
        let hasTime = flags[extra + 5] == 1
        let dateTime = flags[extra + 6] == 1 ? template(strings[dateIndex + 2], flags[extra + 2], flags[extra + 3]) : nil
        return CompiledDateInterval.Plan(
            pattern: string(0),
            firstParts: (0..<count).map { string(1 + 2 * $0) },
            secondParts: (0..<count).map { string(2 + 2 * $0) },
            laterFirst: (0..<count).map { flags[$0] == 1 },
            ignored: (0..<count).map { flags[count + $0] == 1 },
            fallback: fallback,
            datePattern: hasDate ? string(dateIndex) : nil,
            timePattern: hasTime ? string(dateIndex + 1) : nil,
            dateTime: dateTime,
            calendar: string(dateIndex + 3))
    }
}
