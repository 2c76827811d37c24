import Parlance
import ParlanceLocalization

extension CatalogLinter {
    /// The `zero` quantity of an Android `<plurals>` in a language whose CLDR rules have no
    /// `zero` category: Android chooses the quantity by CLDR, so the item is never shown
    /// (0 takes `other` in English), though translators expect it for 0.
    static func androidZeroFindings(_ variables: [PluralVariable], label: String, locale: LocaleID, samples: PluralSamples) -> [Finding] {
        guard !samples.categories.contains(.zero) else { return [] }
        var findings: [Finding] = []
        for variable in variables {
            for variant in variable.variants where variant.category == .zero {
                let zeroCategory = (try? ParlanceCore.pluralRules(locale))?.category(for: 0)
                findings.append(
                    (
                        .pluralUnusedCategory, variant.text.location, nil,
                        "\(label): the zero quantity is never shown: Android chooses quantities by CLDR, and \(locale.languageTag) has no zero category (0 takes \(zeroCategory?.keyword ?? "other")); handle 0 with its own string in code"
                    ))
            }
        }
        return findings
    }

    /// The plurals of an ICU MessageFormat value as plural variables the CLDR checks read:
    /// each `plural` (not `selectordinal`, whose categories are ordinal) with its keyword
    /// branches (`=0` branches are exact matches, not categories). A branch's `#` or plural
    /// argument is written `%d` (`%f` when the ARB placeholder's type is `double` or `num`),
    /// so that the checks see where the number is printed.
    static func messagePlurals(_ text: LocatedText, placeholderTypes: [String: String]) -> [PluralVariable] {
        guard let parts = try? MessageSyntax.parse(text.text) else { return [] }
        var out: [PluralVariable] = []
        for choice in MessageSyntax.choices(parts) where choice.kind == "plural" {
            let decimal = ["double", "num"].contains(placeholderTypes[choice.name] ?? "")
            let variants = choice.options.filter { !$0.keyword.hasPrefix("=") }.map { option in
                PluralVariant(
                    keyword: option.keyword,
                    text: LocatedText(text: numberMarked(option.parts, name: choice.name, decimal: decimal), location: text.location))
            }
            out.append(PluralVariable(name: choice.name, kind: .wholeString, variants: variants, location: text.location))
        }
        return out
    }

    static func numberMarked(_ parts: [MessagePart], name: String, decimal: Bool) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += FormatParser.escapingPercents(text)
            case .pound: out += decimal ? "%f" : "%d"
            case .argument(let argument, _, _): out += argument == name ? (decimal ? "%f" : "%d") : "%@"
            case .choice(_, _, _, let options): out += numberMarked(options.first { $0.keyword == "other" }?.parts ?? [], name: name, decimal: decimal)
            }
        }
        return out
    }
}
