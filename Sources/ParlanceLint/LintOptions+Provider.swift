import ParlanceLocalization

extension LintOptions {
    /// Adds every key that components declared through
    /// `LocalizationProvider/declare(component:keys:)` to ``requiredKeys``, so a catalog that
    /// lacks one fails with `required-key-missing`.
    ///
    /// ```swift
    /// LocalizationProvider.declare(component: "BetSlip", keys: ["total_odds", "place_bet"])
    /// var options = LintOptions()
    /// options.requireDeclaredKeys()
    /// let report = try CatalogLinter(options: options).lint(directory: "Resources")
    /// ```
    public mutating func requireDeclaredKeys() {
        let declared = LocalizationProvider.declaredKeys.values.flatMap { $0 }
        requiredKeys = Array(Set(requiredKeys).union(declared)).sorted()
    }
}
