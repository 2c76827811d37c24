import ArgumentParser

/// `parlance`: ICU-grade locale formatting and localization from the command line.
@main
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
        ],
        defaultSubcommand: nil
    )
}
