/// A MessageFormat pattern compiled into Swift: literal text, simple arguments, `number`
/// arguments without a style or with the `integer` style, `plural` and `selectordinal`
/// arguments (exact matches, `offset:`, `#`) and `select` arguments, nested to any depth,
/// evaluated as ICU 72's `MessageFormat::format` evaluates them.
///
/// The plan is built from the parts ICU's own `MessagePattern` parses (so apostrophe quoting
/// and the syntax are ICU's), over the compiled paths that already exist: ``PluralRules`` for
/// the category and ``CompiledNumberFormat`` for the numbers. ICU's `MessageFormat` formats
/// numbers with a `DecimalFormat` of the locale (`#,##0.###`: at most three fraction digits,
/// half-even, grouped from four digits on); the skeleton `.### group-on-aligned` is that
/// format, and `precision-integer group-on-aligned` is the `integer` style. A plural selects
/// its category from the number as that format rounds it (`1.0005` is "1", `one` in English),
/// as ICU does.
///
/// What it does not cover, it does not compile (the whole message then formats through ICU):
/// `choice`, `date`, `time`, `spellout`, `ordinal`, `duration`, number styles other than
/// `integer`, a plural whose `other` branch names its own argument with a style before any `#`
/// (ICU then selects with that argument's format), a pattern with an unpaired surrogate.
/// Values it does not cover make ``format(_:)`` return nil, and the caller asks ICU: decimal
/// strings, NaN and the infinities, a plural or number of a text, a select of a number, and
/// plural numbers whose category ICU reads from truncated digits (magnitudes of 2^53 and up).
///
/// The owner (``ICUMessageFormatter``) checks the plan against ICU on probe values when it is
/// built; `parlance bench --verify-messages` proves it byte for byte over every ICU locale.
package final class MessagePlan: Sendable {
    /// A sub-message: what is written, in order.
    struct Message: Sendable {
        var nodes: [Node]
    }

    enum NumberStyle: Sendable {
        /// `{n}`: a number in the default format, a text as it is.
        case plain
        /// `{n, number}`.
        case number
        /// `{n, number, integer}`.
        case integer
    }

    enum Node: Sendable {
        case text(String)
        case argument(slot: Int, style: NumberStyle)
        /// `#`: the plural's number (less its offset) in the default format.
        case pound
        case plural(Plural)
        case select(Select)
    }

    final class Plural: Sendable {
        let slot: Int
        let rules: PluralRules
        let offset: Double
        /// `=n` branches in pattern order (the first equal one wins, before any keyword).
        let exact: [(value: Double, message: Message)]
        /// The branch of each category (CLDR order): its keyword's first branch, else `other`.
        let byCategory: [Message]
        let other: Message
        /// Whether a branch other than `other` has a keyword: ICU selects a category only then.
        let selects: Bool

        init(slot: Int, rules: PluralRules, offset: Double, exact: [(value: Double, message: Message)], byCategory: [Message], other: Message, selects: Bool) {
            self.slot = slot
            self.rules = rules
            self.offset = offset
            self.exact = exact
            self.byCategory = byCategory
            self.other = other
            self.selects = selects
        }
    }

    final class Select: Sendable {
        let slot: Int
        let cases: [(keyword: String, message: Message)]
        let other: Message

        init(slot: Int, cases: [(keyword: String, message: Message)], other: Message) {
            self.slot = slot
            self.cases = cases
            self.other = other
        }
    }

    /// Why a pattern has no plan (for the `--verify-messages` counts).
    package enum Fallback: String, Sendable, CaseIterable, Error {
        case construct = "argument type or style not compiled"
        case numberFormat = "number format not compiled"
        case pluralFormat = "plural selects with its argument's own format"
        case text = "unpaired surrogate in the text"
        case parse = "parts not read"
        case selfCheck = "compile-time check against ICU failed"
        case length = "pattern too long to be cached"
        case disabled = "PARLANCE_ICU_ONLY=1"
    }

    let root: Message
    /// The argument slots (indexes into the owner's argument names) read as numbers and as
    /// texts, for the probe values of the compile-time check.
    let numericSlots: Set<Int>
    let selectKeywords: [Int: [String]]
    let exactValues: [Double]
    private let decimal: ICUNumberFormatter
    private let integer: ICUNumberFormatter

    private init(
        root: Message, numericSlots: Set<Int>, selectKeywords: [Int: [String]], exactValues: [Double], decimal: ICUNumberFormatter,
        integer: ICUNumberFormatter
    ) {
        self.root = root
        self.numericSlots = numericSlots
        self.selectKeywords = selectKeywords
        self.exactValues = exactValues
        self.decimal = decimal
        self.integer = integer
    }

    /// The keywords of the select arguments, by argument slot (for the verification's values).
    package var selectedSlots: [Int: [String]] { selectKeywords }
    /// Whether the argument in `slot` is read as a number (a plural, `selectordinal` or
    /// `number` argument).
    package func readsNumber(_ slot: Int) -> Bool { numericSlots.contains(slot) }

    // MARK: Evaluation

    /// The message with the arguments `value(slot)` gives (every slot the plan reads must have
    /// one); nil for a value the plan does not cover (the caller asks ICU).
    package func format(_ value: (Int) -> MessageArgument) -> String? {
        var out = ""
        guard write(root, into: &out, pound: nil, value) else { return nil }
        return out
    }

    /// A plural's number: the argument itself without an offset, else its double less the offset.
    enum PluralNumber {
        case integer(Int64)
        case double(Double)
    }

    private func write(_ message: Message, into out: inout String, pound: PluralNumber?, _ value: (Int) -> MessageArgument) -> Bool {
        for node in message.nodes {
            switch node {
            case .text(let text):
                out += text
            case .argument(let slot, let style):
                let argument = value(slot)
                let number: PluralNumber
                switch argument {
                case .text(let text):
                    guard case .plain = style else { return false }
                    out += text
                    continue
                case .integer(let v): number = .integer(v)
                case .double(let v): number = .double(v)
                case .date(let date): number = .double((date.timeIntervalSince1970 * 1000).rounded())
                case .decimal: return false
                }
                guard let text = self.format(number, integer: { if case .integer = style { true } else { false } }()) else { return false }
                out += text
            case .pound:
                guard let pound, let text = format(pound, integer: false) else { return false }
                out += text
            case .plural(let plural):
                let x: Double
                var number: PluralNumber
                switch value(plural.slot) {
                case .integer(let v):
                    x = Double(v)
                    number = .integer(v)
                case .double(let v):
                    x = v
                    number = .double(v)
                case .date(let date):
                    x = (date.timeIntervalSince1970 * 1000).rounded()
                    number = .double(x)
                case .text, .decimal: return false
                }
                guard x.isFinite else { return false }
                if plural.offset != 0 { number = .double(x - plural.offset) }
                var chosen: Message?
                for branch in plural.exact where branch.value == x {
                    chosen = branch.message
                    break
                }
                if chosen == nil {
                    if plural.selects {
                        guard let category = Self.category(number, plural.rules) else { return false }
                        chosen = plural.byCategory[category.index]
                    } else {
                        chosen = plural.other
                    }
                }
                guard let chosen, write(chosen, into: &out, pound: number, value) else { return false }
            case .select(let select):
                guard case .text(let keyword) = value(select.slot) else { return false }
                var chosen = select.other
                for branch in select.cases where branch.keyword.utf16.elementsEqual(keyword.utf16) {
                    chosen = branch.message
                    break
                }
                guard write(chosen, into: &out, pound: nil, value) else { return false }
            }
        }
        return true
    }

    /// The number in the message's default (or integer) format; nil for NaN and the infinities.
    private func format(_ number: PluralNumber, integer: Bool) -> String? {
        let formatter = integer ? self.integer : decimal
        guard let compiled = formatter.compiled else { return nil }
        switch number {
        case .integer(let v): return compiled.format(v)
        case .double(let v): return compiled.format(v)
        }
    }

    /// 2^53: below it an integral double is an exact integer.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// The plural category ICU selects for the number as the default format rounds it (at most
    /// three fraction digits, half-even, from the shortest round-trip digits of a double); nil
    /// where ICU's operands come from truncated digits (magnitudes of 2^53 and up) or the digits
    /// are not read here.
    static func category(_ number: PluralNumber, _ rules: PluralRules) -> PluralCategory? {
        switch number {
        case .integer(let v):
            let magnitude = v.magnitude
            guard magnitude < UInt64(exactIntegerLimit) else { return nil }
            return rules.category(for: Int(magnitude))
        case .double(let v):
            guard v.isFinite else { return nil }
            let magnitude = Swift.abs(v)
            guard magnitude < exactIntegerLimit else { return nil }
            if magnitude.rounded(.towardZero) == magnitude { return rules.category(for: Int(magnitude)) }
            guard let (integer, fraction, digits) = roundedDecimal(magnitude, maxFraction: 3) else { return nil }
            if digits == 0 { return rules.category(for: Int(integer)) }
            var text = String(integer)
            text += "."
            let fractionText = String(fraction)
            text += String(repeating: "0", count: digits - fractionText.utf8.count) + fractionText
            return try? rules.category(for: text)
        }
    }

    /// A non-negative double below 2^53 with at most `maxFraction` fraction digits as ICU rounds
    /// it (half-even, from its shortest round-trip digits), trailing zeros dropped: integer
    /// part, fraction digits as an integer, their count. Nil when the shortest digits are not
    /// found (more than 15 significant digits).
    static func roundedDecimal(_ magnitude: Double, maxFraction: Int) -> (UInt64, UInt64, Int)? {
        // The shortest digits m / 10^k: the least k whose rounded m reads back (exact while m
        // stays below 10^15; see CompiledNumberFormat).
        var k = 1
        var power = 10.0
        var m = 0.0
        while true {
            guard k <= 15 else { return nil }
            let scaled = magnitude * power
            guard scaled < 1e15 else { return nil }
            let candidate = scaled.rounded()
            if candidate / power == magnitude {
                m = candidate
                break
            }
            k += 1
            power *= 10
        }
        var digits = UInt64(m)
        var count = k
        if count > maxFraction {
            var divisor: UInt64 = 1
            for _ in 0..<(count - maxFraction) { divisor *= 10 }
            var kept = digits / divisor
            let rest = digits % divisor
            let half = divisor / 2
            if rest > half || (rest == half && kept & 1 == 1) { kept += 1 }
            digits = kept
            count = maxFraction
        }
        while count > 0, digits % 10 == 0 {
            digits /= 10
            count -= 1
        }
        var scale: UInt64 = 1
        for _ in 0..<count { scale *= 10 }
        return (digits / scale, digits % scale, count)
    }

    // MARK: Compilation

    /// Compiles the parts ICU parses from `units` for `locale`; `names` are the owner's argument
    /// names (the slots). Returns the plan or why there is none.
    static func compile(units: [UInt16], locale: LocaleID, names: [String]) -> Result<MessagePlan, Fallback> {
        if FormattingPaths.icuOnly { return .failure(.disabled) }
        // An unpaired surrogate would be written differently once ICU joins the text around
        // a skipped apostrophe; such patterns are left to ICU.
        var index = 0
        while index < units.count {
            let unit = units[index]
            if UTF16.isLeadSurrogate(unit) {
                guard index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) else { return .failure(.text) }
                index += 2
                continue
            }
            if UTF16.isTrailSurrogate(unit) { return .failure(.text) }
            index += 1
        }
        guard let parts = MessagePatternPart.parts(of: units) else { return .failure(.parse) }
        guard let decimal = try? ICUNumberFormatter.cached(skeleton: ".### group-on-aligned", locale: locale),
            let integer = try? ICUNumberFormatter.cached(skeleton: "precision-integer group-on-aligned", locale: locale),
            decimal.compiled != nil, integer.compiled != nil
        else { return .failure(.numberFormat) }
        var compiler = Compiler(units: units, parts: parts, names: names, locale: locale)
        guard parts.first?.type == .msgStart else { return .failure(.parse) }
        switch compiler.message(at: 0) {
        case .success(let root):
            return .success(
                MessagePlan(
                    root: root, numericSlots: compiler.numericSlots, selectKeywords: compiler.selectKeywords, exactValues: compiler.exactValues,
                    decimal: decimal, integer: integer))
        case .failure(let fallback): return .failure(fallback)
        }
    }

    private struct Compiler {
        let units: [UInt16]
        let parts: [MessagePatternPart]
        let names: [String]
        let locale: LocaleID
        var numericSlots: Set<Int> = []
        var selectKeywords: [Int: [String]] = [:]
        var exactValues: [Double] = []
        var rules: [PluralRuleType: PluralRules] = [:]

        init(units: [UInt16], parts: [MessagePatternPart], names: [String], locale: LocaleID) {
            self.units = units
            self.parts = parts
            self.names = names
            self.locale = locale
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: units[start..<end], as: UTF16.self)
        }

        func substring(_ part: MessagePatternPart) -> String { text(Int(part.index), Int(part.index + part.length)) }

        /// The keyword of an argument type or style as ICU's `findKeyword` reads it: trimmed of
        /// pattern white space, lowercased. Nil for anything not ASCII (ICU lowercases by the
        /// full Unicode rules; such spellings are left to ICU).
        func keyword(_ part: MessagePatternPart) -> String? {
            var bytes = Array(substring(part).utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let space: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
            while let last = bytes.last, space(last) { bytes.removeLast() }
            while let first = bytes.first, space(first) { bytes.removeFirst() }
            return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }

        /// The sub-message starting at the MSG_START part `start`.
        mutating func message(at start: Int) -> Result<Message, Fallback> {
            var nodes: [Node] = []
            var pending: [UInt16] = []
            var previous = Int(parts[start].index + parts[start].length)
            func flush() {
                if !pending.isEmpty {
                    nodes.append(.text(String(decoding: pending, as: UTF16.self)))
                    pending.removeAll()
                }
            }
            var i = start + 1
            while i < parts.count {
                let part = parts[i]
                let index = Int(part.index)
                guard index >= previous, index <= units.count else { return .failure(.parse) }
                pending += units[previous..<index]
                if part.type == .msgLimit {
                    flush()
                    return .success(Message(nodes: nodes))
                }
                previous = Int(part.index + part.length)
                if part.type == .replaceNumber {
                    flush()
                    nodes.append(.pound)
                    i += 1
                    continue
                }
                guard part.type == .argStart else {
                    i += 1
                    continue
                }
                flush()
                let limit = Int(part.limitPart)
                guard limit > i, limit < parts.count, i + 1 < limit else { return .failure(.parse) }
                let nameType = parts[i + 1].type
                guard nameType == .argName || nameType == .argNumber,
                    let slot = names.firstIndex(of: substring(parts[i + 1]))
                else { return .failure(.parse) }
                switch argument(start: i, limit: limit, slot: slot) {
                case .success(let node): nodes.append(node)
                case .failure(let fallback): return .failure(fallback)
                }
                previous = Int(parts[limit].index + parts[limit].length)
                i = limit + 1
            }
            return .failure(.parse)
        }

        /// The argument between the ARG_START part `start` and its ARG_LIMIT part `limit`.
        mutating func argument(start: Int, limit: Int, slot: Int) -> Result<Node, Fallback> {
            switch parts[start].argType {
            case .noType:
                return .success(.argument(slot: slot, style: .plain))
            case .simple:
                guard start + 2 < limit, parts[start + 2].type == .argType, keyword(parts[start + 2]) == "number" else {
                    return .failure(.construct)
                }
                numericSlots.insert(slot)
                if start + 3 < limit {
                    guard parts[start + 3].type == .argStyle, let style = keyword(parts[start + 3]) else { return .failure(.construct) }
                    switch style {
                    case "": return .success(.argument(slot: slot, style: .number))
                    case "integer": return .success(.argument(slot: slot, style: .integer))
                    default: return .failure(.construct)
                    }
                }
                return .success(.argument(slot: slot, style: .number))
            case .plural, .selectOrdinal:
                numericSlots.insert(slot)
                let type: PluralRuleType = parts[start].argType == .plural ? .cardinal : .ordinal
                let rules: PluralRules
                if let known = self.rules[type] {
                    rules = known
                } else {
                    guard let made = try? PluralRules.rules(locale: locale, type: type) else { return .failure(.construct) }
                    self.rules[type] = made
                    rules = made
                }
                var exact: [(value: Double, message: Message)] = []
                var keywords: [(keyword: String, message: Message)] = []
                var other: Message?
                var otherStart = -1
                var i = start + 2
                if i < limit, parts[i].type == .argInt || parts[i].type == .argDouble { i += 1 }
                while i < limit {
                    guard parts[i].type == .argSelector else { return .failure(.parse) }
                    let selector = parts[i]
                    i += 1
                    var value: Double?
                    if parts[i].type == .argInt || parts[i].type == .argDouble {
                        value = parts[i].number
                        i += 1
                    }
                    guard parts[i].type == .msgStart else { return .failure(.parse) }
                    let messageStart = i
                    let compiled: Message
                    switch message(at: messageStart) {
                    case .success(let made): compiled = made
                    case .failure(let fallback): return .failure(fallback)
                    }
                    let name = substring(selector)
                    if let value {
                        exact.append((value, compiled))
                        exactValues.append(value)
                    } else if name == "other" {
                        if other == nil {
                            other = compiled
                            otherStart = messageStart
                        }
                    } else {
                        keywords.append((name, compiled))
                    }
                    i = Int(parts[messageStart].limitPart) + 1
                }
                guard let other, otherStart >= 0 else { return .failure(.parse) }
                // ICU selects with the format of the first argument of the same name in the
                // `other` branch when that comes before any `#`; that is the default format
                // for `{n}` and `{n, number}`, and another one for any other type or style.
                let name = substring(parts[start + 1])
                var j = otherStart + 1
                scan: while j < parts.count {
                    let part = parts[j]
                    switch part.type {
                    case .msgLimit, .replaceNumber: break scan
                    case .argStart:
                        if part.argType == .noType || part.argType == .simple, substring(parts[j + 1]) == name {
                            if part.argType == .simple {
                                let limit = Int(part.limitPart)
                                let isNumber = j + 2 < limit && keyword(parts[j + 2]) == "number"
                                let hasStyle = j + 3 < limit && keyword(parts[j + 3]) != ""
                                guard isNumber, !hasStyle else { return .failure(.pluralFormat) }
                            }
                            break scan
                        }
                        j = Int(part.limitPart) + 1
                    default: j += 1
                    }
                }
                let byCategory = PluralCategory.allCases.map { category in
                    keywords.first { $0.keyword == category.rawValue }?.message ?? other
                }
                return .success(
                    .plural(
                        Plural(
                            slot: slot, rules: rules, offset: parts[start].number, exact: exact, byCategory: byCategory, other: other,
                            selects: !keywords.isEmpty)))
            case .select:
                var cases: [(keyword: String, message: Message)] = []
                var other: Message?
                var i = start + 2
                while i < limit {
                    guard parts[i].type == .argSelector, i + 1 < limit, parts[i + 1].type == .msgStart else {
                        return .failure(.parse)
                    }
                    let name = substring(parts[i])
                    let compiled: Message
                    switch message(at: i + 1) {
                    case .success(let made): compiled = made
                    case .failure(let fallback): return .failure(fallback)
                    }
                    if name == "other" {
                        if other == nil { other = compiled }
                    } else {
                        cases.append((name, compiled))
                    }
                    i = Int(parts[i + 1].limitPart) + 1
                }
                guard let other else { return .failure(.parse) }
                selectKeywords[slot, default: []] += cases.map(\.keyword)
                return .success(.select(Select(slot: slot, cases: cases, other: other)))
            default:
                return .failure(.construct)
            }
        }
    }
}
