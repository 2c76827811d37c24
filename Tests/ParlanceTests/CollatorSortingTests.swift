import Foundation
import ParlanceVerification
import Testing

@testable import Parlance

/// `sorted(using: Collator)` sorts by ICU sort keys; it must give exactly the order of a
/// comparison sort with the same collator (stable, reversed, at every strength).
@Suite("Sorting by collation keys")
struct CollatorSortingTests {
    /// 3,000 names from syllables with accents, case and digits, so that every collation level
    /// and many ties are reached (deterministic).
    static let names: [String] = {
        let onsets = ["", "B", "b", "D", "Å", "å", "Ä", "Ö", "ö", "Sj", "Ll", "Ch", "Ü", "ü", "É", "E"]
        let vowels = ["a", "e", "o", "ä", "ö", "é", "ue", "ü", "ñ", "-", " ", "2", "10"]
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<3000).map { _ in (0..<(1 + next() % 3)).map { _ in onsets[next() % onsets.count] + vowels[next() % vowels.count] }.joined() }
    }()

    @Test(arguments: [
        Collator(locale: "sv"), Collator(locale: "de-u-co-phonebk"), Collator(locale: "es-u-co-trad"),
        Collator(locale: "en", strength: .primary), Collator(locale: "en", numeric: true), Collator(locale: "en", ignorePunctuation: true),
        Collator(locale: "da"), Collator(locale: "sv", order: .reverse), Collator(locale: "en", strength: .secondary, order: .reverse),
    ])
    func keysSortAsComparisons(collator: Collator) {
        let byComparison = Self.names.sorted { collator.compare($0, $1) == .orderedAscending }
        #expect(Self.names.sorted(using: collator) == byComparison)
        // Foundation's generic sort over the same comparator agrees too.
        #expect(Self.names.sorted(using: [collator]) == byComparison)
    }

    /// The order ICU's own comparison (`ucol_strcollUTF8` on the collator's ICU handle) gives,
    /// stable: equal strings keep their input order.
    static func icuOrder(_ strings: [String], _ collator: Collator) -> [String] {
        let indices = strings.indices.sorted { a, b in
            var result = Collator.withUTF8(strings[a]) { x in Collator.withUTF8(strings[b]) { y in collator.icu.compare(x, y) } }
            if collator.order == .reverse { result = -result }
            return result != 0 ? result < 0 : a < b
        }
        return indices.map { strings[$0] }
    }

    /// The bench's 10,000 names and CLDR's root conformance strings (in a scrambled order),
    /// sorted through sort keys, come out in ICU's comparison order; every sort key orders as
    /// ICU compares.
    @Test(arguments: [
        Collator(locale: "sv"), Collator(locale: "sv", order: .reverse), Collator(locale: "sv", strength: .primary), Collator(strength: .identical),
        Collator(ignorePunctuation: true), Collator(locale: "de-u-co-phonebk"),
    ])
    func keysSortAsICU(collator: Collator) throws {
        var root = CollationFixtures.root.nonIgnorable.sample + CollationFixtures.root.shifted.sample
        var state: UInt64 = 7
        for index in root.indices.reversed() {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            root.swapAt(index, Int(truncatingIfNeeded: state >> 33) % (index + 1))
        }
        for strings in [BenchInputs.swedishNames, root] {
            let sorted = strings.sorted(using: collator)
            #expect(sorted == Self.icuOrder(strings, collator))
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let (x, y) = (try collator.sortKey(a), try collator.sortKey(b))
                let icu = Collator.withUTF8(a) { x in Collator.withUTF8(b) { y in collator.icu.compare(x, y) } }
                let keys = x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
                #expect(keys == Int(icu), "\(a) \(b)")
            }
        }
    }

    @Test func smallAndEmptyInputs() {
        let sv = Collator(locale: "sv")
        #expect([String]().sorted(using: sv) == [])
        #expect(["z", "ä", "a"].sorted(using: sv) == ["a", "z", "ä"])
    }
}
