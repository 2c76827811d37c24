import ArgumentParser
import Foundation
import ParlanceYAML

/// The process entry point: a usage error caused by a negative number written where an option
/// could start (`parlance format number de -5`) says to put it after `--`; everything else is
/// `ParlanceCommand`'s own entry point.
///
/// Exit statuses: 0 success; 1 the input was rejected (an invalid locale, number, time zone,
/// catalog file…, with the error code on standard error); 64 a usage error (unknown option or
/// value, missing argument; `parlance lint` uses 2, as `grep` and `diff` do).
@main
enum ParlanceMain {
    static func main() {
        // Every command that reads a catalog (localize, lint, batch) reads YAML too.
        YAMLCatalog.register()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first != "lint", let hint = negativeNumberHint(arguments) {
            do {
                _ = try ParlanceCommand.parseAsRoot(arguments)
            } catch {
                if ParlanceCommand.exitCode(for: error) == .validationFailure {
                    FileHandle.standardError.write(Data((ParlanceCommand.fullMessage(for: error) + "\n" + hint + "\n").utf8))
                    Foundation.exit(ExitCode.validationFailure.rawValue)
                }
            }
        }
        ParlanceCommand.main()
    }

    /// The hint when an argument before any `--` is a negative number.
    static func negativeNumberHint(_ arguments: [String]) -> String? {
        let beforeSeparator = arguments.prefix { $0 != "--" }
        guard let negative = beforeSeparator.first(where: { $0.count > 1 && $0.hasPrefix("-") && Double($0) != nil }) else {
            return nil
        }
        return "Note: \(negative) reads as an option. Put negative numbers after \"--\", e.g. parlance format relative fr --auto -- -1 day"
    }
}

/// `parlance`: ICU-grade locale formatting and localization from the command line.
struct ParlanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "ICU-grade locale formatting and localization for Swift on Linux.",
        discussion: """
            Plural categories, locale-aware formatting and string catalogs, backed by the \
            system ICU. `parlance batch` speaks a JSON Lines protocol for other programs.
            """,
        subcommands: [
            ShowcaseCommand.self,
            PluralCommand.self,
            FormatCommand.self,
            LocaleCommand.self,
            NegotiateCommand.self,
            BatchCommand.self,
            BenchCommand.self,
            LocalizeCommand.self,
            LintCommand.self,
            PseudoCommand.self,
            ConvertCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            GenCommand.self,
            ProposalsCommand.self,
            ServeCommand.self,
        ],
        defaultSubcommand: nil
    )
}
