import Testing

@testable import Parlance

/// Compiled date intervals against ICU's own answer: the same (locale, skeleton, zone) through
/// the compiled path and through ICU's udtitvfmt_format, over pairs that differ in each
/// calendar field (`parlance bench --verify-date-intervals` sweeps every ICU locale).
@Suite("Compiled date intervals")
struct CompiledDateIntervalTests {
    static let skeletons = ["yMMMd", "yMd", "yMMMEd", "MMMd", "yMMM", "jm", "hm", "Hm", "yMMMdjm", "Ehm", "jms", "yMMMMEEEEd", "d", "hmv", "Hmz"]
    static let zones = ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]
    static let locales: [LocaleID] = ["en", "de", "fr", "ja", "zh-Hant", "ar-EG", "he", "hi", "ko", "ru", "fi", "pt-BR", "es-419", "fa", "th-TH"]

    /// From a few instants to each plus 0, 1 ms, … 400 days (and back), and across the New York
    /// DST changes of 2023 (at 2023-03-12T07:00Z and 2023-11-05T06:00Z).
    static let pairs: [(Double, Double)] = {
        let starts: [Double] = [1_699_999_999_999, 946_684_799_000, 1_678_600_800_000, 1_699_146_000_000, 1_699_142_400_000, -2_208_988_800_000]
        let steps: [Double] = [
            0, 1, 999, 1000, 59_000, 60_000, 3_599_000, 3_600_000, 7_200_000, 39_600_000, 43_200_000, 86_399_999, 86_400_000, 2_592_000_000, 31_536_000_000,
        ]
        return starts.flatMap { start in steps.flatMap { step in [(start, start + step), (start + step, start)] } }
    }()

    @Test("the compiled path writes ICU's bytes", arguments: locales)
    func compiledEqualsICU(locale: LocaleID) throws {
        for skeleton in Self.skeletons {
            for zone in Self.zones {
                let formatter = try ICUDateIntervalFormatter.uncached(locale: locale, skeleton: skeleton, zone: zone)
                guard let compiled = formatter.compiled else { continue }
                for (start, end) in Self.pairs {
                    guard let mine = compiled.format(from: start, to: end) else { continue }
                    let theirs = try formatter.icuFormat(from: start, to: end)
                    #expect(mine == theirs, "\(locale.identifier) \(skeleton) \(zone) \(start)–\(end)")
                }
            }
        }
    }

    @Test("the bench's formatter and the common skeletons are compiled in full")
    func commonSkeletonsCompile() throws {
        for locale: LocaleID in ["en", "de", "fr", "ja"] {
            for skeleton in ["yMMMd", "yMd", "MMMd", "yMMM", "Hm", "yMMMdjm"] {
                let formatter = try ICUDateIntervalFormatter.uncached(locale: locale, skeleton: skeleton, zone: "Europe/Berlin")
                #expect(formatter.compiled?.isComplete == true, "\(locale.identifier) \(skeleton): \(String(describing: formatter.fallback))")
            }
        }
        // The public type goes through the compiled path and still answers as ICU does.
        let stay = try DateIntervalFormat(locale: "de", skeleton: "yMMMd")
        #expect(stay.icu.compiled != nil)
        let start = 1_699_920_000_000.0
        for days in 0..<40 {
            let end = start + Double(days) * 86_400_000
            #expect(try stay.format(epochMilliseconds: start, to: end) == stay.icu.icuFormat(from: start, to: end))
        }
    }

    @Test("ICU's plan: CLDR's interval parts and fallback, and a non-Gregorian calendar left to ICU")
    func planFromICU() throws {
        let plan = try #require(ICUDateIntervalCompiler.plan(locale: "en", skeleton: "yMMMd", zone: "UTC"))
        #expect(plan.calendar == "gregorian")
        // The day-differs interval pattern splits where its first field repeats.
        let day = CompiledDateInterval.Field.day.rawValue
        #expect(!plan.firstParts[day].isEmpty && !plan.secondParts[day].isEmpty)
        #expect(plan.fallback.zeroFirst)
        // Hours are smaller than any field of yMMMd: one date.
        #expect(plan.ignored[CompiledDateInterval.Field.hour.rawValue] && !plan.ignored[day])
        let persian = try ICUDateIntervalFormatter.uncached(locale: "fa", skeleton: "yMMMd", zone: "UTC")
        #expect(persian.compiled == nil && persian.fallback == .calendar)
    }

    @Test("greatest differing field of two local times")
    func greatestDifference() {
        let base: Int64 = 1_699_920_000_000  // 2023-11-14T00:00Z
        func field(_ a: Int64, _ b: Int64) -> Int { CompiledDateInterval.greatestDifference(a, b) }
        #expect(field(base, base) == CompiledDateInterval.fieldCount)
        #expect(field(base, base + 1) == CompiledDateInterval.Field.millisecond.rawValue)
        #expect(field(base, base + 43_200_000) == CompiledDateInterval.Field.amPm.rawValue)
        #expect(field(base, base + 3_600_000) == CompiledDateInterval.Field.hour.rawValue)
        #expect(field(base, base + 86_400_000) == CompiledDateInterval.Field.day.rawValue)
        #expect(field(base, base + 17 * 86_400_000) == CompiledDateInterval.Field.month.rawValue)
        #expect(field(base, base + 60 * 86_400_000) == CompiledDateInterval.Field.year.rawValue)
        #expect(field(-1, 0) == CompiledDateInterval.Field.year.rawValue)
    }
}
