import Foundation
import Parlance
import ParlanceLocalization

/// Writes entries as one `.xcstrings` String Catalog: string units, plural and device
/// variations, substitutions (a `.stringsdict` or YAML variable becomes a substitution with
/// `argNum`, `formatSpecifier` and `%arg`), comments and extraction states by key.
enum XCStringsWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(
        _ entries: [(String, [CatalogConverter.Item])], table: String, sourceLanguage: String, directory: String, losses: inout Losses
    ) throws(ParlanceError) -> [(String, String)] {
        var strings: [String: [String: Any]] = [:]
        for (language, items) in entries {
            if language == "Base" {
                for item in items {
                    losses.add(item.entry, language, "a String Catalog has no Base localization: not converted (convert from the development language's table)")
                }
                continue
            }
            for item in items {
                let entry = item.entry
                var string = strings[entry.key] ?? [:]
                for (field, value) in [("comment", item.comment), ("extractionState", entry.extractionState)] {
                    guard let value else { continue }
                    if let kept = string[field] as? String {
                        if kept != value {
                            losses.add(
                                entry, language,
                                "the \(field) differs from another language's (\(quotedText(kept))), and a String Catalog holds one per key: not converted")
                        }
                    } else {
                        string[field] = value
                    }
                }
                var localizations = string["localizations"] as? [String: Any] ?? [:]
                // A source-language text equal to its key with no state is what Xcode compiles a key
                // without a source localization to: written that way.
                let implicit: Bool = {
                    guard language == sourceLanguage, entry.state == nil, case .text(let text) = entry.content else { return false }
                    return text.text == entry.key
                }()
                if !implicit {
                    localizations[language] = localization(entry.content, state: entry.state ?? "translated", entry: entry, language: language, losses: &losses)
                }
                string["localizations"] = localizations
                strings[entry.key] = string
            }
        }
        let root: [String: Any] = ["sourceLanguage": sourceLanguage, "strings": strings, "version": "1.0"]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { throw ParlanceError(.invalidFile, "cannot encode the String Catalog") }
        return [(directory + "/" + table + ".xcstrings", String(decoding: data, as: UTF8.self) + "\n")]
    }

    static func unit(_ text: String, state: String) -> [String: Any] { ["stringUnit": ["state": state, "value": text]] }

    static func plural(_ variants: [PluralVariant], state: String, transform: (String) -> String = { $0 }) -> [String: Any] {
        var out: [String: Any] = [:]
        for variant in variants where out[variant.keyword] == nil {
            out[variant.keyword] = unit(transform(variant.text.text), state: variant.state ?? state)
        }
        return out
    }

    /// One localization (or one device's value) of a key.
    static func localization(_ value: EntryValue, state: String, entry: CatalogEntry, language: String, losses: inout Losses) -> [String: Any] {
        switch value {
        case .text(let text):
            return unit(text.text, state: state)
        case .plural(let format, let variables):
            if let variable = CatalogConverter.wholeStringVariable(format: format.text, variables) {
                return ["variations": ["plural": plural(variable.variants, state: state)]]
            }
            var out: [String: Any] = [:]
            var substitutions: [String: Any] = [:]
            var formatText = format.text
            let positions = CatalogConverter.variablePositions(format.text)
            var placed: [String: Int] = [:]
            for variable in variables {
                if variable.kind == .wholeString {
                    out["variations"] = ["plural": plural(variable.variants, state: state)]
                    continue
                }
                var substitution: [String: Any] = [:]
                if variable.usesArgumentPlaceholder {
                    if let number = variable.argumentNumber { substitution["argNum"] = number }
                    substitution["formatSpecifier"] = variable.valueType ?? "lld"
                    substitution["variations"] = ["plural": plural(variable.variants, state: state)]
                } else {
                    // A `.stringsdict`/YAML variable: its argument's specifier in each variant becomes `%arg`.
                    let number = variable.argumentNumber ?? positions[variable.name] ?? 1
                    let type = variable.valueType ?? "d"
                    substitution["argNum"] = number
                    substitution["formatSpecifier"] = type
                    substitution["variations"] = ["plural": plural(variable.variants, state: state) { argumentPlaceholder($0, number: number, type: type) }]
                    placed[variable.name] = number
                }
                substitutions[variable.name] = substitution
            }
            if !placed.isEmpty, let tokens = try? FormatParser.parse(format.text, allowVariables: true) {
                // `%2$#@people@` with argNum 2 is `%#@people@`: the String Catalog's form.
                formatText = CatalogConverter.text(
                    tokens.map { token in
                        if case .variable(let name, let position) = token, let position, placed[name] == position {
                            return .variable(name: name, position: nil)
                        }
                        return token
                    })
            }
            if out["variations"] == nil { out["stringUnit"] = ["state": state, "value": formatText] }
            out["substitutions"] = substitutions
            return out
        case .device(let variants):
            var devices: [String: Any] = [:]
            for variant in variants where devices[variant.device] == nil {
                devices[variant.device] = localization(variant.value, state: state, entry: entry, language: language, losses: &losses)
            }
            return ["variations": ["device": devices]]
        case .width(let variants):
            let widest = variants.max { $0.width < $1.width }
            losses.add(
                entry, language,
                "width variations have no String Catalog form: only the widest (\(widest?.width ?? 0)) is written", at: widest?.location)
            guard let widest else { return unit("", state: state) }
            return localization(widest.value, state: state, entry: entry, language: language, losses: &losses)
        }
    }

    /// A variant of a variable at argument `number` with the `%arg` of a String Catalog
    /// substitution where the variant writes that argument with the variable's own specifier
    /// (`%d`, `%2$d`, `%lld`); any other specifier is kept.
    static func argumentPlaceholder(_ text: String, number: Int, type: String) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return text }
        var next = number
        var out = ""
        for token in tokens {
            switch token {
            case .spec(var spec):
                let argument = spec.position ?? next
                if spec.position == nil { next += 1 }
                spec.position = nil
                out += argument == number && spec.text == "%" + type ? "%arg" : CatalogConverter.text([token])
            case .variable(_, let position):
                if position == nil { next += 1 }
                out += CatalogConverter.text([token])
            case .literal:
                out += CatalogConverter.text([token])
            }
        }
        return out
    }
}
