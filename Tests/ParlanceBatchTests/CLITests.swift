import Foundation
import ParlanceTestSupport
import Testing

/// Runs the built `parlance` binary (it sits beside the test bundle) and checks stdout, stderr
/// and the exit status, as a user or another program sees them.
enum CLI {
    static var executable: URL { ChildProcess.parlance }

    typealias Result = ChildProcessResult

    static func run(_ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws -> Result {
        try runProgram(executable.path, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program (for values from a source independent of Parlance).
    static func runProgram(_ path: String, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil) throws -> Result {
        try ChildProcess.run(URL(fileURLWithPath: path), arguments, stdin: Data(stdin.utf8), environment: environment)
    }
}

@Suite("parlance CLI")
struct CLITests {
    @Test("the binary exists")
    func binary() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.executable.path), "\(CLI.executable.path)")
    }

    @Test("batch: a plural request (ru 21), answered exactly")
    func batchExample() throws {
        let result = try CLI.run(["batch"], stdin: #"{"op":"plural","locale":"ru","number":"21"}"# + "\n")
        #expect(result.stdout == #"{"result":"one"}"# + "\n")
        #expect(result.status == 0)
    }

    @Test("batch: 10,000 mixed lines in, 10,000 lines out, exit 0; blank lines skipped")
    func batchTenThousand() throws {
        var input = ""
        for index in 0..<10_000 {
            switch index % 4 {
            case 0: input += #"{"id":\#(index),"op":"plural","locale":"pl","number":"\#(index)"}"#
            case 1: input += "garbage \(index)"
            case 2: input += #"{"id":\#(index),"op":"plural","locale":"!!","number":"1"}"#
            default: input += #"{"id":\#(index),"op":"plural-categories","locale":"cy","type":"ordinal"}"#
            }
            input += index % 1000 == 0 ? "\n   \n\n" : "\n"
        }
        let result = try CLI.run(["batch"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 10_000)
        #expect(lines[1].hasPrefix(#"{"error":{"code":"invalid-json","message":"the line is not valid JSON (RFC 8259): at 1:1: "#))
        #expect(lines[2].hasPrefix(#"{"id":2,"error":{"code":"invalid-locale""#))
        #expect(lines[3] == #"{"id":3,"result":["zero","one","two","few","many","other"]}"#)
        #expect(lines[4] == #"{"id":4,"result":"few"}"#)
    }

    @Test("batch: results do not depend on LANG or LC_*")
    func environmentIndependent() throws {
        let input = [#"{"op":"plural","locale":"xx","number":"1"}"#, #"{"op":"plural-categories","locale":"xx"}"#].joined(separator: "\n")
        let plain = try CLI.run(["batch"], stdin: input, environment: ["PATH": "/usr/bin:/bin"])
        let french = try CLI.run(["batch"], stdin: input, environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "fr"])
        #expect(plain.stdout == #"{"result":"other"}"# + "\n" + #"{"result":["other"]}"# + "\n")
        #expect(french.stdout == plain.stdout)
    }

    @Test(
        "plural command",
        arguments: [
            (["plural", "ru", "21"], "one\n"),
            (["plural", "en", "1.0"], "other\n"),
            (["plural", "en", "23", "--ordinal"], "few\n"),
            (["plural", "ar", "--categories"], "zero one two few many other\n"),
        ])
    func plural(_ arguments: [String], _ expected: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.stdout == expected)
        #expect(result.status == 0)
    }

    @Test(
        "bad arguments: a clear message on stderr and a non-zero exit",
        arguments: [
            ["plural", "en", "1,5"], ["plural", "en US", "1"], ["plural", "en"], ["plural", "en", "1", "--categories"], ["nope"],
        ])
    func badArguments(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        // A usage error (64) names the problem; a rejected input (1) names its error code.
        #expect([1, 64].contains(result.status))
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        if result.status == 1 { #expect(result.stderr.contains("[invalid-")) }
    }

    @Test("showcase runs and shows every locale")
    func showcase() throws {
        let result = try CLI.run(["showcase"])
        #expect(result.status == 0)
        for id in ["en", "fr", "ru", "pl", "ar", "cy", "ja"] {
            #expect(result.stdout.contains("\n\(id) "), "\(id) missing from the showcase")
        }
    }

    @Test(
        "format, locale, negotiate and localize commands",
        arguments: [
            (["format", "number", "de", "1234.5"], "1.234,5\n"),
            (["format", "currency", "de", "1234.5", "EUR"], "1.234,50\u{A0}€\n"),
            (["format", "date", "en-US", "2023-11-14T22:13:20Z", "--skeleton", "yMMMd"], "Nov 14, 2023\n"),
            (["format", "relative", "fr", "--auto", "--", "-1", "day"], "hier\n"),
            (["format", "list", "es", "a", "b", "c"], "a, b y c\n"),
            (
                ["format", "currency", "de", "1234.5", "EUR", "--parts"],
                "integer\t\"1\"\ngroup\t\".\"\ninteger\t\"234\"\ndecimal\t\",\"\nfraction\t\"50\"\nliteral\t\"\u{A0}\"\ncurrency\t\"€\"\n"
            ),
            (["format", "relative", "en", "--parts", "--", "-3", "day"], "integer\t\"3\"\tunit=day\nliteral\t\" days ago\"\n"),
            (["format", "list", "es", "a", "b", "--parts"], "element\t\"a\"\nliteral\t\" y \"\nelement\t\"b\"\n"),
            (["format", "sort", "sv", "z", "ä", "a"], "a\nz\nä\n"),
            (["format", "sort", "en", "--numeric", "item 10", "item 2"], "item 2\nitem 10\n"),
            (["format", "sort", "de-u-co-phonebk", "Muller", "Müller", "Mueller"], "Mueller\nMüller\nMuller\n"),
            (["format", "segment", "th", "สวัสดีครับ"], "\"สวัสดี\"\n\"ครับ\"\n"),
            (["format", "segment", "en", "Hi, you!", "--words-only"], "\"Hi\"\n\"you\"\n"),
            (["format", "case", "tr", "istanbul", "--to", "upper"], "İSTANBUL\n"),
            (["format", "case", "nl", "ijsland", "--to", "title"], "IJsland\n"),
            (["negotiate", "--available", "en-US,en-GB", "--accept-language", "en-AU"], "en-GB\n"),
        ])
    func commands(_ arguments: [String], _ expected: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.stdout == expected, "\(arguments): \(result.stderr)")
        #expect(result.status == 0)
    }

    @Test("the locale command shows the fallback chain and names")
    func localeCommand() throws {
        let result = try CLI.run(["locale", "zh-TW"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("zh-TW → zh-Hant-TW → zh-Hant → und"))
        #expect(result.stdout.contains("中文"))
        // CLDR weekData for TW: Sunday first, minDays 1; timeData: h12 preferred.
        #expect(result.stdout.contains("first day of the week       sunday"))
        #expect(result.stdout.contains("hour cycle                  h12"))
        #expect(result.stdout.contains("time zones                  Asia/Taipei"))
    }

    @Test(
        "bad input to the commands: the error code on stderr, a non-zero exit",
        arguments: [
            (["format", "date", "en-US", "nonsense", "--skeleton", "yMMMd"], "invalid-time"),
            (["format", "date", "en-US", "2023-11-14T22:13:20Z", "--skeleton", "yMMMd", "--time-zone", "Mars/X"], "invalid-time-zone"),
            (["format", "number", "de", "abc"], "invalid-number"),
            (["locale", "en US"], "invalid-locale"),
            (["localize", "--catalog", "/nonexistent/parlance", "--locale", "ru", "items.count", "5"], "invalid-file"),
        ])
    func commandErrors(_ arguments: [String], _ code: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("[\(code)]"), "\(arguments): \(result.stderr)")
    }
}

@Suite("parlance bench: peer columns")
struct BenchPeerTests {
    /// Node's `Intl` runs the same list operation over the same items: its sample is the text
    /// Parlance's own list formatting gives, and its ICU version is the one node reports.
    static let nodeICU: String? = {
        guard let node = try? CLI.runProgram("/usr/bin/env", ["node", "-p", "process.versions.icu"]), node.status == 0 else { return nil }
        return node.stdout.trimmingCharacters(in: .newlines)
    }()

    @Test(.enabled(if: nodeICU != nil, "node is not on PATH: the peer column cannot be checked here"))
    func nodeIntlColumnRunsTheSameOperation() throws {
        let nodeICU = try #require(Self.nodeICU)
        let result = try CLI.run(["bench", "--only", "list", "--rounds", "1", "--iterations", "256", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        let list = try #require(rows.first { ($0["operation"] as? String)?.hasPrefix("list de") == true })
        let nodeNs = try #require(list["nodeIntlNs"] as? Double)
        #expect(nodeNs > 0)
        let samples = try #require(list["peerSamples"] as? [String: String])
        let expected = try CLI.run(["format", "list", "de", "Äpfel", "Birnen", "Kirschen", "Pflaumen"])
        #expect(samples["Node Intl"] == expected.stdout.trimmingCharacters(in: .newlines))
        let peers = try #require(document["peers"] as? [[String: Any]])
        let nodePeer = try #require(peers.first { $0["peer"] as? String == "Node Intl" })
        #expect(nodePeer["icu"] as? String == nodeICU)
    }
}
