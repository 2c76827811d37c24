#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A locale's CLDR plural rules: which category (zero, one, two, few, many, other) a number
/// takes, for cardinal or ordinal use.
///
/// The rules are ICU's own (read from ICU when first needed for a locale, then cached) and are
/// evaluated by Parlance over exact CLDR operands, so visible fraction digits count:
///
/// ```swift
/// let en = try PluralRules(locale: "en")
/// en.category(for: 1)              // .one
/// try en.category(for: "1.0")      // .other (v = 1)
/// let ru = try PluralRules(locale: "ru")
/// ru.category(for: 21)             // .one
/// ru.category(for: 5)              // .many
/// try ru.category(for: "1.5")      // .other
/// try PluralRules(locale: "en", type: .ordinal).category(for: 23)  // .few ("23rd")
/// ```
///
/// `PluralRules` is a small immutable value, cheap to create after the first use of a locale
/// and safe to share across tasks.
public struct PluralRules: Hashable, Sendable {
    /// The locale whose rules these are.
    public let locale: LocaleID
    /// Cardinal or ordinal.
    public let type: PluralRuleType
    private let compiled: Compiled

    /// The rules of a parsed locale.
    public init(locale: LocaleID, type: PluralRuleType = .cardinal) throws {
        self = try PluralRules.rules(locale: locale, type: type)
    }

    /// ``init(locale:type:)-(LocaleID,_)`` with its error type, for code inside the package.
    package static func rules(locale: LocaleID, type: PluralRuleType = .cardinal) throws(ParlanceError) -> PluralRules {
        try PluralRules(compiling: locale, type: type)
    }

    private init(compiling locale: LocaleID, type: PluralRuleType) throws(ParlanceError) {
        self.locale = locale
        self.type = type
        self.compiled = try Compiled.cache.value(for: Key(locale: locale.identifier, type: type)) {
            () throws(ParlanceError) -> Compiled in
            try Compiled(locale: locale, type: type)
        }
    }

    /// The categories the locale uses, in CLDR order (zero, one, two, few, many, other).
    public var categories: [PluralCategory] { compiled.program.categories }

    /// The rule text, as ICU compiled it for this locale (UTS #35 syntax).
    public var ruleSource: String { compiled.source }

    /// The program compiled from the rules (compiled formatters select categories with it).
    package var program: PluralRuleProgram { compiled.program }

    /// The category of an integer.
    public func category(for number: Int) -> PluralCategory {
        if FormattingPaths.icuOnly { return icuSelected(PluralOperands(number)) }
        let magnitude = UInt64(number.magnitude)
        if magnitude < UInt64(Compiled.tabulated) { return compiled.smallIntegers[Int(magnitude)] }
        if magnitude < DecimalInteger.smallLimit { return compiled.program.category(forInteger: magnitude) }
        return compiled.program.category(for: PluralOperands(number))
    }

    /// The category of an integer of any width.
    public func category<I: BinaryInteger>(for number: I) -> PluralCategory {
        selected(PluralOperands(number))
    }

    /// The category of a binary floating-point number, taken in its shortest round-trip decimal
    /// form (`1.5` has one visible fraction digit; `1.0` is `1`, with none). To keep trailing
    /// zeros, pass the formatted string instead. NaN and infinities are `other`, as in ICU.
    public func category(for number: Double) -> PluralCategory {
        guard number.isFinite else { return .other }
        if number == number.rounded(), abs(number) < 1e15 { return category(for: Int(number)) }
        guard let operands = try? PluralOperands(Self.shortestDecimal(number)) else { return .other }
        return selected(operands)
    }

    /// The category of a `Double` displayed with exactly `visibleFractionDigits` fraction
    /// digits: in English `category(for: 1.0, visibleFractionDigits: 1)` is `other` ("1.0
    /// items"), `category(for: 1.0)` is `one`. NaN, infinities and digit counts outside 0…999
    /// are `other`.
    public func category(for number: Double, visibleFractionDigits: Int) -> PluralCategory {
        guard let operands = try? PluralOperands(number, visibleFractionDigits: visibleFractionDigits) else { return .other }
        return selected(operands)
    }

    /// The category of a `Decimal`, from its decimal digits (never through a `Double`).
    /// NaN is `other`.
    public func category(for number: Decimal) -> PluralCategory {
        guard !number.isNaN, let operands = try? PluralOperands(number.description) else { return .other }
        return selected(operands)
    }

    /// The category of a decimal string, where visible fraction digits count: in English `"1"`
    /// is `one` but `"1.0"` is `other`.
    ///
    /// - Parameter number: `[+-]?digits[.digits][(e|E)[+-]?digits]`; the exponent is scientific
    ///   (`"1.25e1"` is 12.5).
    /// - Throws: ``ParlanceError`` (``ParlanceError/Code/invalidNumber``) for anything else.
    public func category(for number: String) throws -> PluralCategory {
        if !FormattingPaths.icuOnly, let category = fastCategory(number) { return category }
        return selected(try PluralOperands(number))
    }

    /// `[+-]?digits[.digits]` with at most 18 digits on each side, evaluated without building
    /// ``PluralOperands``; nil for anything else (exponents, long numbers, malformed text),
    /// which the general parser then handles or rejects.
    private func fastCategory(_ number: String) -> PluralCategory? {
        var i: UInt64 = 0
        var f: UInt64 = 0
        var t: UInt64 = 0
        var v = 0
        var w = 0
        var integerDigits = 0
        var inFraction = false
        var trailingZeros = 0
        var zerosPower: UInt64 = 1
        var first = true
        for byte in number.utf8 {
            defer { first = false }
            if first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { continue }
            if byte == UInt8(ascii: ".") {
                guard !inFraction, integerDigits > 0 else { return nil }
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if inFraction {
                guard v < 18 else { return nil }
                v += 1
                f = f &* 10 &+ UInt64(digit)
                if digit == 0 {
                    trailingZeros += 1
                    zerosPower &*= 10
                } else {
                    trailingZeros = 0
                    zerosPower = 1
                }
            } else {
                guard integerDigits < 18 else { return nil }
                integerDigits += 1
                i = i &* 10 &+ UInt64(digit)
            }
        }
        guard integerDigits > 0, !inFraction || v > 0 else { return nil }
        w = v - trailingZeros
        t = f / zerosPower
        return compiled.program.category(integer: i, fraction: f, visible: v, fractionWithoutZeros: t, significant: w)
    }

    /// The category of explicit operands (for example compact numbers such as
    /// `PluralOperands(cldrSample: "1.2c6")`).
    public func category(for operands: PluralOperands) -> PluralCategory {
        selected(operands)
    }

    /// The compiled program's category, or ICU's under `PARLANCE_ICU_ONLY=1`.
    private func selected(_ operands: PluralOperands) -> PluralCategory {
        FormattingPaths.icuOnly ? icuSelected(operands) : compiled.program.category(for: operands)
    }

    /// ICU's category for operands it can take as a plain decimal; the compiled program's for
    /// compact notation (e ≠ 0), which ICU selects only for a formatted compact number.
    private func icuSelected(_ operands: PluralOperands) -> PluralCategory {
        guard let decimal = operands.plainDecimal, let category = try? icuCategory(forDecimal: decimal) else {
            return compiled.program.category(for: operands)
        }
        return category
    }

    // MARK: ICU's own selection (reference and benchmarks)

    /// The category ICU itself selects for a binary double (`uplrules_select`).
    package func icuCategory(for number: Double) -> PluralCategory {
        PluralCategory(keyword: compiled.icu.select(number)) ?? .other
    }

    /// The category ICU itself selects for a plain decimal string, fraction digits visible.
    package func icuCategory(forDecimal number: String) throws(ParlanceError) -> PluralCategory {
        PluralCategory(keyword: try compiled.icu.select(decimal: number)) ?? .other
    }

    /// Scoped access to ICU's object, for the benchmarks' raw-ICU loops.
    package func withICUHandle<R>(_ body: (OpaquePointer) -> R) -> R { compiled.icu.withHandle(body) }

    /// ICU's category keywords for the locale (in ICU's order).
    package func icuKeywords() throws(ParlanceError) -> [String] { try compiled.icu.keywords() }

    /// ICU's plural rules object behind these rules (cached with them).
    package var icuRules: ICUPluralRules { compiled.icu }

    // MARK: Identity and caching

    public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool {
        lhs.locale == rhs.locale && lhs.type == rhs.type
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(type)
    }

    private struct Key: Hashable, Sendable {
        var locale: String
        var type: PluralRuleType
    }

    /// What is cached per (locale, type): the program compiled from ICU's rules, shared by every
    /// locale whose rules read the same (ICU's 805 locales × 2 types have about 100 distinct rule
    /// texts), and ICU's own object, opened again only when asked for (ranges, the ICU reference
    /// of the tests and the bench), so that formatting in every locale does not keep 1,610 ICU
    /// objects (which keeps the all-locale sweep under 150 MB of resident memory).
    private final class Compiled: Sendable {
        static let cache = LRUCache<Key, Compiled>(capacity: 2048)

        /// The compiled programs by rule text.
        private static let shared = Locked<[String: Shared]>([:])

        /// One rule text's program and table.
        private final class Shared: Sendable {
            let source: String
            let program: PluralRuleProgram
            let smallIntegers: [PluralCategory]

            init(source: String) throws(ParlanceError) {
                self.source = source
                let program = try PluralRuleProgram(source: source)
                self.program = program
                smallIntegers = (0..<UInt64(Compiled.tabulated)).map { program.category(forInteger: $0) }
            }
        }

        let locale: LocaleID
        let type: PluralRuleType
        let source: String
        let program: PluralRuleProgram
        /// The program's category of each integer below ``tabulated`` (the counts most lookups
        /// select by), filled by the program itself, so equal to it by construction.
        let smallIntegers: [PluralCategory]
        static let tabulated = 1024
        private let icuSlot = Locked<ICUPluralRules?>(nil)

        init(locale: LocaleID, type: PluralRuleType) throws(ParlanceError) {
            self.locale = locale
            self.type = type
            let source = try ICUPluralRules(locale: locale, type: type).source()
            let shared = try Self.shared.withLock { (programs) throws(ParlanceError) -> Shared in
                if let known = programs[source] { return known }
                let made = try Shared(source: source)
                programs[source] = made
                return made
            }
            self.source = shared.source
            self.program = shared.program
            self.smallIntegers = shared.smallIntegers
        }

        /// ICU's object for these rules, opened on first use and kept.
        var icu: ICUPluralRules {
            icuSlot.withLock { slot in
                if let slot { return slot }
                do {
                    let opened = try ICUPluralRules(locale: locale, type: type)
                    slot = opened
                    return opened
                } catch {
                    // ICU opened the same rules when these were compiled; only a failed
                    // allocation inside ICU can make it refuse now.
                    preconditionFailure("ICU cannot reopen the \(type) plural rules of \(locale): \(error)")
                }
            }
        }
    }

    /// Every locale ICU has plural rules of its own for (including languages ICU has no other
    /// data for, such as `jbo`), as ICU ids.
    public static var localesWithRules: [String] {
        let joined = ICUPluralRules.availableLocalesJoined
        return joined.split(separator: " ").map(String.init)
    }

    /// Drops every cached rule set (tests use it to measure cold paths).
    package static func resetCache() { Compiled.cache.removeAll() }

    /// Swift's shortest round-trip spelling, without the ".0" it adds to integral values.
    package static func shortestDecimal(_ number: Double) -> String {
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
