import Foundation
import Parlance
import ParlanceBatch
import Testing

/// Regressions from outside testing: one strict RFC 8259 reader for every request line, no echo
/// of anything that is not valid JSON, `1e400` as `invalid-number`, and `-0.0` with its sign.
@Suite("Strict JSON (RFC 8259)")
struct StrictJSONTests {
    let server = BatchEngine()

    /// Lines that RFC 8259's grammar rejects, each with the 1-based column where it fails.
    @Test(
        "non-JSON is invalid-json, and nothing of it is echoed",
        arguments: [
            (#"{"op":"plural","locale":"en","number":"1",}"#, 43),
            (#"{"id":[1,2,],"op":"plural","locale":"en","number":"1"}"#, 12),
            (#"{"id":1,"op":"plural","locale":"en","number":"1"} // comment"#, 51),
            (#"{'op':"plural"}"#, 2),
            (#"{op:"plural"}"#, 2),
            (#"{"id":01,"op":"plural"}"#, 8),
            (#"{"id":NaN,"op":"plural"}"#, 7),
            (#"{"id":-Infinity,"op":"plural"}"#, 8),
            (#"{"id":.5,"op":"plural"}"#, 7),
            (#"{"id":1.,"op":"plural"}"#, 9),
            (#"{"id":"a\x","op":"plural"}"#, 10),
            ("{\"id\":\"tab\there\",\"op\":\"plural\"}", 11),
            (#"{"id":1}{"op":"plural"}"#, 9),
            (#"{"id":tru,"op":"plural"}"#, 7),
        ])
    func rejects(line: String, column: Int) throws {
        let answer = try #require(server.respond(to: line))
        #expect(answer.hasPrefix(#"{"error":{"code":"invalid-json","message":"the line is not valid JSON (RFC 8259): at 1:\#(column): "#), "\(answer)")
        // The answer itself is JSON, read back by an independent parser.
        #expect(try JSONSerialization.jsonObject(with: Data(answer.utf8)) is [String: Any])
    }

    @Test("a JSON number beyond a double is invalid-number, not invalid-json", arguments: ["1e400", "-1e400", "2e308"])
    func hugeNumbers(_ literal: String) throws {
        let answer = try #require(server.respond(to: #"{"id":1,"op":"number","locale":"en","number":\#(literal)}"#))
        #expect(answer.hasPrefix(#"{"id":1,"error":{"code":"invalid-number""#), "\(answer)")
        let plural = try #require(server.respond(to: #"{"op":"plural","locale":"en","number":\#(literal)}"#))
        #expect(plural.hasPrefix(#"{"error":{"code":"invalid-number""#), "\(plural)")
    }

    /// A JSON `-0.0` is the double −0: formatted as the decimal string "-0" is, and in the past in
    /// relative time (ICU's own test data for English: "0 seconds ago" for −0).
    @Test("negative zero keeps its sign")
    func negativeZero() {
        let number = server.respond(to: #"{"op":"number","locale":"en","number":"-0"}"#)
        #expect(number == #"{"result":"-0"}"#)
        #expect(server.respond(to: #"{"op":"number","locale":"en","number":-0.0}"#) == number)
        #expect(server.respond(to: #"{"op":"number","locale":"en","number":-0}"#) == number)
        #expect(server.respond(to: #"{"op":"relative","locale":"en","value":-0.0,"unit":"second"}"#) == #"{"result":"0 seconds ago"}"#)
        #expect(server.respond(to: #"{"op":"relative","locale":"en","value":0.0,"unit":"second"}"#) == #"{"result":"in 0 seconds"}"#)
    }

    @Test("direction counts the whole text, across paragraph separators")
    func directionAcrossParagraphs() {
        #expect(server.respond(to: #"{"op":"direction","text":"123\nשלום"}"#) == #"{"result":"rtl"}"#)
        #expect(server.respond(to: #"{"op":"direction","text":"123\n456"}"#) == #"{"result":"neutral"}"#)
    }

    // MARK: The reader itself

    @Test("values and the id span")
    func reader() throws {
        let text = "{\n  \"a\": [1, -0.0, 1.50e+2],\n  \"é\": \"\\u00e9\\ud83d\\ude00\", \"n\": null, \"id\" : [ 1 ,2] \n}"
        let document = try JSONReader.read(text)
        let a = try #require(document.value["a"])
        #expect(a == .array([.integer(1), .number(-0.0), .number(150)]))
        guard case .array(let items) = a, case .number(let zero) = items[1] else {
            Issue.record("not an array with a double")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
        let idRange = try #require(document.idRange)
        #expect(String(decoding: Array(text.utf8)[idRange], as: UTF8.self) == "[ 1 ,2]")
        #expect(document.value["é"] == .string("é😀"))
        #expect(document.value["n"] == .null)
        // Only the top-level object's `id` is echoed; the last one when it repeats.
        #expect(try JSONReader.read(#"{"x":{"id":1}}"#).idRange == nil)
        #expect(try JSONReader.read(#"[{"id":1}]"#).idRange == nil)
        #expect(try JSONReader.read(#"{"id":1,"id":"two"}"#).idRange == 13..<18)
    }

    @Test("errors name line and column (in characters), counted from the error's offset")
    func positions() {
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse("{\n  \"é\": [1,\n  ]}") }
        do {
            _ = try JSONReader.parse("{\n  \"é\": [1,\n  ]}")
        } catch {
            #expect(error.line == 3 && error.column == 3 && error.offset == 16, "\(error)")
            #expect(error.description == "3:3: expected a value (object, array, string, number, true, false or null), found ']'")
        }
        do {
            _ = try JSONReader.parse("[\"é\", x]")
        } catch {
            #expect(error.line == 1 && error.column == 7 && error.offset == 7, "\(error)")
        }
        do {
            _ = try JSONReader.parse("\r\n\t[1,\r\n\"a\u{1}\"]")
        } catch {
            #expect(error.description == "3:3: a control character (U+0001) must be escaped in a string", "\(error)")
        }
    }

    @Test("budgets and bytes: deep nesting, invalid UTF-8, BOM")
    func hostile() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(deep) }
        do {
            _ = try JSONReader.parse(deep)
        } catch {
            #expect(error.description == "1:\(JSONReader.maximumDepth + 1): nesting deeper than \(JSONReader.maximumDepth) levels")
        }
        let limit = JSONReader.maximumDepth
        #expect((try? JSONReader.parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))) != nil)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(bytes: [0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22]) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(bytes: [0xEF, 0xBB, 0xBF, 0x31]) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse("") }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse("  ") }
    }

    /// Every valid document is read as Foundation's `JSONSerialization` reads it (an
    /// independent parser), compared through a canonical re-serialization.
    @Test(
        "valid JSON reads as JSONSerialization reads it",
        arguments: [
            "0", "-0", "1e2", "-1.25E-3", "\"\"", "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"", "[]", "{}", "[[],[{}]]",
            "{\"k\":[true,false,null]}", "\"\\ud83d\\ude00\"", " {\"a\" : 1 , \"b\" : [ 2 ] } ",
        ])
    func agreesWithFoundation(_ text: String) throws {
        let ours = try JSONReader.parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let reencoded = ours.serialized
        let again = try JSONSerialization.jsonObject(with: Data(reencoded.utf8), options: [.fragmentsAllowed])
        let a = try JSONSerialization.data(withJSONObject: [theirs], options: [.sortedKeys])
        let b = try JSONSerialization.data(withJSONObject: [again], options: [.sortedKeys])
        #expect(a == b, "\(text) → \(reencoded)")
    }
}

/// Strings with and without escapes read and written on both paths (the whole-run copy and the
/// escape loop), checked with Foundation's JSON reader.
@Suite("Batch JSON strings: escapes both ways")
struct BatchJSONStringTests {
    @Test(
        arguments: [
            ["Äpfel", "Birnen"], ["a\"b", "c\\d"], ["tab\there", "line\nbreak"], ["\u{2028}", "\u{2029}x"], ["€ – ✓", "😀"],
            ["\u{01}", "plain"],
        ])
    func listItemsRoundTrip(items: [String]) throws {
        let request = try JSONSerialization.data(withJSONObject: ["op": "list", "locale": "en", "items": items, "id": "é\"\\"])
        let line = String(decoding: request, as: UTF8.self)
        let answer = try #require(BatchEngine().respond(to: line))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        #expect(decoded["id"] as? String == "é\"\\")
        #expect(decoded["result"] as? String == (try ListFormat(locale: "en")).format(items))
        #expect(!answer.contains("\u{2028}") && !answer.contains("\n"))
    }
}
