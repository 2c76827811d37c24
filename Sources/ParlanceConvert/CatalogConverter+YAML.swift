import Parlance
import ParlanceLocalization

/// Writes entries as YAML: a plain `key: "text"` where that says everything, else the
/// structured shape the YAML reader reads (`=format`/`=variables`, `=device`, `=width`,
/// `=text`, `=comment`, `=state`, `=extractionState`).
enum YAMLCatalogWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(_ entries: [(String, [CatalogConverter.Item])], directory: String, losses: inout Losses) -> [(String, String)] {
        var files: [(String, String)] = []
        for (language, items) in entries {
            if language == "Base" {
                for item in items {
                    losses.add(
                        item.entry, language, "a Base localization has no YAML locale key: not converted (convert from the development language's table)")
                }
                continue
            }
            var text = "\(language):\n"
            for item in items {
                text += entry(item, language: language, losses: &losses)
            }
            files.append((directory + "/" + language + ".yml", text))
        }
        return files
    }

    static func entry(_ item: CatalogConverter.Item, language: String, losses: inout Losses) -> String {
        let entry = item.entry
        if let problem = unsupported(entry.content) {
            losses.add(entry, language, "\(problem): not converted")
            return ""
        }
        let key = CatalogEscaping.yamlQuoted(entry.key)
        var metadata: [String] = []
        if let comment = item.comment { metadata.append("=comment: \(CatalogEscaping.yamlQuoted(comment))") }
        if let state = entry.state, state != "translated" { metadata.append("=state: \(CatalogEscaping.yamlQuoted(state))") }
        if let extraction = entry.extractionState { metadata.append("=extractionState: \(CatalogEscaping.yamlQuoted(extraction))") }
        if metadata.isEmpty, case .text(let text) = entry.content { return "  \(key): \(CatalogEscaping.yamlQuoted(text.text))\n" }
        var lines = ["  \(key):"] + metadata.map { "    " + $0 }
        lines += value(entry.content, indent: 4, entry: entry, language: language, losses: &losses)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of a value at `indent` spaces, as mapping members (`=text: …`, `one: …`, …).
    static func value(_ value: EntryValue, indent: Int, entry: CatalogEntry, language: String, losses: inout Losses) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .text(let text):
            return [pad + "=text: " + CatalogEscaping.yamlQuoted(text.text)]
        case .plural(let format, let variables):
            if let variable = CatalogConverter.wholeStringVariable(format: format.text, variables),
                variable.kind == .wholeString || variable.valueType == nil || variable.valueType == "@"
            {
                return categories(variable, indent: indent, entry: entry, language: language, losses: &losses)
            }
            var lines = [pad + "=format: " + CatalogEscaping.yamlQuoted(format.text), pad + "=variables:"]
            let positions = CatalogConverter.variablePositions(format.text)
            for variable in variables {
                lines.append(pad + "  " + CatalogEscaping.yamlQuoted(variable.name) + ":")
                // Apple formats give every variable a positional argument: written as `=argNum` so
                // that YAML does too (without it, YAML chooses the variable by a named argument).
                if let number = variable.argumentNumber ?? positions[variable.name] { lines.append(pad + "    =argNum: \(number)") }
                if let type = variable.valueType {
                    lines.append(pad + "    " + (variable.usesArgumentPlaceholder ? "=formatSpecifier: " : "=valueType: ") + CatalogEscaping.yamlQuoted(type))
                } else if variable.usesArgumentPlaceholder {
                    lines.append(pad + "    =formatSpecifier: \"lld\"")
                }
                lines += categories(variable, indent: indent + 4, entry: entry, language: language, losses: &losses)
            }
            return lines
        case .device(let variants):
            var lines = [pad + "=device:"]
            for variant in variants {
                if case .text(let text) = variant.value {
                    lines.append(pad + "  " + variant.device + ": " + CatalogEscaping.yamlQuoted(text.text))
                    continue
                }
                lines.append(pad + "  " + variant.device + ":")
                lines += self.value(variant.value, indent: indent + 4, entry: entry, language: language, losses: &losses)
            }
            return lines
        case .width(let variants):
            var lines = [pad + "=width:"]
            for variant in variants {
                if case .text(let text) = variant.value {
                    lines.append(pad + "  \(variant.width): " + CatalogEscaping.yamlQuoted(text.text))
                    continue
                }
                lines.append(pad + "  \(variant.width):")
                lines += self.value(variant.value, indent: indent + 4, entry: entry, language: language, losses: &losses)
            }
            return lines
        }
    }

    /// `one: …` lines of a variable; keywords that are not CLDR categories are reported.
    static func categories(_ variable: PluralVariable, indent: Int, entry: CatalogEntry, language: String, losses: inout Losses) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for variant in CatalogConverter.ordered(variable.variants) {
            guard variant.category != nil else {
                losses.add(
                    entry, language, "the plural keyword \(quotedText(variant.keyword)) is not a CLDR category: not converted", at: variant.text.location)
                continue
            }
            if let state = variant.state {
                // A case whose state differs from its entry's: `=text` and `=state` under it.
                lines.append(pad + variant.keyword + ":")
                lines.append(pad + "  =text: " + CatalogEscaping.yamlQuoted(variant.text.text))
                lines.append(pad + "  =state: " + CatalogEscaping.yamlQuoted(state))
            } else {
                lines.append(pad + variant.keyword + ": " + CatalogEscaping.yamlQuoted(variant.text.text))
            }
        }
        return lines
    }

    /// What the YAML shape cannot say: plural variations of a whole string with substitutions
    /// inside, a device name other than letters and digits.
    static func unsupported(_ value: EntryValue) -> String? {
        switch value {
        case .text: return nil
        case .plural(_, let variables):
            return variables.count > 1 && variables.contains { $0.kind == .wholeString }
                ? "plural variations whose texts hold substitutions have no YAML form" : nil
        case .device(let variants):
            if let bad = variants.first(where: { variant in
                variant.device.isEmpty || !variant.device.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            }) {
                return "the device name \(quotedText(bad.device)) is not letters and digits"
            }
            return variants.lazy.compactMap { unsupported($0.value) }.first
        case .width(let variants): return variants.lazy.compactMap { unsupported($0.value) }.first
        }
    }
}
