import ArgumentParser
import Foundation
import Parlance
import ParlanceConvert
import ParlanceLocalization

/// `parlance import --xliff /tmp/l10n/fr.xliff --into Resources`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import translated XLIFF (.xliff, .xlf, .xcloc) back into a catalog directory, in the catalog's own format.",
        discussion: """
            Reads the XLIFF (a file, an .xcloc bundle, or a folder of them) and
            merges each translated <target> into the table of the catalog its
            <file> names, in the <file>'s target-language, writing the table back
            in the catalog's format: a String Catalog whole, .lproj files, YAML or
            gettext files of that language only. As Xcode's import does, a unit
            with an empty or missing <target> leaves the key as it was; a
            translated unit's state is kept (needs-review-translation stays
            needs_review) where the format holds states. What the format cannot
            hold (a state in .strings, ...) and the XLIFF's own problems are
            listed on standard error with their file and line.
            Examples:
              parlance import --xliff /tmp/l10n/fr.xliff --into Resources
              parlance import --xliff /tmp/l10n/de.xcloc --into Resources
            """
    )

    @Option(name: .customLong("xliff"), help: "The XLIFF file, .xcloc bundle or folder of them to import.")
    var xliff: String

    @Option(help: "The catalog directory to merge the translations into.")
    var into: String

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func run() throws {
        let outcome = try CLIError.wrap { try XLIFFImport.run(xliff: xliff, into: into, developmentLanguage: developmentLanguage) }
        for diagnostic in outcome.diagnostics { FileHandle.standardError.write(Data("warning: \(diagnostic)\n".utf8)) }
        for loss in outcome.losses { FileHandle.standardError.write(Data("note: \(loss)\n".utf8)) }
        for imported in outcome.imported { print("imported \(imported.count) translated keys into \(imported.table) (\(imported.language))") }
        for file in outcome.files { print(file) }
        if outcome.imported.isEmpty { throw ValidationErrorLike(message: "nothing was imported: the XLIFF has no translated unit of a table of the catalog") }
    }
}
