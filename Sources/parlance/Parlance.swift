import ArgumentParser
import Foundation

#if YAML
import ParlanceYAML
#endif

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
        #if YAML
        // Every command that reads a catalog (localize, lint, batch) reads YAML too.
        YAMLCatalog.register()
        #endif
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
            ConvertCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            GenCommand.self,
        ] + TraitCommands.all,
        defaultSubcommand: nil
    )
}

/// The subcommands whose code is built only with a package trait: without it, a command of the
/// same name says which trait builds it, instead of "unknown command".
enum TraitCommands {
    static var all: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = []
        #if Translation
        commands.append(PseudoCommand.self)
        #else
        commands.append(PseudoUnavailable.self)
        #endif
        #if Postgres
        commands.append(ProposalsCommand.self)
        #else
        commands.append(ProposalsUnavailable.self)
        #endif
        #if Server
        commands.append(ServeCommand.self)
        #else
        commands.append(ServeUnavailable.self)
        #endif
        return commands
    }

    /// The message of a command built without its trait.
    static func unavailable(_ command: String, trait: String) -> ValidationError {
        ValidationError(
            "parlance \(command) is built with the package trait \(trait): swift run --traits \(trait) parlance \(command) … "
                + "(or swift build -c release --product parlance --traits \(trait))")
    }
}

#if !Translation
struct PseudoUnavailable: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pseudo", abstract: "Pseudo-localize a catalog (needs the package trait Translation).")
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    func run() throws { throw TraitCommands.unavailable("pseudo", trait: "Translation") }
}
#endif

#if !Postgres
struct ProposalsUnavailable: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "proposals", abstract: "Translation proposals (needs the package trait Postgres).")
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    func run() throws { throw TraitCommands.unavailable("proposals", trait: "Postgres") }
}
#endif

#if !Server
struct ServeUnavailable: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "The HTTP service (needs the package trait Server).")
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    func run() throws { throw TraitCommands.unavailable("serve", trait: "Server") }
}
#endif
