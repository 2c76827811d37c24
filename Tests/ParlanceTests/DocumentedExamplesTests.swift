import Foundation
import Testing

/// The Swift examples of README.md and of the guides listed here are code the test targets
/// compile and run: every code line of every ```swift block (its trailing `// result` comment
/// aside) appears, as written, in a test (the `ReadmeExamplesTests` suites and the guides' own
/// example tests), where the result it shows is asserted. An example edited in a document but
/// not in its test fails here.
@Suite("Documented examples are the tested ones")
struct DocumentedExamplesTests {
    /// The documents whose Swift blocks are all run by the suites (paths from the repository).
    static let documents = [
        "README.md",
        "Sources/Parlance/Parlance.docc/Parlance.md",
        "Sources/Parlance/Parlance.docc/PluralRulesGuide.md",
        "Sources/Parlance/Parlance.docc/FormatParts.md",
        "Sources/Parlance/Parlance.docc/Collation.md",
        "Sources/Parlance/Parlance.docc/TextSegmentationAndCase.md",
        "Sources/Parlance/Parlance.docc/LocaleInformation.md",
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The code lines of a document's ```swift blocks, white space collapsed, trailing comments
    /// and lines of only a comment or a bracket left out; a block that starts with
    /// `// Package.swift` is a manifest excerpt, not code to run.
    static func codeLines(of document: String) -> [String] {
        var lines: [String] = []
        var inSwift = false
        var skipBlock = false
        var firstLine = false
        for raw in document.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !inSwift {
                if line == "```swift" {
                    inSwift = true
                    skipBlock = false
                    firstLine = true
                }
                continue
            }
            if line == "```" {
                inSwift = false
                continue
            }
            if firstLine, line.hasPrefix("// Package.swift") { skipBlock = true }
            firstLine = false
            if skipBlock { continue }
            let code = normalized(line)
            if code.isEmpty || code.hasPrefix("//") || ["}", ")", "]", "{"].contains(code) { continue }
            lines.append(code)
        }
        return lines
    }

    /// A line without its trailing `// …` comment, white space collapsed.
    static func normalized(_ line: String) -> String {
        var code = line
        if let comment = code.range(of: "  //") ?? code.range(of: " // ") { code = String(code[..<comment.lowerBound]) }
        return code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every line of the test targets' Swift files, white space collapsed.
    static func testLines() throws -> [String] {
        let tests = repository.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(atPath: tests.path) else { return [] }
        var lines: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            lines += text.split(separator: "\n").map { normalized(String($0)) }
        }
        return lines
    }

    @Test(arguments: documents)
    func everyExampleLineIsRunByASuite(document: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
        let tested = try Self.testLines()
        let lines = Self.codeLines(of: text)
        #expect(!lines.isEmpty, "\(document) has no Swift example")
        for line in lines {
            #expect(tested.contains { $0.contains(line) }, "\(document): \(line)")
        }
    }
}
