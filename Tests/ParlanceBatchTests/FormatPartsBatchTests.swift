import Foundation
import Parlance
import Testing

@testable import ParlanceBatch

/// `format-parts` (batch-protocol.md v1.2): for every kind, the parts concatenate to exactly
/// the answer of the op of that name, carry only the spec's types, `source` on range kinds
/// only and `unit` on a relative time's number only; a request that op refuses is refused
/// with the same code.
@Suite("Batch op format-parts")
struct FormatPartsBatchTests {
    let server = BatchEngine()

    private static let numberTypes: Set<String> = [
        "integer", "group", "decimal", "fraction", "minusSign", "plusSign", "approximatelySign", "percentSign", "currency", "unit", "compact",
        "exponentSeparator", "exponentMinusSign", "exponentInteger", "nan", "infinity", "literal",
    ]
    private static let dateTypes: Set<String> = [
        "era", "year", "relatedYear", "yearName", "month", "day", "weekday", "dayPeriod", "hour", "minute", "second", "fractionalSecond",
        "timeZoneName", "literal",
    ]

    /// The request members (without `op`) of one case of each kind, over several locales.
    private static var cases: [(kind: String, fields: String)] {
        var cases: [(String, String)] = []
        for locale in ["en", "de", "fr", "ar-EG", "hi-IN", "ja", "ru", "he", "zh-Hant-TW", "fa", "th-u-nu-thai", "sr-Latn"] {
            for (number, skeleton) in [
                ("-1234567.891", ""), ("0.256", "percent"), ("1234.5", "currency/EUR"), ("-3.5", "currency/USD unit-width-full-name"),
                ("1234567", "compact-long"), ("0.00012", "scientific"), ("12.5", "measure-unit/length-kilometer unit-width-full-name"),
                ("5", "sign-always"),
            ] {
                cases.append(("number", #""locale":"\#(locale)","number":"\#(number)","skeleton":"\#(skeleton)""#))
            }
            for (time, rest) in [
                ("2023-11-14T22:05:00.250Z", #""skeleton":"GyMMMEdjmsSSSz""#),
                ("2023-11-14T09:05:00Z", #""dateStyle":"full","timeStyle":"full","timeZone":"Europe/Berlin""#),
                ("1999-12-31T23:59:59Z", #""dateStyle":"short","timeStyle":"short","timeZone":"Asia/Calcutta""#),
            ] {
                cases.append(("date", #""locale":"\#(locale)","time":"\#(time)",\#(rest)"#))
            }
            for (value, unit, numeric) in [(-1, "day", "auto"), (100, "day", "always"), (-1234, "hour", "always"), (2, "quarter", "auto")] {
                cases.append(("relative", #""locale":"\#(locale)","value":\#(value),"unit":"\#(unit)","numeric":"\#(numeric)""#))
            }
            cases.append(("relative", #""locale":"\#(locale)","time":"2023-11-14T00:00Z","reference":"2023-11-16T00:00Z""#))
            cases.append(("list", #""locale":"\#(locale)","items":["Ana","Bo","Cy"],"type":"or""#))
            cases.append(("list", #""locale":"\#(locale)","items":["x"]"#))
            cases.append(("number-range", #""locale":"\#(locale)","start":"3","end":"5.5","skeleton":"currency/EUR""#))
            cases.append(("number-range", #""locale":"\#(locale)","start":"5","end":"5""#))
            cases.append(
                ("date-interval", #""locale":"\#(locale)","start":"2023-11-14T10:00Z","end":"2023-11-17T11:30Z","skeleton":"yMMMdjm""#))
            cases.append(("date-interval", #""locale":"\#(locale)","start":"2023-11-14T10:00Z","end":"2023-11-14T11:30Z","skeleton":"jm""#))
        }
        return cases
    }

    private static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func partsSpellTheOpsAnswer() throws {
        for (kind, fields) in Self.cases {
            let plain = try Self.object(try #require(server.respond(to: #"{"op":"\#(kind)",\#(fields)}"#)))
            let expected = try #require(plain["result"] as? String, "\(kind) \(fields): \(plain)")
            let line = try #require(server.respond(to: #"{"op":"format-parts","kind":"\#(kind)",\#(fields)}"#))
            let parts = try #require(try Self.object(line)["result"] as? [[String: String]], "\(line)")
            #expect(parts.map { $0["value"] ?? "" }.joined() == expected, "\(kind) \(fields)")
            let isRange = kind == "number-range" || kind == "date-interval"
            let allowed: Set<String> =
                switch kind {
                case "number", "number-range": Self.numberTypes
                case "date", "date-interval": Self.dateTypes
                case "list": ["element", "literal"]
                default: Self.numberTypes
                }
            for part in parts {
                let type = try #require(part["type"])
                #expect(allowed.contains(type), "\(kind) \(fields): type \(type)")
                #expect((part["source"] != nil) == isRange, "\(kind) \(fields): \(part)")
                if let source = part["source"] { #expect(["startRange", "endRange", "shared"].contains(source)) }
                if kind == "relative" {
                    #expect((part["unit"] != nil) == (type != "literal"), "\(fields): \(part)")
                } else {
                    #expect(part["unit"] == nil)
                }
                #expect(part["value"]?.isEmpty == false, "\(kind) \(fields): an empty part")
            }
            // Adjacent parts never share type and source (they would be one part), except two
            // list items.
            for (left, right) in zip(parts, parts.dropFirst()) where left["type"] != "element" {
                #expect(left["type"] != right["type"] || left["source"] != right["source"], "\(kind) \(fields): \(left) \(right)")
            }
        }
    }

    @Test(arguments: [
        (
            #"{"op":"format-parts","kind":"number","locale":"de","number":"1234.5","skeleton":"currency/EUR"}"#,
            #"{"result":[{"type":"integer","value":"1"},{"type":"group","value":"."},{"type":"integer","value":"234"},{"type":"decimal","value":","},{"type":"fraction","value":"50"},{"type":"literal","value":"\#u{00A0}"},{"type":"currency","value":"€"}]}"#
        ),
        (
            #"{"id":3,"op":"format-parts","kind":"relative","locale":"en","value":100,"unit":"day"}"#,
            #"{"id":3,"result":[{"type":"literal","value":"in "},{"type":"integer","value":"100","unit":"day"},{"type":"literal","value":" days"}]}"#
        ),
        (
            #"{"op":"format-parts","kind":"list","locale":"es","items":["a","b","c"]}"#,
            #"{"result":[{"type":"element","value":"a"},{"type":"literal","value":", "},{"type":"element","value":"b"},{"type":"literal","value":" y "},{"type":"element","value":"c"}]}"#
        ),
        (
            #"{"op":"format-parts","kind":"date-interval","locale":"en","start":"2023-11-14T00:00Z","end":"2023-11-17T00:00Z","skeleton":"yMMMd"}"#,
            #"{"result":[{"type":"month","value":"Nov","source":"shared"},{"type":"literal","value":" ","source":"shared"},{"type":"day","value":"14","source":"startRange"},{"type":"literal","value":"\#u{2009}–\#u{2009}","source":"shared"},{"type":"day","value":"17","source":"endRange"},{"type":"literal","value":", ","source":"shared"},{"type":"year","value":"2023","source":"shared"}]}"#
        ),
        (#"{"op":"format-parts","kind":"list","locale":"en","items":[]}"#, #"{"result":[]}"#),
    ])
    func exactAnswers(request: String, expected: String) {
        #expect(server.respond(to: request) == expected)
    }

    @Test(arguments: [
        (#"{"op":"format-parts","locale":"en","number":"1"}"#, "missing-field"),
        (#"{"op":"format-parts","kind":"plural","locale":"en","number":"1"}"#, "invalid-argument"),
        (#"{"op":"format-parts","kind":5,"locale":"en","number":"1"}"#, "invalid-argument"),
        (#"{"op":"format-parts","kind":"number","locale":"en"}"#, "missing-field"),
        (#"{"op":"format-parts","kind":"number","locale":"en","number":"1,5"}"#, "invalid-number"),
        (#"{"op":"format-parts","kind":"number","locale":"en","number":"1","skeleton":"foo"}"#, "invalid-skeleton"),
        (#"{"op":"format-parts","kind":"number","locale":"en US","number":"1"}"#, "invalid-locale"),
        (#"{"op":"format-parts","kind":"date","locale":"en","time":0}"#, "missing-field"),
        (#"{"op":"format-parts","kind":"date","locale":"en","time":1e300,"skeleton":"yMd"}"#, "invalid-time"),
        (#"{"op":"format-parts","kind":"date","locale":"en","time":0,"skeleton":"yMd","timeZone":"Mars/Base"}"#, "invalid-time-zone"),
        (#"{"op":"format-parts","kind":"relative","locale":"en","value":1,"unit":"fortnight"}"#, "invalid-argument"),
        (#"{"op":"format-parts","kind":"list","locale":"en","items":["a",1]}"#, "invalid-argument"),
        (#"{"op":"format-parts","kind":"number-range","locale":"en","start":"1"}"#, "missing-field"),
        (#"{"op":"format-parts","kind":"date-interval","locale":"en","start":0,"end":1,"skeleton":"yMd!"}"#, "invalid-skeleton"),
    ])
    func errors(request: String, code: String) throws {
        let line = try #require(server.respond(to: request))
        #expect(line.hasPrefix(#"{"error":{"code":"\#(code)""#), "\(line)")
    }
}
