import Foundation
import Parlance
import ParlanceTestSupport
import Testing

@testable import ParlanceLocalization

/// Fixtures written as Xcode writes them, and helpers shared by the XLIFF tests.
enum XLIFFFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/XLIFF").path
    /// `en.lproj` and `fr.lproj`: `.strings` with comments, a `.stringsdict` plural.
    static let app = directory + "/App"
    /// A folder holding `fr.xcloc`, exported by Xcode from ``app``.
    static let export = directory + "/Export"
    /// A String Catalog with an English plural, implicit English values and German translations.
    static let stringCatalog = directory + "/Catalog"

    static func temporary(_ prefix: String) throws -> String { try CatalogFixture.scratchDirectory(prefix) }

    static func write(_ text: String, to path: String) throws { try CatalogFixture.write(text, to: path) }

    static func copy(_ source: String) throws -> String {
        let target = try temporary("xliff-copy") + "/" + (source as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    static var xmllint: URL {
        get throws {
            let url = URL(fileURLWithPath: "/usr/bin/xmllint")
            try #require(FileManager.default.isExecutableFile(atPath: url.path), "xmllint is needed (Debian package libxml2-utils)")
            return url
        }
    }

    /// Runs `xmllint --noout` on a file: nil when it is well-formed, else xmllint's complaint.
    static func xmllintProblem(_ path: String) throws -> String? {
        let result = try ChildProcess.run(try xmllint, ["--noout", path])
        return result.status == 0 && result.stderr.isEmpty ? nil : "status \(result.status): \(result.stderr)"
    }

    /// An entry's value, state and (optionally) value types and comment as text, without
    /// locations: two readings of the same strings give the same description.
    static func describe(_ entry: CatalogEntry?, valueTypes: Bool = true, comment: Bool = false) -> String {
        guard let entry else { return "(none)" }
        var out = describe(entry.content, valueTypes: valueTypes)
        if let state = entry.state { out += " state=\(state)" }
        if comment, let text = entry.comment { out += " comment=\(text)" }
        return out
    }

    static func describe(_ value: EntryValue, valueTypes: Bool) -> String {
        switch value {
        case .text(let text): return "text(\(text.text))"
        case .plural(let format, let variables):
            let parts = variables.map { variable in
                let variants = variable.variants.map { "\($0.keyword)=\($0.text.text)\($0.state.map { "[\($0)]" } ?? "")" }.joined(separator: ",")
                let type = valueTypes ? "/\(variable.valueType ?? "-")" : ""
                return "\(variable.name):\(variable.kind.rawValue)\(type){\(variants)}"
            }
            return "plural(\(format.text);\(parts.joined(separator: ";")))"
        case .device(let variants):
            return "device(" + variants.map { "\($0.device)=\(describe($0.value, valueTypes: valueTypes))" }.joined(separator: ",") + ")"
        case .width(let variants): return "width(" + variants.map { "\($0.width)=\(describe($0.value, valueTypes: valueTypes))" }.joined(separator: ",") + ")"
        }
    }

    /// Every entry of a catalog, described, by table, locale and key (sorted).
    static func entries(_ catalog: Catalog, valueTypes: Bool = true, comment: Bool = false) -> [String] {
        var out: [String] = []
        let model = catalog.model
        for table in model.tables.keys.sorted() {
            for (key, localeTable) in model.tables[table]!.sorted(by: { $0.key < $1.key }) {
                for name in localeTable.keys.sorted() {
                    out.append("\(table)/\(key)/\(name): \(describe(localeTable.entry(name), valueTypes: valueTypes, comment: comment))")
                }
            }
        }
        return out
    }
}
