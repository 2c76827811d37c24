import Foundation
import Parlance

/// Android's resource folders: `values` (the default resources: the catalog's development
/// language) and `values-<qualifiers>`, whose locale qualifier is `fr`, `pt-rBR` or the BCP 47
/// form `b+sr+Latn`. Other qualifiers (`night`, `v21`, `land`, `sw600dp`, …) select resources
/// by device configuration, not by language: such folders are not read (a diagnostic says so).
package enum AndroidLayout {
    /// What a `values…` folder name holds.
    package enum Folder: Equatable, Sendable {
        /// `values`: the default resources.
        case base
        /// A locale qualifier alone.
        case locale(LocaleID)
        /// Not a language folder, or a language with other qualifiers: why.
        case ignored(String)
    }

    /// Reads a folder name (`values`, `values-fr`, `values-pt-rBR`, `values-b+sr+Latn`).
    package static func folder(_ name: String) -> Folder? {
        guard name == "values" || name.hasPrefix("values-") else { return nil }
        if name == "values" { return .base }
        var parts = name.dropFirst("values-".count).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        // Mobile country and network codes come first.
        while let first = parts.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") { parts.removeFirst() }
        guard let first = parts.first else { return .ignored("it has no language qualifier") }
        var tag: String
        if first.hasPrefix("b+") {
            let subtags = first.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
            guard !subtags.isEmpty, !subtags.contains(where: \.isEmpty) else { return .ignored("\(quoted(first)) is not a BCP 47 qualifier") }
            tag = subtags.joined(separator: "-")
            parts.removeFirst()
        } else if (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), !nonLanguage.contains(first) {
            tag = first
            parts.removeFirst()
            if let region = parts.first, region.count >= 3, region.hasPrefix("r"),
                region.dropFirst().allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
            {
                tag += "-" + region.dropFirst()
                parts.removeFirst()
            }
        } else {
            return .ignored("\(quoted(first)) is a configuration qualifier, not a language")
        }
        guard let locale = try? ParlanceCore.locale(tag) else { return .ignored("\(quoted(tag)) is not a locale id") }
        guard parts.isEmpty else {
            return .ignored("the qualifiers \(parts.joined(separator: "-")) select by configuration, not by language")
        }
        return .locale(locale)
    }

    /// Two- and three-letter qualifiers that are not languages (UI mode `car`).
    static let nonLanguage: Set<String> = ["car"]

    /// The folder name for a locale: `values-fr`, `values-pt-rBR`, `values-b+sr+Latn`.
    package static func folderName(_ locale: LocaleID) -> String {
        if locale.script == nil, locale.variants.isEmpty, locale.language.count <= 3 {
            return "values-" + locale.language + (locale.region.map { "-r" + $0 } ?? "")
        }
        return "values-b+" + locale.languageTag.split(separator: "-").joined(separator: "+")
    }

    /// The table a resource file fills: `Localizable` for `strings.xml`, else its base name.
    package static func table(ofFile name: String) -> String {
        let base = String(name.dropLast(".xml".count))
        return base == "strings" ? CatalogModel.mergedTable : base
    }

    /// The file a table is written to.
    package static func fileName(ofTable table: String) -> String {
        table == CatalogModel.mergedTable ? "strings.xml" : table + ".xml"
    }
}

extension CatalogListing {
    /// The jobs of the `values…` folders of a `res` directory, and its diagnostics.
    static func androidJobs(res: String, names: [String]) -> [CatalogFileJob] {
        var jobs: [CatalogFileJob] = []
        for name in names {
            guard let kind = AndroidLayout.folder(name), isDirectory(res + "/" + name) else { continue }
            let folder: CatalogFileJob.Folder
            switch kind {
            case .base:
                folder = CatalogFileJob.Folder(name: "values", locale: .root, isBase: true, key: CatalogModel.baseKey)
            case .locale(let locale):
                folder = CatalogFileJob.Folder(name: locale.languageTag, locale: locale, isBase: false, key: CatalogModel.localeKey(locale))
            case .ignored(let why):
                let hasStrings = ((try? FileManager.default.contentsOfDirectory(atPath: res + "/" + name)) ?? []).contains { $0.hasSuffix(".xml") }
                if hasStrings {
                    jobs.append(
                        .diagnostic(
                            CatalogDiagnostic(file: res + "/" + name, line: 0, column: 0, message: "ignored: \(why)", code: "ignored-file")))
                }
                continue
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: res + "/" + name)) ?? []
            for file in files.sorted() where file.lowercased().hasSuffix(".xml") && !file.hasPrefix(".") && holdsStrings(res + "/" + name + "/" + file) {
                jobs.append(.file(.android, path: res + "/" + name + "/" + file, table: AndroidLayout.table(ofFile: file), folder: folder))
            }
        }
        return jobs
    }

    /// Whether a resource file may hold strings (`<string`, `<plurals`): `colors.xml` and
    /// `dimens.xml` are no tables. A file that cannot be read is listed, so that its reader
    /// reports it.
    static func holdsStrings(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return true }
        return data.range(of: Data("<string".utf8)) != nil || data.range(of: Data("<plurals".utf8)) != nil
    }

    /// Whether a directory holds Android `values…` folders.
    static func isAndroidRes(_ path: String) -> Bool {
        guard isDirectory(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { AndroidLayout.folder($0) != nil && isDirectory(path + "/" + $0) }
    }
}
