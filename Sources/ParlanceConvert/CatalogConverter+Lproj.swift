import Parlance
import ParlanceLocalization

/// Writes entries as `<locale>.lproj/<table>.strings` (texts, each after its `/* comment */`)
/// and `<table>.stringsdict` (plurals and substitutions as `NSStringPluralRuleType`
/// variables, device choices as `NSStringDeviceSpecificRuleType`, widths as
/// `NSStringVariableWidthRuleType`).
enum LprojWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(_ entries: [(String, [CatalogConverter.Item])], table: String, directory: String, losses: inout Losses) -> [(String, String)] {
        var files: [(String, String)] = []
        for (language, items) in entries {
            var strings: [String] = []
            var plist: [String] = []
            for item in items {
                let entry = item.entry
                if let state = entry.state, state != "translated" {
                    losses.add(entry, language, "the state \(quotedText(state)) has no .strings/.stringsdict form: not converted")
                }
                if let extraction = entry.extractionState {
                    losses.add(entry, language, "the extraction state \(quotedText(extraction)) has no .strings/.stringsdict form: not converted")
                }
                for variant in CatalogConverter.statedVariants(entry.content) {
                    losses.add(
                        entry, language,
                        "the \(variant.keyword) case's state \(quotedText(variant.state ?? "")) has no .stringsdict form: not converted",
                        at: variant.text.location)
                }
                if case .text(let text) = entry.content {
                    if let comment = item.comment {
                        if comment.contains("*/") { losses.add(entry, language, "the comment's */ is written as * / (a .strings comment cannot hold it)") }
                        strings.append("/* \(CatalogEscaping.commentText(comment)) */")
                    }
                    strings.append("\(CatalogEscaping.stringsQuoted(entry.key)) = \(CatalogEscaping.stringsQuoted(text.text));")
                    continue
                }
                if item.comment != nil { losses.add(entry, language, "a .stringsdict entry has no comment: the comment is not converted") }
                for text in entry.content.texts.map(\.text) + [LocatedText(text: entry.key, location: entry.location)]
                where !CatalogEscaping.xmlRepresentable(text.text) {
                    losses.add(
                        entry, language,
                        "\(quotedText(text.text)) holds a control character XML 1.0 cannot hold: written as a character reference, which Apple's parser refuses",
                        at: text.location)
                }
                plist.append("    <key>\(CatalogEscaping.xmlEscaped(entry.key))</key>")
                plist += value(entry.content, indent: 1, entry: entry, language: language, losses: &losses)
            }
            let folder = directory + "/" + language + ".lproj/"
            if !strings.isEmpty { files.append((folder + table + ".strings", strings.joined(separator: "\n") + "\n")) }
            if !plist.isEmpty {
                let text = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                    <plist version="1.0">
                    <dict>
                    \(plist.joined(separator: "\n"))
                    </dict>
                    </plist>

                    """
                files.append((folder + table + ".stringsdict", text))
            }
        }
        return files
    }

    static func string(_ text: String) -> String { "<string>\(CatalogEscaping.xmlEscaped(text))</string>" }

    /// The property list lines of a value (a `<dict>`, or a `<string>` inside a choice).
    static func value(_ value: EntryValue, indent: Int, entry: CatalogEntry, language: String, losses: inout Losses) -> [String] {
        let pad = String(repeating: "    ", count: indent)
        switch value {
        case .text(let text):
            return [pad + string(text.text)]
        case .plural(let format, let variables):
            var lines = [pad + "<dict>"]
            func variable(_ name: String, valueType: String?, variants: [(String, String)]) {
                lines += [
                    pad + "    <key>\(CatalogEscaping.xmlEscaped(name))</key>", pad + "    <dict>",
                    pad + "        <key>NSStringFormatSpecTypeKey</key>", pad + "        <string>NSStringPluralRuleType</string>",
                ]
                if let valueType { lines += [pad + "        <key>NSStringFormatValueTypeKey</key>", pad + "        " + string(valueType)] }
                for (keyword, text) in variants {
                    lines += [pad + "        <key>\(CatalogEscaping.xmlEscaped(keyword))</key>", pad + "        " + string(text)]
                }
                lines.append(pad + "    </dict>")
            }
            if let whole = CatalogConverter.wholeStringVariable(format: format.text, variables) {
                // Plural variations of a whole string: `%#@name@`, chosen by the first number of `other`.
                let other = whole.variants.first { $0.keyword == "other" }?.text.text ?? whole.variants.first?.text.text ?? ""
                let (position, type) = PluralNormalization.firstNumericArgument(other) ?? (1, "d")
                lines += [
                    pad + "    <key>NSStringLocalizedFormatKey</key>",
                    pad + "    " + string(position == 1 ? "%#@\(whole.name)@" : "%\(position)$#@\(whole.name)@"),
                ]
                let valueType = whole.kind == .wholeString || whole.valueType == "@" ? type : whole.valueType
                variable(whole.name, valueType: valueType, variants: CatalogConverter.ordered(whole.variants).map { ($0.keyword, $0.text.text) })
            } else {
                // Substitutions: `argNum` placed in the format, `%arg` written with the specifier.
                for variable in variables {
                    for variant in variable.variants where variant.category == nil {
                        losses.add(
                            entry, language, "the plural keyword \(quotedText(variant.keyword)) is not a CLDR category: not converted",
                            at: variant.text.location)
                    }
                }
                let normalized = PluralNormalization.normalize(format: format.text, variables: variables)
                lines += [pad + "    <key>NSStringLocalizedFormatKey</key>", pad + "    " + string(normalized.format)]
                var names = variables.map { $0.kind == .wholeString ? PluralNormalization.wholeStringName : $0.name }
                names = names.filter { normalized.variables[$0] != nil }
                for name in names {
                    guard let normalizedVariable = normalized.variables[name] else { continue }
                    let variants = PluralCategory.allCases.compactMap { category in normalizedVariable.variants[category].map { (category.keyword, $0) } }
                    variable(name, valueType: normalizedVariable.valueType, variants: variants)
                }
            }
            lines.append(pad + "</dict>")
            return lines
        case .device(let variants):
            return choice(
                "NSStringDeviceSpecificRuleType", variants.map { ($0.device, $0.value) }, pad: pad, indent: indent, entry: entry, language: language,
                losses: &losses)
        case .width(let variants):
            return choice(
                "NSStringVariableWidthRuleType", variants.sorted { $0.width < $1.width }.map { (String($0.width), $0.value) }, pad: pad, indent: indent,
                entry: entry, language: language, losses: &losses)
        }
    }

    static func choice(
        _ rule: String, _ choices: [(String, EntryValue)], pad: String, indent: Int, entry: CatalogEntry, language: String, losses: inout Losses
    ) -> [String] {
        var lines = [pad + "<dict>", pad + "    <key>\(rule)</key>", pad + "    <dict>"]
        for (name, value) in choices {
            lines.append(pad + "        <key>\(CatalogEscaping.xmlEscaped(name))</key>")
            lines += self.value(value, indent: indent + 2, entry: entry, language: language, losses: &losses)
        }
        return lines + [pad + "    </dict>", pad + "</dict>"]
    }
}
