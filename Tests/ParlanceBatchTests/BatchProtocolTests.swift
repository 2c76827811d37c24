import Foundation
import ParlanceBatch
import Testing

/// The protocol's framing and error behaviour (shared/spec/batch-protocol.md), in-process.
@Suite("Batch protocol")
struct BatchProtocolTests {
    let server = BatchEngine()

    @Test("a plural request: ru 21 is one")
    func example() {
        #expect(server.respond(to: #"{"op":"plural","locale":"ru","number":"21"}"#) == #"{"result":"one"}"#)
    }

    @Test(
        "id is echoed unchanged, first",
        arguments: [
            (#"{"id":7,"op":"plural","locale":"en","number":"1"}"#, #"{"id":7,"result":"one"}"#),
            (#"{"id":null,"op":"plural","locale":"en","number":"1"}"#, #"{"id":null,"result":"one"}"#),
            (#"{"id":"a\"b","op":"plural","locale":"en","number":"1"}"#, #"{"id":"a\"b","result":"one"}"#),
            (#"{"id":[1,{"x":true}],"op":"plural","locale":"en","number":"1"}"#, #"{"id":[1,{"x":true}],"result":"one"}"#),
            (#"{"id":2.5,"op":"plural","locale":"en","number":"1"}"#, #"{"id":2.5,"result":"one"}"#),
            (#"{"id":1.50,"op":"plural","locale":"en","number":"1"}"#, #"{"id":1.50,"result":"one"}"#),
            (#"{"id": {"z":1, "a":[1e2, "}\"]"]} ,"op":"plural","locale":"en","number":"1"}"#, #"{"id":{"z":1, "a":[1e2, "}\"]"]},"result":"one"}"#),
            (#"{"op":"plural","locale":"en","number":"1","id":"\u00e9"}"#, #"{"id":"\u00e9","result":"one"}"#),
        ])
    func echoesID(_ line: String, _ expected: String) {
        #expect(server.respond(to: line) == expected)
    }

    @Test("blank lines get no answer", arguments: ["", " ", "\t  "])
    func blank(_ line: String) {
        #expect(server.respond(to: line) == nil)
    }

    @Test(
        "error codes",
        arguments: [
            ("not json", "invalid-json"),
            ("[1,2]", "invalid-json"),
            ("42", "invalid-json"),
            (#"{"op":"plural","locale":"en""#, "invalid-json"),
            (#"{"locale":"en"}"#, "missing-field"),
            (#"{"op":7}"#, "invalid-argument"),
            (#"{"op":"frobnicate","locale":"en"}"#, "unknown-op"),
            (#"{"op":"plural","number":"1"}"#, "missing-field"),
            (#"{"op":"plural","locale":"en"}"#, "missing-field"),
            (#"{"op":"plural","locale":"en US","number":"1"}"#, "invalid-locale"),
            (#"{"op":"plural","locale":"","number":"1"}"#, "invalid-locale"),
            (#"{"op":"plural","locale":5,"number":"1"}"#, "invalid-argument"),
            (#"{"op":"plural","locale":"en","number":"1,5"}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":"abc"}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":""}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":"1e"}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":".5"}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":"5."}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":"NaN"}"#, "invalid-number"),
            (#"{"op":"plural","locale":"en","number":true}"#, "invalid-argument"),
            (#"{"op":"plural","locale":"en","number":"1","type":"cardinals"}"#, "invalid-argument"),
            (#"{"op":"plural-categories","locale":"en","type":3}"#, "invalid-argument"),
        ])
    func errors(_ line: String, _ code: String) throws {
        let answer = try #require(server.respond(to: line))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any], "no error in \(answer)")
        #expect(error["code"] as? String == code, "\(line) → \(answer)")
        #expect((error["message"] as? String)?.isEmpty == false)
        #expect(object["result"] == nil)
    }

    @Test(
        "plural results",
        arguments: [
            (#"{"op":"plural","locale":"en","number":"1"}"#, #""one""#),
            (#"{"op":"plural","locale":"en","number":"1.0"}"#, #""other""#),
            (#"{"op":"plural","locale":"en","number":1.0}"#, #""one""#),
            (#"{"op":"plural","locale":"EN_us","number":1}"#, #""one""#),
            (#"{"op":"plural","locale":"en","number":"22","type":"ordinal"}"#, #""two""#),
            (#"{"op":"plural","locale":"ru","number":"1.25e1"}"#, #""other""#),
            (#"{"op":"plural","locale":"ru","number":"-21"}"#, #""one""#),
            (#"{"op":"plural","locale":"fr","number":"1e6"}"#, #""many""#),
            (#"{"op":"plural","locale":"xx","number":"1"}"#, #""other""#),
            (#"{"op":"plural","locale":"en-ZZ","number":"1"}"#, #""one""#),
            (#"{"op":"plural","locale":"root","number":"1"}"#, #""other""#),
            (#"{"op":"plural","locale":"und","number":"1"}"#, #""other""#),
            (#"{"op":"plural-categories","locale":"ar"}"#, #"["zero","one","two","few","many","other"]"#),
            (#"{"op":"plural-categories","locale":"en","type":"ordinal"}"#, #"["one","two","few","other"]"#),
            (#"{"op":"plural-categories","locale":"ja"}"#, #"["other"]"#),
        ])
    func plural(_ line: String, _ result: String) {
        #expect(server.respond(to: line) == #"{"result":"# + result + "}")
    }

    @Test("unknown extra fields are ignored")
    func extraFields() {
        #expect(server.respond(to: #"{"op":"plural","locale":"ru","number":"2","extra":{"a":[1]}}"#) == #"{"result":"few"}"#)
    }

    @Test("10,000 mixed good and bad lines give exactly 10,000 answers in order")
    func tenThousand() {
        var lines: [String] = []
        var expectations: [String] = []
        let good = [(#"{"id":%d,"op":"plural","locale":"ru","number":"%d"}"#)]
        for index in 0..<10_000 {
            switch index % 5 {
            case 0:
                lines.append(String(format: good[0], index, index))
                expectations.append("\"id\":\(index),\"result\"")
            case 1:
                lines.append("{broken \(index)")
                expectations.append("invalid-json")
            case 2:
                lines.append(#"{"id":\#(index),"op":"plural","locale":"ru"}"#)
                expectations.append("missing-field")
            case 3:
                lines.append(#"{"id":\#(index),"op":"nope"}"#)
                expectations.append("unknown-op")
            default:
                lines.append(#"{"id":\#(index),"op":"plural","locale":"ru","number":"x\#(index)"}"#)
                expectations.append("invalid-number")
            }
        }
        var iterator = lines.makeIterator()
        var answers: [String] = []
        server.run(readLine: { iterator.next() }, write: { answers.append($0) })
        #expect(answers.count == 10_000)
        for (answer, expectation) in zip(answers, expectations) where !answer.contains(expectation) {
            Issue.record("\(answer) does not contain \(expectation)")
            break
        }
    }

    @Test("an echoed id is the same JSON value as the request's")
    func echoedIDsParseBack() throws {
        let ids = ["0", "-1.25e-3", "\"\"", "\"a\\\"b\"", "[]", "{}", "[[],[{}]]", "{\"k\":[true,false,null]}", "\"😀\"", "12345678901234567890"]
        for id in ids {
            let line = #"{"op":"nope","id":"# + id + "}"
            let answer = try #require(server.respond(to: line))
            let request = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let response = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
            let sent = try JSONSerialization.data(withJSONObject: [request?["id"] ?? NSNull()], options: [.sortedKeys])
            let echoed = try JSONSerialization.data(withJSONObject: [response?["id"] ?? NSNull()], options: [.sortedKeys])
            #expect(sent == echoed, "\(id) → \(answer)")
            #expect(answer.hasPrefix(#"{"id":"# + id + ","))
        }
    }
}
