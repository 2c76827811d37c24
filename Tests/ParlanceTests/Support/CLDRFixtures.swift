import Foundation
import Parlance

/// Locates `CLDRData/` from this file's path: fixtures live outside every target.
enum CLDRData {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ParlanceTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository
        .appendingPathComponent("CLDRData")

    static func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return try JSONDecoder().decode(T.self, from: data)
    }
}

/// `CLDRData/plurals.json`, written by `Scripts/extract-cldr-plurals.py` from CLDR's XML.
struct PluralFixtures: Decodable {
    struct Category: Decodable {
        var rule: String
        var integerSamples: [String]
        var decimalSamples: [String]
        var samples: [String] { integerSamples + decimalSamples }
    }

    var cldrVersion: String
    var cardinal: [String: [String: Category]]
    var ordinal: [String: [String: Category]]

    func locales(_ type: PluralRuleType) -> [String: [String: Category]] {
        type == .cardinal ? cardinal : ordinal
    }

    static let shared: PluralFixtures = {
        do { return try CLDRData.load("plurals.json") } catch { fatalError("CLDRData/plurals.json: \(error)") }
    }()
}

/// `CLDRData/plurals-known-differences.json`: where CLDR's fixture release and ICU's CLDR
/// disagree on a sample, each with the reason. The fixture test fails if this list is not
/// exactly the set of disagreements observed.
struct PluralKnownDifferences: Decodable {
    struct Difference: Decodable, Hashable {
        var type: PluralRuleType
        var locale: String
        var sample: String
        var cldr: String
        var icu: String
        var reason: String
    }

    var fixtureCLDRVersion: String
    var icuCLDRVersion: String
    var differences: [Difference]

    static let shared: PluralKnownDifferences = {
        do { return try CLDRData.load("plurals-known-differences.json") } catch {
            fatalError("CLDRData/plurals-known-differences.json: \(error)")
        }
    }()
}
