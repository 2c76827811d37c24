public import Parlance
import ParlanceLocalization

/// Representative numbers for each plural category of a language, found by asking the
/// language's `PluralRules` (ICU's CLDR data) about a fixed scan of integers and decimals.
///
/// The scan covers 0…1000, powers of ten up to 10¹², then decimals with one and two fraction
/// digits (`0.0`…`10.9`, `0.00`…`2.99`, `1000000.5`, …); compact exponents (`1c6`) are not scanned.
/// It finds every category CLDR 42 defines for every locale; a category reachable only by
/// decimals has no integer sample.
///
/// ```swift
/// let ru = try PluralSamples(locale: "ru")
/// ru.integers[.few]     // [2, 3, 4, 22, 23]
/// ru.decimals[.other]   // ["0.0", "0.1", …]
/// ru.categories         // [.one, .few, .many, .other]
/// try PluralSamples(locale: "fr").finiteIntegers[.one]   // [0, 1]
/// ```
public struct PluralSamples: Hashable, Sendable {
    /// The language.
    public let locale: LocaleID
    /// The categories of the language, in CLDR order.
    public let categories: [PluralCategory]
    /// Up to five integers per category, smallest first.
    public let integers: [PluralCategory: [Int64]]
    /// Up to five decimals per category, as written (the visible fraction digits count).
    public let decimals: [PluralCategory: [String]]

    /// Every integer of a category that holds only a few (fr `one`: 0 and 1; en `one`: 1),
    /// absent for a category that holds integers without end (ru `one`: 1, 21, 31, …).
    ///
    /// CLDR's integer conditions test `n`, `i` and their remainders modulo 10, 100, 1000 and
    /// 1,000,000, so a category holding integers without end holds one of 100…1000 or of the
    /// powers of ten scanned; one that holds none of them holds only the integers below 100
    /// the scan found.
    public let finiteIntegers: [PluralCategory: [Int64]]

    /// How many samples are kept per category and kind.
    public static let samplesPerCategory = 5

    /// Scans a language's rules.
    ///
    /// ```swift
    /// try PluralSamples(locale: LocaleID("ar")).integers[.zero]  // [0]
    /// ```
    /// - Throws: `ParlanceError/Code/invalidLocale` when ICU has no rules for the locale.
    public init(locale: LocaleID) throws {
        let rules = try ParlanceCore.pluralRules(locale)
        var integers: [PluralCategory: [Int64]] = [:]
        var candidates = Array(Int64(0)...1000)
        var power: Int64 = 10_000
        while power <= 1_000_000_000_000 {
            candidates += [power, power + 1, power + 2, power + 5]
            power *= 10
        }
        var small: [PluralCategory: [Int64]] = [:]
        var unbounded = Set<PluralCategory>()
        for value in candidates {
            let category = rules.category(for: value)
            if integers[category, default: []].count < Self.samplesPerCategory { integers[category, default: []].append(value) }
            if value < 100 { small[category, default: []].append(value) } else { unbounded.insert(category) }
        }
        var decimalCandidates: [String] = []
        for whole in 0...10 { for tenth in 0...9 { decimalCandidates.append("\(whole).\(tenth)") } }
        for whole in 0...2 { for hundredth in 0...99 { decimalCandidates.append("\(whole).\(hundredth < 10 ? "0" : "")\(hundredth)") } }
        decimalCandidates += ["1000000.5", "1000000.0", "100.0", "1000.0", "21.5", "22.5", "25.5", "101.5"]
        var decimals: [PluralCategory: [String]] = [:]
        for text in decimalCandidates {
            guard let category = try? rules.category(for: text) else { continue }
            if decimals[category, default: []].count < Self.samplesPerCategory { decimals[category, default: []].append(text) }
        }
        self.locale = locale
        self.categories = rules.categories
        self.integers = integers
        self.finiteIntegers = small.filter { !unbounded.contains($0.key) }
        self.decimals = decimals
    }

    /// The categories some integer selects (what a `%d` plural can reach).
    ///
    /// ```swift
    /// try PluralSamples(locale: "ru").integerCategories  // [.one, .few, .many]
    /// ```
    public var integerCategories: [PluralCategory] { categories.filter { integers[$0] != nil } }
}
