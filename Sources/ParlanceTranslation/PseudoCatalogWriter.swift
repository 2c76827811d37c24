#if Translation
import Foundation
import Parlance
import ParlanceLocalization

/// Writes a pseudo-localized copy of a catalog directory (what `parlance pseudo DIR --out DIR`
/// runs): the same tree, with every `.strings` value, `.stringsdict` format and variant, and
/// `.xcstrings` string unit passed through a ``PseudoLocalizationProvider``; other files are
/// copied unchanged.
///
/// ```swift
/// let report = try PseudoCatalogWriter().write(directory: "Resources", to: "Resources-pseudo")
/// report.strings   // values pseudo-localized
/// ```
public struct PseudoCatalogWriter: Sendable {
    /// What was written.
    public struct Report: Hashable, Sendable {
        /// Files written (pseudo-localized or copied).
        public var files = 0
        /// Strings pseudo-localized.
        public var strings = 0
        /// Keys left out (device-specific stringsdict entries), as `file: key`.
        public var skipped: [String] = []
    }

    /// The transformation.
    public let pseudo: PseudoLocalizationProvider
    /// The deepest directory nesting walked.
    public static let maximumDepth = 16

    /// A writer using `pseudo`.
    public init(pseudo: PseudoLocalizationProvider = PseudoLocalizationProvider()) {
        self.pseudo = pseudo
    }

    /// Writes the copy of `directory` into `output` (created if needed; files in it are replaced).
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` when `output` is `directory` or inside it;
    ///   `ParlanceError/Code/invalidFile` for an unreadable directory, a malformed catalog file
    ///   (file, line and column) or a file that cannot be written.
    @discardableResult
    public func write(directory: String, to output: String) throws -> Report {
        let source = URL(fileURLWithPath: directory).standardizedFileURL.path
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        guard target != source, !target.hasPrefix(source + "/") else {
            throw ParlanceError(.invalidArgument, "the output directory \(output) must not be the catalog directory or inside it")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ParlanceError(.invalidFile, "\(directory): not a directory")
        }
        var report = Report()
        try copy(source, to: target, depth: 0, report: &report)
        return report
    }

    private func copy(_ directory: String, to output: String, depth: Int, report: inout Report) throws {
        guard depth <= Self.maximumDepth else {
            throw ParlanceError(.invalidFile, "\(directory): nested deeper than \(Self.maximumDepth) directories")
        }
        let manager = FileManager.default
        let names: [String]
        do {
            try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
            names = try manager.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw ParlanceError(.invalidFile, "\(directory): \(error.localizedDescription)")
        }
        for name in names where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let destination = output + "/" + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                try copy(path, to: destination, depth: depth + 1, report: &report)
                continue
            }
            let data: Data
            switch (name as NSString).pathExtension.lowercased() {
            case "strings":
                let entries = try CatalogAdapter.readStrings(path)
                data = Data(Self.stringsFile(entries.map { ($0.key, pseudo.pseudoLocalize($0.value)) }).utf8)
                report.strings += entries.count
            case "stringsdict":
                let (entries, skipped) = try CatalogAdapter.readStringsdict(path)
                data = try stringsdictFile(entries, file: path, report: &report)
                report.skipped += skipped.map { "\(path): \($0)" }
            case "xcstrings":
                data = try stringCatalogFile(path, report: &report)
            default:
                guard let contents = manager.contents(atPath: path) else {
                    throw ParlanceError(.invalidFile, "\(path): cannot be read")
                }
                data = contents
            }
            do {
                try data.write(to: URL(fileURLWithPath: destination), options: .atomic)
            } catch {
                throw ParlanceError(.invalidFile, "\(destination): cannot be written: \(error.localizedDescription)")
            }
            report.files += 1
        }
    }

    /// A `.strings` file (UTF-8) with the entries in order.
    static func stringsFile(_ entries: [(key: String, value: String)]) -> String {
        entries.map { "\(CatalogEscaping.stringsQuoted($0.key)) = \(CatalogEscaping.stringsQuoted($0.value));\n" }.joined()
    }

    private func stringsdictFile(_ entries: [(key: String, entry: StringsdictEntry)], file: String, report: inout Report) throws -> Data {
        var root: [String: Any] = [:]
        for (key, entry) in entries {
            var dictionary: [String: Any] = ["NSStringLocalizedFormatKey": pseudo.pseudoLocalize(entry.format)]
            report.strings += 1
            for (name, variable) in entry.variables {
                var rule: [String: Any] = ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType"]
                if let valueType = variable.valueType { rule["NSStringFormatValueTypeKey"] = valueType }
                for (category, text) in variable.variants {
                    rule[category] = pseudo.pseudoLocalize(text)
                    report.strings += 1
                }
                dictionary[name] = rule
            }
            root[key] = dictionary
        }
        do {
            return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        } catch {
            throw ParlanceError(.invalidFile, "\(file): the pseudo-localized copy cannot be written: \(error.localizedDescription)")
        }
    }

    private func stringCatalogFile(_ path: String, report: inout Report) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ParlanceError(.invalidFile, "\(path): cannot be read")
        }
        // Validate through the catalog reader first, for its file:line:column errors.
        _ = try CatalogAdapter.validateStringCatalog(path)
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw ParlanceError(.invalidFile, "\(path): not JSON")
        }
        var count = 0
        let transformed = transformStringUnits(object, depth: 0, count: &count)
        report.strings += count
        do {
            return try JSONSerialization.data(withJSONObject: transformed, options: [.prettyPrinted, .sortedKeys])
        } catch {
            throw ParlanceError(.invalidFile, "\(path): the pseudo-localized copy cannot be written: \(error.localizedDescription)")
        }
    }

    /// Every `stringUnit.value` pseudo-localized (String Catalog JSON; bounded depth).
    private func transformStringUnits(_ object: Any, depth: Int, count: inout Int) -> Any {
        guard depth < 64 else { return object }
        if var dictionary = object as? [String: Any] {
            for (key, value) in dictionary {
                if key == "stringUnit", var unit = value as? [String: Any], let text = unit["value"] as? String {
                    unit["value"] = pseudo.pseudoLocalize(text)
                    count += 1
                    dictionary[key] = unit
                } else {
                    dictionary[key] = transformStringUnits(value, depth: depth + 1, count: &count)
                }
            }
            return dictionary
        }
        if let array = object as? [Any] {
            return array.map { transformStringUnits($0, depth: depth + 1, count: &count) }
        }
        return object
    }
}
#endif
