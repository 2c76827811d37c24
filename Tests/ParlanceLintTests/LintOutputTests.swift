import Foundation
import ParlanceLint
import ParlanceLocalization
import ParlanceTestSupport
import Testing

/// Runs the built `parlance` binary (beside the test bundle), as CI does.
enum LintCLI {
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try ChildProcess.parlance(arguments)
        return (result.status, result.stdout, result.stderr)
    }
}

@Suite("Lint output: JSON, SARIF, CLI exit statuses")
struct LintOutputTests {
    /// The clean catalog with one error (fr drops an argument) and one warning (an extra key).
    static func brokenCopy() throws -> String {
        let directory = try LintFixtures.copy()
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "%1$@ vous a envoyé %2$@", "%1$@ vous a envoyé")
        try LintFixtures.edit(directory, "fr.lproj/Localizable.strings", "\"cancel\" = \"Annuler\";", "\"cancel\" = \"Annuler\";\n\"ok\" = \"OK\";")
        return directory
    }

    @Test func jsonHasItsFields() throws {
        let directory = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = try CatalogLinter().lint(directory: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(root["errorCount"] as? Int == 1)
        #expect(root["warningCount"] as? Int == 1)
        #expect(root["developmentLanguage"] as? String == "en")
        let diagnostics = try #require(root["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        for item in diagnostics {
            for field in ["rule", "severity", "file", "message", "key", "language", "table"] { #expect(item[field] is String, "\(field)") }
            #expect(item["line"] is Int)
        }
        #expect(Set(diagnostics.compactMap { $0["rule"] as? String }) == ["placeholder-mismatch", "extra-key"])
    }

    @Test func sarifHasTheRequiredFields() throws {
        let directory = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = try CatalogLinter().lint(directory: directory)
        let root = try #require(try JSONSerialization.jsonObject(with: report.sarif()) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "parlance")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.allCases.map(\.rawValue))
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(LintRule(rawValue: ruleId) != nil)
            if let index = result["ruleIndex"] as? Int { #expect(rules[index]["id"] as? String == ruleId) }
            #expect(["error", "warning", "note", "none"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri == "fr.lproj/Localizable.strings")
            let startLine = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
            #expect(startLine >= 1)
        }
    }

    @Test func humanOutputIsGroupedAndPlain() throws {
        let directory = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = try CatalogLinter().lint(directory: directory).humanReadable()
        #expect(text.contains("fr.lproj/Localizable.strings:6:14: error: [placeholder-mismatch] \"transfer\" (fr): argument 2 (%2$@ in en) is missing"))
        #expect(text.hasSuffix("1 error, 1 warning in 1 file\n"))
        #expect(!text.contains("\u{1B}["))
        #expect(try CatalogLinter().lint(directory: directory).humanReadable(colored: true).contains("\u{1B}[1;31merror"))
    }

    @Test func cliExitStatuses() throws {
        let clean = try LintCLI.run(["lint", LintFixtures.clean])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout == "0 errors, 0 warnings\n")

        let directory = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let broken = try LintCLI.run(["lint", directory])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("error: [placeholder-mismatch]"))
        #expect(!broken.stdout.contains("\u{1B}["), "no colour when stdout is a pipe")

        #expect(try LintCLI.run(["lint", directory, "--disable", "placeholder-mismatch"]).status == 0)
        #expect(try LintCLI.run(["lint", directory, "--disable", "placeholder-mismatch", "--warnings-as-errors"]).status == 1)
        let json = try LintCLI.run(["lint", directory, "--format", "json"])
        #expect(json.status == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
        let sarif = try LintCLI.run(["lint", directory, "--format", "sarif"])
        #expect(try (JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["version"] as? String == "2.1.0")

        let keys = directory + "/required.txt"
        try "# GomaUI keys\ncancel\ntotal_odds\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let required = try LintCLI.run(["lint", LintFixtures.clean, "--required-keys", keys])
        #expect(required.status == 1)
        #expect(required.stdout.contains("[required-key-missing] \"total_odds\""))

        for usage in [
            ["lint"], ["lint", LintFixtures.clean, "--format", "xml"], ["lint", LintFixtures.clean, "--disable", "no-such-rule"],
            ["lint", directory + "/does-not-exist"], ["lint", LintFixtures.clean, "--required-keys", directory + "/none.txt"],
        ] {
            let result = try LintCLI.run(usage)
            #expect(result.status == 2, "\(usage): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
    }
}
