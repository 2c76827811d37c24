import Foundation
import Parlance
package import ParlanceLocalization

/// Writes a catalog model as YAML (one `<locale>.yml` per locale) or as one `.xcstrings` String
/// Catalog. What the target format cannot hold is reported, entry by entry with its location,
/// never dropped silently: device and width variations, plurals with several variables or
/// substitutions, unit states other than `translated`,
/// named placeholders (`.xcstrings`), and `{name}` in an Apple-format text, which YAML reads as a
/// placeholder.
package enum CatalogConverter {
    package enum Target: String, CaseIterable, Sendable {
        case yaml, xcstrings
    }

    /// One thing the conversion could not carry over.
    package struct Loss: Error, Sendable, CustomStringConvertible {
        package var location: CatalogLocation
        package var key: String
        package var language: String
        package var message: String
        package var description: String { "\(location): \(quotedText(key)) (\(language)): \(message)" }
    }

    /// A value the simple shapes both formats share can hold: a text, or a one-variable plural.
    package enum Portable: Equatable, Sendable {
        case text(String)
        case plural([(String, String)])

        package static func == (lhs: Portable, rhs: Portable) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a == b
            case (.plural(let a), .plural(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
            default: false
            }
        }
    }

    /// The portable form of an entry, or why there is none.
    package static func portable(_ entry: CatalogEntry) -> Result<Portable, Loss> {
        func loss(_ message: String) -> Result<Portable, Loss> {
            .failure(Loss(location: entry.location, key: entry.key, language: entry.language.languageTag, message: message))
        }
        switch entry.content {
        case .text(let text):
            return .success(.text(text.text))
        case .plural(let format, let variables):
            guard variables.count == 1, let variable = variables.first, variable.argumentNumber == nil, !variable.usesArgumentPlaceholder
            else { return loss("a plural with several variables or substitutions: not converted (only texts and one-variable plurals are)") }
            guard variable.kind == .wholeString || format.text == "%#@\(variable.name)@" else {
                return loss("a plural inside a longer text (\(format.text)): not converted (only texts and one-variable plurals are)")
            }
            let order = ["zero", "one", "two", "few", "many", "other"]
            let variants = variable.variants.filter { order.contains($0.keyword) }
                .sorted { order.firstIndex(of: $0.keyword)! < order.firstIndex(of: $1.keyword)! }
            return .success(.plural(variants.map { ($0.keyword, $0.text.text) }))
        case .device:
            return loss("device variations: not converted (only texts and one-variable plurals are)")
        case .width:
            return loss("width variants: not converted (only texts and one-variable plurals are)")
        }
    }

    /// The entries of each locale of one table, in key order, and what cannot be converted.
    static func collect(_ catalog: Catalog, table: String, target: Target) -> (entries: [(String, [(CatalogEntry, Portable)])], losses: [Loss]) {
        var losses: [Loss] = []
        var out: [(String, [(CatalogEntry, Portable)])] = []
        for (localeKey, localeTable) in (catalog.model.tables[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
            var items: [(CatalogEntry, Portable)] = []
            let language = localeKey == CatalogModel.baseKey ? "Base" : localeTable.language.languageTag
            for key in localeTable.keys.sorted() {
                guard let entry = localeTable.entry(key) else { continue }
                func lose(_ message: String) { losses.append(Loss(location: entry.location, key: key, language: language, message: message)) }
                if let state = entry.state, state != "translated" { lose("the state \(quotedText(state)) is not carried over") }
                let named = entry.content.texts.flatMap { NamedPlaceholders.names(in: $0.text.text) }
                if target == .xcstrings, entry.format == .yaml, !named.isEmpty {
                    lose("%{name}/{name} placeholders have no String Catalog form: kept as text")
                } else if target == .yaml, entry.format != .yaml, !named.isEmpty {
                    lose(
                        "the text's \(named.map { "{\($0)}" }.joined(separator: ", ")) becomes a named placeholder in YAML (an argument by that name is then required)"
                    )
                }
                switch portable(entry) {
                case .success(let value): items.append((entry, value))
                case .failure(let loss): losses.append(loss)
                }
            }
            if !items.isEmpty { out.append((language, items)) }
        }
        return (out, losses)
    }

    /// Writes one table of the catalog to `directory` (created if needed): `<locale>.yml` files
    /// (which read back into `Localizable`) or `<table>.xcstrings`. Returns the files written
    /// and the losses.
    ///
    /// - Throws: ``ParlanceError/Code/invalidFile`` when a file cannot be written.
    package static func convert(
        _ catalog: Catalog, table: String = "Localizable", to target: Target, directory: String
    ) throws(ParlanceError) -> (files: [String], losses: [Loss]) {
        guard catalog.model.tables[table] != nil else {
            throw ParlanceError(.missingKey, "the table \(quotedText(table)) is not in the catalog (tables: \(catalog.tableNames.joined(separator: ", ")))")
        }
        let (entries, losses) = collect(catalog, table: table, target: target)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ParlanceError(.invalidFile, "cannot create \(quotedText(directory)): \(error.localizedDescription)")
        }
        var files: [(String, String)] = []
        switch target {
        case .yaml:
            for (language, items) in entries {
                var text = "\(language):\n"
                for (entry, value) in items {
                    switch value {
                    case .text(let value): text += "  \(yamlQuoted(entry.key)): \(yamlQuoted(value))\n"
                    case .plural(let variants):
                        text += "  \(yamlQuoted(entry.key)):\n"
                        for (keyword, value) in variants { text += "    \(keyword): \(yamlQuoted(value))\n" }
                    }
                }
                files.append((directory + "/" + language + ".yml", text))
            }
        case .xcstrings:
            var strings: [String: [String: Any]] = [:]
            for (language, items) in entries {
                for (entry, value) in items {
                    let unit: [String: Any]
                    switch value {
                    case .text(let value): unit = ["stringUnit": ["state": "translated", "value": value]]
                    case .plural(let variants):
                        var plural: [String: Any] = [:]
                        for (keyword, value) in variants { plural[keyword] = ["stringUnit": ["state": "translated", "value": value]] }
                        unit = ["variations": ["plural": plural]]
                    }
                    var item = strings[entry.key] ?? ["localizations": [String: Any]()]
                    var localizations = item["localizations"] as? [String: Any] ?? [:]
                    localizations[language] = unit
                    item["localizations"] = localizations
                    strings[entry.key] = item
                }
            }
            let root: [String: Any] = ["sourceLanguage": catalog.developmentLanguage.languageTag, "strings": strings, "version": "1.0"]
            guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            else { throw ParlanceError(.invalidFile, "cannot encode the String Catalog") }
            files.append((directory + "/" + table + ".xcstrings", String(decoding: data, as: UTF8.self) + "\n"))
        }
        for (path, text) in files {
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                throw ParlanceError(.invalidFile, "cannot write \(quotedText(path))")
            }
        }
        return (files.map(\.0), losses)
    }

    /// A YAML double-quoted scalar: every character that YAML would read differently escaped.
    package static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0xFEFF || value == 0x2028 || value == 0x2029 {
                    let hex = String(value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
