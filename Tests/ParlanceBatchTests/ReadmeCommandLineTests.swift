import Foundation
import ParlanceTestSupport
import Testing

/// README.md's "Command line" block, read from the file and run with the built binary from the
/// package's folder, as a reader would run it: a line whose comment shows an output (`plural`,
/// `format`, `localize`, `batch`) must print exactly that (the README writes ICU's no-break
/// spaces, U+00A0 and U+202F, as plain spaces); every other line's subcommand must exist and
/// accept the options the line gives it.
@Suite("README: the command line block")
struct ReadmeCommandLineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One line of the block: the arguments after `parlance`, the text piped in by `echo '…' |`,
    /// and the comment.
    struct Example: CustomStringConvertible {
        let line: String
        let arguments: [String]
        let stdin: String?
        let comment: String
        var description: String { line }
    }

    /// The subcommands whose comment is what they print.
    static let printing: Set<String> = ["plural", "format", "localize", "batch"]

    /// The subcommands this build leaves out for want of their package trait (each then says
    /// which trait builds it, and its README line must enable that trait).
    static let withoutTrait: [String: String] = {
        var commands: [String: String] = [:]
        #if !Server
        commands["serve"] = "Server"
        #endif
        #if !Postgres
        commands["proposals"] = "Postgres"
        #endif
        #if !Translation
        commands["pseudo"] = "Translation"
        #endif
        return commands
    }()

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "## Command line"), let open = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
            let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
        else { throw ReadmeError("README.md has no ```sh block under \"## Command line\"") }
        return try readme[open.upperBound..<close.lowerBound].split(separator: "\n").map { line in
            let parts = line.components(separatedBy: " # ")
            let command = parts[0].trimmingCharacters(in: .whitespaces)
            let comment = parts.dropFirst().joined(separator: " # ").trimmingCharacters(in: .whitespaces)
            var words = Self.words(command)
            var stdin: String?
            if words.first == "echo", let pipe = words.firstIndex(of: "|") {
                stdin = words[1..<pipe].joined(separator: " ") + "\n"
                words = Array(words[(pipe + 1)...])
            }
            guard let program = words.firstIndex(of: "parlance"), words.prefix(2) == ["swift", "run"] else {
                throw ReadmeError("not a `swift run parlance` line: \(line)")
            }
            return Example(line: String(line), arguments: Array(words[(program + 1)...]), stdin: stdin, comment: comment)
        }
    }

    /// Shell words: split at spaces outside single and double quotes, the quotes removed.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    struct ReadmeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("each line with an output prints it; each other line names a subcommand and options that exist")
    func commandLineBlock() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 8)
        var outputsChecked = 0
        for example in examples {
            guard let subcommand = example.arguments.first else {
                Issue.record("no subcommand: \(example)")
                continue
            }
            if Self.printing.contains(subcommand) {
                let result = try ChildProcess.parlance(
                    example.arguments, stdin: example.stdin.map { Data($0.utf8) }, currentDirectory: Self.root)
                let printed = result.stdout.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
                #expect(result.status == 0, "\(example): \(result.stderr)")
                #expect(printed == example.comment + "\n", "\(example)")
                outputsChecked += 1
            } else if let trait = Self.withoutTrait[subcommand] {
                #expect(example.line.contains("--traits \(trait)"), "\(example): the line must enable the trait \(trait)")
                let result = try ChildProcess.parlance([subcommand], currentDirectory: Self.root)
                #expect(result.status != 0 && result.stderr.contains("package trait \(trait)"), "\(example): \(result.stderr)")
            } else {
                let help = try ChildProcess.parlance([subcommand, "--help"], currentDirectory: Self.root)
                #expect(help.status == 0, "\(example): \(help.stderr)")
                for option in example.arguments where option.hasPrefix("--") {
                    #expect(help.stdout.contains(option), "\(example): `parlance \(subcommand) --help` does not list \(option)")
                }
            }
        }
        #expect(outputsChecked >= 4)
    }
}
