import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceBatch

@Suite("Batch ops segment and case")
struct TextBatchTests {
    let server = BatchEngine()

    @Test(arguments: [
        // The protocol's examples.
        (#"{"op":"case","locale":"tr","text":"i","to":"upper"}"#, #"{"result":"İ"}"#),
        (#"{"op":"case","locale":"de","text":"straße","to":"upper"}"#, #"{"result":"STRASSE"}"#),
        (#"{"id":3,"op":"case","locale":"tr","text":"DİYARBAKIR","to":"lower"}"#, #"{"id":3,"result":"diyarbakır"}"#),
        (#"{"op":"case","locale":"en","text":"i","to":"upper"}"#, #"{"result":"I"}"#),
        (#"{"op":"case","locale":"nl","text":"ijsland","to":"title"}"#, #"{"result":"IJsland"}"#),
        (#"{"op":"case","locale":"en","text":"hello world","to":"title"}"#, #"{"result":"Hello World"}"#),
        (#"{"op":"case","locale":"el","text":"άδικος","to":"upper"}"#, #"{"result":"ΑΔΙΚΟΣ"}"#),
        (#"{"op":"case","locale":"en","text":"","to":"lower"}"#, #"{"result":""}"#),
        // segment: graphemes by default.
        (#"{"op":"segment","locale":"en","text":"e\u0301👍🏽"}"#, #"{"result":[{"segment":"é"},{"segment":"👍🏽"}]}"#),
        (
            #"{"op":"segment","locale":"en","text":"Hi, you 42.","granularity":"word"}"#,
            #"{"result":[{"segment":"Hi","wordLike":true},{"segment":",","wordLike":false},{"segment":" ","wordLike":false},"#
                + #"{"segment":"you","wordLike":true},{"segment":" ","wordLike":false},{"segment":"42","wordLike":true},"#
                + #"{"segment":".","wordLike":false}]}"#
        ),
        (
            #"{"op":"segment","locale":"th","text":"สวัสดีครับ","granularity":"word"}"#,
            #"{"result":[{"segment":"สวัสดี","wordLike":true},{"segment":"ครับ","wordLike":true}]}"#
        ),
        (
            #"{"op":"segment","locale":"en","text":"Hi. Bye.","granularity":"sentence"}"#,
            #"{"result":[{"segment":"Hi. "},{"segment":"Bye."}]}"#
        ),
        (#"{"op":"segment","locale":"en","text":""}"#, #"{"result":[]}"#),
        (#"{"op":"segment","locale":"en","text":"","granularity":"word"}"#, #"{"result":[]}"#),
    ])
    func results(request: String, expected: String) {
        #expect(server.respond(to: request) == expected)
    }

    @Test(arguments: [
        (#"{"op":"segment","text":"a"}"#, "missing-field"),
        (#"{"op":"segment","locale":"en"}"#, "missing-field"),
        (#"{"op":"segment","locale":"en US","text":"a"}"#, "invalid-locale"),
        (#"{"op":"segment","locale":7,"text":"a"}"#, "invalid-argument"),
        (#"{"op":"segment","locale":"en","text":5}"#, "invalid-argument"),
        (#"{"op":"segment","locale":"en","text":["a"]}"#, "invalid-argument"),
        (#"{"op":"segment","locale":"en","text":"a","granularity":"line"}"#, "invalid-argument"),
        (#"{"op":"segment","locale":"en","text":"a","granularity":"paragraph"}"#, "invalid-argument"),
        (#"{"op":"segment","locale":"en","text":"a","granularity":1}"#, "invalid-argument"),
        (#"{"op":"case","text":"a","to":"upper"}"#, "missing-field"),
        (#"{"op":"case","locale":"en","to":"upper"}"#, "missing-field"),
        (#"{"op":"case","locale":"en","text":"a"}"#, "missing-field"),
        (#"{"op":"case","locale":"","text":"a","to":"upper"}"#, "invalid-locale"),
        (#"{"op":"case","locale":"en","text":null,"to":"upper"}"#, "invalid-argument"),
        (#"{"op":"case","locale":"en","text":"a","to":"capital"}"#, "invalid-argument"),
        (#"{"op":"case","locale":"en","text":"a","to":"Upper"}"#, "invalid-argument"),
        (#"{"op":"case","locale":"en","text":"a","to":true}"#, "invalid-argument"),
        (#"{"op":"case","locale":"en","text":"a","to":null}"#, "invalid-argument"),
    ])
    func errors(request: String, code: String) throws {
        let line = try #require(server.respond(to: request))
        #expect(line.hasPrefix(#"{"error":{"code":"\#(code)""#), "\(line)")
    }

    /// The answer's segments, decoded.
    func segments(_ request: String) throws -> [[String: Any]] {
        let line = try #require(server.respond(to: request))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        return try #require(object["result"] as? [[String: Any]], "\(line)")
    }

    @Test("segments concatenate to the text; wordLike only on words", arguments: ["grapheme", "word", "sentence"])
    func concatenation(granularity: String) throws {
        let text = "Ça va? สวัสดีครับ 東京に行きます. 𝒜 👍🏽!\r\nNext \"line\"."
        let request = #"{"op":"segment","locale":"th","granularity":"\#(granularity)","text":\#(JSONStringLiteral.quoted(text))}"#
        let segments = try segments(request)
        #expect(segments.count > 1)
        #expect(segments.compactMap { $0["segment"] as? String }.joined() == text)
        for segment in segments {
            #expect((segment["wordLike"] != nil) == (granularity == "word"), "\(segment)")
            #expect(segment.count == (granularity == "word" ? 2 : 1))
        }
        if granularity == "word" {
            let words = segments.filter { $0["wordLike"] as? Bool == true }.compactMap { $0["segment"] as? String }
            #expect(words.contains("สวัสดี") && words.contains("ครับ") && words.contains("Next") && words.contains("𝒜"))
            #expect(!words.contains(" ") && !words.contains("!") && !words.contains("\r\n"))
        }
    }

    @Test("the ops are answered after a bad line, and text over the limit is invalid-argument")
    func runGoesOn() throws {
        let lines = [
            #"{"op":"case","locale":"tr","text":"i","to":"sideways"}"#,
            #"{"op":"case","locale":"tr","text":"i","to":"upper"}"#,
        ]
        let answers = lines.compactMap { server.respond(to: $0) }
        #expect(answers.count == 2)
        #expect(answers[0].hasPrefix(#"{"error":{"code":"invalid-argument""#))
        #expect(answers[1] == #"{"result":"İ"}"#)
        let long = String(repeating: "a", count: Segmenter.maximumLength + 1)
        let segment = try #require(server.respond(to: #"{"op":"segment","locale":"en","text":"\#(long)"}"#))
        #expect(segment.hasPrefix(#"{"error":{"code":"invalid-argument""#))
        let mapped = try #require(server.respond(to: #"{"op":"case","locale":"en","text":"\#(long)","to":"upper"}"#))
        #expect(mapped.hasPrefix(#"{"error":{"code":"invalid-argument""#))
    }

    @Test("parlance batch answers segment and case, a bad line in between")
    func overTheCLI() throws {
        let input =
            [
                #"{"id":1,"op":"case","locale":"tr","text":"i","to":"upper"}"#,
                #"{"id":2,"op":"segment","locale":"en","text":"a b","granularity":"paragraph"}"#,
                #"{"id":3,"op":"segment","locale":"th","text":"สวัสดีครับ","granularity":"word"}"#,
            ].joined(separator: "\n") + "\n"
        let result = try CLI.run(["batch"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == #"{"id":1,"result":"İ"}"#)
        #expect(lines.dropFirst().first?.hasPrefix(#"{"id":2,"error":{"code":"invalid-argument""#) == true)
        #expect(lines.last == #"{"id":3,"result":[{"segment":"สวัสดี","wordLike":true},{"segment":"ครับ","wordLike":true}]}"#)
    }
}
