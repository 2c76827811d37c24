/// A locale's CLDR plural rules compiled for fast evaluation over ``PluralOperands``.
///
/// The rule text comes from ICU at run time (`PluralRules::getRules()` through the shim), so
/// the rules never drift from the ICU that Parlance links; the syntax is UTS #35's plural
/// rule syntax as ICU writes it:
///
/// ```
/// one: i  in 1..1 and v  in 0..0; other:
/// many: e  in 0..0 and i mod 1000000 in 0..0 or e  not in 0..5; …
/// ```
///
/// Semantics (UTS #35, "Plural rules syntax"): `in`/`=`/`is` need the value to be an integer
/// inside a range; `within` accepts any value between the bounds; `not`/`!=` negate;
/// `and` binds tighter than `or`; rules are tried in order and `other` is the default.
package struct PluralRuleProgram: Hashable, Sendable {
    package enum Operand: Hashable, Sendable {
        case n, i, v, w, f, t, e
    }

    package struct Relation: Hashable, Sendable {
        var operand: Operand
        var modulus: UInt64?
        var negated: Bool
        var within: Bool
        var ranges: [ClosedRange<UInt64>]
    }

    package struct Rule: Hashable, Sendable {
        var category: PluralCategory
        /// Disjunction of conjunctions.
        var condition: [[Relation]]
    }

    package let rules: [Rule]
    let compiled: CompiledPluralRules
    /// The categories the rules can produce, in CLDR order, `other` included.
    package let categories: [PluralCategory]

    /// Compiles ICU's rule text.
    package init(source: String) throws(ParlanceError) {
        var rules: [Rule] = []
        var categories: Set<PluralCategory> = [.other]
        for chunk in source.split(separator: ";") {
            let trimmed = chunk.trimmingSpaces()
            if trimmed.isEmpty { continue }
            guard let colon = trimmed.firstIndex(of: ":"),
                let category = PluralCategory(keyword: trimmed[..<colon].trimmingSpaces())
            else { throw Self.syntaxError(source, "expected 'keyword: condition' in \(quoted(String(trimmed)))") }
            categories.insert(category)
            let body = trimmed[trimmed.index(after: colon)...].trimmingSpaces()
            if body.isEmpty {
                guard category == .other else { throw Self.syntaxError(source, "empty condition for \(category)") }
                continue
            }
            var parser = Parser(tokens: Self.tokenize(body), source: source)
            let condition = try parser.parseCondition()
            rules.append(Rule(category: category, condition: condition))
        }
        self.rules = rules
        self.categories = categories.sorted()
        self.compiled = CompiledPluralRules(rules: rules)
    }

    private static func syntaxError(_ source: String, _ detail: String) -> ParlanceError {
        ParlanceError(.internal, "cannot compile ICU's plural rules \(quoted(source, limit: 200)): \(detail)")
    }

    private static func tokenize(_ body: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start: Substring.Index? = nil
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if character == " " || character == "," || character == "=" || character == "!" || character == "%" {
                if let s = start { tokens.append(body[s..<index]) }
                start = nil
                if character == "!" {
                    let next = body.index(after: index)
                    if next < body.endIndex, body[next] == "=" {
                        tokens.append(body[index...next])
                        index = body.index(after: next)
                        continue
                    }
                }
                if character != " " { tokens.append(body[index...index]) }
            } else if start == nil {
                start = index
            }
            index = body.index(after: index)
        }
        if let s = start { tokens.append(body[s...]) }
        return tokens
    }

    private struct Parser {
        var tokens: [Substring]
        var position = 0
        let source: String

        init(tokens: [Substring], source: String) {
            self.tokens = tokens
            self.source = source
        }

        mutating func parseCondition() throws(ParlanceError) -> [[Relation]] {
            var disjunction: [[Relation]] = []
            var conjunction: [Relation] = [try parseRelation()]
            while position < tokens.count {
                let word = tokens[position]
                position += 1
                if word == "and" {
                    conjunction.append(try parseRelation())
                } else if word == "or" {
                    disjunction.append(conjunction)
                    conjunction = [try parseRelation()]
                } else {
                    throw error("expected 'and' or 'or', found \(quoted(String(word)))")
                }
            }
            disjunction.append(conjunction)
            return disjunction
        }

        mutating func parseRelation() throws(ParlanceError) -> Relation {
            let operand: Operand
            switch next() {
            case "n": operand = .n
            case "i": operand = .i
            case "v": operand = .v
            case "w": operand = .w
            case "f": operand = .f
            case "t": operand = .t
            case "e", "c": operand = .e
            case let other: throw error("unknown operand \(quoted(String(other ?? "")))")
            }
            var modulus: UInt64? = nil
            if peek() == "mod" || peek() == "%" {
                position += 1
                guard let value = UInt64(next() ?? ""), value > 0 else { throw error("bad modulus") }
                modulus = value
            }
            var negated = false
            var within = false
            switch next() {
            case "=", "in": break
            case "!=": negated = true
            case "within": within = true
            case "is":
                if peek() == "not" {
                    position += 1
                    negated = true
                }
            case "not":
                negated = true
                switch next() {
                case "in": break
                case "within": within = true
                default: throw error("expected 'in' or 'within' after 'not'")
                }
            case let other: throw error("expected a relation, found \(quoted(String(other ?? "")))")
            }
            var ranges: [ClosedRange<UInt64>] = []
            repeat {
                if peek() == "," { position += 1 }
                guard let item = next() else { throw error("expected a range") }
                let bounds = item.split(separator: ".", omittingEmptySubsequences: true)
                guard (1...2).contains(bounds.count), let low = UInt64(bounds[0]),
                    let high = UInt64(bounds[bounds.count - 1]), low <= high,
                    high < DecimalInteger.smallLimit
                else { throw error("bad range \(quoted(String(item)))") }
                ranges.append(low...high)
            } while peek() == ","
            return Relation(operand: operand, modulus: modulus, negated: negated, within: within, ranges: ranges)
        }

        mutating func next() -> Substring? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }

        func peek() -> Substring? { position < tokens.count ? tokens[position] : nil }

        func error(_ detail: String) -> ParlanceError { PluralRuleProgram.syntaxError(source, detail) }
    }

    // MARK: Evaluation

    /// The category of the operands: the first rule whose condition holds, else `other`.
    package func category(for operands: PluralOperands) -> PluralCategory {
        compiled.evaluate(nonIntegral: !operands.isIntegral) { slot in
            switch slot.operand {
            case .n, .i: return operands.integer.slotValue(modulus: slot.modulus)
            case .f: return operands.fraction.slotValue(modulus: slot.modulus)
            case .t: return operands.fractionWithoutTrailingZeros.slotValue(modulus: slot.modulus)
            case .v: return Self.reduce(UInt64(operands.visibleFractionDigitCount), slot.modulus)
            case .w: return Self.reduce(UInt64(operands.significantFractionDigitCount), slot.modulus)
            case .e: return Self.reduce(UInt64(max(0, operands.compactExponent)), slot.modulus)
            }
        }
    }

    /// The category of a non-negative integer below 10^18 (the fast path: n = i, no fraction).
    package func category(forInteger value: UInt64) -> PluralCategory {
        compiled.evaluate(nonIntegral: false) { slot in
            switch slot.operand {
            case .n, .i: return Self.reduce(value, slot.modulus)
            case .f, .t, .v, .w, .e: return 0
            }
        }
    }

    /// The category of a plain decimal with at most 18 integer and 18 fraction digits (the fast
    /// path for strings such as "21" or "1.50": no operand struct, no allocation).
    package func category(
        integer i: UInt64, fraction f: UInt64, visible v: Int,
        fractionWithoutZeros t: UInt64, significant w: Int
    ) -> PluralCategory {
        compiled.evaluate(nonIntegral: f != 0) { slot in
            switch slot.operand {
            case .n, .i: return Self.reduce(i, slot.modulus)
            case .f: return Self.reduce(f, slot.modulus)
            case .t: return Self.reduce(t, slot.modulus)
            case .v: return Self.reduce(UInt64(v), slot.modulus)
            case .w: return Self.reduce(UInt64(w), slot.modulus)
            case .e: return 0
            }
        }
    }

    @inline(__always)
    static func reduce(_ value: UInt64, _ modulus: UInt64) -> UInt64 {
        if modulus == 0 { return value }
        // 32-bit division is several times cheaper than 64-bit on x86-64.
        if value <= UInt64(UInt32.max) { return UInt64(UInt32(truncatingIfNeeded: value) % UInt32(truncatingIfNeeded: modulus)) }
        return value % modulus
    }
}

/// The rules flattened for evaluation: each distinct (operand, modulus) pair is computed once per
/// call into a "slot"; each conjunction is a run of relations over slots, tried in rule order.
struct CompiledPluralRules: Hashable, Sendable {
    struct Slot: Hashable, Sendable {
        var operand: PluralRuleProgram.Operand
        /// 0 when the relation has no `mod`.
        var modulus: UInt64
        /// 32-bit when the modulus fits (every CLDR modulus does), else 64-bit division.
        var fitsUInt32: Bool { modulus <= UInt64(UInt32.max) }
    }

    struct Step: Hashable, Sendable {
        var slot: UInt8
        var isN: Bool
        var negated: Bool
        var within: Bool
        var rangeStart: UInt16
        var rangeEnd: UInt16
        /// Whether this relation closes its conjunction (whose category follows).
        var endsConjunction: Bool
        var category: PluralCategory
    }

    var slots: [Slot] = []
    var steps: [Step] = []
    var lows: [UInt64] = []
    var highs: [UInt64] = []

    init(rules: [PluralRuleProgram.Rule]) {
        for rule in rules {
            for conjunction in rule.condition {
                for (index, relation) in conjunction.enumerated() {
                    let slot = Slot(operand: relation.operand, modulus: relation.modulus ?? 0)
                    let slotIndex: Int
                    if let existing = slots.firstIndex(of: slot) {
                        slotIndex = existing
                    } else {
                        slots.append(slot)
                        slotIndex = slots.count - 1
                    }
                    let start = lows.count
                    for range in relation.ranges {
                        lows.append(range.lowerBound)
                        highs.append(range.upperBound)
                    }
                    steps.append(
                        Step(
                            slot: UInt8(slotIndex), isN: relation.operand == .n, negated: relation.negated,
                            within: relation.within, rangeStart: UInt16(start), rangeEnd: UInt16(lows.count),
                            endsConjunction: index == conjunction.count - 1, category: rule.category))
                }
            }
        }
        precondition(slots.count <= 32, "CLDR rules use a handful of (operand, modulus) pairs")
    }

    /// Evaluates the steps; `value(slot)` gives each slot's value (UInt64.max: beyond every bound).
    @inline(__always)
    func evaluate(nonIntegral: Bool, _ value: (Slot) -> UInt64) -> PluralCategory {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: slots.count) { values in
            for index in slots.indices { values[index] = value(slots[index]) }
            return steps.withUnsafeBufferPointer { steps in
                lows.withUnsafeBufferPointer { lows in
                    highs.withUnsafeBufferPointer { highs in
                        var holds = true
                        for step in steps {
                            if holds {
                                let x = values[Int(step.slot)]
                                var inside = false
                                if step.isN && nonIntegral {
                                    // n = i + x with 0 < x < 1, so (n mod m) = (i mod m) + x and
                                    // low <= (i mod m) + x <= high  ⟺  low <= (i mod m) < high.
                                    // No integer range holds a non-integer ("in" is false).
                                    if step.within {
                                        for r in Int(step.rangeStart)..<Int(step.rangeEnd) where lows[r] <= x && x < highs[r] {
                                            inside = true
                                            break
                                        }
                                    }
                                } else {
                                    for r in Int(step.rangeStart)..<Int(step.rangeEnd) where lows[r] <= x && x <= highs[r] {
                                        inside = true
                                        break
                                    }
                                }
                                holds = inside != step.negated
                            }
                            if step.endsConjunction {
                                if holds { return step.category }
                                holds = true
                            }
                        }
                        return .other
                    }
                }
            }
        }
    }
}

extension DecimalInteger {
    /// The value of a rule slot: `self mod m`, or `self` (UInt64.max when beyond every bound).
    @inline(__always)
    func slotValue(modulus: UInt64) -> UInt64 {
        if modulus == 0 { return smallValue ?? .max }
        if digits == nil { return PluralRuleProgram.reduce(small, modulus) }
        return mod(modulus)
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " { slice = slice.dropFirst() }
        while let last = slice.last, last == " " { slice = slice.dropLast() }
        return Substring(slice)
    }
}
