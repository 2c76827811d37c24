#if Translation
import ArgumentParser
import Foundation
import Parlance
import ParlanceTranslation

/// `parlance pseudo DIR --out DIR`: a pseudo-localized copy of a catalog directory.
struct PseudoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract: "Write a pseudo-localized copy of a catalog directory.",
        discussion: """
            Every .strings value, .stringsdict format and variant, and .xcstrings string unit gets \
            accented letters, ~35% more length, [brackets] (and, with --rtl, RLI/RLM wrapping); \
            placeholders (%@, %1$@, %lld, %#@count@, {name}, %{name}) are kept. Other files are copied.
            """
    )

    @Argument(help: "The catalog directory (<locale>.lproj folders and/or .xcstrings files).")
    var directory: String

    @Option(name: .customLong("out"), help: "Where the copy is written (not inside DIR).")
    var output: String

    @Option(help: "Added length as a fraction of the text (0.35 = 35%).")
    var expansion = 0.35

    @Flag(help: "Wrap texts for right-to-left display (RLI, RLM … RLM, PDI).")
    var rtl = false

    @Flag(help: "Leave out the [ ] brackets.")
    var noBrackets = false

    @Flag(help: "Keep letters unaccented.")
    var noAccents = false

    func run() throws {
        let options = PseudoLocalizationProvider.Options(accents: !noAccents, expansionRatio: expansion, brackets: !noBrackets, rightToLeft: rtl)
        let report: PseudoCatalogWriter.Report
        do {
            report = try PseudoCatalogWriter(pseudo: PseudoLocalizationProvider(options: options)).write(directory: directory, to: output)
        } catch let error as ParlanceError {
            FileHandle.standardError.write(Data("Error: [\(error.code)] \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        for skipped in report.skipped { FileHandle.standardError.write(Data("warning: not pseudo-localized (device-specific): \(skipped)\n".utf8)) }
        print("\(report.strings) strings pseudo-localized in \(report.files) files written to \(output)")
    }
}
#endif
