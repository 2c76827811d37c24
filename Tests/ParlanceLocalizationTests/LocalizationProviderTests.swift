import ParlanceLint
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// The provider is process-wide: these tests run one after the other.
@Suite("LocalizationProvider bridge", .serialized)
struct LocalizationProviderTests {
    @Test("closure configuration, key fallback, placeholders, declared keys")
    func closure() {
        LocalizationProvider.reset()
        LocalizationProvider.removeDeclaredKeys()
        #expect(LocalizationProvider.string("total_odds") == "total_odds")
        LocalizationProvider.configure { key in ["total_odds": "Total Odds", "load_more_count": "Load {count} more {x"][key] }
        #expect(LocalizationProvider.isConfigured)
        #expect(LocalizationProvider.string("total_odds") == "Total Odds")
        #expect(LocalizationProvider.translation(for: "missing") == nil)
        #expect(LocalizationProvider.string("load_more_count", substituting: ["count": "{count}3"]) == "Load {count}3 more {x")
        LocalizationProvider.declare(component: "Betslip", keys: ["total_odds", "bet_amount"])
        LocalizationProvider.declare(component: "EmptyState", keys: ["load_more_count"])
        #expect(LocalizationProvider.missingKeys() == ["Betslip": ["bet_amount"]])
        #expect(LocalizationProvider.declaredKeys["Betslip"] == ["total_odds", "bet_amount"])
        #expect(LocalizationProvider.substitute("{a}{b}{}{c", ["a": "1", "b": "2", "": "E"]) == "12E{c")
    }

    @Test("catalog configuration, concurrent readers")
    func catalog() async throws {
        LocalizationProvider.configure(catalog: SampleFixture.catalog, locale: "fr")
        #expect(LocalizationProvider.string("total_odds") == "Cotes Totales")
        #expect(LocalizationProvider.string("load_more_count", substituting: ["count": "3"]) == "Voir 3 de plus")
        #expect(LocalizationProvider.string("no_results") == "No results found")  // fr → en fallback
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index % 50 == 0 { LocalizationProvider.declare(component: "C\(index)", keys: ["place_bet"]) }
                    return LocalizationProvider.string("place_bet") == "Placer le Pari"
                }
            }
            for await ok in group { #expect(ok) }
        }
        LocalizationProvider.reset()
        LocalizationProvider.removeDeclaredKeys()
    }

    @Test("lint requires the keys components declared")
    func lintRequiresDeclaredKeys() throws {
        LocalizationProvider.removeDeclaredKeys()
        defer { LocalizationProvider.removeDeclaredKeys() }
        LocalizationProvider.declare(component: "Betslip", keys: ["total_odds", "definitely_not_in_the_sample"])
        var options = LintOptions(requiredKeys: ["extra"])
        options.requireDeclaredKeys()
        #expect(options.requiredKeys == ["definitely_not_in_the_sample", "extra", "total_odds"])
        let report = try CatalogLinter(options: options).lint(catalog: SampleFixture.catalog)
        let missing = report.diagnostics.filter { $0.rule == .requiredKeyMissing }.compactMap(\.key)
        #expect(Set(missing) == ["definitely_not_in_the_sample", "extra"])
    }
}
