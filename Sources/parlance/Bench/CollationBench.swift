import Foundation
import Parlance
import ParlanceVerification

/// Collation rows: Parlance's `Collator` against ICU in a C loop (ucol_strcoll, qsort,
/// ucol_getSortKey) and Node's `Intl.Collator` over the same inputs.
extension BenchCommand {
    /// 10,000 Swedish-looking names (deterministic), with å, ä, ö, and names that differ only
    /// in case or accent, so that every level of the collation is reached.
    static let swedishNames: [String] = {
        let onsets = ["", "B", "D", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S", "T", "V", "Å", "Ä", "Ö", "Sj", "Tj", "Kj"]
        let vowels = ["a", "e", "i", "o", "u", "y", "å", "ä", "ö", "é"]
        let codas = ["", "n", "r", "l", "s", "k", "t", "rn", "ll", "ng", "m"]
        var state: UInt64 = 0x5EED_5EED
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<10_000).map { _ in
            var name = ""
            for syllable in 0..<(2 + next() % 2) {
                let onset = onsets[next() % onsets.count]
                name += syllable == 0 ? onset : onset.lowercased()
                name += vowels[next() % vowels.count] + codas[next() % codas.count]
            }
            return name
        }
    }()

    func collationRows(_ harness: BenchHarness) throws -> [BenchRow] {
        let locale: LocaleID = "sv"
        let collator = Collator(locale: locale)
        let (a, b) = ("Åsa Öberg", "Asa Oberg")
        let compareRow = harness.row(
            name: "collate sv compare",
            parlance: { n in
                var total = 0
                for _ in 0..<n { total &+= collator.compare(a, b).rawValue }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.collateCompare(locale: locale, a, b, iterations: n)) },
            peer: PeerOperation(kind: "collateCompare", locale: "sv", inputs: [.text(a), .text(b)]))

        // One operation is a sort of all 10,000 names, so this row runs a thousandth of the
        // iterations of the others.
        let names = Self.swedishNames
        let sortHarness = BenchHarness(
            rounds: harness.rounds, iterations: max(1, harness.iterations / 1000), warmupIterations: 1, skipFoundation: true)
        let sortRow = sortHarness.row(
            name: "collate sv sort 10,000 names",
            parlance: { n in
                var total = 0
                for _ in 0..<n { total &+= names.sorted(using: collator).first?.utf8.count ?? 0 }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.collateSort(locale: locale, names, iterations: n)) },
            peer: PeerOperation(
                kind: "collateSort", locale: "sv", inputs: names.map(PeerOperation.Input.text), iterations: sortHarness.iterations))

        let keyNames = Array(names.prefix(256))
        let keyRow = harness.row(
            name: "collate sv sort key",
            parlance: { n in
                var total = 0
                for i in 0..<n { total &+= (try? collator.sortKey(keyNames[i & 255]).count) ?? 0 }
                blackHole(total)
            },
            icu: { n in blackHole(RawICUBench.sortKey(locale: locale, keyNames, iterations: n)) })
        return [compareRow, sortRow, keyRow]
    }
}
