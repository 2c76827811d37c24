import Parlance
import ParlanceLocalization

/// Writes entries as gettext catalogs: `<locale>.po` (the `Localizable` table) or
/// `<locale>/LC_MESSAGES/<table>.po` (any other table), or `<locale>/LC_MESSAGES/<table>.mo`;
/// each reads back into the same table.
///
/// The key is split at U+0004 into `msgctxt` and `msgid`; a text is a `msgstr`, printf
/// placeholders kept as written (gettext's `c-format` is printf); a whole-string plural is
/// `msgid_plural` and `msgstr[n]` laid out by the file's `Plural-Forms` (the header the
/// entries were read with, else gettext's standard header for the language). A translator
/// comment is `#.`, and comments read from PO go back to their own lines (`# `, `#:`, `#,`).
/// State `needs_review` (and `new` with a value) is `fuzzy`. What gettext cannot hold — device
/// and width choices, several plural variables, a category the header never chooses, ICU
/// MessageFormat, a Base localization — is a located loss.
enum GettextCatalogWriter {
    typealias Losses = CatalogConverter.Losses

    static func files(
        _ entries: [(String, [CatalogConverter.Item])], catalog: Catalog, table: String, directory: String, binary: Bool, losses: inout Losses
    ) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        for (language, items) in entries {
            guard language != "Base", let locale = try? LocaleID(language) else {
                for item in items { losses.add(item.entry, language, "gettext has no Base localization: not converted") }
                continue
            }
            // The header the table's gettext files were read with, else the standard one.
            let sources = catalog.model.tables[table]?[CatalogModel.localeKey(locale)]?.sources ?? []
            let read = sources.compactMap(\.gettext).first
            var forms: GettextPluralForms?
            var header: GettextHeader
            if let read, read.hasHeader {
                header = read.header
                forms = header["Plural-Forms"].flatMap { try? GettextPluralForms(header: $0) }
            } else {
                header = GettextHeader.standard(language: gettextName(locale), pluralForms: nil, project: table)
            }
            if forms == nil {
                forms = GettextPluralForms.standard(for: locale)
                if let forms { header.set("Plural-Forms", forms.description) }
            }
            if header["Language"] == nil { header.set("Language", gettextName(locale)) }
            if header["Content-Type"] == nil { header.set("Content-Type", "text/plain; charset=UTF-8") }
            let rules = try? ParlanceCore.pluralRules(locale)
            var messages: [GettextMessage] = []
            for item in items {
                guard let message = message(item, language: language, forms: forms, rules: rules, losses: &losses) else { continue }
                if binary {
                    // An MO file holds translations only, as msgfmt compiles them.
                    if item.comment != nil { losses.add(item.entry, language, "an MO file holds no comments: the comment is not converted") }
                    if message.isFuzzy {
                        losses.add(item.entry, language, "an MO file leaves out fuzzy (needs_review, new) entries, as msgfmt does: not converted")
                    }
                }
                messages.append(message)
            }
            let name = gettextName(locale)
            if binary {
                files.append(("\(directory)/\(name)/LC_MESSAGES/\(table).mo", GettextWriter.mo(header: header, messages: messages)))
            } else {
                let path = table == CatalogModel.mergedTable ? "\(directory)/\(name).po" : "\(directory)/\(name)/LC_MESSAGES/\(table).po"
                files.append((path, Array(GettextWriter.po(header: header, messages: messages).utf8)))
            }
        }
        return files
    }

    /// gettext's name of a locale: `pt_BR`, `sr_Latn` written `sr@latin`.
    static func gettextName(_ locale: LocaleID) -> String {
        let region = locale.region.map { "_" + $0 } ?? ""
        guard let script = locale.script else { return locale.language + region }
        if locale.language == "sr" && script == "Latn" { return "sr" + region + "@latin" }
        return locale.language + "_" + script + region
    }

    static func message(
        _ item: CatalogConverter.Item, language: String, forms: GettextPluralForms?, rules: PluralRules?, losses: inout Losses
    ) -> GettextMessage? {
        let entry = item.entry
        let (context, id) = GettextMessage.split(key: entry.key)
        if id.isEmpty && context == nil {
            losses.add(entry, language, "an empty key is gettext's header entry: not converted")
            return nil
        }
        let parts = GettextComment.split(item.comment)
        let fromGettext = entry.format == .po || entry.format == .mo
        var extracted = parts.extracted
        var translator = parts.translator
        var references = parts.references
        var flags = parts.flags
        if !fromGettext, let comment = item.comment {
            // A comment from another format is the developer's: `#.` lines.
            extracted = comment.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            translator = []
            references = []
            flags = []
        }
        if entry.isMessageFormat {
            losses.add(entry, language, "an ICU MessageFormat value is read as a printf format from PO/MO")
        }
        if let extraction = entry.extractionState {
            losses.add(entry, language, "the extraction state \(quotedText(extraction)) has no gettext form: not converted")
        }
        let hasText: Bool
        var message: GettextMessage
        let location = entry.location
        switch entry.content {
        case .text(let text):
            hasText = !text.text.isEmpty
            message = GettextMessage(context: context, id: id, strings: [text.text], location: location)
        case .plural(let format, let variables):
            guard let variable = wholeString(format: format.text, variables) else {
                losses.add(entry, language, "a format with several plural variables (or text around one) has no gettext form: not converted")
                return nil
            }
            guard let forms, let rules else {
                losses.add(entry, language, "no Plural-Forms header is known for \(language): the plural is not converted")
                return nil
            }
            var strings: [String]
            if let read = variable.gettext, read.forms == forms, variable.variants.count == forms.count {
                strings = variable.variants.map { variable.formatText($0.text.text) }
            } else {
                let categories = (try? GettextPluralMapping.categories(count: forms.count, forms: forms, rules: rules)) ?? []
                strings = categories.map { category in
                    (variable.variant(category) ?? variable.variant(.other) ?? variable.variants.last).map { variable.formatText($0.text.text) } ?? ""
                }
                for variant in variable.variants where !categories.contains(where: { $0.keyword == variant.keyword }) {
                    losses.add(
                        entry, language,
                        "the \(variant.keyword) variant has no msgstr[n] under \(quotedText(forms.description)): not converted",
                        at: variant.text.location)
                }
            }
            // gettext's n is an unsigned integer: a plural over a floating-point value (`.1f` of 1
            // is "1.0", `other` in English) cannot choose as it does.
            let valueType = variable.valueType ?? PluralNormalization.firstNumericArgument(variable.variant(.other)?.text.text ?? "")?.1
            if let valueType, let tokens = try? FormatParser.parse("%" + valueType, allowVariables: false), tokens.count == 1,
                case .spec(let spec) = tokens[0], FormatParser.floatConversions.contains(spec)
            {
                losses.add(entry, language, "the plural chooses by a floating-point value (%\(valueType)); gettext chooses by the integer n")
            }
            hasText = strings.contains { !$0.isEmpty }
            message = GettextMessage(
                context: context, id: id, pluralID: variable.gettext?.pluralID ?? id, strings: strings, location: location)
        case .device, .width:
            let leaves = entry.content.leaves
            let chosen = leaves.first { $0.label == "other" } ?? leaves.first
            losses.add(entry, language, "device and width choices have no gettext form: only the \(chosen?.label ?? "first") value is written")
            guard let chosen, case .text(let text) = chosen.value else { return nil }
            hasText = !text.text.isEmpty
            message = GettextMessage(context: context, id: id, strings: [text.text], location: location)
        }
        message.extractedComments = extracted
        message.translatorComments = translator
        message.references = references
        message.flags = flags
        message.isFuzzy = entry.state == "needs_review" || (entry.state == "new" && hasText)
        return message
    }

    /// The one plural variable that is the whole string, or nil.
    static func wholeString(format: String, _ variables: [PluralVariable]) -> PluralVariable? {
        guard variables.count == 1, let variable = variables.first else { return nil }
        if variable.kind == .wholeString { return variable }
        guard format == "%#@\(variable.name)@" || (variable.argumentNumber == nil && format.hasPrefix("%") && format.hasSuffix("$#@\(variable.name)@")) else {
            return nil
        }
        return variable
    }
}
