import Foundation

/// `CLDRData/week-data.json`, written by `Scripts/extract-cldr-week-data.py` from CLDR's
/// supplementalData.xml (weekData, timeData).
struct WeekDataFixture: Decodable {
    struct Week: Decodable, Hashable {
        var firstDay: Int
        var weekend: [Int]
        var minimalDays: Int
    }

    var cldrVersion: String
    /// Territory → its week, 001 defaults applied.
    var weekData: [String: Week]
    /// Region ("US") or locale ("fr_CA") → the preferred hour cycle ("h12").
    var hourCycles: [String: String]

    static let shared: WeekDataFixture = {
        do { return try CLDRData.load("week-data.json") } catch { fatalError("CLDRData/week-data.json: \(error)") }
    }()
}

/// `CLDRData/display-names.json`, written by `Scripts/extract-cldr-display-names.py` from
/// CLDR's common/main/<locale>.xml and root.xml.
struct DisplayNamesFixture: Decodable {
    struct Styles: Decodable {
        var long: String?
        var short: String?
        var narrow: String?
    }

    struct Locale: Decodable {
        var currencies: [String: Styles]
        var calendars: [String: String]
        var dateTimeFields: [String: Styles]
        var regions: [String: Styles]
        var scripts: [String: Styles]
        var units: [String: Styles]
        var numberingSystems: [String: String]
    }

    var cldrVersion: String
    var locales: [String: Locale]

    static let shared: DisplayNamesFixture = {
        do { return try CLDRData.load("display-names.json") } catch { fatalError("CLDRData/display-names.json: \(error)") }
    }()
}

/// `CLDRData/supported-values.json`, written by `Scripts/extract-cldr-supported-values.py`.
struct SupportedValuesFixture: Decodable {
    var cldrVersion: String
    var calendar: [String]
    var collation: [String]
    var currency: [String]
    var numberingSystem: [String]
    var timeZone: [String]
    var cldrUnits: [String]

    static let shared: SupportedValuesFixture = {
        do { return try CLDRData.load("supported-values.json") } catch { fatalError("CLDRData/supported-values.json: \(error)") }
    }()
}

/// A `*-known-differences.json` file of the locale-information fixtures: each entry is one
/// value where CLDR 41 (the fixture) and ICU 72 (CLDR 42) disagree, with the reason. The tests
/// fail when the differences they observe are not exactly these, in either direction.
struct LocaleInfoKnownDifferences: Decodable {
    struct Difference: Decodable, Hashable {
        /// What differs, e.g. "weekInfo und-MV", "currency en USD short", "timeZone America/Ciudad_Juarez".
        var key: String
        var cldr41: String
        var icu72: String
        var reason: String
    }

    var fixtureCLDRVersion: String
    var icuCLDRVersion: String
    var differences: [Difference]

    /// The differences without their reasons, as a test observes them.
    var observed: Set<ObservedDifference> {
        Set(differences.map { ObservedDifference(key: $0.key, cldr41: $0.cldr41, icu72: $0.icu72) })
    }

    static func load(_ name: String) -> LocaleInfoKnownDifferences {
        do { return try CLDRData.load(name) } catch { fatalError("CLDRData/\(name): \(error)") }
    }
}

/// A difference between CLDR 41 and ICU 72 that a test found.
struct ObservedDifference: Hashable, CustomStringConvertible, Comparable {
    var key: String
    var cldr41: String
    var icu72: String
    var description: String { #"{"key": "\#(key)", "cldr41": "\#(cldr41)", "icu72": "\#(icu72)"}"# }
    static func < (lhs: ObservedDifference, rhs: ObservedDifference) -> Bool { lhs.key < rhs.key }
}
