import Foundation
import Testing

@testable import Parlance

/// `DisplayNames` of every kind: currencies, calendars, date-time fields, regions, scripts, units
/// and numbering systems over 74 locales against CLDR 41's common/main XML (CLDRData/display-names.json), with the
/// CLDR 42 changes ICU 72 carries listed in CLDRData/display-names-known-differences.json;
/// options, fallback and errors by hand.
@Suite("Locale: display names of every kind")
struct DisplayNamesTests {
    @Test("CLDR's names over 74 locales")
    func againstCLDR() throws {
        let fixture = DisplayNamesFixture.shared
        #expect(fixture.locales.count >= 50)
        var differences: Set<ObservedDifference> = []
        var checked = 0
        func check(_ key: @autoclosure () -> String, _ expected: String?, _ actual: String?) {
            guard let expected else { return }
            checked += 1
            if actual != expected {
                differences.insert(ObservedDifference(key: key(), cldr41: expected, icu72: actual ?? "nil"))
            }
        }
        for (id, data) in fixture.locales {
            let locale = try LocaleID(id)
            for style in DisplayNames.Style.allCases {
                let names = DisplayNames(locale: locale, style: style)
                for (code, expected) in data.currencies {
                    check("currency \(id) \(code) \(style)", expected.value(style), try names.currency(code))
                }
                for (unit, expected) in data.units {
                    check("unit \(id) \(unit) \(style)", expected.value(style), try names.unit(unit))
                }
                for (field, expected) in data.dateTimeFields {
                    let field = try #require(DateTimeField(rawValue: field))
                    check("dateTimeField \(id) \(field) \(style)", expected.value(style), names.dateTimeField(field))
                }
            }
            let long = DisplayNames(locale: locale)
            let short = DisplayNames(locale: locale, style: .short)
            for (calendar, expected) in data.calendars {
                check("calendar \(id) \(calendar)", expected, try long.calendar(calendar))
            }
            for (system, expected) in data.numberingSystems {
                check("numberingSystem \(id) \(system)", expected, try long.numberingSystem(system))
            }
            for (region, expected) in data.regions {
                check("region \(id) \(region) long", expected.long, try long.region(region))
                check("region \(id) \(region) short", expected.short, try short.region(region))
            }
            for (script, expected) in data.scripts {
                check("script \(id) \(script) long", expected.long, try long.script(script))
                check("script \(id) \(script) short", expected.short, try short.script(script))
            }
        }
        #expect(checked > 22_000)  // 22,996 names in the fixture are not null
        LocaleInfoTests.expectKnown(differences, LocaleInfoKnownDifferences.load("display-names-known-differences.json"), prefix: "")
    }

    /// Hand-checked against CLDR 41's en.xml, de.xml, ja.xml and fr.xml.
    @Test("examples")
    func examples() throws {
        let en = DisplayNames(locale: "en")
        #expect(try en.region("419") == "Latin America")
        #expect(try en.region("tw") == "Taiwan")
        #expect(try en.script("hant") == "Traditional")
        #expect(try en.currency("eur") == "Euro")
        #expect(try en.calendar("islamic-umalqura") == "Islamic Calendar (Umm al-Qura)")
        #expect(try en.calendar("GREGORY") == "Gregorian Calendar")
        #expect(try en.calendar("ethioaa") == "Ethiopic Amete Alem Calendar")
        #expect(en.dateTimeField(.weekOfYear) == "week")
        #expect(try en.unit("meter") == "meters")
        #expect(try DisplayNames(locale: "en", style: .short).unit("fluid-ounce") == "fl oz")
        #expect(try DisplayNames(locale: "en", style: .narrow).unit("percent") == "%")
        #expect(try en.numberingSystem("arab") == "Arabic-Indic Digits")
        #expect(try en.numberingSystem("LATN") == "Western Digits")
        #expect(en.language("en-GB") == "English (United Kingdom)")
        #expect(DisplayNames(locale: "en", languageDisplay: .dialect).language("en-GB") == "British English")
        let short = DisplayNames(locale: "en", style: .short)
        #expect(short.language("en-US") == "English (US)")
        #expect(try short.currency("CAD") == "CA$")
        #expect(try DisplayNames(locale: "en", style: .narrow).currency("CAD") == "$")
        #expect(short.dateTimeField(.weekOfYear) == "wk.")
        #expect(DisplayNames(locale: "de", style: .narrow).dateTimeField(.timeZoneName) == "Zeitz.")
        #expect(try DisplayNames(locale: "ja").currency("JPY") == "日本円")
        #expect(try DisplayNames(locale: "fr").name(of: "zh-Hant-TW", kind: .language) == "chinois (traditionnel, Taïwan)")
        // The existing API and the new one agree.
        #expect(en.language("zh-Hant-TW") == LocaleID("zh-Hant-TW").displayName(in: "en"))
        #expect(en.language(.root) == LocaleID.root.displayName(in: "en"))
    }

    @Test("fallback: the code, or nil")
    func fallback() throws {
        let code = DisplayNames(locale: "en")
        let none = DisplayNames(locale: "en", fallback: .none)
        #expect(try code.region("XQ") == "XQ")
        #expect(try none.region("XQ") == nil)
        #expect(try code.script("Qaaa") == "Qaaa")
        #expect(try none.script("Qaaa") == nil)
        #expect(try code.currency("XYZ") == "XYZ")
        #expect(try none.currency("XYZ") == nil)
        #expect(try code.calendar("xxxx") == "xxxx")
        #expect(try none.calendar("xxxx") == nil)
        #expect(try code.numberingSystem("xxxx") == "xxxx")
        #expect(try none.numberingSystem("xxxx") == nil)
        #expect(code.language("xx") == "xx")
        #expect(none.language("xx") == nil)
        #expect(none.language("xx-US") == nil)
        // Names ICU has are the same with either fallback.
        #expect(try none.region("US") == "United States")
        #expect(try none.currency("USD") == "US Dollar")
        #expect(none.language("fr-CA") == "French (Canada)")
        for field in DateTimeField.allCases { #expect(none.dateTimeField(field) != nil, "\(field)") }
    }

    @Test(
        "malformed codes",
        arguments: [
            (DisplayNames.Kind.region, "USA"), (.region, "U"), (.region, "12"), (.region, "1A"), (.region, ""),
            (.script, "Han"), (.script, "Hant1"), (.currency, "US"), (.currency, "USDX"), (.currency, "U$D"),
            (.calendar, "ab"), (.calendar, "gregory-"), (.calendar, "abcdefghi"), (.calendar, "a b c"),
            (.calendar, String(repeating: "abc-", count: 20) + "abc"), (.dateTimeField, "foo"), (.dateTimeField, "Era"),
            (.dateTimeField, "week"), (.unit, "Meter"), (.unit, "meter per second"), (.unit, "xyz"), (.unit, ""),
            (.numberingSystem, "ab"), (.numberingSystem, "arab latn"),
        ])
    func malformed(kind: DisplayNames.Kind, code: String) {
        #expect {
            _ = try DisplayNames(locale: "en").name(of: code, kind: kind)
        } throws: { error in
            (error as? ParlanceError)?.code == .invalidArgument
        }
    }

    @Test("a malformed language is invalid-locale")
    func malformedLanguage() {
        #expect {
            _ = try DisplayNames(locale: "en").name(of: "e n", kind: .language)
        } throws: { error in
            (error as? ParlanceError)?.code == .invalidLocale
        }
    }

    /// Long, hostile codes are refused before ICU (CICU_DISPLAY_CODE_MAX_LENGTH) and never crash.
    @Test("hostile codes")
    func hostile() throws {
        let long = String(repeating: "a", count: 100_000)
        let names = DisplayNames(locale: "en", fallback: .none)
        for kind in DisplayNames.Kind.allCases {
            #expect(throws: ParlanceError.self) { try names.name(of: long, kind: kind) }
            #expect(throws: ParlanceError.self) { try names.name(of: "\u{0}", kind: kind) }
        }
        // Within the bound, a well-formed calendar type ICU does not know has no name.
        #expect(try names.calendar(String(repeating: "abcdefgh-", count: 6) + "abc") == nil)
    }
}

extension DisplayNamesFixture.Styles {
    func value(_ style: DisplayNames.Style) -> String? {
        switch style {
        case .long: long
        case .short: short
        case .narrow: narrow
        }
    }
}
