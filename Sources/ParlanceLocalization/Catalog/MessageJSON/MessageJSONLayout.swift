import Foundation
import Parlance

/// Where ARB and i18next/FormatJS files are in a catalog directory, and their locales:
/// - `<prefix>_<locale>.arb` (`app_en.arb`, `intl_pt_BR.arb`) or `<locale>.arb`: table
///   `Localizable`;
/// - `<lng>.json` (i18next's single-file layout, FormatJS's `lang/<lng>.json`): table
///   `Localizable`;
/// - `locales/<lng>/<namespace>.json` (or `<lng>/<namespace>.json` in a directory named
///   `locales`): table `<namespace>`.
package enum MessageJSONLayout {
    /// A locale written as a file or folder name: a 2–3 letter lowercase language, then an
    /// optional script (`Hant`) and region (`BR`, `419`), separated by `-` or `_`.
    package static func locale(_ name: String) -> LocaleID? {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return nil
        }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.first!.isUppercase, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            rest = rest.dropFirst()
        }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase }) || (region.count == 3 && region.allSatisfy(\.isNumber))
        {
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { return nil }
        return try? ParlanceCore.locale(parts.joined(separator: "-"))
    }

    /// The locale of an ARB file name without its extension: the shortest `_`-separated tail
    /// that is a locale (`app_en` → en, `intl_pt_BR` → pt-BR).
    package static func arbLocale(_ base: String) -> LocaleID? {
        let parts = base.split(separator: "_", omittingEmptySubsequences: false)
        for start in parts.indices {
            if let locale = locale(parts[start...].joined(separator: "_")) { return locale }
        }
        return nil
    }

    /// ARB's and i18next's name of a locale: `pt_BR` for ARB, `pt-BR` for i18next.
    package static func name(_ locale: LocaleID, separator: String) -> String {
        locale.languageTag.split(separator: "-").joined(separator: separator)
    }
}

extension CatalogListing {
    static func messageJSONFolder(_ locale: LocaleID, name: String) -> CatalogFileJob.Folder {
        CatalogFileJob.Folder(name: name, locale: locale, isBase: false, key: CatalogModel.localeKey(locale))
    }

    /// `<lng>/<namespace>.json` folders of an i18next `locales` directory.
    static func i18nextJobs(locales: String) -> [CatalogFileJob] {
        var jobs: [CatalogFileJob] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: locales)) ?? []).sorted()
        for name in names where isDirectory(locales + "/" + name) {
            guard let locale = MessageJSONLayout.locale(name) else { continue }
            jobs += i18nextFolderJobs(locales + "/" + name, locale: locale, name: name)
        }
        return jobs
    }

    static func i18nextFolderJobs(_ folder: String, locale: LocaleID, name: String) -> [CatalogFileJob] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return files.compactMap { file in
            guard file.lowercased().hasSuffix(".json"), !file.hasPrefix(".") else { return nil }
            return .file(.i18next, path: folder + "/" + file, table: String(file.dropLast(".json".count)), folder: messageJSONFolder(locale, name: name))
        }
    }
}
