import ArgumentParser
import Parlance
import ParlanceLocalization

/// `parlance localize --catalog DIR --locale ru items.count 5`.
struct LocalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "localize",
        abstract: "Look a key up in a catalog directory and format it with arguments.",
        discussion: """
            The catalog holds <locale>.lproj/<Table>.strings|.stringsdict and/or <Table>.xcstrings.
            Arguments that look like integers are integers, like decimals are decimals (visible
            fraction digits kept), anything else is text.
            Examples:
              parlance localize --catalog Resources --locale ru items.count 5    → 5 элементов
              parlance localize --catalog Resources --locale en user.greeting Ada → Hello, Ada!
            """
    )

    @Option(help: "The catalog directory.")
    var catalog: String

    @Option(help: "The locale to localize for (BCP 47 or ICU id).")
    var locale: String

    @Option(help: "The table (file name without extension).")
    var table: String = "Localizable"

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    @Argument(help: "The key to look up.")
    var key: String

    @Argument(help: "Format arguments.")
    var arguments: [String] = []

    func run() throws {
        let loaded = try CLIError.wrap {
            try Catalog(loading: catalog, developmentLanguage: developmentLanguage)
        }
        let values = arguments.map(Self.argument)
        let text = try CLIError.wrap {
            try loaded.resolve(key, table: table, locale: ParlanceCore.locale(locale), arguments: values).text
        }
        print(text)
    }

    static func argument(_ text: String) -> LocalizationArgument {
        if let integer = Int64(text) { return .int(integer) }
        if (try? PluralOperands(text)) != nil { return .decimal(text) }
        return .string(text)
    }
}
