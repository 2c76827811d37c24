import Parlance
import ParlanceLocalization

/// Writes entries as Flutter ARB or i18next JSON, whose values are ICU MessageFormat: printf
/// values are converted first (``CatalogConverter/adapt(_:to:language:losses:)``).
///
/// - ARB: `app_<locale>.arb` for `Localizable`, `<table>_<locale>.arb` otherwise (`pt_BR`),
///   with `@@locale`; a comment is the `@key` `description`, and an ARB entry's other
///   metadata (placeholders and their types) is written back.
/// - i18next: `<lng>.json` for `Localizable`, `locales/<lng>/<table>.json` otherwise; keys are
///   nested at `.`; a value that is one plural is written as the v4 suffixed keys
///   (`key_one`, `key_other`; `key_ordinal_one` for `selectordinal`), `{name}` as `{{name}}`.
///
/// What the target cannot hold — states, comments in i18next, a select or a plural inside a
/// value in i18next, a Base localization — is a located loss.
enum MessageJSONCatalogWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(
        _ entries: [(String, [CatalogConverter.Item])], table: String, directory: String, target: CatalogConverter.Target, losses: inout Losses
    ) -> [(String, String)] {
        var files: [(String, String)] = []
        for (language, items) in entries {
            guard language != "Base", let locale = try? LocaleID(language) else {
                for item in items { losses.add(item.entry, language, "\(target.rawValue) has no Base localization: not converted") }
                continue
            }
            for item in items {
                if let state = item.entry.state {
                    losses.add(item.entry, language, "the state \(quotedText(state)) has no \(target.rawValue) form: not converted")
                }
                if !item.entry.isTranslatable {
                    losses.add(item.entry, language, "the mark not to translate has no \(target.rawValue) form: not converted")
                }
            }
            if target == .arb {
                let name = MessageJSONLayout.name(locale, separator: "_")
                let prefix = table == CatalogModel.mergedTable ? "app" : table
                let arbEntries = items.compactMap { item -> MessageJSONWriter.ARBEntry? in
                    guard case .text(let text) = item.entry.content else { return nil }
                    if item.entry.key.hasPrefix("@") {
                        losses.add(item.entry, language, "a key starting with @ is ARB metadata: not converted")
                        return nil
                    }
                    return MessageJSONWriter.ARBEntry(key: item.entry.key, message: text.text, comment: item.comment, metadata: item.entry.messageMetadata)
                }
                files.append(("\(directory)/\(prefix)_\(name).arb", MessageJSONWriter.arb(locale: name, entries: arbEntries)))
            } else {
                var pairs: [(key: String, value: String)] = []
                for item in items {
                    guard case .text(let text) = item.entry.content else { continue }
                    if item.comment != nil { losses.add(item.entry, language, "i18next JSON holds no comments: the comment is not converted") }
                    pairs += i18nextValues(item.entry, text.text, language: language, losses: &losses)
                }
                let (text, conflicts) = MessageJSONWriter.i18next(pairs)
                for key in conflicts {
                    if let item = items.first(where: { $0.entry.key == key || key.hasPrefix($0.entry.key + "_") }) {
                        losses.add(
                            item.entry, language, "\(quotedText(key)) is also the prefix of another key: i18next's nesting cannot hold both, not converted")
                    }
                }
                let name = MessageJSONLayout.name(locale, separator: "-")
                let path = table == CatalogModel.mergedTable ? "\(directory)/\(name).json" : "\(directory)/locales/\(name)/\(table).json"
                files.append((path, text))
            }
        }
        return files
    }

    /// An ICU value as i18next keys and values: one plural becomes suffixed keys.
    static func i18nextValues(_ entry: CatalogEntry, _ text: String, language: String, losses: inout Losses) -> [(key: String, value: String)] {
        guard let parts = try? MessageSyntax.parse(text) else {
            losses.add(entry, language, "the value is not valid MessageFormat: written as it is")
            return [(entry.key, text)]
        }
        let choices = parts.enumerated().filter { if case .choice = $0.element { true } else { false } }
        if choices.count == 1, case .choice(let name, let kind, let offset, let options) = choices[0].element, kind != "select" {
            if name != "count" {
                losses.add(entry, language, "i18next chooses plurals by the argument count: {\(name)} is written as {{count}}")
            }
            if offset != nil { losses.add(entry, language, "the plural's offset has no i18next form: not kept") }
            let before = Array(parts[..<choices[0].offset])
            let after = Array(parts[(choices[0].offset + 1)...])
            var out: [(key: String, value: String)] = []
            for option in options {
                guard !option.keyword.hasPrefix("=") else {
                    losses.add(entry, language, "the exact-match branch \(option.keyword) has no i18next form: not kept")
                    continue
                }
                let renamed = rename(before + option.parts + after, from: name)
                guard let value = MessageSyntax.i18next(renamed) else {
                    losses.add(entry, language, "the \(option.keyword) branch holds a plural or select: written as ICU text")
                    out.append((suffix(entry.key, option.keyword, ordinal: kind == "selectordinal"), MessageSyntax.icu(option.parts, inPlural: true)))
                    continue
                }
                out.append((suffix(entry.key, option.keyword, ordinal: kind == "selectordinal"), value))
            }
            return out
        }
        guard let value = MessageSyntax.i18next(parts) else {
            losses.add(entry, language, "a select, a plural inside the value, or a formatted argument has no i18next form: written as ICU text")
            return [(entry.key, text)]
        }
        return [(entry.key, value)]
    }

    static func suffix(_ key: String, _ keyword: String, ordinal: Bool) -> String { key + (ordinal ? "_ordinal_" : "_") + keyword }

    /// The plural's argument renamed `count`, as i18next names it.
    static func rename(_ parts: [MessagePart], from name: String) -> [MessagePart] {
        guard name != "count" else { return parts }
        return parts.map { part in
            switch part {
            case .argument(let argument, let type, let style) where argument == name: .argument(name: "count", type: type, style: style)
            case .choice(let argument, let kind, let offset, let options):
                .choice(
                    name: argument == name ? "count" : argument, kind: kind, offset: offset,
                    options: options.map { MessageOption(keyword: $0.keyword, parts: rename($0.parts, from: name), offset: $0.offset) })
            default: part
            }
        }
    }
}

extension CatalogConverter {
    /// An entry in the placeholder syntax of the target: printf values written to ARB or
    /// i18next become ICU MessageFormat; ICU values of ARB, i18next and FormatJS files (and any
    /// MessageFormat value written to Android) become printf formats (``MessageConversion``).
    /// What the conversion cannot carry is a loss.
    static func adapt(_ entry: CatalogEntry, to target: Target, language: String, losses: inout Losses) -> CatalogEntry {
        let messageTargets: Set<Target> = [.arb, .i18next]
        let messageSources: Set<CatalogFileFormat> = [.arb, .i18next, .formatjs]
        var record: EntryRecord
        if messageTargets.contains(target) {
            guard !entry.isMessageFormat else { return entry }
            let (text, found) = MessageConversion.icu(from: entry.content)
            for loss in found { losses.add(entry, language, loss) }
            record = EntryRecord(key: entry.key, location: entry.location, content: .text(LocatedText(text: text, location: entry.location)))
            record.isMessageFormat = true
            // A String Catalog comment's MessageFormat marker has no meaning here.
            record.comment = entry.comment
        } else if !entry.isMessageFormat, entry.format == .po || entry.format == .mo, target != .po, target != .mo,
            let completed = otherFromLastForm(entry.content)
        {
            // A gettext plural has no decimal form: a CLDR `other` that only decimals reach (ru,
            // pl, uk) is missing; the other formats take the last msgstr (the form of the largest
            // integers) for it.
            record = EntryRecord(key: entry.key, location: entry.location, content: completed)
            record.comment = entry.comment
        } else {
            guard entry.isMessageFormat, messageSources.contains(entry.format) || target == .android, case .text(let text) = entry.content else {
                return entry
            }
            let (value, found) = MessageConversion.printf(fromICU: text.text, location: text.location)
            for loss in found { losses.add(entry, language, loss) }
            record = EntryRecord(key: entry.key, location: entry.location, content: value)
            record.comment = entry.comment?.replacing(CatalogEntry.messageFormatMarker, with: "").trimmingSpaces.nilIfEmpty
        }
        record.state = entry.state
        record.extractionState = entry.extractionState
        record.isTranslatable = entry.isTranslatable
        record.messageMetadata = entry.messageMetadata
        return CatalogEntry(record: record, table: entry.table, language: entry.language, format: entry.format)
    }
}

extension CatalogConverter {
    /// A gettext whole-string plural without an `other` variant, with one: the last variant's
    /// text. Nil when the value needs none.
    static func otherFromLastForm(_ value: EntryValue) -> EntryValue? {
        guard case .plural(let format, var variables) = value, variables.count == 1, variables[0].kind == .wholeString,
            variables[0].variant(.other) == nil, let last = variables[0].variants.last
        else { return nil }
        variables[0].variants.append(PluralVariant(keyword: "other", text: last.text, state: last.state))
        variables[0].gettext = nil
        return .plural(format: format, variables: variables)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }

    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
