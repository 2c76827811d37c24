import ArgumentParser
import Foundation
import ParlanceKeyGen
import ParlanceLocalization

/// `parlance gen DIR`: writes type-safe accessors for a catalog's keys.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate type-safe Swift accessors (L10n.Items.count(3)) from a string catalog directory.",
        discussion: """
            Reads every <locale>.lproj/*.strings, *.stringsdict, *.xcstrings and YAML file under DIR through the \
            catalog model and writes one Swift file. Entries that cannot be typed are left out with a \
            diagnostic (file:line:column) on standard error; the rest is generated.
            With --check, nothing is generated: the Swift files under each --source (default: ./Sources, \
            else .) are scanned for String(localized:) / .string(localized:) calls whose key is a literal \
            ("greeting.message \\(name)" is the key "greeting.message %@", a hole matching any of \
            %@ %lld %llu %lf %d %u %f) and for the lookups of files `parlance gen` wrote; each key the \
            catalog does not have is reported as file:line:column: error: … on standard error.
            Exit status: 0 written (or up to date with --verify, or every key found with --check), \
            1 --verify found the file out of date, --strict found diagnostics or --check found a missing \
            key, 2 the catalog directory or a --source cannot be read, or usage.
            Examples:
              parlance gen Resources --output Sources/App/L10n.swift --access-level public
              parlance gen Resources --output Sources/App/L10n.swift --verify
              parlance gen Resources --check --source Sources/App
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

    @Flag(help: "Do not generate: check that every key the Swift sources look up is in the catalog (exit 1 if not).")
    var check = false

    @Option(name: .customLong("source"), help: "A Swift file or directory for --check (repeatable; default ./Sources, else .).")
    var sources: [String] = []

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
        if check {
            try runCheck(catalog)
            return
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

    /// `--check`: the keys the sources use, against the catalog.
    private func runCheck(_ catalog: Catalog) throws {
        var roots = sources
        if roots.isEmpty {
            var isDirectory: ObjCBool = false
            roots = [FileManager.default.fileExists(atPath: "Sources", isDirectory: &isDirectory) && isDirectory.boolValue ? "Sources" : "."]
        }
        var files: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw ValidationErrorLike(message: "Error: --source \(root) does not exist.").exiting(with: 2)
            }
            if !isDirectory.boolValue {
                files.append(root)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: root) else {
                throw ValidationErrorLike(message: "Error: cannot list --source \(root).").exiting(with: 2)
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {  // .build, .git, .swiftpm, hidden files
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { found.append(root == "." ? relative : "\(root)/\(relative)") }
            }
            files += found.sorted()
        }
        let checker = KeyUsageChecker(catalog: catalog)
        var usages: [KeyUsage] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationErrorLike(message: "Error: cannot read \(file).").exiting(with: 2)
            }
            usages += KeyUsageScanner.scan(source: String(decoding: data, as: UTF8.self), file: file)
        }
        let findings = checker.check(usages)
        for finding in findings {
            FileHandle.standardError.write(Data("\(finding.location): error: \(finding.message)\n".utf8))
        }
        let unchecked = usages.filter { $0.table == nil }.count
        var summary = "\(usages.count) key usage\(usages.count == 1 ? "" : "s") in \(files.count) Swift file\(files.count == 1 ? "" : "s"): "
        summary += findings.isEmpty ? "every key is in the catalog" : "\(findings.count) missing from the catalog"
        if unchecked > 0 { summary += "; \(unchecked) not checked (the table is not a string literal)" }
        print(summary)
        if !findings.isEmpty { throw ExitCode(1) }
    }
}
