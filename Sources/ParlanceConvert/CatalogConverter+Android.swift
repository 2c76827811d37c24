import Parlance
import ParlanceLocalization

/// Writes entries as Android resources: `values/<file>` for the development language (and a
/// Base localization), `values-<qualifier>/<file>` for every other (`values-pt-rBR`,
/// `values-b+sr+Latn`), `<file>` being `strings.xml` for `Localizable` and `<table>.xml`
/// otherwise; each reads back into the same table.
///
/// A text is a `<string>`, a whole-string plural a `<plurals>` with one `<item quantity>` per
/// variant, keys `name[0]`, `name[1]`, … a `<string-array>`; a comment is an XML comment before
/// the resource; an entry marked not for translation keeps `translatable="false"`. Values are
/// escaped as Android's compiler reads them (``AndroidStringsFile/encode(_:)``); printf
/// placeholders become Java's (`%@` → `%s`, `%lld` → `%d`, several placeholders positional).
/// What Android cannot hold — states, device and width choices, several plural variables,
/// a key that is not a resource name — is a located loss.
enum AndroidCatalogWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(
        _ entries: [(String, [CatalogConverter.Item])], catalog: Catalog, table: String, directory: String, losses: inout Losses
    ) -> [(String, String)] {
        var files: [(String, String)] = []
        let development = catalog.developmentLanguage.languageTag
        let hasBase = entries.contains { $0.0 == "Base" }
        var written = Set<String>()
        for (language, items) in entries {
            let folder: String
            if language == "Base" || (language == development && !hasBase) {
                folder = "values"
            } else if let locale = try? LocaleID(language) {
                folder = AndroidLayout.folderName(locale)
            } else {
                for item in items { losses.add(item.entry, language, "\(quotedText(language)) has no Android folder: not converted") }
                continue
            }
            guard written.insert(folder).inserted else {
                for item in items { losses.add(item.entry, language, "the development language and Base both write values/: not converted") }
                continue
            }
            let text = resources(items, language: language, losses: &losses)
            files.append(("\(directory)/\(folder)/\(AndroidLayout.fileName(ofTable: table))", text))
        }
        return files
    }

    /// Whether a key is an Android resource name.
    static func isResourceName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
    }

    /// `name[index]`: a string-array item.
    static func arrayItem(_ key: String) -> (name: String, index: Int)? {
        guard key.hasSuffix("]"), let open = key.lastIndex(of: "[") else { return nil }
        guard let index = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]), index >= 0 else { return nil }
        return (String(key[..<open]), index)
    }

    static func resources(_ items: [CatalogConverter.Item], language: String, losses: inout Losses) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        // String arrays: items 0..<n of one name, all texts.
        var arrays: [String: [Int: CatalogConverter.Item]] = [:]
        let keys = Set(items.map(\.entry.key))
        for item in items {
            guard let member = arrayItem(item.entry.key), !keys.contains(member.name), case .text = item.entry.content else { continue }
            arrays[member.name, default: [:]][member.index] = item
        }
        arrays = arrays.filter { (_, members) in Set(members.keys) == Set(0..<members.count) }
        var arraysWritten = Set<String>()
        for item in items {
            let entry = item.entry
            if let name = arrayItem(entry.key)?.name, let members = arrays[name] {
                guard arraysWritten.insert(name).inserted else { continue }
                let ordered = (0..<members.count).compactMap { members[$0] }
                out += comment(ordered.first?.comment)
                let translatable = ordered.allSatisfy(\.entry.isTranslatable) ? "" : " translatable=\"false\""
                out += "    <string-array name=\"\(name)\"\(translatable)>\n"
                for member in ordered {
                    note(member, language, &losses)
                    guard case .text(let text) = member.entry.content else { continue }
                    out += "        <item>\(AndroidStringsFile.encode(java(text.text, member.entry, language, &losses)))</item>\n"
                }
                out += "    </string-array>\n"
                continue
            }
            guard isResourceName(entry.key) else {
                losses.add(entry, language, "\(quotedText(entry.key)) is not an Android resource name (letters, digits, _ and .): not converted")
                continue
            }
            note(item, language, &losses)
            let translatable = entry.isTranslatable ? "" : " translatable=\"false\""
            var value = entry.content
            if case .device = value, let leaf = chooseLeaf(entry, language, &losses) { value = leaf }
            if case .width = value, let leaf = chooseLeaf(entry, language, &losses) { value = leaf }
            switch value {
            case .text(let text):
                out += comment(item.comment)
                out += "    <string name=\"\(entry.key)\"\(translatable)>\(AndroidStringsFile.encode(java(text.text, entry, language, &losses)))</string>\n"
            case .plural(let format, let variables):
                guard let variable = plural(format: format.text, variables) else {
                    losses.add(entry, language, "a format with several plural variables (or text around one) has no Android form: not converted")
                    continue
                }
                out += comment(item.comment)
                out += "    <plurals name=\"\(entry.key)\"\(translatable)>\n"
                for variant in CatalogConverter.ordered(variable.variants) {
                    guard variant.category != nil else {
                        losses.add(entry, language, "\(quotedText(variant.keyword)) is not an Android quantity: not converted", at: variant.text.location)
                        continue
                    }
                    let text = java(variable.formatText(variant.text.text), entry, language, &losses)
                    out += "        <item quantity=\"\(variant.keyword)\">\(AndroidStringsFile.encode(text))</item>\n"
                }
                out += "    </plurals>\n"
            case .device, .width:
                continue
            }
        }
        return out + "</resources>\n"
    }

    /// The one plural variable that is the whole string (chosen by the first argument), or nil.
    static func plural(format: String, _ variables: [PluralVariable]) -> PluralVariable? {
        guard variables.count == 1, let variable = variables.first else { return nil }
        if variable.kind == .wholeString { return variable }
        guard format == "%#@\(variable.name)@" || format == "%1$#@\(variable.name)@", (variable.argumentNumber ?? 1) == 1 else { return nil }
        return variable
    }

    static func chooseLeaf(_ entry: CatalogEntry, _ language: String, _ losses: inout Losses) -> EntryValue? {
        let leaves = entry.content.leaves
        let chosen = leaves.first { $0.label == "other" } ?? leaves.first
        losses.add(entry, language, "device and width choices have no Android form: only the \(chosen?.label ?? "first") value is written")
        return chosen?.value
    }

    static func note(_ item: CatalogConverter.Item, _ language: String, _ losses: inout Losses) {
        if let state = item.entry.state { losses.add(item.entry, language, "the state \(quotedText(state)) has no Android form: not converted") }
        if let extraction = item.entry.extractionState {
            losses.add(item.entry, language, "the extraction state \(quotedText(extraction)) has no Android form: not converted")
        }
    }

    /// An XML comment line (`--` cannot appear in one: written `- -`).
    static func comment(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        var safe = text
        while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
        if safe.hasSuffix("-") { safe += " " }
        return "    <!-- \(safe) -->\n"
    }

    /// A printf format as Java's `String.format` reads it: `%@`/`%S` → `%s`, length modifiers
    /// dropped, `%u`/`%D`/`%U` → `%d`; with two or more placeholders, all positional (Android's
    /// compiler rejects several unpositioned ones).
    static func java(_ text: String, _ entry: CatalogEntry, _ language: String, _ losses: inout Losses) -> String {
        guard text.contains("%"), let tokens = try? FormatParser.parse(text, allowVariables: false) else { return text }
        let specs = tokens.filter { if case .spec = $0 { true } else { false } }.count
        var next = 1
        var out = ""
        for token in tokens {
            switch token {
            case .literal(let literal): out += FormatParser.escapingPercents(literal)
            case .variable(let name, _): out += "%#@\(name)@"
            case .spec(var spec):
                if spec.position == nil, specs > 1 {
                    spec.position = next
                    next += 1
                }
                spec.length = ""
                switch spec.conversion {
                case "@", "S": spec.conversion = "s"
                case "u", "D", "U", "i": spec.conversion = "d"
                case "O": spec.conversion = "o"
                case "C": spec.conversion = "c"
                case "p":
                    losses.add(entry, language, "%p has no Java form: written as %s")
                    spec.conversion = "s"
                default: break
                }
                out += spec.text
            }
        }
        return out
    }
}
