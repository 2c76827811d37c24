import Foundation
import ParlanceBatch
import Testing

/// The batch ops `direction`, `display-name` and `negotiate`, in-process.
@Suite("Batch: locale ops")
struct LocaleBatchTests {
    let server = BatchEngine()

    @Test(
        "answers",
        arguments: [
            (#"{"op":"display-name","locale":"fr","of":"zh-Hant-TW","id":1}"#, #"{"id":1,"result":"chinois (traditionnel, Taïwan)"}"#),
            (#"{"op":"direction","text":"\u2067שלום\u2069 hi"}"#, #"{"result":"ltr"}"#),
            (#"{"op":"direction","text":"123 אב"}"#, #"{"result":"rtl"}"#),
            (#"{"op":"direction","text":"123"}"#, #"{"result":"neutral"}"#),
            (#"{"op":"direction","text":""}"#, #"{"result":"neutral"}"#),
            (#"{"op":"direction","locale":"uz-Arab"}"#, #"{"result":"rtl"}"#),
            (#"{"op":"direction","locale":"az-Latn"}"#, #"{"result":"ltr"}"#),
            (#"{"op":"negotiate","available":["en-US","en-GB","pt_BR"],"requested":"pt-PT"}"#, #"{"result":"pt_BR"}"#),
            (#"{"op":"negotiate","available":["en-US","en-GB"],"requested":["en-AU"]}"#, #"{"result":"en-GB"}"#),
            (#"{"op":"negotiate","available":["fr","de"],"requested":"**;q=abc"}"#, #"{"result":"fr"}"#),
            (#"{"op":"negotiate","available":["fr","de"],"requested":"de;q=0, ja"}"#, #"{"result":"fr"}"#),
            (#"{"op":"negotiate","available":["fr","DE"],"requested":[]}"#, #"{"result":"fr"}"#),
            (#"{"op":"negotiate","available":["fr","de"],"requested":["e n","**","de-AT"]}"#, #"{"result":"de"}"#),
        ])
    func answers(line: String, expected: String) {
        #expect(server.respond(to: line) == expected)
    }

    @Test(
        "errors",
        arguments: [
            (#"{"op":"direction"}"#, "missing-field"),
            (#"{"op":"direction","text":"a","locale":"en"}"#, "invalid-argument"),
            (#"{"op":"direction","text":5}"#, "invalid-argument"),
            (#"{"op":"direction","locale":"en US"}"#, "invalid-locale"),
            (#"{"op":"display-name","locale":"fr"}"#, "missing-field"),
            (#"{"op":"display-name","locale":"fr","of":"**"}"#, "invalid-locale"),
            (#"{"op":"display-name","locale":"","of":"en"}"#, "invalid-locale"),
            (#"{"op":"negotiate","requested":"en"}"#, "missing-field"),
            (#"{"op":"negotiate","available":["en"]}"#, "missing-field"),
            (#"{"op":"negotiate","available":[],"requested":"en"}"#, "invalid-argument"),
            (#"{"op":"negotiate","available":"en","requested":"en"}"#, "invalid-argument"),
            (#"{"op":"negotiate","available":["en",1],"requested":"en"}"#, "invalid-argument"),
            (#"{"op":"negotiate","available":["en","e n"],"requested":"en"}"#, "invalid-locale"),
            (#"{"op":"negotiate","available":["en"],"requested":3}"#, "invalid-argument"),
        ])
    func errors(line: String, code: String) throws {
        let answer = try #require(server.respond(to: line))
        #expect(answer.contains(#""code":"\#(code)""#), "\(answer)")
    }

    @Test("hostile input never crashes")
    func hostile() throws {
        let long = String(repeating: "a", count: 10 * 1024)
        for line in [
            #"{"op":"direction","locale":"\#(long)"}"#,
            #"{"op":"negotiate","available":["en"],"requested":"\#(long)"}"#,
            #"{"op":"negotiate","available":["en"],"requested":"\u0000;q=\u0001"}"#,
            #"{"op":"display-name","locale":"en","of":"en\u0007"}"#,
        ] {
            // One answer, valid JSON (read by Foundation's parser), with a result or an error.
            let answer = try #require(server.respond(to: line))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            #expect((object["result"] != nil) != (object["error"] != nil), "\(answer)")
        }
    }
}
