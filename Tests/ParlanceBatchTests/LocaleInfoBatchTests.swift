import Foundation
import ParlanceBatch
import Testing

/// The batch ops `display-name` (v1.2 fields), `locale-info` and `supported-values`, in-process:
/// every field and every error of the protocol's v1.2 section. Expected names are CLDR 41's
/// (common/main/en.xml, de.xml, fr.xml, ja.xml), as CLDRData/display-names.json holds them.
@Suite("Batch: display-name, locale-info, supported-values")
struct LocaleInfoBatchTests {
    let server = BatchEngine()

    @Test(
        "display-name answers",
        arguments: [
            // v1.1 requests answer as before.
            (#"{"op":"display-name","locale":"fr","of":"zh-Hant-TW","id":1}"#, #"{"id":1,"result":"chinois (traditionnel, Taïwan)"}"#),
            (#"{"op":"display-name","locale":"en","of":"en-GB"}"#, #"{"result":"English (United Kingdom)"}"#),
            (#"{"op":"display-name","locale":"en","of":"xx"}"#, #"{"result":"xx"}"#),
            // language: style, languageDisplay, fallback
            (#"{"op":"display-name","locale":"en","of":"en-GB","type":"language","languageDisplay":"dialect"}"#, #"{"result":"British English"}"#),
            (#"{"op":"display-name","locale":"en","of":"en-US","type":"language","style":"short"}"#, #"{"result":"English (US)"}"#),
            (#"{"op":"display-name","locale":"en","of":"en-US","style":"narrow"}"#, #"{"result":"English (US)"}"#),
            (#"{"op":"display-name","locale":"en","of":"xx","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"xx","fallback":"code"}"#, #"{"result":"xx"}"#),
            // A locale with any part ICU cannot name has no name without substitution (as V8's
            // Intl.DisplayNames over ICU answers undefined).
            (#"{"op":"display-name","locale":"en","of":"en-XQ","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"en-XQ"}"#, #"{"result":"English (XQ)"}"#),
            (#"{"op":"display-name","locale":"en","of":"und","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"und-US"}"#, #"{"result":"Unknown language (United States)"}"#),
            // region
            (#"{"op":"display-name","locale":"en","of":"419","type":"region"}"#, #"{"result":"Latin America"}"#),
            (#"{"op":"display-name","locale":"en","of":"tw","type":"region"}"#, #"{"result":"Taiwan"}"#),
            (#"{"op":"display-name","locale":"de","of":"US","type":"region","style":"short"}"#, #"{"result":"USA"}"#),
            (#"{"op":"display-name","locale":"en","of":"XQ","type":"region","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"XQ","type":"region"}"#, #"{"result":"XQ"}"#),
            // script
            (#"{"op":"display-name","locale":"en","of":"Hant","type":"script"}"#, #"{"result":"Traditional"}"#),
            (#"{"op":"display-name","locale":"en","of":"qaaa","type":"script","fallback":"none"}"#, #"{"result":null}"#),
            // currency: long name, symbol, narrow symbol
            (#"{"op":"display-name","locale":"en","of":"CAD","type":"currency"}"#, #"{"result":"Canadian Dollar"}"#),
            (#"{"op":"display-name","locale":"en","of":"CAD","type":"currency","style":"short"}"#, #"{"result":"CA$"}"#),
            (#"{"op":"display-name","locale":"en","of":"cad","type":"currency","style":"narrow"}"#, #"{"result":"$"}"#),
            (#"{"op":"display-name","locale":"ja","of":"JPY","type":"currency"}"#, #"{"result":"日本円"}"#),
            (#"{"op":"display-name","locale":"en","of":"XYZ","type":"currency","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"XYZ","type":"currency"}"#, #"{"result":"XYZ"}"#),
            // calendar
            (#"{"op":"display-name","locale":"en","of":"gregory","type":"calendar"}"#, #"{"result":"Gregorian Calendar"}"#),
            (#"{"op":"display-name","locale":"en","of":"islamic-umalqura","type":"calendar"}"#, #"{"result":"Islamic Calendar (Umm al-Qura)"}"#),
            (#"{"op":"display-name","locale":"en","of":"abcd","type":"calendar","fallback":"none"}"#, #"{"result":null}"#),
            // date-time fields: wide, short, narrow
            (#"{"op":"display-name","locale":"en","of":"weekOfYear","type":"dateTimeField"}"#, #"{"result":"week"}"#),
            (#"{"op":"display-name","locale":"en","of":"weekOfYear","type":"dateTimeField","style":"short"}"#, #"{"result":"wk."}"#),
            (#"{"op":"display-name","locale":"de","of":"timeZoneName","type":"dateTimeField","style":"narrow"}"#, #"{"result":"Zeitz."}"#),
            (#"{"op":"display-name","locale":"en","of":"dayPeriod","type":"dateTimeField","fallback":"none"}"#, #"{"result":"AM/PM"}"#),
            // null options are absent options
            (#"{"op":"display-name","locale":"en","of":"US","type":"region","style":null,"fallback":null}"#, #"{"result":"United States"}"#),
        ])
    func displayName(line: String, expected: String) {
        #expect(server.respond(to: line) == expected)
        // A second answer comes from the cache and is the same.
        #expect(server.respond(to: line) == expected)
    }

    /// The cache key holds every option: the same `locale` and `of` with other options answer
    /// differently, in any order.
    @Test("display-name's cache keeps options apart")
    func cacheKey() {
        let lines = [
            (#"{"op":"display-name","locale":"en","of":"en-US"}"#, #"{"result":"English (United States)"}"#),
            (#"{"op":"display-name","locale":"en","of":"en-US","style":"short"}"#, #"{"result":"English (US)"}"#),
            (#"{"op":"display-name","locale":"en","of":"en-US","languageDisplay":"dialect"}"#, #"{"result":"American English"}"#),
            (#"{"op":"display-name","locale":"en","of":"USD","type":"currency"}"#, #"{"result":"US Dollar"}"#),
            (#"{"op":"display-name","locale":"en","of":"USD","type":"currency","style":"short"}"#, #"{"result":"$"}"#),
            (#"{"op":"display-name","locale":"en","of":"ZZ","type":"region"}"#, #"{"result":"Unknown Region"}"#),
            (#"{"op":"display-name","locale":"en","of":"XQ","type":"region","fallback":"none"}"#, #"{"result":null}"#),
            (#"{"op":"display-name","locale":"en","of":"XQ","type":"region"}"#, #"{"result":"XQ"}"#),
        ]
        for _ in 0..<2 {
            for (line, expected) in lines + lines.reversed() { #expect(server.respond(to: line) == expected, "\(line)") }
        }
    }

    @Test(
        "display-name errors",
        arguments: [
            (#"{"op":"display-name","of":"en"}"#, "missing-field"),
            (#"{"op":"display-name","locale":"en"}"#, "missing-field"),
            (#"{"op":"display-name","locale":"en","type":"region"}"#, "missing-field"),
            (#"{"op":"display-name","locale":"e n","of":"US","type":"region"}"#, "invalid-locale"),
            (#"{"op":"display-name","locale":"en","of":"**"}"#, "invalid-locale"),
            (#"{"op":"display-name","locale":"en","of":"e n","type":"language"}"#, "invalid-locale"),
            (#"{"op":"display-name","locale":"en","of":5}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"US","type":"country"}"#, "invalid-argument"),
            // DisplayNames names units and numbering systems; the protocol's `type` does not offer them.
            (#"{"op":"display-name","locale":"en","of":"meter","type":"unit"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"arab","type":"numberingSystem"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"US","type":5}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"US","type":"region","style":"tiny"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"en","languageDisplay":"formal"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"en","fallback":"nothing"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"en","fallback":false}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"USA","type":"region"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"Han","type":"script"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"US","type":"currency"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"ab","type":"calendar"}"#, "invalid-argument"),
            (#"{"op":"display-name","locale":"en","of":"week","type":"dateTimeField"}"#, "invalid-argument"),
        ])
    func displayNameErrors(line: String, code: String) throws {
        let answer = try #require(server.respond(to: line))
        #expect(answer.contains(#""error":{"code":"\#(code)""#), "\(answer)")
    }

    // MARK: locale-info

    func object(_ line: String) throws -> [String: Any] {
        let answer = try #require(server.respond(to: line))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "\(answer)")
        return try #require(object["result"] as? [String: Any], "\(answer)")
    }

    /// ECMA-402's examples and CLDR 41 supplementalData: US weeks start on Sunday (7) with
    /// minDays 1, German ones on Monday (1) with minDays 4; both rest on Saturday and Sunday.
    @Test("locale-info: en-US and de")
    func localeInfo() throws {
        let us = try object(#"{"op":"locale-info","locale":"en-US"}"#)
        let usWeek = try #require(us["weekInfo"] as? [String: Any])
        #expect(usWeek["firstDay"] as? Int == 7)
        #expect(usWeek["weekend"] as? [Int] == [6, 7])
        #expect(usWeek["minimalDays"] as? Int == 1)
        #expect(us["hourCycles"] as? [String] == ["h12"])
        #expect(us["calendars"] as? [String] == ["gregory"])
        #expect(us["numberingSystems"] as? [String] == ["latn"])
        let collations = try #require(us["collations"] as? [String])
        #expect(collations == collations.sorted() && !collations.contains("standard") && !collations.contains("search"))
        let zones = try #require(us["timeZones"] as? [String])
        #expect(zones.contains("America/New_York") && zones == zones.sorted())
        #expect(us["textInfo"] as? [String: String] == ["direction": "ltr"])

        let de = try object(#"{"op":"locale-info","locale":"de"}"#)
        let deWeek = try #require(de["weekInfo"] as? [String: Any])
        #expect(deWeek["firstDay"] as? Int == 1)
        #expect(deWeek["weekend"] as? [Int] == [6, 7])
        #expect(deWeek["minimalDays"] as? Int == 4)
        #expect(de["hourCycles"] as? [String] == ["h23"])
        #expect(de["timeZones"] == nil)  // no region in "de"
        #expect((de["collations"] as? [String])?.contains("phonebk") == true)
    }

    @Test("locale-info: keywords, direction, member order")
    func localeInfoDetails() throws {
        let ar = try object(#"{"op":"locale-info","locale":"ar-EG"}"#)
        #expect(ar["textInfo"] as? [String: String] == ["direction": "rtl"])
        #expect(ar["numberingSystems"] as? [String] == ["arab"])
        #expect((ar["weekInfo"] as? [String: Any])?["weekend"] as? [Int] == [5, 6])
        #expect(ar["timeZones"] as? [String] == ["Africa/Cairo"])
        let keyed = try object(#"{"op":"locale-info","locale":"ja-JP-u-ca-japanese-co-unihan-nu-jpan-hc-h11"}"#)
        #expect(keyed["calendars"] as? [String] == ["japanese"])
        #expect(keyed["collations"] as? [String] == ["unihan"])
        #expect(keyed["numberingSystems"] as? [String] == ["jpan"])
        #expect(keyed["hourCycles"] as? [String] == ["h11"])
        #expect(try object(#"{"op":"locale-info","locale":"en-IN"}"#)["timeZones"] as? [String] == ["Asia/Calcutta"])
        // The members in the protocol's order.
        let answer = try #require(server.respond(to: #"{"op":"locale-info","locale":"fr-CA","id":"x"}"#))
        let order = ["weekInfo", "hourCycles", "calendars", "collations", "numberingSystems", "timeZones", "textInfo"]
        let positions = order.map { answer.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(answer)")
        #expect(answer.hasPrefix(#"{"id":"x","result":{"weekInfo":{"firstDay":7,"weekend":[6,7],"minimalDays":1},"hourCycles":["h23"]"#), "\(answer)")
    }

    @Test(
        "locale-info errors",
        arguments: [
            (#"{"op":"locale-info"}"#, "missing-field"),
            (#"{"op":"locale-info","locale":5}"#, "invalid-argument"),
            (#"{"op":"locale-info","locale":"e n"}"#, "invalid-locale"),
            (#"{"op":"locale-info","locale":""}"#, "invalid-locale"),
        ])
    func localeInfoErrors(line: String, code: String) throws {
        let answer = try #require(server.respond(to: line))
        #expect(answer.contains(#""error":{"code":"\#(code)""#), "\(answer)")
    }

    // MARK: supported-values

    @Test("supported-values", arguments: ["calendar", "collation", "currency", "numberingSystem", "timeZone", "unit"])
    func supportedValues(key: String) throws {
        let answer = try #require(server.respond(to: #"{"op":"supported-values","key":"\#(key)"}"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let values = try #require(object["result"] as? [String], "\(answer)")
        let units = values.map { Array($0.utf16) }
        #expect(!values.isEmpty && zip(units, units.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        switch key {
        case "calendar": #expect(values.contains("gregory") && values.contains("islamic-umalqura") && !values.contains("gregorian"))
        case "collation": #expect(values.contains("phonebk") && !values.contains("standard") && !values.contains("search"))
        case "currency": #expect(values.contains("EUR") && values.contains("USD"))
        case "numberingSystem": #expect(values.contains("latn") && values.contains("arab") && !values.contains("roman"))
        case "timeZone": #expect(values.contains("Asia/Calcutta") && values.contains("Europe/Kiev") && !values.contains("Etc/UTC"))
        default: #expect(values.count == 45 && values.first == "acre" && values.last == "year")
        }
    }

    @Test(
        "supported-values errors",
        arguments: [
            (#"{"op":"supported-values"}"#, "missing-field"),
            (#"{"op":"supported-values","key":null}"#, "invalid-argument"),
            (#"{"op":"supported-values","key":"calendars"}"#, "invalid-argument"),
            (#"{"op":"supported-values","key":["unit"]}"#, "invalid-argument"),
        ])
    func supportedValuesErrors(line: String, code: String) throws {
        let answer = try #require(server.respond(to: line))
        #expect(answer.contains(#""error":{"code":"\#(code)""#), "\(answer)")
    }

    /// `supported-values` takes no locale: one given is ignored, even a malformed one.
    @Test("supported-values ignores a locale")
    func supportedValuesLocale() {
        let plain = server.respond(to: #"{"op":"supported-values","key":"unit"}"#)
        #expect(server.respond(to: #"{"op":"supported-values","key":"unit","locale":"e n"}"#) == plain)
    }

    @Test("hostile input never crashes")
    func hostile() throws {
        let long = String(repeating: "a", count: 10 * 1024)
        for line in [
            #"{"op":"display-name","locale":"en","of":"\#(long)","type":"calendar"}"#,
            #"{"op":"display-name","locale":"en","of":"\#(long)","type":"region"}"#,
            #"{"op":"display-name","locale":"en","of":"\#(long)","type":"dateTimeField"}"#,
            #"{"op":"display-name","locale":"en","of":"\u0000","type":"currency"}"#,
            #"{"op":"display-name","locale":"\#(long)","of":"US","type":"region"}"#,
            #"{"op":"locale-info","locale":"\#(long)"}"#,
            #"{"op":"supported-values","key":"\#(long)"}"#,
        ] {
            let answer = try #require(server.respond(to: line))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            #expect(object["error"] != nil, "\(answer.prefix(200))")
        }
    }
}
