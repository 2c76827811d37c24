import Foundation
import Parlance

/// Writes the tables of a catalog model as XLIFF for one target language: XLIFF 1.2 as Xcode
/// writes it (one `<file>` per project file, `<trans-unit id>` with `<source>`, `<target
/// state>` and `<note>`, stringsdict plurals as `/key:dict/variable:dict/one:dict/:string`
/// units, String Catalog plurals as `key|==|plural.one` units), or XLIFF 2.0 core with the
/// same unit names.
///
/// The source texts are the development language's (a key only the target language has is
/// its own source text, as Apple's lookup falls back to the key); the targets are the target
/// language's; a key with no target-language value has no `<target>`. Each plural variable has
/// a unit for every category the target language uses (`few` and `many` for Russian from an
/// English `one`/`other`), whose source is the source's `other` text, in its CLDR place, as
/// Xcode writes it. The state is the
/// model's (``XLIFFState``), the note the entry's comment. Each table's `<file original>` is
/// the one it was read from XLIFF with, else `<source>.lproj/<table>.strings` and
/// `.stringsdict`, or `<table>.xcstrings` for a String Catalog. What XLIFF cannot hold (width
/// choices, device choices outside a String Catalog, characters XML 1.0 forbids) is a located
/// warning.
package enum XLIFFWriter {
    /// One unit to write.
    package struct Unit: Sendable, Hashable {
        package var id: String
        package var source: String
        package var target: String?
        /// The model state (``XLIFFState`` maps it).
        package var state: String?
        package var note: String?
    }

    /// One `<file>`.
    package struct Section: Sendable, Hashable {
        package var original: String
        package var units: [Unit]
    }

    /// The XLIFF version to write.
    package enum Version: Sendable {
        case v1_2, v2_0
    }

    /// A side's units of one value, with the id whose text stands in for a missing unit.
    private struct SideUnit {
        var id: String
        var text: String
        var state: String?
        var otherID: String?
        /// A plural variant's variable (the id prefix its variants share) and the rank of its
        /// keyword in CLDR order, so that a variant only the target has goes in its place.
        var group: String?
        var rank = 0
        /// What follows the keyword in a variant's id (`:dict/:string` in a stringsdict's).
        var suffix = ""
    }

    /// The `<file>` sections of `tables` for `target`, sources in `source` (`sourceName` as
    /// written in originals).
    package static func sections(
        model: CatalogModel, tables: [String], source: LocaleID, target: LocaleID, warnings: inout [CatalogDiagnostic]
    ) -> [Section] {
        var sections: [Section] = []
        var stringsComments: [String: [String: String]] = [:]
        let targetCategories = (try? ParlanceCore.pluralRules(target))?.categories.map(\.keyword) ?? []
        for table in tables {
            guard let byLocale = model.tables[table] else { continue }
            let sourceTable = byLocale[CatalogModel.localeKey(source)] ?? byLocale[CatalogModel.baseKey]
            let targetTable = byLocale[CatalogModel.localeKey(target)]
            guard sourceTable != nil || targetTable != nil else { continue }
            let info = (sourceTable?.sources ?? []).compactMap(\.xliff).first ?? (targetTable?.sources ?? []).compactMap(\.xliff).first
            let formats = (sourceTable?.sources ?? []).map(\.format) + (targetTable?.sources ?? []).map(\.format)
            let files = originals(table: table, info: info, sourceName: source.languageTag, isStringCatalog: formats.first == .xcstrings)
            let keys = Set(sourceTable?.keys ?? []).union(targetTable?.keys ?? []).sorted()
            var texts: [Unit] = []
            var plurals: [Unit] = []
            func comment(_ entry: CatalogEntry?) -> String? {
                guard let entry else { return nil }
                if let comment = entry.comment { return comment }
                guard entry.format == .strings else { return nil }
                if stringsComments[entry.file] == nil { stringsComments[entry.file] = StringsFile.comments(ofFile: entry.file) }
                return stringsComments[entry.file]?[entry.key]
            }
            for key in keys {
                let sourceEntry = sourceTable?.entry(key)
                let targetEntry = targetTable?.entry(key)
                let note = comment(sourceEntry) ?? comment(targetEntry)
                let sourceUnits = sourceEntry.map { side($0, language: source, xcstrings: files.xcstrings != nil, warnings: &warnings) } ?? []
                let targetUnits = targetEntry.map { side($0, language: target, xcstrings: files.xcstrings != nil, warnings: &warnings) } ?? []
                var byID: [String: SideUnit] = [:]
                for unit in sourceUnits { byID[unit.id] = unit }
                var targetByID: [String: SideUnit] = [:]
                for unit in targetUnits { targetByID[unit.id] = unit }
                var ids = sourceUnits.map(\.id)
                var present = Set(ids)
                var placed = sourceUnits.map { ($0.group, $0.rank) }
                func insert(_ unit: SideUnit) {
                    guard present.insert(unit.id).inserted else { return }
                    // Before the first variant of its variable that comes after it, else after
                    // the variable's last variant, else at the end.
                    let same = placed.indices.filter { unit.group != nil && placed[$0].0 == unit.group }
                    let at = same.first { placed[$0].1 > unit.rank } ?? same.last.map { $0 + 1 } ?? ids.count
                    ids.insert(unit.id, at: at)
                    placed.insert((unit.group, unit.rank), at: at)
                }
                for unit in targetUnits { insert(unit) }
                // The categories the target language uses, for every plural variable, so that a
                // translator can fill them (`few` and `many` for Polish from English `one` and
                // `other`): untranslated, with the source's `other` text.
                var variables: [(group: String, suffix: String)] = []
                for unit in sourceUnits + targetUnits {
                    if let group = unit.group, !variables.contains(where: { $0.group == group }) { variables.append((group, unit.suffix)) }
                }
                var otherIDs: [String: String] = [:]
                for (group, suffix) in variables {
                    for keyword in targetCategories {
                        otherIDs[group + keyword + suffix] = group + "other" + suffix
                        insert(
                            SideUnit(
                                id: group + keyword + suffix, text: "", otherID: group + "other" + suffix, group: group, rank: rank(keyword),
                                suffix: suffix))
                    }
                }
                var units: [Unit] = []
                for id in ids {
                    let found = byID[id]
                    let otherID = targetByID[id]?.otherID ?? found?.otherID ?? otherIDs[id]
                    let other = otherID.flatMap { byID[$0] }
                    let sourceText = found?.text ?? other?.text ?? (sourceEntry == nil ? key : "")
                    let targetUnit = targetByID[id]
                    units.append(Unit(id: id, source: sourceText, target: targetUnit?.text, state: targetUnit?.state, note: note))
                }
                let isPlural = units.count != 1 || units.first?.id != key
                if isPlural && files.xcstrings == nil { plurals += units } else { texts += units }
            }
            if let xcstrings = files.xcstrings {
                sections.append(Section(original: xcstrings, units: texts))
            } else {
                if !texts.isEmpty || plurals.isEmpty { sections.append(Section(original: files.strings, units: texts)) }
                if !plurals.isEmpty { sections.append(Section(original: files.stringsdict, units: plurals)) }
            }
        }
        return sections
    }

    /// A table's originals: a String Catalog's, or the `.strings` and `.stringsdict` files'.
    private static func originals(
        table: String, info: XLIFFSourceInfo?, sourceName: String, isStringCatalog: Bool
    ) -> (xcstrings: String?, strings: String, stringsdict: String) {
        let read = info?.originals ?? []
        if let catalog = read.first(where: { $0.lowercased().hasSuffix(".xcstrings") }) { return (catalog, "", "") }
        if read.isEmpty && isStringCatalog { return ("\(table).xcstrings", "", "") }
        let strings = read.first { !$0.lowercased().hasSuffix(".stringsdict") }
        let stringsdict = read.first { $0.lowercased().hasSuffix(".stringsdict") }
        func swapped(_ path: String, _ ext: String) -> String { (path as NSString).deletingPathExtension + "." + ext }
        let defaultStrings = "\(sourceName).lproj/\(table).strings"
        return (
            nil, strings ?? stringsdict.map { swapped($0, "strings") } ?? defaultStrings,
            stringsdict ?? strings.map { swapped($0, "stringsdict") } ?? swapped(defaultStrings, "stringsdict")
        )
    }

    /// One side's units of an entry (in Xcode's ids).
    private static func side(_ entry: CatalogEntry, language: LocaleID, xcstrings: Bool, warnings: inout [CatalogDiagnostic]) -> [SideUnit] {
        var units: [SideUnit] = []
        value(entry.content, entry: entry, language: language, xcstrings: xcstrings, state: entry.state, into: &units, warnings: &warnings)
        return units
    }

    private static func warn(_ entry: CatalogEntry, _ language: LocaleID, _ message: String, _ warnings: inout [CatalogDiagnostic]) {
        warnings.append(
            CatalogDiagnostic(
                file: entry.location.file, line: entry.location.line, column: entry.location.column, message: message, key: entry.key,
                language: language.languageTag, code: "xliff-loss"))
    }

    private static func value(
        _ content: EntryValue, entry: CatalogEntry, language: LocaleID, xcstrings: Bool, state: String?, into units: inout [SideUnit],
        warnings: inout [CatalogDiagnostic]
    ) {
        let key = entry.key
        switch content {
        case .text(let text):
            units.append(SideUnit(id: key, text: text.text, state: state))
        case .plural(let format, let variables):
            let whole = variables.count == 1 && variables[0].kind == .wholeString
            if xcstrings {
                if !whole { units.append(SideUnit(id: key, text: format.text, state: state)) }
                for variable in variables {
                    let prefix = variable.kind == .wholeString ? "\(key)|==|plural." : "\(key)|==|substitutions.\(variable.name).plural."
                    for variant in ordered(variable.variants) {
                        units.append(
                            SideUnit(
                                id: prefix + variant.keyword, text: variant.text.text, state: variant.state ?? state, otherID: prefix + "other",
                                group: prefix, rank: rank(variant.keyword)))
                    }
                }
            } else {
                let formatID = "/\(key):dict/NSStringLocalizedFormatKey:dict/:string"
                let formatText =
                    whole ? "%#@\(variables[0].name)@" : format.text
                units.append(SideUnit(id: formatID, text: formatText, state: state))
                for variable in variables {
                    if variable.usesArgumentPlaceholder || variable.argumentNumber != nil {
                        warn(
                            entry, language,
                            "the substitution \(quoted(variable.name)) is written as a stringsdict variable: its %arg and argument number have no stringsdict unit",
                            &warnings)
                    }
                    let prefix = "/\(key):dict/\(variable.name):dict/"
                    for variant in ordered(variable.variants) {
                        units.append(
                            SideUnit(
                                id: prefix + variant.keyword + ":dict/:string", text: variant.text.text, state: variant.state ?? state,
                                otherID: prefix + "other:dict/:string", group: prefix, rank: rank(variant.keyword), suffix: ":dict/:string"))
                    }
                }
            }
        case .device(let variants):
            if xcstrings, variants.allSatisfy({ if case .text = $0.value { true } else { false } }) {
                for variant in variants {
                    guard case .text(let text) = variant.value else { continue }
                    units.append(SideUnit(id: "\(key)|==|device.\(variant.device)", text: text.text, state: state))
                }
                return
            }
            let chosen = variants.first { $0.device == "other" } ?? variants.first
            warn(
                entry, language,
                "device choices have no XLIFF form here (only text device variations of a String Catalog do): only the \(chosen?.device ?? "first") value is written",
                &warnings)
            if let chosen { value(chosen.value, entry: entry, language: language, xcstrings: xcstrings, state: state, into: &units, warnings: &warnings) }
        case .width(let variants):
            let widest = variants.max { $0.width < $1.width }
            warn(entry, language, "width choices have no XLIFF form: only the widest value is written", &warnings)
            if let widest { value(widest.value, entry: entry, language: language, xcstrings: xcstrings, state: state, into: &units, warnings: &warnings) }
        }
    }

    private static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    private static func rank(_ keyword: String) -> Int { categoryOrder.firstIndex(of: keyword) ?? categoryOrder.count }

    /// Variants in CLDR order, then any other keyword as written.
    private static func ordered(_ variants: [PluralVariant]) -> [PluralVariant] {
        variants.enumerated().sorted { lhs, rhs in
            let a = categoryOrder.firstIndex(of: lhs.element.keyword) ?? categoryOrder.count
            let b = categoryOrder.firstIndex(of: rhs.element.keyword) ?? categoryOrder.count
            return a != b ? a < b : lhs.offset < rhs.offset
        }.map(\.element)
    }

    // MARK: XML

    /// The document for `sections`.
    package static func document(
        _ sections: [Section], version: Version, sourceLanguage: String, targetLanguage: String, warnings: inout [CatalogDiagnostic], path: String = ""
    ) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var escaper = Escaper(path: path)
        switch version {
        case .v1_2:
            out +=
                "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">\n"
            for section in sections {
                out +=
                    "  <file original=\"\(escaper.attribute(section.original))\" source-language=\"\(escaper.attribute(sourceLanguage))\" target-language=\"\(escaper.attribute(targetLanguage))\" datatype=\"plaintext\">\n"
                out += "    <header>\n      <tool tool-id=\"parlance\" tool-name=\"Parlance\"/>\n    </header>\n    <body>\n"
                for unit in section.units {
                    out += "      <trans-unit id=\"\(escaper.attribute(unit.id, key: unit.id))\" xml:space=\"preserve\">\n"
                    out += "        <source>\(escaper.text(unit.source, key: unit.id))</source>\n"
                    if let target = unit.target {
                        let state = XLIFFState.xliff12(unit.state).map { " state=\"\($0)\"" } ?? ""
                        out += "        <target\(state)>\(escaper.text(target, key: unit.id))</target>\n"
                    }
                    if let note = unit.note { out += "        <note>\(escaper.text(note, key: unit.id))</note>\n" }
                    out += "      </trans-unit>\n"
                }
                out += "    </body>\n  </file>\n"
            }
        case .v2_0:
            out +=
                "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"\(escaper.attribute(sourceLanguage))\" trgLang=\"\(escaper.attribute(targetLanguage))\">\n"
            for (fileIndex, section) in sections.enumerated() {
                out += "  <file id=\"f\(fileIndex + 1)\" original=\"\(escaper.attribute(section.original))\">\n"
                for (unitIndex, unit) in section.units.enumerated() {
                    // `id` is an NMTOKEN: the key (which may hold spaces) is the unit's `name`.
                    out += "    <unit id=\"u\(unitIndex + 1)\" name=\"\(escaper.attribute(unit.id, key: unit.id))\">\n"
                    if let note = unit.note { out += "      <notes>\n        <note>\(escaper.text(note, key: unit.id))</note>\n      </notes>\n" }
                    let (state, subState): (String?, String?) = unit.target == nil ? (nil, nil) : XLIFFState.xliff20(unit.state)
                    let stateText = (state.map { " state=\"\($0)\"" } ?? "") + (subState.map { " subState=\"\($0)\"" } ?? "")
                    out += "      <segment\(stateText)>\n"
                    out += "        <source xml:space=\"preserve\">\(escaper.text(unit.source, key: unit.id))</source>\n"
                    if let target = unit.target { out += "        <target xml:space=\"preserve\">\(escaper.text(target, key: unit.id))</target>\n" }
                    out += "      </segment>\n    </unit>\n"
                }
                out += "  </file>\n"
            }
        }
        out += "</xliff>\n"
        warnings += escaper.warnings
        return out
    }

    /// XML escaping; a character XML 1.0 cannot hold is written as U+FFFD, with a warning.
    private struct Escaper {
        let path: String
        var warnings: [CatalogDiagnostic] = []

        mutating func text(_ text: String, key: String? = nil) -> String { escape(text, attribute: false, key: key) }
        mutating func attribute(_ text: String, key: String? = nil) -> String { escape(text, attribute: true, key: key) }

        private mutating func escape(_ text: String, attribute: Bool, key: String?) -> String {
            var out = ""
            out.reserveCapacity(text.utf8.count)
            var refused = false
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"" where attribute: out += "&quot;"
                // A parser turns CR (and CR LF) into LF, and tab and LF in attributes into spaces:
                // as character references they stay what they are.
                case "\r": out += "&#13;"
                case "\t" where attribute: out += "&#9;"
                case "\n" where attribute: out += "&#10;"
                case "\t", "\n": out.unicodeScalars.append(scalar)
                default:
                    let value = scalar.value
                    if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                        refused = true
                        out += "\u{FFFD}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            if refused {
                warnings.append(
                    CatalogDiagnostic(
                        file: path, line: 0, column: 0,
                        message: "\(quoted(text)) holds a control character XML 1.0 cannot hold: written as U+FFFD", key: key, code: "xliff-loss"))
            }
            return out
        }
    }
}
