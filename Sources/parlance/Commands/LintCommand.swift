import ArgumentParser
import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization

/// `parlance lint DIR`: checks a catalog directory; exit 0 clean, 1 errors, 2 usage.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a string catalog directory: missing keys, CLDR plural forms, placeholders, states.",
        discussion: """
            Reads every <locale>.lproj/*.strings, *.stringsdict and *.xcstrings under DIR and \
            compares each language with the development language and with CLDR's plural rules.
            Exit status: 0 no errors, 1 errors (or warnings with --warnings-as-errors), 2 usage.
            Rules: \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")).
            Examples:
              parlance lint App/Resources
              parlance lint App/Resources --format sarif > lint.sarif
              parlance lint App/Resources --disable state-needs-review --required-keys keys.txt
              parlance lint App/Resources --summary
              parlance lint App/Resources --plain-table InfoPlist --strict-plurals
            A directory without any catalog file is an error (no-catalog).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, sarif
    }

    @Argument(help: "The directory holding .lproj folders and .xcstrings files.")
    var directory: String

    @Option(help: "Output format: human, json or sarif.")
    var format: Format = .human

    @Flag(help: "Treat warnings as errors (exit status 1).")
    var warningsAsErrors = false

    @Option(name: .customLong("disable"), help: "A rule id to skip (repeatable).")
    var disabled: [String] = []

    @Option(help: "A file of keys that must be provided, one per line ('#' starts a comment).")
    var requiredKeys: String?

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    @Option(help: "Maximum translation length as a ratio of the development language's (e.g. 1.5).")
    var maxLengthRatio: Double?

    @Option(name: .customLong("max-length"), help: "A per-key budget KEY=N (repeatable).")
    var maxLengths: [String] = []

    @Flag(help: "Print a per-language summary (translated %, plural completeness %, errors, warnings) after the diagnostics.")
    var summary = false

    @Flag(help: "Report plural categories only numbers >= 1,000,000 reach (fr/es/it/pt many) as errors, not warnings.")
    var strictPlurals = false

    @Option(
        name: .customLong("plain-table"),
        help:
            "A table that is never formatted (read with NSDictionary), so gets no format rules (repeatable); a .strings table whose development values pass no argument and whose keys are not text is found without it."
    )
    var plainTables: [String] = []

    mutating func validate() throws {
        for rule in disabled where LintRule(rawValue: rule) == nil {
            throw ValidationError("Unknown rule \"\(rule)\". Rules: \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        for budget in maxLengths {
            let parts = budget.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, Int(parts[1]).map({ $0 >= 0 }) == true else {
                throw ValidationError("--max-length expects KEY=N, got \"\(budget)\".")
            }
        }
        if let ratio = maxLengthRatio, !(ratio > 0) || !ratio.isFinite {
            throw ValidationError("--max-length-ratio must be a positive number.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(directory) is not a directory.")
        }
    }

    func run() throws {
        var options = LintOptions()
        options.disabledRules = Set(disabled.compactMap(LintRule.init(rawValue:)))
        options.warningsAsErrors = warningsAsErrors
        options.developmentLanguage = developmentLanguage
        options.maximumLengthRatio = maxLengthRatio
        options.strictPlurals = strictPlurals
        options.plainTables = Set(plainTables)
        for budget in maxLengths {
            let parts = budget.split(separator: "=", maxSplits: 1)
            options.maximumLengths[String(parts[0])] = Int(parts[1])
        }
        if let requiredKeys {
            guard let text = try? String(contentsOfFile: requiredKeys, encoding: .utf8) else {
                throw ValidationErrorLike(message: "Error: cannot read the required keys file \(requiredKeys).")
                    .exiting(with: 2)
            }
            options.requiredKeys = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        let report: LintReport
        do {
            // The OS reclaims the catalog at exit (see `ReclaimedAtExit`).
            report = try CatalogLinter(options: options).lint(directory: directory, keepingModel: { ReclaimedAtExit.keep($0) })
        } catch let error as ParlanceError {
            throw ValidationErrorLike(message: "Error: [\(error.code)] \(error.message)").exiting(with: 2)
        }
        switch format {
        case .human:
            print(report.humanReadable(colored: isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil), terminator: "")
            if summary {
                print()
                print(report.summaryTable(), terminator: "")
            }
        case .json:
            FileHandle.standardOutput.write(report.json() + Data("\n".utf8))
        case .sarif:
            FileHandle.standardOutput.write(report.sarif() + Data("\n".utf8))
        }
        if report.hasErrors { throw ExitCode(1) }
    }
}

extension ValidationErrorLike {
    /// Prints the message to standard error and exits with `status` (usage errors are 2).
    func exiting(with status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(status)
    }
}

extension ParlanceCommand {
    /// The entry point: ArgumentParser's, except that `parlance lint` reports usage errors
    /// with exit status 2 (as `grep` and `diff` do) so that CI can tell "the catalog has errors"
    /// (1) from "lint was called wrongly" (2). Other subcommands keep ArgumentParser's statuses.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if CommandLine.arguments.dropFirst().first == "lint", exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
