internal import CICU

/// A MessageFormat argument value as the shim takes it.
package enum ICUMessageValue: Sendable {
    case text(String)
    case double(Double)
    case integer(Int64)
    /// An exact decimal string (`[+-]?digits[.digits][e±digits]`), visible fraction digits kept.
    case decimal(String)
}

/// Owns a compiled ICU `MessageFormat` (C++, through the shim).
///
/// `Sendable` notes: the shim formats under the handle's own mutex (ICU's plural selectors
/// create their rules lazily inside a const method); the argument names are immutable.
package final class ICUMessageFormatter: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Every argument the pattern uses (names, or numbers as text), nested ones too, in order.
    package let argumentNames: [String]
    /// The pattern compiled into Swift (``MessagePlan``), checked against ICU on probe values
    /// when built; nil when the pattern is not covered (see ``planFallback``).
    package let plan: MessagePlan?
    /// Why there is no plan, when there is none.
    package let planFallback: MessagePlan.Fallback?
    /// Whether every argument name is ASCII (then Swift's `==` on names is ICU's comparison).
    package let argumentNamesAreASCII: Bool

    private struct Key: Hashable, Sendable {
        var locale: String
        var pattern: String
    }

    private static let cache = LRUCache<Key, ICUMessageFormatter>(capacity: 1024)
    /// Longer patterns are compiled each time rather than kept (they come from untrusted input).
    private static let maximumCachedLength = 4096

    /// The compiled pattern for (pattern, locale), from the cache when it was compiled before.
    ///
    /// - Throws: ``ParlanceError/Code/invalidMessage`` with the line and column of the error.
    package static func compiled(pattern: String, locale: LocaleID) throws(ParlanceError) -> ICUMessageFormatter {
        guard pattern.utf16.count <= maximumCachedLength else { return try ICUMessageFormatter(pattern: pattern, locale: locale) }
        return try cache.value(for: Key(locale: locale.identifier, pattern: pattern)) { () throws(ParlanceError) in
            try ICUMessageFormatter(pattern: pattern, locale: locale)
        }
    }

    /// Deeper nesting is refused before ICU sees it: ICU parses nested messages recursively,
    /// and a hostile pattern would otherwise exhaust a thread's stack.
    package static let maximumNesting = 48
    /// Patterns longer than this (UTF-16 units) are refused.
    package static let maximumLength = 1 << 20

    /// The deepest nesting of `{` outside quoted text (an apostrophe before `{`, `}`, `#` or `|`
    /// starts quoted text, which the next single apostrophe ends; `''` is an apostrophe).
    static func nesting(_ units: [UInt16]) -> Int {
        var depth = 0
        var deepest = 0
        var quoted = false
        var index = 0
        let apostrophe = UInt16(UInt8(ascii: "'"))
        while index < units.count {
            let unit = units[index]
            if unit == apostrophe {
                if index + 1 < units.count, units[index + 1] == apostrophe {
                    index += 2
                    continue
                }
                if quoted {
                    quoted = false
                } else if index + 1 < units.count,
                    [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "|")].map(UInt16.init).contains(units[index + 1])
                {
                    quoted = true
                }
            } else if !quoted, unit == UInt16(UInt8(ascii: "{")) {
                depth += 1
                deepest = max(deepest, depth)
            } else if !quoted, unit == UInt16(UInt8(ascii: "}")) {
                depth = max(0, depth - 1)
            }
            index += 1
        }
        return deepest
    }

    private init(pattern: String, locale: LocaleID) throws(ParlanceError) {
        var status: Int32 = 0
        var offset: Int32 = -1
        let units = Array(pattern.utf16)
        guard units.count <= Self.maximumLength else {
            throw ParlanceError(.invalidMessage, "the message is longer than \(Self.maximumLength) UTF-16 units")
        }
        // The shim hands back argument names joined by U+0000, so a name must not contain one;
        // no pattern has a use for U+0000, and refusing it everywhere keeps the rule simple.
        if let nul = units.firstIndex(of: 0) {
            let line = units[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let column = nul - (units[..<nul].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw ParlanceError(.invalidMessage, "not a valid ICU MessageFormat pattern: line \(line), column \(column): U+0000 is not allowed in a message")
        }
        // Each argument is a brace pair, a plural or select branch another: two per level.
        guard Self.nesting(units) <= 2 * Self.maximumNesting else {
            throw ParlanceError(.invalidMessage, "the message nests arguments more than \(Self.maximumNesting) levels deep")
        }
        let opened = units.withUnsafeBufferPointer { buffer in
            CICU_messageFormatOpen(locale.identifier, buffer.baseAddress, Int32(buffer.count), &offset, &status)
        }
        guard let opened, status <= 0 else {
            let icu = ICUStatusError(status: status)
            throw icu.parlanceError(.invalidMessage, Self.describeError(in: units, offset: Int(offset), status: icu.name))
        }
        handle = opened
        do {
            argumentNames = try ICUOutput.utf16 { CICU_messageFormatArgumentNames(opened, $0, $1, $2) }
                .split(separator: "\u{0}", omittingEmptySubsequences: true).map(String.init)
        } catch {
            CICU_messageFormatClose(opened)
            throw error.parlanceError(.internal, "ICU cannot list the arguments of a message")
        }
        argumentNamesAreASCII = argumentNames.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        // A plan is built for the patterns that are cached (its check against ICU formats the
        // pattern some forty times, which pays off only for a pattern that is kept).
        let compiled: Result<MessagePlan, MessagePlan.Fallback> =
            units.count <= Self.maximumCachedLength ? MessagePlan.compile(units: units, locale: locale, names: argumentNames) : .failure(.length)
        switch compiled {
        case .success(let made):
            let checked = Self.checks(made, names: argumentNames, handle: opened)
            (plan, planFallback) = checked ? (made, nil) : (nil, .selfCheck)
        case .failure(let reason):
            (plan, planFallback) = (nil, reason)
        }
    }

    /// The numbers every compiled plan is checked with against ICU when it is built (its own
    /// exact values come on top): the first integers, where the plural categories change, the
    /// first grouped values, fractions that round at the third digit, negatives.
    private static let probeNumbers: [MessageArgument] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 20, 21, 22, 25, 100, 101, 102, 111, 1000, 1001, 1234, 10_000, 1_000_000,
        .double(0.5), .double(1.5), .double(2.25), .double(1.001), .double(1.0005), .double(2.5), .double(12_345.678), .double(-1),
        .double(-2.5), .double(3), .double(-0.0001),
    ]

    /// Whether `plan` writes what ICU writes on the probe values: numbers for the arguments it
    /// reads as numbers, each keyword and one text that is none for the arguments it selects on.
    private static func checks(_ plan: MessagePlan, names argumentNames: [String], handle: OpaquePointer) -> Bool {
        let numbers =
            probeNumbers
            + plan.exactValues.flatMap { value -> [MessageArgument] in
                [.double(value), .double(value + 1)] + (value.magnitude < 1e15 ? [.integer(Int64(value))] : [])
            }
        let longest = plan.selectKeywords.values.map(\.count).max() ?? 0
        for round in 0..<max(numbers.count, longest + 1) {
            let values: [MessageArgument] = argumentNames.indices.map { slot in
                if plan.numericSlots.contains(slot) { return numbers[(round + slot * 7) % numbers.count] }
                if let keywords = plan.selectKeywords[slot] {
                    let pick = (round + slot) % (keywords.count + 1)
                    return .text(pick < keywords.count ? keywords[pick] : "\u{2063}none")
                }
                return .text("\u{2063}\(round)")
            }
            guard let mine = plan.format({ values[$0] }) else { continue }
            let theirs = try? format(handle: handle, argumentNames.indices.map { (argumentNames[$0], values[$0].icuValue) })
            guard let theirs, mine.utf8.elementsEqual(theirs.utf8) else { return false }
        }
        return true
    }

    deinit { CICU_messageFormatClose(handle) }

    /// What is wrong and where, in words: "not a valid ICU MessageFormat pattern: line 1,
    /// column 45 (at the end): a `}` is missing: the `{` at line 1, column 1 is never closed".
    /// The ICU status is not repeated here: the error carries it (``ParlanceError/icuStatus``).
    static func describeError(in units: [UInt16], offset: Int, status: String) -> String {
        let problem = MessagePatternDiagnosis.diagnose(units, status: status, icuOffset: offset)
        guard let at = problem.offset, at >= 0, at <= units.count else { return "not a valid ICU MessageFormat pattern: \(problem.words)" }
        let rest = String(decoding: units[at...].prefix(24), as: UTF16.self)
        let place = MessagePatternDiagnosis.position(in: units, offset: at) + (rest.isEmpty ? " (at the end)" : " (at \(quoted(rest)))")
        return "not a valid ICU MessageFormat pattern: \(place): \(problem.words)"
    }

    /// Formats with named arguments (numbered ones named by their number as text), always
    /// through ICU.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` when ICU cannot format a value as the
    ///   pattern asks (text for a plural, say).
    package func format(_ arguments: [(name: String, value: ICUMessageValue)]) throws(ParlanceError) -> String {
        try Self.format(handle: handle, arguments)
    }

    private static func format(handle: OpaquePointer, _ arguments: [(name: String, value: ICUMessageValue)]) throws(ParlanceError) -> String {
        // The arguments' UTF-16 and ASCII bytes live in arrays kept alive across the call.
        let names = arguments.map { Array($0.name.utf16) }
        let texts: [[UInt16]] = arguments.map { if case .text(let text) = $0.value { Array(text.utf16) } else { [] } }
        let decimals: [[CChar]] = arguments.map { if case .decimal(let text) = $0.value { Array(text.utf8).map { CChar(bitPattern: $0) } } else { [] } }
        do {
            return try ICUOutput.utf16 { out, capacity, status in
                withArguments(arguments, names: names, texts: texts, decimals: decimals) { buffer in
                    CICU_messageFormatFormat(handle, buffer.baseAddress, Int32(buffer.count), out, capacity, status)
                }
            }
        } catch {
            throw error.parlanceError(.invalidArgument, "ICU cannot format the message with these arguments (\(error.name))")
        }
    }

    private static func withArguments<R>(
        _ arguments: [(name: String, value: ICUMessageValue)], names: [[UInt16]], texts: [[UInt16]], decimals: [[CChar]],
        _ body: (UnsafeBufferPointer<CICUMessageArgument>) -> R
    ) -> R {
        var structs: [CICUMessageArgument] = []
        structs.reserveCapacity(arguments.count)
        func build(_ index: Int) -> R {
            guard index < arguments.count else { return structs.withUnsafeBufferPointer(body) }
            return names[index].withUnsafeBufferPointer { name in
                texts[index].withUnsafeBufferPointer { text in
                    decimals[index].withUnsafeBufferPointer { decimal in
                        var argument = CICUMessageArgument(
                            name: name.baseAddress, nameLength: Int32(name.count), kind: 0, text: text.baseAddress,
                            textLength: Int32(text.count), decimal: decimal.baseAddress, decimalLength: Int32(decimal.count),
                            number: 0, integer: 0)
                        switch arguments[index].value {
                        case .text: argument.kind = CICU_MESSAGE_ARGUMENT_TEXT
                        case .double(let value):
                            argument.kind = CICU_MESSAGE_ARGUMENT_DOUBLE
                            argument.number = value
                        case .integer(let value):
                            argument.kind = CICU_MESSAGE_ARGUMENT_INT64
                            argument.integer = value
                        case .decimal: argument.kind = CICU_MESSAGE_ARGUMENT_DECIMAL
                        }
                        structs.append(argument)
                        return build(index + 1)
                    }
                }
            }
        }
        return build(0)
    }
}

/// Owns an ICU number range formatter (`UNumberRangeFormatter`).
///
/// `Sendable` notes: ICU documents `UNumberRangeFormatter` as immutable and thread-safe; each
/// call makes its own result object.
package final class ICUNumberRangeFormatter: @unchecked Sendable {
    let handle: OpaquePointer

    private struct Key: Hashable, Sendable {
        var locale: String
        var skeleton: String
    }

    private static let cache = LRUCache<Key, ICUNumberRangeFormatter>(capacity: 512)

    /// The formatter for (skeleton, locale) with ICU's default collapse and identity fallback.
    ///
    /// - Throws: ``ParlanceError/Code/invalidSkeleton`` when ICU rejects the skeleton.
    package static func cached(skeleton: String, locale: LocaleID) throws(ParlanceError) -> ICUNumberRangeFormatter {
        try cache.value(for: Key(locale: locale.identifier, skeleton: skeleton)) { () throws(ParlanceError) in
            var status: Int32 = 0
            var offset: Int32 = -1
            let units = Array(skeleton.utf16)
            let opened = units.withUnsafeBufferPointer { buffer in
                CICU_numberRangeFormatterOpen(buffer.baseAddress, Int32(buffer.count), locale.identifier, &offset, &status)
            }
            guard let opened, status <= 0 else {
                let icu = ICUStatusError(status: status)
                throw icu.parlanceError(
                    icu.isSkeletonSyntaxError || status == CICU_STATUS_ILLEGAL_ARGUMENT ? .invalidSkeleton : .internal,
                    "ICU rejects the number skeleton \(quoted(skeleton))" + (offset >= 0 ? " at offset \(offset)" : ""))
            }
            return ICUNumberRangeFormatter(handle: opened)
        }
    }

    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { CICU_numberRangeFormatterClose(handle) }

    /// The range between two decimal strings that ``DecimalString`` validated.
    package func format(start: String, end: String) throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf16 { out, capacity, status in
                CICU_numberRangeFormatDecimal(handle, start, Int32(start.utf8.count), end, Int32(end.utf8.count), out, capacity, status)
            }
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the range \(quoted(start))–\(quoted(end))")
        }
    }

    /// The plural category keyword of the range as this formatter writes it.
    package func pluralCategory(start: String, end: String, rules: ICUPluralRules) throws(ParlanceError) -> String {
        let result: Result<String, ICUStatusError> = rules.withHandle { rulesHandle in
            Result { () throws(ICUStatusError) in
                try ICUOutput.utf8 { out, capacity, status in
                    CICU_pluralRulesSelectRange(
                        rulesHandle, handle, start, Int32(start.utf8.count), end, Int32(end.utf8.count), out, capacity, status)
                }
            }
        }
        do {
            return try result.get()
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot select the plural category of the range \(quoted(start))–\(quoted(end))")
        }
    }
}

/// Owns an ICU date interval formatter (`UDateIntervalFormat`).
///
/// `Sendable` notes: ICU formats every interval under its own process-wide lock
/// (`gFormatterMutex` in dtitvfmt.cpp; the formatter mutates its calendars while formatting).
package final class ICUDateIntervalFormatter: @unchecked Sendable {
    let handle: OpaquePointer
    /// The interval format compiled into Swift, used first; nil when it is not compiled (see
    /// ``fallback``).
    package let compiled: CompiledDateInterval?
    /// ``compiled`` without a reference count (formatting calls it through
    /// `_withUnsafeGuaranteedRef`; ``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledDateInterval>?
    /// Why there is no compiled path, when there is none.
    package let fallback: ICUDateCompiler.Fallback?

    private struct Key: Hashable, Sendable {
        var locale: String
        var skeleton: String
        var zone: String
    }

    private static let cache = LRUCache<Key, ICUDateIntervalFormatter>(capacity: 512)

    /// The formatter for (locale, skeleton, zone), compiled on first use; `zone` must be a
    /// validated zone id.
    package static func cached(locale: LocaleID, skeleton: String, zone: String) throws(ParlanceError) -> ICUDateIntervalFormatter {
        try cache.value(for: Key(locale: locale.identifier, skeleton: skeleton, zone: zone)) { () throws(ParlanceError) in
            try ICUDateIntervalFormatter(locale: locale, skeleton: skeleton, zone: zone)
        }
    }

    /// A formatter for one use, not cached (the verification sweep makes one per locale and
    /// skeleton, which would only push out the formatters that callers use).
    package static func uncached(locale: LocaleID, skeleton: String, zone: String) throws(ParlanceError) -> ICUDateIntervalFormatter {
        try ICUDateIntervalFormatter(locale: locale, skeleton: skeleton, zone: zone)
    }

    private init(locale: LocaleID, skeleton: String, zone: String) throws(ParlanceError) {
        var status: Int32 = 0
        let skeletonUnits = Array(skeleton.utf16)
        let zoneUnits = Array(zone.utf16)
        let opened = skeletonUnits.withUnsafeBufferPointer { skeletonBuffer in
            zoneUnits.withUnsafeBufferPointer { zoneBuffer in
                CICU_dateIntervalFormatterOpen(
                    locale.identifier, skeletonBuffer.baseAddress, Int32(skeletonBuffer.count), zoneBuffer.baseAddress,
                    Int32(zoneBuffer.count), &status)
            }
        }
        guard let opened, status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(
                .invalidSkeleton, "ICU cannot open a date interval formatter for the skeleton \(quoted(skeleton)) in \(locale.identifier)")
        }
        handle = opened
        (compiled, fallback) = ICUDateIntervalCompiler.compile(locale: locale, skeleton: skeleton, zone: zone) { start, end in
            try? Self.icuFormat(handle: opened, from: start, to: end)
        }
        compiledRef = compiled.map { Unmanaged.passUnretained($0) }
    }

    deinit { CICU_dateIntervalFormatterClose(handle) }

    /// The interval between two instants (milliseconds since 1970, within ICU's calendar
    /// limits): with the compiled format where it covers them, else with ICU.
    package func format(from: Double, to: Double) throws(ParlanceError) -> String {
        if let compiledRef, let text = compiledRef._withUnsafeGuaranteedRef({ $0.format(from: from, to: to) }) { return text }
        return try icuFormat(from: from, to: to)
    }

    /// The interval through ICU's udtitvfmt_format only (the reference the compiled format is
    /// verified against).
    package func icuFormat(from: Double, to: Double) throws(ParlanceError) -> String {
        do {
            return try Self.icuFormat(handle: handle, from: from, to: to)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the interval \(from)–\(to)")
        }
    }

    private static func icuFormat(handle: OpaquePointer, from: Double, to: Double) throws(ICUStatusError) -> String {
        try ICUOutput.utf16 { CICU_dateIntervalFormat(handle, from, to, $0, $1, $2) }
    }
}
