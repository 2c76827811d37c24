import Foundation
import Parlance

/// The entries of one table of an XLIFF document, in its source and in its target language.
package struct XLIFFTableRecords: Sendable {
    /// The table (the originals' file name without extension).
    package var table: String
    /// `source-language` / `srcLang` as written.
    package var sourceLanguage: String?
    /// `target-language` / `trgLang` as written.
    package var targetLanguage: String?
    /// The `original` of each `<file>` of the table, in document order.
    package var originals: [String]
    /// One record per key, from the `<source>` texts.
    package var sourceRecords: [EntryRecord]
    /// One record per key with a non-empty `<target>` (an empty or missing target leaves the
    /// key untranslated, as Xcode's import does).
    package var targetRecords: [EntryRecord]
}

/// Where a table's XLIFF entries were read from: the `original` of each `<file>` (kept so that
/// a written XLIFF names the same project files, which is how Xcode matches them on import).
package struct XLIFFSourceInfo: Sendable, Hashable {
    package var originals: [String]

    package init(originals: [String]) { self.originals = originals }
}

/// What a unit's id says it is, by the Xcode conventions of its `<file original>`.
private enum UnitRole {
    /// A whole value (a `.strings` entry, an `.xcstrings` string, a stringsdict format key).
    case text(key: String)
    /// The `NSStringLocalizedFormatKey` of a stringsdict entry, or the format of an `.xcstrings`
    /// value with substitutions.
    case format(key: String)
    /// A plural variant: `/key:dict/variable:dict/one:dict/:string`,
    /// `key|==|plural.one` (whole string) or `key|==|substitutions.variable.plural.one`.
    case variant(key: String, variable: String, wholeString: Bool, keyword: String)
    /// `NSStringFormatValueTypeKey` of a stringsdict variable.
    case valueType(key: String, variable: String)
    /// `key|==|device.iphone`.
    case device(key: String, device: String)
}

extension XLIFFDocument {
    /// The separator Xcode writes between an `.xcstrings` key and the path of a variation.
    package static let variationSeparator = "|==|"

    /// The document's units as table records: `<file>` elements of one table and language pair
    /// are one table (a `.stringsdict` original's entries after a `.strings` original's, so
    /// that, as in a bundle, the stringsdict value wins), plural units grouped into plural
    /// values by Xcode's ids. A unit whose id does not fit its original's convention is a
    /// located diagnostic and is skipped.
    package func tableRecords() -> (tables: [XLIFFTableRecords], diagnostics: [CatalogDiagnostic]) {
        var diagnostics: [CatalogDiagnostic] = []
        var tables: [XLIFFTableRecords] = []
        var index: [String: Int] = [:]
        let ordered = files.enumerated().sorted { lhs, rhs in
            let a = lhs.element.original.lowercased().hasSuffix(".stringsdict") ? 1 : 0
            let b = rhs.element.original.lowercased().hasSuffix(".stringsdict") ? 1 : 0
            return a != b ? a < b : lhs.offset < rhs.offset
        }.map(\.element)
        for section in ordered {
            let (source, target) = Self.records(section, path: path, diagnostics: &diagnostics)
            let name = "\(section.table)\u{0}\(section.sourceLanguage ?? "")\u{0}\(section.targetLanguage ?? "")"
            if let at = index[name] {
                tables[at].originals.append(section.original)
                tables[at].sourceRecords += source
                tables[at].targetRecords += target
            } else {
                index[name] = tables.count
                tables.append(
                    XLIFFTableRecords(
                        table: section.table, sourceLanguage: section.sourceLanguage, targetLanguage: section.targetLanguage,
                        originals: [section.original], sourceRecords: source, targetRecords: target))
            }
        }
        // The originals in document order, whatever order the sections were merged in.
        for at in tables.indices {
            let originals = Set(tables[at].originals)
            tables[at].originals = files.map(\.original).filter { originals.contains($0) }.reduce(into: [String]()) { out, original in
                if !out.contains(original) { out.append(original) }
            }
        }
        return (tables, diagnostics)
    }

    /// The role of a unit by its id and its file's original, or a message saying what was expected.
    private static func role(_ id: String, original: String) -> Result<UnitRole, CatalogDiagnosticMessage> {
        let lowered = original.lowercased()
        if lowered.hasSuffix(".stringsdict") {
            let suffix = ":dict/:string"
            guard id.hasPrefix("/"), id.hasSuffix(suffix), id.count > suffix.count else {
                return .failure(.init("expected a stringsdict unit id such as /key:dict/NSStringLocalizedFormatKey:dict/:string"))
            }
            let body = id.dropFirst().dropLast(suffix.count)
            let parts = body.components(separatedBy: ":dict/")
            switch parts.count {
            case 2 where parts[1] == "NSStringLocalizedFormatKey":
                return .success(.format(key: parts[0]))
            case 3 where parts[2] == "NSStringFormatValueTypeKey":
                return .success(.valueType(key: parts[0], variable: parts[1]))
            case 3 where parts[2] == "NSStringFormatSpecTypeKey":
                return .failure(.init("", ignored: true))
            case 3 where !parts[1].isEmpty && !parts[2].isEmpty:
                return .success(.variant(key: parts[0], variable: parts[1], wholeString: false, keyword: parts[2]))
            default:
                return .failure(
                    .init("expected /key:dict/NSStringLocalizedFormatKey:dict/:string or /key:dict/variable:dict/category:dict/:string"))
            }
        }
        if lowered.hasSuffix(".xcstrings"), let separator = id.range(of: variationSeparator) {
            let key = String(id[..<separator.lowerBound])
            let path = id[separator.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if path.count == 2, path[0] == "plural", !path[1].isEmpty {
                return .success(.variant(key: key, variable: "plural", wholeString: true, keyword: path[1]))
            }
            if path.count >= 4, path[0] == "substitutions", path[path.count - 2] == "plural", !path[path.count - 1].isEmpty {
                let name = path[1..<(path.count - 2)].joined(separator: ".")
                return .success(.variant(key: key, variable: name, wholeString: false, keyword: path[path.count - 1]))
            }
            if path.count == 2, path[0] == "device", !path[1].isEmpty {
                return .success(.device(key: key, device: path[1].lowercased()))
            }
            return .failure(.init("expected key|==|plural.<category>, key|==|substitutions.<name>.plural.<category> or key|==|device.<device>"))
        }
        return .success(.text(key: id))
    }

    /// One plural or device value being assembled from its units.
    private struct Group {
        struct Variant {
            var keyword: String
            var unit: XLIFFUnit
        }
        struct Variable {
            var name: String
            var wholeString: Bool
            var valueType: String?
            var variants: [Variant] = []
        }
        var key: String
        var first: XLIFFUnit
        var format: XLIFFUnit?
        var variables: [Variable] = []
        var devices: [(device: String, unit: XLIFFUnit)] = []
        var units: [XLIFFUnit] = []
    }

    private static func comment(_ units: [XLIFFUnit]) -> String? {
        for unit in units {
            let notes = unit.notes.filter { !$0.isEmpty }
            if !notes.isEmpty { return notes.joined(separator: "\n") }
        }
        return nil
    }

    private static func translated(_ unit: XLIFFUnit) -> Bool { !(unit.target ?? "").isEmpty }

    /// The source and target records of one `<file>`.
    private static func records(_ section: XLIFFFileSection, path: String, diagnostics: inout [CatalogDiagnostic]) -> ([EntryRecord], [EntryRecord]) {
        var source: [EntryRecord] = []
        var target: [EntryRecord] = []
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        /// Records in unit order: a text record, or the group at an index (made at the end).
        var order: [UnitOrder] = []
        func group(_ key: String, _ unit: XLIFFUnit) -> Int {
            if let at = groupIndex[key] { return at }
            groupIndex[key] = groups.count
            groups.append(Group(key: key, first: unit))
            order.append(.group(groups.count - 1))
            return groups.count - 1
        }
        func variable(_ at: Int, _ name: String, wholeString: Bool) -> Int {
            if let found = groups[at].variables.firstIndex(where: { $0.name == name }) { return found }
            groups[at].variables.append(Group.Variable(name: name, wholeString: wholeString))
            return groups[at].variables.count - 1
        }
        for unit in section.units {
            switch role(unit.id, original: section.original) {
            case .failure(let message):
                guard !message.ignored else { continue }
                diagnostics.append(
                    CatalogDiagnostic(
                        file: path, line: unit.location.line, column: unit.location.column,
                        message: "the unit \(quoted(unit.id)) of \(quoted(section.original)): \(message.text); skipped", key: unit.id))
            case .success(.text(let key)):
                order.append(.text(unit, key))
            case .success(.format(let key)):
                let at = group(key, unit)
                groups[at].format = unit
                groups[at].units.append(unit)
            case .success(.valueType(let key, let name)):
                let at = group(key, unit)
                let index = variable(at, name, wholeString: false)
                groups[at].variables[index].valueType = unit.source
            case .success(.variant(let key, let name, let wholeString, let keyword)):
                let at = group(key, unit)
                let index = variable(at, name, wholeString: wholeString)
                groups[at].variables[index].variants.append(Group.Variant(keyword: keyword, unit: unit))
                groups[at].units.append(unit)
            case .success(.device(let key, let device)):
                let at = group(key, unit)
                groups[at].devices.append((device, unit))
                groups[at].units.append(unit)
            }
        }
        // In a String Catalog's units, the unit whose id is the key alone is the format of a
        // value with substitutions.
        var formats: Set<String> = []
        for item in order {
            guard case .text(let unit, let key) = item, let at = groupIndex[key], groups[at].format == nil else { continue }
            groups[at].format = unit
            groups[at].units.insert(unit, at: 0)
            formats.insert(key)
        }
        for item in order {
            switch item {
            case .text(_, let key) where formats.contains(key):
                continue
            case .text(let unit, let key):
                let note = Self.comment([unit])
                source.append(
                    EntryRecord(
                        key: key, location: unit.location, content: .text(LocatedText(text: unit.source, location: unit.sourceLocation)),
                        comment: note))
                if translated(unit) {
                    target.append(
                        EntryRecord(
                            key: key, location: unit.location,
                            content: .text(LocatedText(text: unit.target ?? "", location: unit.targetLocation)),
                            state: XLIFFState.model(unit.state), comment: note))
                }
            case .group(let at):
                let made = groups[at]
                if let record = value(made, target: false, path: path, diagnostics: &diagnostics) { source.append(record) }
                if let record = value(made, target: true, path: path, diagnostics: &diagnostics) { target.append(record) }
            }
        }
        return (source, target)
    }

    /// The record of a plural or device group, from its sources or its targets (nil when no
    /// unit of the group is translated, or when the group has no variant).
    private static func value(_ group: Group, target: Bool, path: String, diagnostics: inout [CatalogDiagnostic]) -> EntryRecord? {
        let note = Self.comment(group.units)
        func text(_ unit: XLIFFUnit) -> LocatedText? {
            if !target { return LocatedText(text: unit.source, location: unit.sourceLocation) }
            guard translated(unit) else { return nil }
            return LocatedText(text: unit.target ?? "", location: unit.targetLocation)
        }
        let stateUnit = target ? group.units.first(where: translated) : nil
        if target && stateUnit == nil { return nil }
        let state = target ? XLIFFState.model(stateUnit?.state) : nil
        if !group.devices.isEmpty {
            if !group.variables.isEmpty {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: path, line: group.first.location.line, column: group.first.location.column,
                        message: "the key \(quoted(group.key)) has both device and plural units: only its device units are read", key: group.key))
            }
            var variants: [DeviceVariant] = []
            for (device, unit) in group.devices {
                guard let value = text(unit) else { continue }
                variants.append(DeviceVariant(device: device, value: .text(value), location: unit.location))
            }
            guard !variants.isEmpty else { return nil }
            return EntryRecord(key: group.key, location: group.first.location, content: .device(variants), state: state, comment: note)
        }
        var variables: [PluralVariable] = []
        for variable in group.variables {
            var variants: [PluralVariant] = []
            for variant in variable.variants {
                guard let value = text(variant.unit) else { continue }
                let own = target ? XLIFFState.model(variant.unit.state) : nil
                variants.append(PluralVariant(keyword: variant.keyword, text: value, state: own == state ? nil : own))
            }
            guard !variants.isEmpty else { continue }
            let location = variable.variants.first?.unit.location ?? group.first.location
            variables.append(
                PluralVariable(
                    name: variable.name, kind: variable.wholeString ? .wholeString : .variable, valueType: variable.valueType,
                    usesArgumentPlaceholder: !variable.wholeString && variants.contains { $0.text.text.contains("%arg") }, variants: variants,
                    location: location))
        }
        guard !variables.isEmpty else {
            if !target, group.variables.isEmpty, let format = group.format {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: path, line: format.location.line, column: format.location.column,
                        message: "the format of \(quoted(group.key)) has no variant units: skipped", key: group.key))
            }
            return nil
        }
        let formatText: LocatedText
        if variables.contains(where: { $0.kind == .wholeString }) {
            formatText = LocatedText(text: "%#@\(PluralNormalization.wholeStringName)@", location: variables[0].location)
        } else if let format = group.format {
            // An untranslated format keeps the source's (`%#@items@` is rarely translated).
            formatText = text(format) ?? LocatedText(text: format.source, location: format.sourceLocation)
        } else {
            diagnostics.append(
                CatalogDiagnostic(
                    file: path, line: group.first.location.line, column: group.first.location.column,
                    message: "the plural \(quoted(group.key)) has no format unit (/key:dict/NSStringLocalizedFormatKey:dict/:string or key): skipped",
                    key: group.key))
            return nil
        }
        return EntryRecord(
            key: group.key, location: group.first.location, content: .plural(format: formatText, variables: variables), state: state, comment: note)
    }
}

/// A text unit, or a plural or device group by its index, in the order of the units.
private enum UnitOrder {
    case text(XLIFFUnit, String)
    case group(Int)
}

/// What a unit id was expected to be (or that it is a known unit with nothing to read).
private struct CatalogDiagnosticMessage: Error {
    var text: String
    var ignored = false

    init(_ text: String, ignored: Bool = false) {
        self.text = text
        self.ignored = ignored
    }
}

extension XLIFFDocument {
    /// The language a section's target texts are in: its `target-language`, else the file's
    /// name (`fr.xliff`), as an `.xcloc` bundle names it.
    static func fileLanguage(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return (name as NSString).deletingPathExtension
    }

    /// Reads an XLIFF file into table sources for a catalog: each table's target texts in the
    /// target language, and its source texts in the source language (marked, since they fill a
    /// table only when no other file does).
    static func tableParts(reading path: String) -> ([CatalogDiagnostic], [CatalogFileJob.TablePart]) {
        let document = XLIFFDocument(reading: path)
        let (tables, recordDiagnostics) = document.tableRecords()
        var diagnostics = document.diagnostics + recordDiagnostics
        var parts: [CatalogFileJob.TablePart] = []
        var pool = CatalogEntry.MetadataPool()
        for table in tables {
            let info = XLIFFSourceInfo(originals: table.originals)
            let location = document.files.first { $0.table == table.table }?.location ?? CatalogLocation(file: path, line: 0, column: 0)
            func locale(_ written: String?, _ attribute: String) -> (String, LocaleID)? {
                guard let written, !written.isEmpty else {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: path, line: location.line, column: location.column,
                            message:
                                "the <file> of table \(quoted(table.table)) has no \(attribute): its \(attribute == "source-language" ? "source" : "target") texts are not read",
                            code: "malformed-entry"))
                    return nil
                }
                guard let parsed = try? ParlanceCore.locale(written) else {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: path, line: location.line, column: location.column,
                            message: "\(attribute) \(quoted(written)) is not a locale id: the table \(quoted(table.table)) is not read in it",
                            code: "malformed-entry"))
                    return nil
                }
                return (written, parsed)
            }
            let targetWritten = table.targetLanguage ?? (table.targetRecords.isEmpty ? nil : fileLanguage(path))
            if !table.targetRecords.isEmpty, case let (name, target)? = locale(targetWritten, "target-language") {
                diagnostics += PluralChecks.diagnostics(table.targetRecords, language: name)
                var source = CatalogModel.source(table.targetRecords, table: table.table, locale: target, format: .xliff, file: path, pool: &pool)
                source.xliff = info
                parts.append(CatalogFileJob.TablePart(table: table.table, name: name, locale: target, source: source, isSourceText: false))
            }
            if case let (name, sourceLocale)? = locale(table.sourceLanguage, "source-language") {
                let records = sourceTexts(table.sourceRecords, locale: sourceLocale)
                var source = CatalogModel.source(records, table: table.table, locale: sourceLocale, format: .xliff, file: path, pool: &pool)
                source.xliff = info
                parts.append(CatalogFileJob.TablePart(table: table.table, name: name, locale: sourceLocale, source: source, isSourceText: true))
            }
        }
        return (diagnostics, parts)
    }
}

extension XLIFFDocument {
    /// Source records without the plural variants Xcode adds for the target language: an
    /// export to Russian has `few` and `many` units whose source is the English `other` text,
    /// which are not English variants. A CLDR category the source language never uses is left
    /// out (`zero` is kept: a stringsdict's `zero` is chosen for 0 in every language).
    static func sourceTexts(_ records: [EntryRecord], locale: LocaleID) -> [EntryRecord] {
        guard let rules = try? ParlanceCore.pluralRules(locale) else { return records }
        let used = Set(rules.categories.map(\.keyword) + ["zero"])
        return records.map { record in
            guard case .plural(let format, var variables) = record.content else { return record }
            for index in variables.indices {
                variables[index].variants.removeAll { $0.category != nil && !used.contains($0.keyword) }
            }
            var trimmed = record
            trimmed.content = .plural(format: format, variables: variables)
            return trimmed
        }
    }
}

extension TableSource {
    /// A table source made outside a reader (an import merging translations into a table).
    package init(format: CatalogFileFormat, file: String, entries: [String: CatalogEntry], keys: [String]) {
        self.format = format
        self.file = file
        self.entries = entries
        self.keys = keys
    }
}

extension LocaleTable {
    /// A table with no source yet.
    package init(language: LocaleID, name: String, isBase: Bool) {
        self.language = language
        self.name = name
        self.isBase = isBase
    }
}
