import Foundation
import Parlance
package import ParlanceLocalization

/// Writes tables of a catalog as XLIFF (``XLIFFWriter``): one `<locale>.xliff` per language
/// of the tables (the development language's too, its texts as both source and target), the
/// development language's texts as the sources. What XLIFF cannot hold is a located loss.
package enum XLIFFCatalogWriter {
    /// The languages of `tables`, as written in the files' names (Base left out: it is the
    /// development language's source).
    package static func languages(_ catalog: Catalog, tables: [String]) -> [LocaleID] {
        var seen: [String: LocaleID] = [:]
        for table in tables {
            for (key, localeTable) in catalog.model.tables[table] ?? [:] where key != CatalogModel.baseKey {
                seen[key] = seen[key] ?? localeTable.language
            }
        }
        return seen.values.sorted { $0.languageTag < $1.languageTag }
    }

    /// One XLIFF document: `tables` in `target`, sources in the development language.
    package static func document(
        _ catalog: Catalog, tables: [String], target: LocaleID, version: XLIFFWriter.Version, path: String, warnings: inout [CatalogDiagnostic]
    ) -> String {
        let source = catalog.developmentLanguage
        let sections = XLIFFWriter.sections(model: catalog.model, tables: tables, source: source, target: target, warnings: &warnings)
        return XLIFFWriter.document(
            sections, version: version, sourceLanguage: source.languageTag, targetLanguage: target.languageTag, warnings: &warnings, path: path)
    }

    static func files(
        _ catalog: Catalog, tables: [String], directory: String, version: XLIFFWriter.Version, losses: inout CatalogConverter.Losses
    ) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        for target in languages(catalog, tables: tables) {
            let path = "\(directory)/\(target.languageTag).xliff"
            var warnings: [CatalogDiagnostic] = []
            let text = document(catalog, tables: tables, target: target, version: version, path: path, warnings: &warnings)
            for warning in warnings {
                losses.all.append(
                    CatalogConverter.Loss(
                        location: warning.location, key: warning.key ?? "", language: warning.language ?? target.languageTag, message: warning.message))
            }
            files.append((path, Array(text.utf8)))
        }
        return files
    }
}

extension XLIFFCatalogWriter {
    /// The `contents.json` of an `.xcloc` bundle, as Xcode writes it (keys sorted, two-space
    /// indentation), naming Parlance as the tool.
    package static func xclocContents(developmentRegion: String, project: String, targetLocale: String) -> String {
        func string(_ text: String) -> String { JSONStringLiteral.quoted(text) }
        return """
            {
              "developmentRegion" : \(string(developmentRegion)),
              "project" : \(string(project)),
              "targetLocale" : \(string(targetLocale)),
              "toolInfo" : {
                "toolBuildNumber" : "",
                "toolID" : "parlance",
                "toolName" : "Parlance",
                "toolVersion" : ""
              },
              "version" : "1.0"
            }

            """
    }
}
