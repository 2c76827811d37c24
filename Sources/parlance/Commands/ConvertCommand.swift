import ArgumentParser
import Foundation
import Parlance
import ParlanceConvert
import ParlanceLocalization

/// `parlance convert Resources --to yaml --output config/locales`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract:
            "Convert one table of a catalog directory to YAML, to <table>.xcstrings, to <locale>.lproj/<table>.strings + .stringsdict, to gettext PO or MO, to XLIFF, to Android strings.xml, to ARB or to i18next JSON.",
        discussion: """
            Reads every catalog file of the directory (.strings, .stringsdict,
            .xcstrings, YAML, <locale>.po, <locale>/LC_MESSAGES/<table>.po|.mo,
            .xliff, .xlf, .xcloc, res/values*/*.xml, *.arb, <lng>.json,
            locales/<lng>/<table>.json)
            and writes one table:
              --to yaml       <locale>.yml (read back into Localizable); plurals,
                              substitutions, device and width variations,
                              comments and states use structured entries
                              (=format, =variables, =device, =width, =comment,
                              =state, =extractionState)
              --to xcstrings  <table>.xcstrings (a String Catalog)
              --to lproj      <locale>.lproj/<table>.strings (texts) and
                              <table>.stringsdict (plurals, substitutions,
                              NSStringDeviceSpecificRuleType,
                              NSStringVariableWidthRuleType)
              --to po         <locale>.po for Localizable, else
                              <locale>/LC_MESSAGES/<table>.po (msgid_plural and
                              msgstr[n] under the Plural-Forms header read, else
                              gettext's standard one; printf kept as written)
              --to mo         <locale>/LC_MESSAGES/<table>.mo (fuzzy entries
                              left out, as msgfmt does)
              --to xliff      <locale>.xliff for every language: XLIFF 1.2 as
                              Xcode writes it (sources in the development
                              language, stringsdict or String Catalog plural
                              units, states, notes from comments)
              --to xliff2     <locale>.xliff as XLIFF 2.0 core
              --to android    values/strings.xml (the development language) and
                              values-<qualifier>/strings.xml (<table>.xml for
                              another table); printf as Java's (%1$s, %d)
              --to arb        app_<locale>.arb with @@locale and @key
                              descriptions; printf becomes ICU ({0})
              --to i18next    <lng>.json (locales/<lng>/<table>.json for
                              another table); plurals as key_one/key_other,
                              {0} as {{0}}
            What the target cannot hold (widths in a String Catalog, states in
            .lproj files, %{name} in Apple formats, a Base localization in YAML or
            a String Catalog, ...) is listed on standard error with its file and
            line, and the exit status is 3: a lossy conversion is never silent.
            Examples:
              parlance convert Resources --table Shop --to yaml --output /tmp/yml
              parlance convert /tmp/yml --to xcstrings --output /tmp/catalog
              parlance convert /tmp/yml --to lproj --output /tmp/Resources
              parlance convert Resources --to po --output po
              parlance convert po --to mo --output /tmp/locale
              parlance convert Resources --to xliff --output /tmp/xliff
              parlance convert Resources --to android --output app/src/main/res
              parlance convert app/src/main/res --to arb --output lib/l10n
            """
    )

    @Argument(help: "The catalog directory to read.")
    var directory: String

    @Option(help: "The format to write: yaml, xcstrings, lproj, po, mo, xliff, xliff2, android, arb or i18next.")
    var to: String

    @Option(help: "The table to convert (YAML files read back into Localizable).")
    var table: String = "Localizable"

    @Option(help: "The directory to write into (created if needed).")
    var output: String

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func validate() throws {
        guard CatalogConverter.Target(rawValue: to) != nil else {
            throw ValidationError("--to takes \(CatalogConverter.Target.allCases.map(\.rawValue).joined(separator: ", ")), not \(to)")
        }
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
