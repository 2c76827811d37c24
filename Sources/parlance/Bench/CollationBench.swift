import Foundation
import Parlance
import ParlanceVerification

/// Collation rows: Parlance's `Collator` against ICU in a C loop (ucol_strcoll, qsort,
/// ucol_getSortKey) and Node's `Intl.Collator` over the same inputs.
extension BenchCommand {
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
        let names = BenchInputs.swedishNames
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
