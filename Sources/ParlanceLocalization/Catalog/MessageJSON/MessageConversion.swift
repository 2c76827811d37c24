import Parlance

/// Placeholders converted between printf formats (`%1$@`, `%d`, `%.2f`, stringsdict plurals)
/// and ICU MessageFormat (`{0}`, `{0, number, integer}`, `{0, plural, …}`).
///
/// | printf | ICU |
/// |---|---|
/// | `%@`, `%s`, `%1$@` | `{0}` |
/// | `%d`, `%lld`, `%2$ld` | `{1, number, integer}` |
/// | `%.2f` | `{0, number, ::.00}` |
/// | a plural's own number in a variant | `#` |
/// | a whole-string plural, `%#@name@` | `{0, plural, one {…} other {…}}` |
///
/// ICU's `{0}` is the first positional argument, as a catalog lookup passes them. What one
/// side cannot say (a printf width, a `select`, a named ICU argument in printf) is returned as
/// a loss message; nothing is dropped silently.
package enum MessageConversion {
    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    // MARK: printf → ICU

    /// A printf value as an ICU pattern, and what it could not carry.
    package static func icu(from value: EntryValue) -> (text: String, losses: [String]) {
        var losses: [String] = []
        switch value {
        case .text(let text):
            return (icu(printf: text.text, plural: nil, inPlural: false, losses: &losses), losses)
        case .plural(let format, let variables):
            let normalized = PluralNormalization.normalize(format: format.text, variables: variables)
            guard let tokens = try? FormatParser.parse(normalized.format, allowVariables: true) else {
                return (MessageSyntax.icuLiteral(format.text, inPlural: false), ["the format does not parse: written as text"])
            }
            var out = ""
            var next = 1
            for token in tokens {
                switch token {
                case .literal(let literal): out += MessageSyntax.icuLiteral(literal, inPlural: false)
                case .spec(let spec):
                    let position = spec.position ?? next
                    if spec.position == nil { next += 1 }
                    out += argument(spec, position: position, losses: &losses)
                case .variable(let name, let placed):
                    let position = placed ?? next
                    if placed == nil { next += 1 }
                    guard let variable = normalized.variables[name] else {
                        losses.append("the variable \(quoted(name)) is not defined: written as text")
                        out += MessageSyntax.icuLiteral("%#@\(name)@", inPlural: false)
                        continue
                    }
                    out += "{\(position - 1), plural,"
                    let ordered = variable.variants.sorted {
                        categoryOrder.firstIndex(of: $0.key.keyword) ?? 9 < categoryOrder.firstIndex(of: $1.key.keyword) ?? 9
                    }
                    for (category, text) in ordered {
                        out += " \(category.keyword) {" + icu(printf: text, plural: position, inPlural: true, losses: &losses) + "}"
                    }
                    if variable.variants[.other] == nil { out += " other {}" }
                    out += "}"
                }
            }
            return (out, losses)
        case .device, .width:
            let leaves = value.leaves
            let chosen = leaves.first { $0.label == "other" } ?? leaves.first
            losses.append("device and width choices have no MessageFormat form: only the \(chosen?.label ?? "first") value is written")
            guard let chosen else { return ("", losses) }
            let (text, more) = icu(from: chosen.value)
            return (text, losses + more)
        }
    }

    static func icu(printf text: String, plural: Int?, inPlural: Bool, losses: inout [String]) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: false) else {
            losses.append("\(quoted(text, limit: 40)) is not a valid format: written as text")
            return MessageSyntax.icuLiteral(text, inPlural: inPlural)
        }
        var out = ""
        var next = plural ?? 1
        for token in tokens {
            switch token {
            case .literal(let literal): out += MessageSyntax.icuLiteral(literal, inPlural: inPlural)
            case .spec(let spec):
                let position = spec.position ?? next
                if spec.position == nil { next += 1 }
                if position == plural, FormatParser.integerConversions.contains(spec), spec.width == nil {
                    out += "#"
                } else {
                    out += argument(spec, position: position, losses: &losses)
                }
            case .variable(let name, _):
                losses.append("the variable \(quoted(name)) inside a variant has no MessageFormat form: written as text")
                out += MessageSyntax.icuLiteral("%#@\(name)@", inPlural: inPlural)
            }
        }
        return out
    }

    static func argument(_ spec: FormatSpec, position: Int, losses: inout [String]) -> String {
        let name = String(position - 1)
        if spec.width != nil || spec.leftAlign || spec.zeroPad || spec.plusSign || spec.spaceSign || spec.alternate {
            losses.append("\(spec.text) has flags or a width that MessageFormat has no form for: written as {\(name)}")
        }
        if FormatParser.integerConversions.contains(spec) {
            if FormatParser.radixConversions.contains(spec) { losses.append("\(spec.text) (octal or hexadecimal) is written as a decimal number") }
            return "{\(name), number, integer}"
        }
        if FormatParser.floatConversions.contains(spec) {
            if let precision = spec.precision {
                return precision == 0 ? "{\(name), number, integer}" : "{\(name), number, ::.\(String(repeating: "0", count: min(precision, 20)))}"
            }
            return "{\(name), number}"
        }
        if !FormatParser.textConversions.contains(spec) {
            losses.append("\(spec.text) has no MessageFormat form: written as {\(name)}")
        }
        return "{\(name)}"
    }

    // MARK: ICU → printf

    /// An ICU pattern as a printf value: a text, or a whole-string plural when the pattern is
    /// one plural (text around it goes into every variant). Arguments `{0}`, `{1}` are positions
    /// 1, 2; named arguments take the positions after them in order of first use (a loss says
    /// so); `select`, `selectordinal` and plurals inside the value keep their `other` branch (a
    /// loss).
    package static func printf(fromICU text: String, location: CatalogLocation) -> (value: EntryValue, losses: [String]) {
        var losses: [String] = []
        let parts: [MessagePart]
        do throws(MessageSyntaxError) {
            parts = try MessageSyntax.parse(text)
        } catch {
            losses.append("not valid MessageFormat (\(error.message)): written as text")
            return (.text(LocatedText(text: FormatParser.escapingPercents(text), location: location)), losses)
        }
        var positions: [String: Int] = [:]
        let names = MessageSyntax.argumentNames(parts)
        var last = names.compactMap { Int($0) }.max().map { $0 + 1 } ?? 0
        for name in names {
            if let number = Int(name), number >= 0 {
                positions[name] = number + 1
            } else {
                last += 1
                positions[name] = last
                losses.append("the named argument {\(name)} becomes positional argument \(last)")
            }
        }
        // One plural with text around it: a whole-string plural.
        let choices = parts.enumerated().filter { if case .choice = $0.element { true } else { false } }
        if choices.count == 1, case .choice(let name, let kind, let offset, let options) = choices[0].element, kind == "plural" {
            let before = Array(parts[..<choices[0].offset])
            let after = Array(parts[(choices[0].offset + 1)...])
            if offset != nil { losses.append("the plural's offset has no printf form: not kept") }
            var variants: [PluralVariant] = []
            for option in options {
                if option.keyword.hasPrefix("=") {
                    losses.append("the exact-match branch \(option.keyword) has no printf plural form: not kept")
                    continue
                }
                let body =
                    render(before, positions: positions, plural: nil, losses: &losses)
                    + render(option.parts, positions: positions, plural: positions[name], losses: &losses)
                    + render(after, positions: positions, plural: nil, losses: &losses)
                variants.append(PluralVariant(keyword: option.keyword, text: LocatedText(text: body, location: location)))
            }
            let variable = PluralVariable(name: "plural", kind: .wholeString, variants: variants, location: location)
            return (.plural(format: LocatedText(text: "%#@\(PluralNormalization.wholeStringName)@", location: location), variables: [variable]), losses)
        }
        return (.text(LocatedText(text: render(parts, positions: positions, plural: nil, losses: &losses), location: location)), losses)
    }

    static func render(_ parts: [MessagePart], positions: [String: Int], plural: Int?, losses: inout [String]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += FormatParser.escapingPercents(text)
            case .pound: out += plural.map { "%\($0)$lld" } ?? "#"
            case .argument(let name, let type, let style):
                let position = positions[name] ?? 1
                switch (type, style) {
                // A plural's own argument in its branches prints the number it chooses by.
                case (nil, _) where position == plural: out += "%\(position)$lld"
                case (nil, _): out += "%\(position)$@"
                case ("number", "integer"?): out += "%\(position)$lld"
                case ("number", let style?) where style.hasPrefix("::.") && style.dropFirst(3).allSatisfy({ $0 == "0" }):
                    out += "%\(position)$.\(style.count - 3)f"
                default:
                    losses.append("{\(name), \(type ?? "")\(style.map { ", " + $0 } ?? "")} has no printf form: written as %\(position)$@")
                    out += "%\(position)$@"
                }
            case .choice(let name, let kind, _, let options):
                losses.append("the \(kind) of {\(name)} inside the value has no printf form: its other branch is written")
                let other = options.first { $0.keyword == "other" }?.parts ?? []
                out += render(other, positions: positions, plural: kind == "select" ? plural : positions[name], losses: &losses)
            }
        }
        return out
    }
}
