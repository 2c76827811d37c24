import ArgumentParser
import Foundation
import Parlance
import ParlanceLocalization
import ParlanceYAML

/// `parlance convert Resources --to yaml --output config/locales` (issue 13).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert one table of a catalog directory to YAML (<locale>.yml) or to <table>.xcstrings.",
        discussion: """
            Reads every catalog file of the directory (.strings, .stringsdict, .xcstrings, YAML).
            Texts and one-variable plurals convert both ways; what the target cannot hold (device
            or width variations, plurals with several variables, unit states, %{name} placeholders
            in a String Catalog) is listed on standard error with its file and line, and the exit
            status is 3, so a lossy conversion is never silent. Comments of String Catalogs are
            not read into the catalog model and are not converted.
            Example:
              parlance convert Resources --table Shop --to yaml --output /tmp/locales
              parlance convert /tmp/locales --to xcstrings --output /tmp/catalog
            """
    )

    @Argument(help: "The catalog directory to read.")
    var directory: String

    @Option(help: "The format to write: yaml or xcstrings.")
    var to: String

    @Option(help: "The table to convert (YAML files read back into Localizable).")
    var table: String = "Localizable"

    @Option(help: "The directory to write into (created if needed).")
    var output: String

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func validate() throws {
        guard CatalogConverter.Target(rawValue: to) != nil else { throw ValidationError("--to takes yaml or xcstrings, not \(to)") }
    }

    func run() throws {
        let target = CatalogConverter.Target(rawValue: to) ?? .yaml
        let catalog = try CLIError.wrap { try Catalog(loading: directory, developmentLanguage: developmentLanguage) }
        let (files, losses) = try CLIError.wrap { try CatalogConverter.convert(catalog, table: table, to: target, directory: output) }
        for file in files { print(file) }
        for loss in losses { FileHandle.standardError.write(Data("lossy: \(loss)\n".utf8)) }
        if !losses.isEmpty { throw ExitCode(3) }
    }
}
