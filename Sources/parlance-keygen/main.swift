// parlance-keygen: the tool the ParlanceKeyGenPlugin build-tool plugin runs.
// The same generator as `parlance gen`, without the CLI's other dependencies.
//
//   parlance-keygen CATALOG_DIR OUTPUT_FILE [--enum-name N] [--access-level public|package|internal]
//                   [--table T]... [--development-language L]
//
// Diagnostics go to standard error as `file:line:column: warning: message`, the form SwiftPM
// and editors show at the catalog line. Exit status: 0 written (or already up to date),
// 1 usage or an unreadable catalog directory, 2 the output cannot be written.

import Foundation
import ParlanceKeyGen
import ParlanceLocalization

#if YAML
import ParlanceYAML
#endif

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("error: parlance-keygen: \(message)\n".utf8))
    exit(status)
}

var positional: [String] = []
var enumName = "L10n"
var access = KeyGenerator.AccessLevel.internal
var tables: [String] = []
var developmentLanguage: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let next = arguments.popFirst() else { fail("\(argument) needs a value", status: 1) }
        return next
    }
    switch argument {
    case "--enum-name": enumName = value()
    case "--access-level":
        let text = value()
        guard let level = KeyGenerator.AccessLevel(rawValue: text) else {
            fail("--access-level must be public, package or internal, not \"\(text)\"", status: 1)
        }
        access = level
    case "--table": tables.append(value())
    case "--development-language": developmentLanguage = value()
    default:
        if argument.hasPrefix("--") { fail("unknown option \(argument)", status: 1) }
        positional.append(argument)
    }
}
guard positional.count == 2 else { fail("usage: parlance-keygen CATALOG_DIR OUTPUT_FILE [options]", status: 1) }

#if YAML
YAMLCatalog.register()
#endif
let catalog: Catalog
do {
    catalog = try Catalog(directory: positional[0], developmentLanguage: developmentLanguage)
} catch let error as ParlanceError {
    fail("[\(error.code)] \(error.message)", status: 1)
} catch {
    fail("\(error)", status: 1)
}
let result = KeyGenerator(options: .init(enumName: enumName, accessLevel: access, tables: tables.isEmpty ? nil : tables))
    .generate(from: catalog)
for diagnostic in result.diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic.location): warning: \(diagnostic.message) [\(diagnostic.code)]\n".utf8))
}
let data = Data(result.source.utf8)
if FileManager.default.contents(atPath: positional[1]) != data {
    do {
        try data.write(to: URL(fileURLWithPath: positional[1]), options: .atomic)
    } catch {
        fail("cannot write \(positional[1]): \(error)", status: 2)
    }
}
