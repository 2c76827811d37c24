import ArgumentParser
import Foundation
import ParlanceKeyGen
import ParlanceLocalization

/// `parlance gen DIR`: writes type-safe accessors for a catalog's keys (issue 17).
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate type-safe Swift accessors (L10n.Items.count(3)) from a string catalog directory.",
        discussion: """
            Reads every <locale>.lproj/*.strings, *.stringsdict and *.xcstrings under DIR through the \
            catalog model and writes one Swift file. Entries that cannot be typed are left out with a \
            diagnostic (file:line:column) on standard error; the rest is generated.
            Exit status: 0 written (or up to date with --verify), 1 --verify found the file out of date \
            or --strict found diagnostics, 2 the catalog directory cannot be read or usage.
            Examples:
              parlance gen Resources --output Sources/App/L10n.swift --access-level public
              parlance gen Resources --output Sources/App/L10n.swift --verify
            """
    )

    @Argument(help: "The directory holding .lproj folders and .xcstrings files.")
    var directory: String

    @Option(help: "The file to write (default: standard output).")
    var output: String?

    @Option(help: "The name of the outer enum.")
    var enumName = "L10n"

    @Option(help: "public, package or internal.")
    var accessLevel = "internal"

    @Option(name: .customLong("table"), help: "A table to generate (repeatable; default: every table).")
    var tables: [String] = []

    @Option(help: "The development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    @Flag(help: "Do not write: exit 1 when --output differs from what would be generated.")
    var verify = false

    @Flag(help: "Exit 1 when there is any diagnostic (the file is still written).")
    var strict = false

    func run() throws {
        guard let access = KeyGenerator.AccessLevel(rawValue: accessLevel) else {
            throw ValidationErrorLike(message: "Error: --access-level must be public, package or internal, not \"\(accessLevel)\".")
                .exiting(with: 2)
        }
        let catalog: Catalog
        do {
            catalog = try Catalog(directory: directory, developmentLanguage: developmentLanguage)
        } catch let error as ParlanceError {
            throw ValidationErrorLike(message: "Error: [\(error.code)] \(error.message)").exiting(with: 2)
        }
        let generator = KeyGenerator(
            options: .init(enumName: enumName, accessLevel: access, tables: tables.isEmpty ? nil : tables))
        let result = generator.generate(from: catalog)
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data("warning: \(diagnostic.description)\n".utf8))
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(result.source.utf8))
            if strict, !result.diagnostics.isEmpty { throw ExitCode(1) }
            return
        }
        let existing = FileManager.default.contents(atPath: output)
        if verify {
            guard existing == Data(result.source.utf8) else {
                FileHandle.standardError.write(Data("error: \(output) is not what `parlance gen` writes for \(directory); run it again.\n".utf8))
                throw ExitCode(1)
            }
            return
        }
        if existing != Data(result.source.utf8) {
            do {
                try Data(result.source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw ValidationErrorLike(message: "Error: cannot write \(output): \(error)").exiting(with: 2)
            }
        }
        if strict, !result.diagnostics.isEmpty { throw ExitCode(1) }
    }
}
