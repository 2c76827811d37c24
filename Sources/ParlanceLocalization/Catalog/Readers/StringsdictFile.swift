import Parlance

/// A `.stringsdict` file: XML (or binary) property list of plural entries.
///
/// Both forms are read by Parlance's own property list reader (`PlistNode`), never by
/// Foundation, under depth and size budgets. Entries use `NSStringLocalizedFormatKey` and
/// variables whose `NSStringFormatSpecTypeKey` is `NSStringPluralRuleType`; a top-level
/// `NSStringDeviceSpecificRuleType` dictionary gives per-device values and
/// `NSStringVariableWidthRuleType` values by presentation width.
///
/// One malformed entry never fails the file: it is skipped and reported in ``diagnostics``
/// with its line and column; only a file that is not a property list at all throws.
///
/// ```swift
/// let file = try StringsdictFile(contentsOf: "/app/ru.lproj/Localizable.stringsdict")
/// if case .plural(let entry)? = file.entries["items.count"] {
///     try entry.format(language: "ru", locale: "ru", arguments: [5])   // "5 элементов"
/// }
/// ```
public struct StringsdictFile: Sendable {
    /// The file name used in diagnostics.
    public let file: String
    /// The entries by key, in the stringsdict shape.
    public var entries: [String: CatalogValue] {
        Dictionary(records.map { ($0.key, $0.content.catalogValue) }, uniquingKeysWith: { _, last in last })
    }
    /// The located entries, in file order.
    package let records: [EntryRecord]
    /// Entries skipped because they are malformed, each located.
    public let diagnostics: [CatalogDiagnostic]

    /// Reads a `.stringsdict` file from disk.
    ///
    /// ```swift
    /// let file = try StringsdictFile(contentsOf: "en.lproj/Localizable.stringsdict")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming the file, line and column.
    public init(contentsOf path: String) throws {
        do { try self.init(reading: path) } catch { throw error.error }
    }

    package init(reading path: String) throws(CatalogDiagnostic) {
        try self.init(parsing: CatalogFileSystem.read(path), file: path)
    }

    /// Reads `.stringsdict` bytes (XML or binary property list).
    ///
    /// ```swift
    /// let file = try StringsdictFile(bytes: Array(xml.utf8), file: "Localizable.stringsdict")
    /// ```
    /// - Throws: `ParlanceError/Code/invalidFile` naming `file`, line and column.
    public init(bytes: [UInt8], file: String) throws {
        do { try self.init(parsing: bytes, file: file) } catch { throw error.error }
    }

    package init(parsing bytes: [UInt8], file: String) throws(CatalogDiagnostic) {
        let root = try PropertyListReader.read(bytes, file: file)
        guard case .dictionary(let members) = root.value else {
            throw CatalogDiagnostic(
                file: file, line: root.line, column: root.column,
                message: "the top level is \(root.typeName), expected a dictionary of entries")
        }
        var records: [EntryRecord] = []
        var diagnostics: [CatalogDiagnostic] = []
        for member in members {
            var reader = StringsdictEntryReader(file: file, key: member.key)
            do {
                let content = try reader.entry(member.node, at: reader.location(member.line, member.column))
                records.append(EntryRecord(key: member.key, location: reader.location(member.line, member.column), content: content))
            } catch {
                diagnostics.append(error)
            }
        }
        self.file = file
        self.records = records
        self.diagnostics = diagnostics
    }
}

/// Reads one `.stringsdict` entry into the located model; a problem is a located diagnostic.
private struct StringsdictEntryReader {
    let file: String
    let key: String

    func location(_ line: Int, _ column: Int) -> CatalogLocation { CatalogLocation(file: file, line: line, column: column) }

    func fail(_ line: Int, _ column: Int, _ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(
            file: file, line: line, column: column, message: "\(quoted(key)): \(message); the entry is skipped",
            key: key, code: "malformed-entry")
    }

    func text(_ node: PlistNode) -> LocatedText? {
        guard case .string(let text) = node.value else { return nil }
        return LocatedText(text: text, location: location(node.line, node.column))
    }

    mutating func entry(_ node: PlistNode, at where_: CatalogLocation, depth: Int = 0) throws(CatalogDiagnostic) -> EntryValue {
        guard depth < 8 else { throw fail(node.line, node.column, "device or width choices nested too deeply") }
        guard case .dictionary = node.value else {
            throw fail(where_.line, where_.column, "the entry is \(node.typeName), expected a dictionary")
        }
        if let devices = node["NSStringDeviceSpecificRuleType"] {
            guard case .dictionary(let byDevice) = devices.node.value else {
                throw fail(devices.line, devices.column, "NSStringDeviceSpecificRuleType must be a dictionary of devices, found \(devices.node.typeName)")
            }
            var variants: [DeviceVariant] = []
            for member in byDevice {
                let at = location(member.line, member.column)
                let value: EntryValue
                if let plain = text(member.node) { value = .text(plain) } else { value = try entry(member.node, at: at, depth: depth + 1) }
                variants.append(DeviceVariant(device: member.key.lowercased(), value: value, location: at))
            }
            return .device(variants)
        }
        if let widths = node["NSStringVariableWidthRuleType"] {
            guard case .dictionary(let byWidth) = widths.node.value else {
                throw fail(widths.line, widths.column, "NSStringVariableWidthRuleType must be a dictionary of widths, found \(widths.node.typeName)")
            }
            var variants: [WidthVariant] = []
            for member in byWidth {
                guard let width = Int(member.key) else { throw fail(member.line, member.column, "the width \(quoted(member.key)) is not a number") }
                let at = location(member.line, member.column)
                let value: EntryValue
                if let plain = text(member.node) { value = .text(plain) } else { value = try entry(member.node, at: at, depth: depth + 1) }
                variants.append(WidthVariant(width: width, value: value, location: at))
            }
            guard !variants.isEmpty else { throw fail(widths.line, widths.column, "NSStringVariableWidthRuleType has no widths") }
            return .width(variants)
        }
        guard let formatMember = node["NSStringLocalizedFormatKey"] else {
            throw fail(where_.line, where_.column, "the entry has no NSStringLocalizedFormatKey")
        }
        guard let format = text(formatMember.node) else {
            throw fail(formatMember.line, formatMember.column, "NSStringLocalizedFormatKey must be a string, found \(formatMember.node.typeName)")
        }
        guard case .dictionary(let members) = node.value else { return .text(format) }
        var variables: [PluralVariable] = []
        for member in members where member.key != "NSStringLocalizedFormatKey" {
            guard case .dictionary = member.node.value else {
                throw fail(member.line, member.column, "the variable \(quoted(member.key)) is \(member.node.typeName), expected a dictionary")
            }
            guard let specType = member.node["NSStringFormatSpecTypeKey"] else {
                throw fail(member.line, member.column, "the variable \(quoted(member.key)) needs NSStringFormatSpecTypeKey")
            }
            guard specType.node.string == "NSStringPluralRuleType" else {
                throw fail(
                    specType.line, specType.column,
                    "the variable \(quoted(member.key)) has the unsupported spec type \(specType.node.string.map { quoted($0) } ?? specType.node.typeName) (expected NSStringPluralRuleType)"
                )
            }
            var valueType: String?
            if let typeMember = member.node["NSStringFormatValueTypeKey"] {
                guard let written = typeMember.node.string else {
                    throw fail(typeMember.line, typeMember.column, "NSStringFormatValueTypeKey must be a string, found \(typeMember.node.typeName)")
                }
                guard case let tokens? = try? FormatParser.parse("%" + written, allowVariables: false),
                    tokens.count == 1, case .spec(let parsed) = tokens[0], parsed.position == nil
                else {
                    throw fail(typeMember.line, typeMember.column, "unknown format specifier \(quoted(written)) in NSStringFormatValueTypeKey")
                }
                valueType = written
            }
            var variants: [PluralVariant] = []
            guard case .dictionary(let cases) = member.node.value else { continue }
            for variant in cases where !variant.key.hasPrefix("NSStringFormat") {
                guard let value = text(variant.node) else {
                    throw fail(
                        variant.line, variant.column,
                        "the \(quoted(variant.key)) variant of \(quoted(member.key)) must be a string, found \(variant.node.typeName)")
                }
                variants.append(PluralVariant(keyword: variant.key, text: value))
            }
            variables.append(
                PluralVariable(
                    name: member.key, valueType: valueType, variants: variants,
                    location: location(member.line, member.column)))
        }
        return .plural(format: format, variables: variables)
    }
}
