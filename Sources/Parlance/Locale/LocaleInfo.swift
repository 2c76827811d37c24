/// A day of the week, numbered as ECMA-402 and ISO 8601 do (1 = Monday … 7 = Sunday).
public enum Weekday: Int, Sendable, CaseIterable, Codable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The day from ICU's numbering (1 = Sunday … 7 = Saturday).
    init?(icuDay: Int) {
        guard (1...7).contains(icuDay) else { return nil }
        self.init(rawValue: (icuDay + 5) % 7 + 1)
    }
}

/// The week of a locale's region, as ECMA-402's `Intl.Locale.prototype.getWeekInfo()` gives it
/// (CLDR's `weekData`).
public struct WeekInfo: Hashable, Sendable, Codable {
    /// The first day of the week.
    public let firstDay: Weekday
    /// The days of the weekend, in ascending order (Monday first).
    public let weekend: [Weekday]
    /// How many days of a year's first week must be in that year (CLDR's `minDays`: 1 in the
    /// United States, 4 in Germany, as ISO 8601).
    public let minimalDays: Int

    /// A week.
    public init(firstDay: Weekday, weekend: [Weekday], minimalDays: Int) {
        self.firstDay = firstDay
        self.weekend = weekend
        self.minimalDays = minimalDays
    }
}

extension LocaleID {
    /// The week of the locale's region (its region subtag, `-u-rg-`, or the region likely
    /// subtags give it; the world's week for an unknown language), from ICU's calendar data.
    ///
    /// ```swift
    /// try LocaleID("en-US").weekInfo   // firstDay .sunday, weekend [.saturday, .sunday], minimalDays 1
    /// try LocaleID("de").weekInfo      // firstDay .monday, weekend [.saturday, .sunday], minimalDays 4
    /// ```
    public var weekInfo: WeekInfo {
        get throws(ParlanceError) {
            let data: (firstDay: Int, minimalDays: Int, weekendMask: Int)
            do {
                data = try ICULocaleInfo.weekData(identifier)
            } catch {
                throw error.parlanceError(.internal, "ICU has no week data for \(languageTag)")
            }
            guard let firstDay = Weekday(icuDay: data.firstDay) else {
                throw ParlanceError(.internal, "ICU gave \(data.firstDay) as the first day of the week for \(languageTag)")
            }
            let weekend = (1...7).filter { data.weekendMask & (1 << $0) != 0 }.compactMap(Weekday.init(icuDay:)).sorted()
            return WeekInfo(firstDay: firstDay, weekend: weekend, minimalDays: data.minimalDays)
        }
    }

    /// The locale's hour cycles (ECMA-402's `getHourCycles()`): its default one, from ICU's
    /// date-time pattern generator (a `-u-hc-` keyword wins); ICU 72 exposes no other.
    ///
    /// ```swift
    /// try LocaleID("en-US").hourCycles    // [.h12]
    /// try LocaleID("de").hourCycles       // [.h23]
    /// ```
    public var hourCycles: [HourCycle] {
        get throws(ParlanceError) {
            let cycle: Int
            do {
                cycle = try ICULocaleInfo.defaultHourCycle(identifier)
            } catch {
                throw error.parlanceError(.internal, "ICU has no hour cycle for \(languageTag)")
            }
            guard let hourCycle = HourCycle(rawValue: "h\(cycle)") else {
                throw ParlanceError(.internal, "ICU gave the hour cycle \(cycle) for \(languageTag)")
            }
            return [hourCycle]
        }
    }

    /// The calendars commonly used in the locale, preferred first, as BCP 47 types
    /// (ECMA-402's `getCalendars()`); a `-u-ca-` keyword is the one value.
    ///
    /// ```swift
    /// try LocaleID("th").calendars               // ["buddhist", "gregory"]
    /// try LocaleID("ja-u-ca-japanese").calendars // ["japanese"]
    /// ```
    public var calendars: [String] {
        get throws(ParlanceError) { try values(.calendars, "calendars") }
    }

    /// The collations ICU has for the locale, sorted, without `standard` and `search`, as BCP 47
    /// types (ECMA-402's `getCollations()`); a `-u-co-` keyword is the one value.
    ///
    /// ```swift
    /// try LocaleID("de").collations   // ["emoji", "eor", "phonebk"]
    /// ```
    public var collations: [String] {
        get throws(ParlanceError) { try values(.collations, "collations").sorted() }
    }

    /// The locale's default numbering system (ECMA-402's `getNumberingSystems()`); a `-u-nu-`
    /// keyword is the one value.
    ///
    /// ```swift
    /// try LocaleID("ar-EG").numberingSystems   // ["arab"]
    /// try LocaleID("en").numberingSystems      // ["latn"]
    /// ```
    public var numberingSystems: [String] {
        get throws(ParlanceError) { try values(.numberingSystems, "numbering systems") }
    }

    /// The time zones of the locale's region subtag, sorted (ICU's canonical ids, which are
    /// CLDR's: `Asia/Calcutta`, `Europe/Kiev`); nil when the id has no region (ECMA-402's
    /// `getTimeZones()`).
    ///
    /// ```swift
    /// try LocaleID("en-IN").timeZones   // ["Asia/Calcutta"]
    /// try LocaleID("en").timeZones      // nil
    /// ```
    public var timeZones: [String]? {
        get throws(ParlanceError) {
            guard let region else { return nil }
            do {
                return try ICULocaleInfo.timeZones(ofRegion: region).sorted()
            } catch {
                throw error.parlanceError(.internal, "ICU cannot list the time zones of \(region)")
            }
        }
    }

    private func values(_ list: ICULocaleInfo.LocaleList, _ what: String) throws(ParlanceError) -> [String] {
        do {
            return try ICULocaleInfo.values(list, of: identifier)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot list the \(what) of \(languageTag)")
        }
    }

    /// ECMA-402's `Intl.getCanonicalLocales`: each id in CLDR's canonical form (deprecated codes
    /// replaced, ``canonicalized``) as a BCP 47 tag, duplicates removed, first occurrence kept.
    ///
    /// ```swift
    /// try LocaleID.canonicalLocales(["EN-us", "iw", "en-US"])   // ["en-US", "he"]
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidLocale`` for the first id that is not well-formed.
    public static func canonicalLocales(_ ids: [String]) throws(ParlanceError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for id in ids {
            let tag = try LocaleID.parsing(id).canonicalized.languageTag
            if seen.insert(tag).inserted { result.append(tag) }
        }
        return result
    }
}

/// The values ICU supports for each Unicode locale key, as ECMA-402's `Intl.supportedValuesOf`
/// lists them: sorted by code unit, without duplicates, as BCP 47 types.
///
/// ```swift
/// try SupportedValues.values(for: .calendar)   // ["buddhist", "chinese", …, "gregory", …]
/// try SupportedValues.values(for: .unit).count // 45
/// ```
public enum SupportedValues {
    /// A key of `Intl.supportedValuesOf`.
    public enum Key: String, Sendable, CaseIterable, Codable {
        /// ICU's calendar types.
        case calendar
        /// ICU's collation types, without `standard` and `search`.
        case collation
        /// The ISO 4217 codes ICU lists as common and not deprecated.
        case currency
        /// ICU's numbering systems with simple digits (not algorithmic).
        case numberingSystem
        /// ICU's canonical location zones (CLDR's ids).
        case timeZone
        /// The simple units ECMA-402 sanctions.
        case unit
    }

    /// The simple units ECMA-402 sanctions: the table "Single units sanctioned for use in
    /// ECMAScript" of its abstract operation IsSanctionedSingleUnitIdentifier (ECMA-402 10th
    /// edition, 2023, and later; https://tc39.es/ecma402/#table-sanctioned-single-unit-identifiers),
    /// 45 CLDR unit ids without their category prefix.
    public static let sanctionedUnits: [String] = [
        "acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon",
        "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter",
        "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter",
        "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone",
        "terabit", "terabyte", "week", "yard", "year",
    ]

    private static let cache = LRUCache<Key, [String]>(capacity: 8)

    /// The supported values of a key, sorted by code unit without duplicates.
    public static func values(for key: Key) throws(ParlanceError) -> [String] {
        try cache.value(for: key) { () throws(ParlanceError) -> [String] in
            let icuKey: ICULocaleInfo.SupportedKey
            switch key {
            case .calendar: icuKey = .calendar
            case .collation: icuKey = .collation
            case .currency: icuKey = .currency
            case .numberingSystem: icuKey = .numberingSystem
            case .timeZone: icuKey = .timeZone
            case .unit: return sanctionedUnits
            }
            do throws(ICUStatusError) {
                // All values are ASCII, so sorting Strings (by scalar) is sorting by code unit.
                return Array(Set(try ICULocaleInfo.supportedValues(icuKey))).sorted()
            } catch {
                throw error.parlanceError(.internal, "ICU cannot list the supported values of \(key.rawValue)")
            }
        }
    }
}
