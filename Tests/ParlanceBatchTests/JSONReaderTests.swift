import Foundation
import Parlance
import ParlanceBatch
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The JSON reader (`JSONReader`), the byte writer and the chunked stdin loop, checked against
/// an independent reader, Foundation's `JSONSerialization`: on acceptance and on the value read.
@Suite("JSON reader")
struct JSONReaderTests {
    let server = BatchEngine()

    // MARK: - Oracles

    enum Outcome: Equatable, CustomStringConvertible {
        case accepted(value: String, id: Range<Int>?)
        case rejected
        var description: String {
            switch self {
            case .accepted(let value, let id): "accepted \(value) id \(id.map { "\($0)" } ?? "-")"
            case .rejected: "rejected"
            }
        }
    }

    static func read(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBufferPointer { buffer in
            guard let line = try? JSONReader.read(buffer) else { return .rejected }
            return .accepted(value: line.value.serialized, id: line.idRange)
        }
    }

    /// The error the reader reports for `bytes`, nil when it accepts them.
    static func error(_ bytes: [UInt8]) -> JSONReader.SyntaxError? {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONReader.SyntaxError) {
                _ = try JSONReader.read(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Whether an error's line and column are those of its byte offset, counted here another
    /// way (lines split at line feeds, columns in the scalars of the decoded line).
    static func positionAgrees(_ error: JSONReader.SyntaxError, _ bytes: [UInt8]) -> Bool {
        guard error.offset >= 0, error.offset <= bytes.count else { return false }
        let before = bytes[..<error.offset]
        let lines = before.split(separator: 0x0A, omittingEmptySubsequences: false)
        let lastLine = lines.last.map(Array.init) ?? []
        // A cut inside a multi-byte sequence never happens: errors point at a character's start.
        let column = String(decoding: lastLine, as: UTF8.self).unicodeScalars.count + 1
        return error.line == lines.count && error.column == column
    }

    /// Whether Foundation's reader accepts the text (top-level fragments allowed).
    static func foundationAccepts(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    }

    /// Where swift-corelibs-foundation's `JSONSerialization` departs from RFC 8259 (found by
    /// this suite's mutations), so that it cannot serve as the oracle for the text:
    /// - it accepts a trailing comma (`[1,]`, `{"a":1,}`);
    /// - it stops at a NUL byte (`4\0x` reads as `4`);
    /// - it skips a byte order mark;
    /// - it rejects numbers beyond a `Double` (`1e400`, `1e-400`), which RFC 8259 allows;
    /// - it rejects lone surrogate escapes, which RFC 8259's grammar allows (read as U+FFFD).
    static func foundationDeparts(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(0) || bytes.starts(with: [0xEF, 0xBB, 0xBF])
            || text.range(of: #",[ \t\r\n]*[\]}]"#, options: .regularExpression) != nil
            || text.range(of: #"[eE][+-]?[0-9]{3,}|[0-9]{16,}"#, options: .regularExpression) != nil
            || text.range(of: #"\\u[dD][89a-fA-F]"#, options: .regularExpression) != nil
    }

    /// The value in a canonical form by Foundation: the text parsed by `JSONSerialization`
    /// and written back with sorted keys.
    static func foundationCanonical(_ bytes: [UInt8]) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }

    static let valid: [String] = [
        #"{"op":"plural","locale":"ru","number":"21"}"#,
        #"  {"id" : 7 , "op":"plural","locale":"en","number":1.0}  "#,
        "\t{\"a\":[]}\r",
        #"{}"#, #"[]"#, #"[[]]"#, #"42"#, #"-0"#, #"-0.0"#, #"0"#, #"true"#, #"false"#, #"null"#, #""text""#,
        #"{"id":1.50,"x":1e2,"y":-1.25E-3,"z":1E+9}"#,
        #"{"big":123456789012345678,"bigger":1234567890123456789,"huge":12345678901234567890123}"#,
        #"{"min":-9223372036854775808,"max":9223372036854775807,"over":9223372036854775808}"#,
        #"{"inf":1e400,"neg":-1e400,"tiny":1e-400}"#,
        #"{"id":"a\"b\\c\/d\b\f\n\r\t","k":"\u00e9\u20AC\uD83D\uDE00"}"#,
        #"{"lone":"\uD800","low":"\uDC00","pair-then-bad":"\uD800\u0041","two-highs":"\uD800\uD800\uDC00"}"#,
        #"{"nul":"\u0000","ctl":"\u001f","line":"\u2028\u2029"}"#,
        #"{"utf8":"héllo wörld ✓ 😀 שלום","key\u0020esc":1}"#,
        #"{"id":1,"id":2,"op":"x","op":"y"}"#,
        #"{"\u0069d":[1,{"x":true}],"op":"nope"}"#,
        #"{"nested":{"id":99},"id":{"z":1, "a":[1e2, "}\"]"]} }"#,
        #"{"op":"list","locale":"es","items":["a","b","c"],"type":"or","width":"short"}"#,
        #"{"op":"negotiate","available":["en","fr","de"],"requested":"fr-CH, de;q=0.5","id":7}"#,
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        #"{"a":"#
            + String(repeating: "{\"b\":", count: 510) + "1" + String(repeating: "}", count: 510) + "}",
    ]

    static let invalid: [String] = [
        "", " ", "{", "}", "[", "]", "{]", "[}", "{,}", "[,]", "[1,]", "{\"a\":1,}", "{\"a\"}", "{\"a\":}",
        "{a:1}", "{'a':1}", "{\"a\":'b'}", "{\"a\":1} x", "{\"a\":1}{}", "[1 2]", "{\"a\" 1}",
        "01", "-", "-01", "1.", ".5", "1e", "1e+", "1.e5", "+1", "0x10", "NaN", "Infinity", "-Infinity",
        "tru", "nul", "fals", "trueX", "TRUE", "Null",
        "\"abc", "\"a\\x\"", "\"a\\u12\"", "\"a\\u12G4\"", "\"\\uD800\\u12\"", "\"tab\there\"", "\"nl\nhere\"",
        "\"\u{7}\"", "{\"a\":1 // c\n}", "/* c */ {}", "[1]]", "{\"a\":[1}", "{\"a\":{\"b\":1}",
        "\u{FEFF}{}", "{\"a\":1}\u{00A0}",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
    ]

    // MARK: - Corpus

    @Test("valid lines: accepted, with the id span, and Foundation reads the same value")
    func validCorpus() {
        for line in Self.valid {
            let bytes = Array(line.utf8)
            let fast = Self.read(bytes)
            #expect(fast != .rejected, "\(line)")
            if case .accepted(let value, let id) = fast {
                // The `id` span: exactly the text of the (last) top-level `id` value.
                let written = bytes.withUnsafeBufferPointer { try? JSONReader.read($0).value["id"] }
                #expect((id != nil) == (written != nil), "\(line)")
                if let id, let written {
                    #expect((try? JSONReader.parse(bytes: Array(bytes[id]))) == written, "\(line)")
                }
                #expect(!value.isEmpty)
            }
            // Foundation reads every line where it follows RFC 8259 (and nests only to its own
            // limit), and decodes it to the same value (strings and escapes included): our value
            // written out and read back by Foundation equals Foundation's reading of the line.
            if !Self.foundationDeparts(bytes), line.count < 1000, !line.contains(#""id":1,"id""#) {
                #expect(Self.foundationAccepts(bytes), "\(line)")
                // (Not for −0: written back as `-0`, Foundation reads it as the integer 0.)
                if case .accepted(let value, _) = fast, !line.hasPrefix("-0") {
                    #expect(Self.foundationCanonical(Array(value.utf8)) == Self.foundationCanonical(bytes), "\(line) → \(value)")
                }
            }
        }
    }

    @Test("invalid lines: rejected by the reader, at a position that agrees with the offset, and by Foundation")
    func invalidCorpus() throws {
        for line in Self.invalid {
            let bytes = Array(line.utf8)
            let error = try #require(Self.error(bytes), "\(line.debugDescription)")
            #expect(Self.positionAgrees(error, bytes), "\(line.debugDescription): \(error)")
            if line.count < 1000, !Self.foundationDeparts(bytes) {
                #expect(!Self.foundationAccepts(bytes), "\(line.debugDescription)")
            }
        }
    }

    @Test("ill-formed UTF-8 in a string is rejected (the server reads it as U+FFFD instead)")
    func illFormedUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x22],
        ]
        for bytes in cases {
            #expect(Self.read(bytes) == .rejected, "\(bytes)")
            #expect(Self.error(bytes)?.message == "invalid UTF-8 in a string", "\(bytes)")
        }
        // What the answer says: like readLine, the server repairs the line first.
        let line: [UInt8] = Array(#"{"op":"nope","id":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        var out: [UInt8] = []
        let answered = line.withUnsafeBufferPointer { server.respond(utf8: $0, into: &out) }
        #expect(answered)
        #expect(String(decoding: out, as: UTF8.self).hasPrefix("{\"id\":\"\u{FFFD}\",\"error\":{\"code\":\"unknown-op\""))
    }

    // MARK: - Mutations

    /// Seeds for mutation: request lines of every shape the protocol uses.
    static let seeds: [String] =
        valid.filter { $0.count < 300 } + [
            #"{"op":"date","locale":"fr","time":1700000120000,"skeleton":"yMMMdjm","id":2}"#,
            #"{"op":"relative","locale":"ru","value":-27,"unit":"day","id":3}"#,
            #"{"op":"number","locale":"de","number":"1.01","skeleton":"currency/EUR","id":1}"#,
            #"{"op":"message","locale":"en","pattern":"{n, plural, one {# file} other {# files}}","args":{"n":3}}"#,
        ]

    static let interesting: [UInt8] =
        Array(#"{}[]:,"\/ 0123456789-+.eEtrufalsn"#.utf8) + [0x00, 0x09, 0x0A, 0x0D, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]

    static func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: if !bytes.isEmpty { bytes.remove(at: position) }
            case 1: bytes.insert(interesting.randomElement(using: &random)!, at: position)
            case 2: if !bytes.isEmpty { bytes[position] = interesting.randomElement(using: &random)! }
            case 3: if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &random) }
            case 4: bytes = Array(bytes.prefix(position))
            default:
                let end = min(bytes.count, position + Int.random(in: 1...8, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return bytes
    }

    @Test("60,000 mutated lines: the reader agrees with Foundation on acceptance and on the value; errors point where their offset is")
    func mutations() {
        var random = SplitMix64(seed: 0x19B)
        var accepted = 0
        var foundationDisagreements: [String] = []
        var valueDisagreements: [String] = []
        var foundationCompared = 0
        var valuesCompared = 0
        for round in 0..<60_000 {
            let seed = Array(Self.seeds[round % Self.seeds.count].utf8)
            let bytes = Self.mutate(seed, &random)
            let outcome = Self.read(bytes)
            if outcome == .rejected {
                guard let error = Self.error(bytes), Self.positionAgrees(error, bytes) else {
                    Issue.record("\(String(decoding: bytes, as: UTF8.self).debugDescription): \(Self.error(bytes).map { "\($0)" } ?? "no error")")
                    return
                }
            } else {
                accepted += 1
            }
            // Where Foundation follows RFC 8259, it must agree on acceptance, and on the value:
            // ours written out and read back by Foundation is Foundation's reading of the line
            // (except −0, which Foundation reads back from `-0` as the integer 0).
            if !Self.foundationDeparts(bytes) {
                foundationCompared += 1
                if (outcome != .rejected) != Self.foundationAccepts(bytes) {
                    foundationDisagreements.append(String(decoding: bytes, as: UTF8.self).debugDescription)
                }
                if case .accepted(let value, _) = outcome, !value.contains("-0") {
                    valuesCompared += 1
                    if Self.foundationCanonical(Array(value.utf8)) != Self.foundationCanonical(bytes) {
                        valueDisagreements.append(String(decoding: bytes, as: UTF8.self).debugDescription + " → " + value)
                    }
                }
            }
        }
        #expect(foundationDisagreements.isEmpty, "\(foundationDisagreements.prefix(10))")
        #expect(valueDisagreements.isEmpty, "\(valueDisagreements.prefix(10))")
        #expect(foundationCompared > 30_000)
        #expect(valuesCompared > 1_000)
        // The mutations must exercise both sides.
        #expect(accepted > 1_000)
        #expect(accepted < 50_000)
    }

    /// Lines whose unknown members (`pad`, `extra`, `x`) hold every kind of value.
    static let paddedSeeds: [String] = [
        #"{"op":"plural","pad":[1,-2.5e3,true,null,"s\"\u00e9\ud83d\ude00",{"a":[{}]}],"locale":"ru","number":"21","id":7}"#,
        #"{"extra":{"k":{"k":{"k":[[],[[]],"Grüße"]}},"n":0},"op":"list","items":["a","b"],"locale":"es"}"#,
        #"{"op":"number","locale":"de","x":"\\\/\b\f\n\r\t","number":1.5,"x":[0,{"y":"z"}],"id":"a"}"#,
    ]

    /// `value` with only the members of its top-level object that requests read.
    static func keptMembers(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { BatchRequest.isField($0.0) })
    }

    @Test("unknown members are skipped unbuilt: on 60,000 mutated lines, the same verdict, error and id, and the known members")
    func skippedMembers() {
        var random = SplitMix64(seed: 0x5C1B)
        var accepted = 0
        var rejected = 0
        var disagreements: [String] = []
        let seeds = Self.seeds + Self.paddedSeeds
        for round in 0..<60_000 {
            let bytes = Self.mutate(Array(seeds[round % seeds.count].utf8), &random)
            let full = bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONReader.SyntaxError) in try JSONReader.read(buffer) } }
            let kept = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONReader.SyntaxError) in try JSONReader.read(buffer, keeping: BatchRequest.isField) }
            }
            switch (full, kept) {
            case (.success(let whole), .success(let part)):
                accepted += 1
                if Self.keptMembers(whole.value) != part.value || whole.idRange != part.idRange {
                    disagreements.append(String(decoding: bytes, as: UTF8.self).debugDescription)
                }
            case (.failure(let wholeError), .failure(let partError)):
                rejected += 1
                if wholeError != partError { disagreements.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): \(wholeError) / \(partError)") }
            default:
                disagreements.append(String(decoding: bytes, as: UTF8.self).debugDescription + ": accepted by one reading only")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(accepted > 1_000)
        #expect(rejected > 1_000)
        // The unmutated padded lines: their unknown members are gone, the rest is kept.
        for line in Self.paddedSeeds {
            let document = try? JSONReader.read(line, keeping: BatchRequest.isField)
            guard case .object(let members)? = document?.value else {
                Issue.record("\(line) not read")
                continue
            }
            #expect(!members.isEmpty && members.allSatisfy { BatchRequest.isField($0.0) }, "\(line)")
        }
    }

    @Test("mutated lines through the server: one JSON answer each, invalid ones with the reader's error")
    func mutatedAnswers() throws {
        var random = SplitMix64(seed: 0x19B2)
        for round in 0..<5_000 {
            let seed = Array(Self.seeds[round % Self.seeds.count].utf8)
            let bytes = Self.mutate(seed, &random).filter { $0 != 0x0A }
            var out: [UInt8] = []
            let answered = bytes.withUnsafeBufferPointer { server.respond(utf8: $0, into: &out) }
            let text = String(decoding: bytes, as: UTF8.self)
            guard answered else {
                #expect(!text.contains(where: { !$0.isWhitespace }), "\(text.debugDescription) got no answer")
                continue
            }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any], "\(String(decoding: out, as: UTF8.self))")
            #expect((object["result"] == nil) != (object["error"] == nil))
            do {
                _ = try JSONReader.parse(text)
            } catch {
                let expected =
                    #"{"error":{"code":"invalid-json","message":"#
                    + JSONValue.string("the line is not valid JSON (RFC 8259): at \(error.description)").serialized + "}}"
                #expect(String(decoding: out, as: UTF8.self) == expected)
            }
        }
    }

    // MARK: - Writer

    @Test("the writer: Foundation reads back every value written, with the escapes of JSONStringLiteral")
    func writer() throws {
        let texts = [
            "", "plain", "a\"b\\c", "\n\r\t\u{08}\u{0C}", "\u{0}\u{1}\u{1F}\u{7F}", "\u{2028}x\u{2029}", "\u{2027}\u{202A}", "é€😀",
            "chiński (tradycyjne, Tajwan)", "1\u{00A0}234,50\u{00A0}€",
        ]
        for text in texts {
            let written = JSONValue.string(text).serialized
            let back = try JSONSerialization.jsonObject(with: Data(written.utf8), options: [.fragmentsAllowed])
            #expect(back as? String == text, "\(written)")
            let unescaped = written.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029
            }
            #expect(!unescaped, "\(written)")
            #expect(JSONStringLiteral.quoted(text) == written)
        }
        #expect(JSONValue.string("\"\\\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{2028}\u{2029}").serialized == #""\"\\\n\r\t\b\f\u0001\u001f\u2028\u2029""#)
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .integer(-42), .integer(.max), .number(-0.0), .number(2.5), .number(1e300), .number(.infinity),
            .raw("{\"z\": 1}"), .array(texts.map { .string($0) }), .object(texts.map { ($0, .string($0)) }),
        ]
        let written = values.map(\.serialized)
        let expectedTexts: [String] = ["null", "true", "false", "-42", "9223372036854775807", "-0", "2.5", "1e+300", "null", "{\"z\": 1}"]
        #expect(Array(written.prefix(10)) == expectedTexts)
        for (value, text) in zip(values, written) {
            // What is written reads back as the same value (a non-finite number as null).
            let expected: JSONValue = if case .number(let number) = value, !number.isFinite { .null } else { value }
            if case .raw = value { continue }
            #expect(try JSONReader.parse(text) == expected, "\(text)")
        }
    }

    // MARK: - The stdin loop

    /// The answers `readLine` + `respond(to:)` give: lines split at `\n`, `\r\n` stripped, a last
    /// line without newline answered, ill-formed UTF-8 repaired.
    func expectedAnswers(_ input: [UInt8]) -> [UInt8] {
        var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var out: [UInt8] = []
        for (index, var line) in lines.enumerated() {
            let terminated = index < lines.count - 1 || input.last == 0x0A
            if terminated, line.last == 0x0D { line.removeLast() }
            if let answer = server.respond(to: String(decoding: line, as: UTF8.self)) {
                out += Array(answer.utf8) + [0x0A]
            }
        }
        return out
    }

    func runStream(_ input: [UInt8]) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-batch-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let outputPath = directory.appendingPathComponent("out").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        let inFD = open(inputPath, O_RDONLY)
        let outFD = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(inFD >= 0 && outFD >= 0)
        server.run(input: inFD, output: outFD)
        close(inFD)
        close(outFD)
        return Array(try Data(contentsOf: URL(fileURLWithPath: outputPath)))
    }

    @Test("the stdin loop answers as readLine + respond(to:) would, across buffer boundaries")
    func stream() throws {
        var input: [UInt8] = []
        let longItem = String(repeating: "x", count: 70_000)
        for index in 0..<3_000 {
            switch index % 10 {
            case 0: input += Array(#"{"id":\#(index),"op":"plural","locale":"ru","number":"\#(index)"}"#.utf8) + [0x0D, 0x0A]
            case 1: input += Array("   \t".utf8) + [0x0A]
            case 2: input += Array(#"{"id":"\#(index)","op":"nope"}"#.utf8) + [0x0D, 0x0D, 0x0A]
            case 3: input += Array(#"{"id":1,"op":"nope","x":""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}"#.utf8) + [0x0A]
            case 4: input += Array("garbage \(index)".utf8) + [0x0A]
            case 5: input += [0xC2, 0xA0, 0x20, 0xE2, 0x80, 0xA8, 0x0A]
            case 6 where index % 1000 == 6: input += Array(#"{"id":\#(index),"op":"list","locale":"en","items":["\#(longItem)","b"]}"#.utf8) + [0x0A]
            case 7: input += Array(#"{"id":\#(index),"op":"direction","text":"שלום"}"#.utf8) + [0x0A]
            default: input += Array(#"{"id":\#(index),"op":"plural-categories","locale":"cy","type":"ordinal"}"#.utf8) + [0x0A]
            }
        }
        input += Array(#"{"id":"last","op":"plural","locale":"en","number":"1"}"#.utf8) + [0x0D]
        let expected = expectedAnswers(input)
        let actual = try runStream(input)
        #expect(actual.count == expected.count)
        #expect(actual == expected)
        #expect(String(decoding: actual, as: UTF8.self).hasSuffix(#"{"id":"last","result":"one"}"# + "\n"))
    }

    @Test("the stdin loop: empty input, and input without any newline")
    func streamEdges() throws {
        #expect(try runStream([]).isEmpty)
        #expect(try runStream(Array(#"{"op":"plural","locale":"en","number":"1"}"#.utf8)) == Array(#"{"result":"one"}"#.utf8) + [0x0A])
        #expect(try runStream(Array("\n\n \r\n".utf8)).isEmpty)
    }
}
