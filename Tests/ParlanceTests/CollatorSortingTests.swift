import Foundation
import Parlance
import Testing

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

    @Test func smallAndEmptyInputs() {
        let sv = Collator(locale: "sv")
        #expect([String]().sorted(using: sv) == [])
        #expect(["z", "ä", "a"].sorted(using: sv) == ["a", "z", "ä"])
    }
}
