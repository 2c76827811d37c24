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
        for rule in rules where rule.condition.contains(where: { $0.allSatisfy { $0.holds(for: operands) } }) {
            return rule.category
        }
        return .other
    }
}

extension PluralRuleProgram.Relation {
    func holds(for operands: PluralOperands) -> Bool {
        let inside: Bool
        switch operand {
        case .i: inside = contains(operands.integer)
        case .f: inside = contains(operands.fraction)
        case .t: inside = contains(operands.fractionWithoutTrailingZeros)
        case .v: inside = contains(UInt64(operands.visibleFractionDigitCount))
        case .w: inside = contains(UInt64(operands.significantFractionDigitCount))
        case .e: inside = contains(UInt64(max(0, operands.compactExponent)))
        case .n:
            if operands.isIntegral {
                inside = contains(operands.integer)
            } else if within {
                // n = i + x with 0 < x < 1, so (n mod m) = (i mod m) + x, and
                // low <= (i mod m) + x <= high  ⟺  low <= (i mod m) < high.
                let base: UInt64? = modulus.map { operands.integer.mod($0) } ?? operands.integer.smallValue
                if let base {
                    inside = ranges.contains { $0.lowerBound <= base && base < $0.upperBound }
                } else {
                    inside = false
                }
            } else {
                inside = false  // a non-integer is in no integer range
            }
        }
        return inside != negated
    }

    private func contains(_ value: DecimalInteger) -> Bool {
        if let modulus { return inRanges(value.mod(modulus)) }
        guard let small = value.smallValue else { return false }  // beyond every bound
        return inRanges(small)
    }

    private func contains(_ value: UInt64) -> Bool {
        inRanges(modulus.map { value % $0 } ?? value)
    }

    private func inRanges(_ value: UInt64) -> Bool {
        for range in ranges where range.contains(value) { return true }
        return false
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
