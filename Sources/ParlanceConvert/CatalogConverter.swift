import Foundation
import Parlance
package import ParlanceLocalization

/// Writes one table of a catalog model as YAML (one `<locale>.yml` per locale), as one
/// `<table>.xcstrings` String Catalog, as `<locale>.lproj/<table>.strings` +
/// `<table>.stringsdict` (`lproj`), or as gettext PO or MO files (``GettextCatalogWriter``).
///
/// What each target holds:
/// - YAML: everything the model holds — texts, plurals, substitutions (`=format`,
///   `=variables`), device and width variations (`=device`, `=width`), the comment, state and
///   extraction state (`=comment`, `=state`, `=extractionState`). See ``YAMLWalker``'s
///   structured entries.
/// - `.xcstrings`: everything but width variations (the widest is written) and a comment or
///   extraction state that differs between languages of one key (the first is kept).
/// - `lproj`: texts (with their comment, as `/* … */`) in `.strings`; plurals, substitutions,
///   device (`NSStringDeviceSpecificRuleType`) and width (`NSStringVariableWidthRuleType`)
///   choices in `.stringsdict`; not states, extraction states, nor comments of
///   `.stringsdict` entries.
///
/// What a target cannot hold is reported, entry by entry with its location, never dropped
/// silently; so are YAML named placeholders (`%{name}`, `{name}`) written to an Apple format
/// (which reads them as text), and a `{name}` in an Apple-format text written to YAML (which
/// reads it as a placeholder).
///
/// The model's one state per entry is the state of the first unit of an `.xcstrings` value;
/// the state of each plural or device unit is not in the model, and so is not converted.
package enum CatalogConverter {
    package enum Target: String, CaseIterable, Sendable {
        case yaml, xcstrings, lproj
        /// gettext PO: `<locale>.po` for `Localizable`, `<locale>/LC_MESSAGES/<table>.po` otherwise.
        case po
        /// gettext MO: `<locale>/LC_MESSAGES/<table>.mo`.
        case mo
        /// XLIFF 1.2 as Xcode writes it: `<locale>.xliff`, one per language.
        case xliff
        /// XLIFF 2.0 core: `<locale>.xliff`, one per language.
        case xliff2
        /// Android resources: `values/strings.xml`, `values-<qualifier>/strings.xml`.
        case android
        /// Flutter ARB: `app_<locale>.arb`.
        case arb
        /// i18next JSON: `<lng>.json`, `locales/<lng>/<table>.json`.
        case i18next
    }

    /// One thing the conversion could not carry over.
    package struct Loss: Error, Sendable, CustomStringConvertible {
        package var location: CatalogLocation
        package var key: String
        package var language: String
        package var message: String
        package var description: String { "\(location): \(quotedText(key)) (\(language)): \(message)" }
    }

    /// One entry to write, with what the writers need beside it.
    struct Item {
        var entry: CatalogEntry
        /// The comment (an `.xcstrings` comment, or the `/* */` comment of a `.strings` entry).
        var comment: String?
    }

    /// Collects losses while writing.
    struct Losses {
        var all: [Loss] = []
        mutating func add(_ entry: CatalogEntry, _ language: String, _ message: String, at location: CatalogLocation? = nil) {
            all.append(Loss(location: location ?? entry.location, key: entry.key, language: language, message: message))
        }
    }

    /// The entries of each locale of one table, in key order (`Base` for a Base localization),
    /// and the losses every target shares.
    static func collect(_ catalog: Catalog, table: String, target: Target) -> (entries: [(String, [Item])], losses: Losses) {
        var losses = Losses()
        var out: [(String, [Item])] = []
        var stringsComments: [String: [String: String]] = [:]
        for (localeKey, localeTable) in (catalog.model.tables[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
            var items: [Item] = []
            var language = localeKey == CatalogModel.baseKey ? "Base" : localeTable.language.languageTag
            // Android's `values/` is the development language's table, not a Base localization.
            if localeKey == CatalogModel.baseKey, localeTable.sources.allSatisfy({ $0.format == .android }),
                catalog.model.tables[table]?[CatalogModel.localeKey(catalog.developmentLanguage)] == nil
            {
                language = catalog.developmentLanguage.languageTag
            }
            for key in localeTable.keys.sorted() {
                guard let read = localeTable.entry(key) else { continue }
                // Named placeholders are those of the value as read, before placeholders are
                // converted to the target's syntax (whose ICU `one {x}` is no placeholder).
                let named = read.content.texts.flatMap { NamedPlaceholders.names(in: $0.text.text) }
                let entry = adapt(read, to: target, language: language, losses: &losses)
                var comment = entry.comment
                if comment == nil, entry.format == .strings {
                    if stringsComments[entry.file] == nil { stringsComments[entry.file] = StringsFile.comments(ofFile: entry.file) }
                    comment = stringsComments[entry.file]?[key]
                }
                if target != .yaml, entry.format == .yaml, !named.isEmpty {
                    losses.add(
                        entry, language,
                        "%{name}/{name} placeholders have no \(target == .lproj ? ".strings/.stringsdict" : "String Catalog") form: kept as text")
                } else if target == .yaml, entry.format != .yaml, !named.isEmpty, !entry.isMessageFormat {
                    losses.add(
                        entry, language,
                        "the text's \(named.map { "{\($0)}" }.joined(separator: ", ")) becomes a named placeholder in YAML (an argument by that name is then required)"
                    )
                }
                if target != .yaml, entry.format == .yaml { namedVariableLosses(entry.content, entry, language, &losses) }
                if target == .lproj, entry.isMessageFormat {
                    losses.add(
                        entry, language,
                        "an ICU MessageFormat value (its comment holds \(CatalogEntry.messageFormatMarker)) is read as a printf format from .strings/.stringsdict"
                    )
                } else if target != .lproj, !entry.isMessageFormat, comment?.contains(CatalogEntry.messageFormatMarker) == true {
                    losses.add(entry, language, "the comment holds \(CatalogEntry.messageFormatMarker), which makes the value ICU MessageFormat in the target")
                }
                items.append(Item(entry: entry, comment: comment))
            }
            if !items.isEmpty { out.append((language, items)) }
        }
        return (out, losses)
    }

    /// A YAML variable without `=argNum` (other than the `count` plural) is chosen by a named
    /// argument; Apple formats give it a positional one.
    static func namedVariableLosses(_ value: EntryValue, _ entry: CatalogEntry, _ language: String, _ losses: inout Losses) {
        for leaf in value.leaves {
            guard case .plural(let format, let variables) = leaf.value, wholeStringVariable(format: format.text, variables) == nil else { continue }
            for variable in variables where variable.kind == .variable && variable.argumentNumber == nil && !variable.usesArgumentPlaceholder {
                losses.add(
                    entry, language,
                    "the variable \(quotedText(variable.name)) is chosen by the named argument \(quotedText(variable.name)) in YAML; in Apple formats it takes the next positional argument",
                    at: variable.location)
            }
        }
    }

    /// Writes one table of the catalog to `directory` (created if needed): `<locale>.yml` files
    /// (which read back into `Localizable`), `<table>.xcstrings`, or
    /// `<locale>.lproj/<table>.strings` and `.stringsdict`. Returns the files written and the
    /// losses.
    ///
    /// - Throws: ``ParlanceError/Code/missingKey`` for a table the catalog does not have,
    ///   ``ParlanceError/Code/invalidFile`` when a file cannot be written.
    package static func convert(
        _ catalog: Catalog, table: String = "Localizable", to target: Target, directory: String
    ) throws(ParlanceError) -> (files: [String], losses: [Loss]) {
        guard catalog.model.tables[table] != nil else {
            throw ParlanceError(.missingKey, "the table \(quotedText(table)) is not in the catalog (tables: \(catalog.tableNames.joined(separator: ", ")))")
        }
        var (entries, losses) = collect(catalog, table: table, target: target)
        let files: [(String, [UInt8])]
        func utf8(_ texts: [(String, String)]) -> [(String, [UInt8])] { texts.map { ($0.0, Array($0.1.utf8)) } }
        switch target {
        case .yaml: files = utf8(YAMLCatalogWriter.files(entries, directory: directory, losses: &losses))
        case .xcstrings:
            files = utf8(
                try XCStringsWriter.files(
                    entries, table: table, sourceLanguage: catalog.developmentLanguage.languageTag, directory: directory, losses: &losses))
        case .lproj: files = utf8(LprojWriter.files(entries, table: table, directory: directory, losses: &losses))
        case .po, .mo:
            files = GettextCatalogWriter.files(entries, catalog: catalog, table: table, directory: directory, binary: target == .mo, losses: &losses)
        case .xliff, .xliff2:
            let adapted = adaptedForXLIFF(catalog, table: table, target: target, losses: &losses)
            files = XLIFFCatalogWriter.files(adapted, tables: [table], directory: directory, version: target == .xliff ? .v1_2 : .v2_0, losses: &losses)
        case .android: files = utf8(AndroidCatalogWriter.files(entries, catalog: catalog, table: table, directory: directory, losses: &losses))
        case .arb, .i18next: files = utf8(MessageJSONCatalogWriter.files(entries, table: table, directory: directory, target: target, losses: &losses))
        }
        for (path, text) in files {
            let folder = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ParlanceError(.invalidFile, "cannot create \(quotedText(folder)): \(error.localizedDescription)")
            }
            guard FileManager.default.createFile(atPath: path, contents: Data(text)) else {
                throw ParlanceError(.invalidFile, "cannot write \(quotedText(path))")
            }
        }
        return (files.map(\.0), losses.all)
    }

    /// The catalog with `table`'s entries in XLIFF's placeholder syntax (Apple's printf, as
    /// Xcode exports it): ICU MessageFormat values of ARB, i18next and FormatJS files become
    /// printf formats and gettext plurals get an `other` form, as for the other printf targets.
    static func adaptedForXLIFF(_ catalog: Catalog, table: String, target: Target, losses: inout Losses) -> Catalog {
        var model = catalog.model
        guard var byLocale = model.tables[table] else { return catalog }
        for (key, localeTable) in byLocale {
            var changed = localeTable
            let language = key == CatalogModel.baseKey ? "Base" : localeTable.language.languageTag
            for index in changed.sources.indices {
                changed.sources[index].entries = changed.sources[index].entries.mapValues {
                    adapt($0, to: target, language: language, losses: &losses)
                }
            }
            byLocale[key] = changed
        }
        model.tables[table] = byLocale
        return (try? Catalog(model: model, developmentLanguage: catalog.developmentLanguage)) ?? catalog
    }

    /// A YAML double-quoted scalar (``CatalogEscaping/yamlQuoted(_:)``).
    package static func yamlQuoted(_ text: String) -> String { CatalogEscaping.yamlQuoted(text) }

    // MARK: Shapes shared by the writers

    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    /// Variants in CLDR order, then any other keyword as written.
    /// The plural cases anywhere in a value that carry a state of their own.
    static func statedVariants(_ value: EntryValue) -> [PluralVariant] {
        switch value {
        case .text: []
        case .plural(_, let variables): variables.flatMap { $0.variants.filter { $0.state != nil } }
        case .device(let variants): variants.flatMap { statedVariants($0.value) }
        case .width(let variants): variants.flatMap { statedVariants($0.value) }
        }
    }

    static func ordered(_ variants: [PluralVariant]) -> [PluralVariant] {
        variants.enumerated().sorted { lhs, rhs in
            let a = categoryOrder.firstIndex(of: lhs.element.keyword) ?? categoryOrder.count
            let b = categoryOrder.firstIndex(of: rhs.element.keyword) ?? categoryOrder.count
            return a != b ? a < b : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The variable of a plural that is the whole string (`.xcstrings` plural variations, a
    /// YAML `one:`/`other:` mapping, a `.stringsdict` entry whose format is `%#@name@` alone
    /// over an integer or unspecified value type), or nil.
    static func wholeStringVariable(format: String, _ variables: [PluralVariable]) -> PluralVariable? {
        guard variables.count == 1, let variable = variables.first else { return nil }
        if variable.kind == .wholeString { return variable }
        guard format == "%#@\(variable.name)@", variable.argumentNumber == nil, !variable.usesArgumentPlaceholder else { return nil }
        return variable
    }

    /// The argument each unpositioned-or-positioned variable of a format takes (first use).
    static func variablePositions(_ format: String) -> [String: Int] {
        guard let tokens = try? FormatParser.parse(format, allowVariables: true) else { return [:] }
        var next = 1
        var out: [String: Int] = [:]
        for token in tokens {
            switch token {
            case .literal: continue
            case .spec(let spec): if spec.position == nil { next += 1 }
            case .variable(let name, let position):
                if out[name] == nil { out[name] = position ?? next }
                if position == nil { next += 1 }
            }
        }
        return out
    }

    /// A format rebuilt from tokens (`%` in literals doubled again).
    static func text(_ tokens: [FormatToken]) -> String {
        tokens.map { token in
            switch token {
            case .literal(let literal): FormatParser.escapingPercents(literal)
            case .spec(let spec): spec.text
            case .variable(let name, let position): position.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
            }
        }.joined()
    }
}

/// A key, value or name quoted in a loss message.
func quotedText(_ text: String) -> String { "'\(text)'" }
