#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// CLDR 41 locale fixtures (`CLDRData/locales.json`, from `Scripts/extract-cldr-locales.py`)
/// and the hand-written list of their known disagreements with ICU 72.
struct LocaleFixtures: Decodable {
    struct DisplayNameRow: Decodable, Sendable, CustomStringConvertible {
        let displayLocale: String
        let compound: Bool
        let locale: String
        let name: String
        var description: String { "\(displayLocale): \(locale)" }
    }

    let cldrVersion: String
    let parentLocales: [String: String]
    let likelySubtags: [String: String]
    let canonicalization: [[String]]
    let displayNames: [DisplayNameRow]

    struct Difference: Decodable, Hashable, Sendable {
        let from: String?
        let source: String?
        let locale: String?
        let cldr41: String
        let icu72: String
        let reason: String
        var key: String { from ?? source ?? locale ?? "" }
    }

    struct KnownDifferences: Decodable {
        let likelySubtags: [Difference]
        let canonicalization: [Difference]
        let parentLocales: [Difference]
        let displayNames: [Difference]
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CLDRData")

    static let shared: LocaleFixtures = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("locales.json"))
        return try! JSONDecoder().decode(LocaleFixtures.self, from: data)
    }()

    static let known: KnownDifferences = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("locales-known-differences.json"))
        return try! JSONDecoder().decode(KnownDifferences.self, from: data)
    }()
}

/// A difference as found by a test, in the known-differences file's terms.
struct FoundDifference: Hashable, CustomStringConvertible {
    let key: String
    let cldr41: String
    let icu72: String
    var description: String { #"{"key": "\#(key)", "cldr41": "\#(cldr41)", "icu72": "\#(icu72)"}"# }
}

extension Array where Element == LocaleFixtures.Difference {
    var found: Set<FoundDifference> { Set(map { FoundDifference(key: $0.key, cldr41: $0.cldr41, icu72: $0.icu72) }) }
}
