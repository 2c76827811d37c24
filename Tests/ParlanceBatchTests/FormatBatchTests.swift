import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceBatch

@Suite("Batch ops number, date, relative, list")
struct FormatBatchTests {
    let server = BatchEngine()

    @Test(arguments: [
        // number
        (#"{"op":"number","locale":"de","number":"1234.5","skeleton":"currency/EUR"}"#, #"{"result":"1.234,50\#u{00A0}€"}"#),
        (#"{"id":7,"op":"number","locale":"de","number":1234.5}"#, #"{"id":7,"result":"1.234,5"}"#),
        (#"{"op":"number","locale":"en","number":1.0}"#, #"{"result":"1"}"#),
        // ICU drops trailing zeros unless the skeleton asks.
        (#"{"op":"number","locale":"en","number":"1.50","skeleton":"precision-unlimited"}"#, #"{"result":"1.5"}"#),
        (#"{"op":"number","locale":"en","number":"1.25e1"}"#, #"{"result":"12.5"}"#),
        (#"{"op":"number","locale":"hi-IN","number":1234567}"#, #"{"result":"12,34,567"}"#),
        (#"{"op":"number","locale":"en","number":0.1,"skeleton":"precision-unlimited"}"#, #"{"result":"0.1"}"#),
        // date
        (#"{"op":"date","locale":"en-US","time":"2023-11-14T22:13:20Z","skeleton":"yMMMd"}"#, #"{"result":"Nov 14, 2023"}"#),
        (#"{"op":"date","locale":"en-US","time":1700000000000,"skeleton":"jm","timeZone":"Asia/Tokyo"}"#, #"{"result":"7:13\#u{202F}AM"}"#),
        (#"{"op":"date","locale":"de","time":"2023-11-14T23:13:20+01:00","dateStyle":"full"}"#, #"{"result":"Dienstag, 14. November 2023"}"#),
        (#"{"op":"date","locale":"de","time":0,"timeStyle":"short","timeZone":"Europe/Berlin"}"#, #"{"result":"01:00"}"#),
        (#"{"op":"date","locale":"ja-JP-u-ca-japanese","time":"2023-11-14T22:13:20Z","skeleton":"yMMMd"}"#, #"{"result":"令和5年11月14日"}"#),
        // relative
        (#"{"op":"relative","locale":"fr","value":-1,"unit":"day","numeric":"auto"}"#, #"{"result":"hier"}"#),
        (#"{"op":"relative","locale":"en","value":3,"unit":"day"}"#, #"{"result":"in 3 days"}"#),
        (#"{"op":"relative","locale":"en","value":-2,"unit":"hour","style":"short"}"#, #"{"result":"2 hr. ago"}"#),
        // list
        (#"{"op":"list","locale":"es","items":["a","b","c"]}"#, #"{"result":"a, b y c"}"#),
        (#"{"op":"list","locale":"en","items":["a","b","c"],"type":"or","width":"short"}"#, #"{"result":"a, b, or c"}"#),
        (#"{"op":"list","locale":"en","items":[]}"#, #"{"result":""}"#),
    ])
    func results(request: String, expected: String) {
        #expect(server.respond(to: request) == expected)
    }

    @Test(arguments: [
        (#"{"op":"number","locale":"en"}"#, "missing-field"),
        (#"{"op":"number","number":"1"}"#, "missing-field"),
        (#"{"op":"number","locale":"en","number":"1,5"}"#, "invalid-number"),
        (#"{"op":"number","locale":"en","number":".5"}"#, "invalid-number"),
        (#"{"op":"number","locale":"en","number":"NaN"}"#, "invalid-number"),
        (#"{"op":"number","locale":"en","number":true}"#, "invalid-argument"),
        (#"{"op":"number","locale":"en","number":"1","skeleton":"foo"}"#, "invalid-skeleton"),
        (#"{"op":"number","locale":"en","number":"1","skeleton":"currency/EURO"}"#, "invalid-skeleton"),
        (#"{"op":"number","locale":"en","number":"1","skeleton":5}"#, "invalid-argument"),
        (#"{"op":"number","locale":"en US","number":"1"}"#, "invalid-locale"),
        (#"{"op":"date","locale":"en","skeleton":"yMd"}"#, "missing-field"),
        (#"{"op":"date","locale":"en","time":0}"#, "missing-field"),
        (#"{"op":"date","locale":"en","time":0,"dateStyle":"none","timeStyle":"none"}"#, "missing-field"),
        (#"{"op":"date","locale":"en","time":0,"skeleton":"yMd","dateStyle":"short"}"#, "invalid-argument"),
        (#"{"op":"date","locale":"en","time":0,"dateStyle":"huge"}"#, "invalid-argument"),
        (#"{"op":"date","locale":"en","time":"2023-02-29T00:00Z","skeleton":"yMd"}"#, "invalid-time"),
        (#"{"op":"date","locale":"en","time":"2023-11-14T22:13:20","skeleton":"yMd"}"#, "invalid-time"),
        (#"{"op":"date","locale":"en","time":1e300,"skeleton":"yMd"}"#, "invalid-time"),
        (#"{"op":"date","locale":"en","time":[1],"skeleton":"yMd"}"#, "invalid-time"),
        (#"{"op":"date","locale":"en","time":0,"skeleton":"yMd","timeZone":"Mars/Base"}"#, "invalid-time-zone"),
        (#"{"op":"date","locale":"en","time":0,"skeleton":"yMd","timeZone":"GMT+5"}"#, "invalid-time-zone"),
        (#"{"op":"date","locale":"en","time":0,"skeleton":"yMd!"}"#, "invalid-skeleton"),
        (#"{"op":"relative","locale":"en","unit":"day"}"#, "missing-field"),
        (#"{"op":"relative","locale":"en","value":1}"#, "missing-field"),
        (#"{"op":"relative","locale":"en","value":1,"unit":"fortnight"}"#, "invalid-argument"),
        (#"{"op":"relative","locale":"en","value":"1","unit":"day"}"#, "invalid-argument"),
        (#"{"op":"relative","locale":"en","value":1,"unit":"day","numeric":"sometimes"}"#, "invalid-argument"),
        (#"{"op":"relative","locale":"en","value":1,"unit":"day","style":"tiny"}"#, "invalid-argument"),
        (#"{"op":"list","locale":"en"}"#, "missing-field"),
        (#"{"op":"list","locale":"en","items":"a"}"#, "invalid-argument"),
        (#"{"op":"list","locale":"en","items":["a",1]}"#, "invalid-argument"),
        (#"{"op":"list","locale":"en","items":[],"type":"xor"}"#, "invalid-argument"),
        (#"{"op":"list","locale":"en","items":[],"width":"tiny"}"#, "invalid-argument"),
    ])
    func errors(request: String, code: String) throws {
        let line = try #require(server.respond(to: request))
        #expect(line.hasPrefix(#"{"error":{"code":"\#(code)""#), "\(line)")
    }

    @Test func hugeDecimalFormatsExactly() throws {
        let digits = String(repeating: "123456789", count: 111) + "1"
        let line = try #require(server.respond(to: #"{"op":"number","locale":"en","number":"\#(digits)","skeleton":"group-off"}"#))
        #expect(line == #"{"result":"\#(digits)"}"#)
    }

    @Test(arguments: Shards.all)
    func everyLocaleAnswersEveryOp(shard: Int) {
        let locales = Shards.slice(LocaleID.availableLocales, shard: shard)
        #expect(locales.count > 150)
        for locale in locales {
            let tag = locale.languageTag
            for request in [
                #"{"op":"number","locale":"\#(tag)","number":"-1234.5","skeleton":"currency/EUR"}"#,
                #"{"op":"date","locale":"\#(tag)","time":"2023-11-14T22:13:20Z","skeleton":"yMMMdjm","timeZone":"Europe/Paris"}"#,
                #"{"op":"relative","locale":"\#(tag)","value":-1,"unit":"day","numeric":"auto"}"#,
                #"{"op":"list","locale":"\#(tag)","items":["a","b","c"],"type":"or"}"#,
            ] {
                let line = server.respond(to: request) ?? ""
                #expect(line.hasPrefix(#"{"result":""#) && !line.hasPrefix(#"{"result":"""#), "\(tag): \(line)")
            }
        }
    }
}
