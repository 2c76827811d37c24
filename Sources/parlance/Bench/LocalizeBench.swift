import Foundation
import Parlance
import ParlanceLocalization

extension BenchCommand {
    /// `localize`: a catalog lookup with one stringsdict plural variable, through the warm
    /// path a server takes (chain and plural rules resolved once per locale, the entry
    /// compiled once), against Foundation's `String(format:locale:)` alone.
    func localizeRow(_ harness: BenchHarness) throws -> BenchRow {
        let directory = try SampleCatalog.writeToTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = try Catalog(directory: directory)
        let ru: LocaleID = "ru"
        let foundationLocale = Locale(identifier: "ru")
        return harness.row(
            name: "localize ru items.count (stringsdict, 1 plural)¹",
            parlance: { n in
                var total = 0
                for i in 0..<n {
                    // The public API as an app calls it: a plain Int argument.
                    total &+= ((try? catalog.localizedString("items.count", locale: ru, arguments: [i & 1023])) ?? "").utf8.count
                }
                blackHole(total)
            },
            foundation: { n in
                var total = 0
                for i in 0..<n { total &+= String(format: "%d элементов", locale: foundationLocale, i & 1023).utf8.count }
                blackHole(total)
            },
            target: 600)
    }
}
