import Foundation
public import Parlance

/// Where a part of a catalog is written: file, 1-based line and column (0 when the format has
/// no lines, as in binary property lists).
///
/// ```swift
/// entry.location.description   // "Resources/ru.lproj/Localizable.stringsdict:12:5"
/// ```
public struct CatalogLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file, as the catalog reader was given it.
    public var file: String
    /// 1-based line, or 0 when unknown.
    public var line: Int
    /// 1-based column in Unicode scalars, or 0 when unknown.
    public var column: Int

    /// A location.
    ///
    /// ```swift
    /// CatalogLocation(file: "fr.lproj/Localizable.strings", line: 3, column: 9)
    /// ```
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or `file:line`, or `file`.
    public var description: String {
        if line == 0 { return file }
        if column == 0 { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

/// A piece of text of a catalog (a format, a variant) with where it is written.
///
/// ```swift
/// if case .text(let value) = entry.content { print(value.text, value.location) }
/// ```
public struct LocatedText: Hashable, Sendable {
    /// The text, decoded (escapes and entities resolved).
    public var text: String
    /// Where the text is written.
    public var location: CatalogLocation

    /// A located text.
    ///
    /// ```swift
    /// LocatedText(text: "%d files", location: CatalogLocation(file: "a.strings", line: 1, column: 7))
    /// ```
    public init(text: String, location: CatalogLocation) {
        self.text = text
        self.location = location
    }
}

/// One variant of a plural variable, by its keyword as written (which may not be a category).
public struct PluralVariant: Hashable, Sendable {
    /// The keyword as written (`one`, `few`, … or a typo such as `fwe`).
    public var keyword: String
    /// The variant's format.
    public var text: LocatedText
    /// The variant's own translation state when it differs from its entry's (a String Catalog
    /// marks each plural case: one case may be `needs_review` while the others are
    /// `translated`); nil when it is the entry's ``CatalogEntry/state``.
    public var state: String?

    /// The CLDR category the keyword names, nil for anything else.
    public var category: PluralCategory? { PluralCategory(keyword: keyword) }

    /// A variant.
    ///
    /// ```swift
    /// PluralVariant(keyword: "one", text: LocatedText(text: "%d file", location: location))
    /// ```
    public init(keyword: String, text: LocatedText, state: String? = nil) {
        self.keyword = keyword
        self.text = text
        self.state = state
    }
}

/// A plural choice: a `.stringsdict` variable or `.xcstrings` substitution (`%#@name@`), or
/// the plural variations of a whole `.xcstrings` value.
public struct PluralVariable: Hashable, Sendable {
    /// What the variable is.
    public enum Kind: String, Hashable, Sendable {
        /// Referenced as `%#@name@` (a `.stringsdict` variable, an `.xcstrings` substitution).
        case variable
        /// The `.xcstrings` plural variations of the whole string: the first numeric argument
        /// of its `other` variant chooses the variant.
        case wholeString
    }

    /// The name (`%#@name@`); `plural` for a whole string.
    public var name: String
    /// What the variable is.
    public var kind: Kind
    /// `NSStringFormatValueTypeKey` or `formatSpecifier` (`d`, `lld`, `.1f`); nil means `d`.
    public var valueType: String?
    /// An `.xcstrings` substitution's `argNum`; nil takes the next argument, as `%#@name@` does.
    public var argumentNumber: Int?
    /// `.xcstrings` substitution variants write the argument as `%arg`.
    public var usesArgumentPlaceholder: Bool
    /// The variants in file order.
    public var variants: [PluralVariant]
    /// Where the variable is defined.
    public var location: CatalogLocation
    /// A plural entry of a gettext PO or MO file: its `msgid_plural` and the file's
    /// `Plural-Forms`; the variants are then in `msgstr[n]` order, and a lookup of an integer
    /// chooses the variant at the index the expression gives. Nil for every other format.
    public var gettext: GettextPlural?

    /// A variable.
    ///
    /// ```swift
    /// PluralVariable(name: "items", valueType: "d", variants: [...], location: location)
    /// ```
    public init(
        name: String, kind: Kind = .variable, valueType: String? = nil, argumentNumber: Int? = nil,
        usesArgumentPlaceholder: Bool = false, variants: [PluralVariant], location: CatalogLocation, gettext: GettextPlural? = nil
    ) {
        self.gettext = gettext
        self.name = name
        self.kind = kind
        self.valueType = valueType
        self.argumentNumber = argumentNumber
        self.usesArgumentPlaceholder = usesArgumentPlaceholder
        self.variants = variants
        self.location = location
    }

    /// A variant's text as a format: an `.xcstrings` `%arg` becomes the substitution's own
    /// specifier (positioned at `argNum` when there is one).
    package func formatText(_ text: String) -> String {
        guard usesArgumentPlaceholder else { return text }
        let specifier = valueType ?? "lld"
        return text.replacing("%arg", with: argumentNumber.map { "%\($0)$\(specifier)" } ?? "%\(specifier)")
    }

    /// The first variant for a category.
    public func variant(_ category: PluralCategory) -> PluralVariant? {
        variants.first { $0.keyword == category.keyword }
    }
}

/// The parsed, located value of one catalog entry.
///
/// ```swift
/// switch entry.content {
/// case .text(let format): print(format.text)
/// case .plural(let format, let variables): print(format.text, variables.map(\.name))
/// case .device(let variants): print(variants.map(\.device))
/// case .width(let variants): print(variants.map(\.width))
/// }
/// ```
public indirect enum EntryValue: Hashable, Sendable {
    /// A printf-style format (a `.strings` value, an `.xcstrings` string unit).
    case text(LocatedText)
    /// A format with plural variables (`%#@name@`), or whole-string plural variations.
    case plural(format: LocatedText, variables: [PluralVariable])
    /// Values by device (`iphone`, `ipad`, `mac`, …, `other`).
    case device([DeviceVariant])
    /// `NSStringVariableWidthRuleType`: values by presentation width.
    case width([WidthVariant])

    /// Every format text of the value with the variable and keyword it belongs to.
    package var texts: [(text: LocatedText, variable: PluralVariable?, keyword: String?)] {
        switch self {
        case .text(let text): return [(text, nil, nil)]
        case .plural(let format, let variables):
            var out: [(LocatedText, PluralVariable?, String?)] = variables.contains { $0.kind == .wholeString } ? [] : [(format, nil, nil)]
            for variable in variables {
                for variant in variable.variants { out.append((variant.text, variable, variant.keyword)) }
            }
            return out
        case .device(let variants): return variants.flatMap(\.value.texts)
        case .width(let variants): return variants.flatMap(\.value.texts)
        }
    }

    /// The values that are not device or width choices, with the label of the choice.
    package var leaves: [(label: String?, value: EntryValue)] {
        switch self {
        case .text, .plural: return [(nil, self)]
        case .device(let variants): return variants.flatMap { variant in variant.value.leaves.map { ($0.label ?? variant.device, $0.value) } }
        case .width(let variants): return variants.flatMap { variant in variant.value.leaves.map { ($0.label ?? "width \(variant.width)", $0.value) } }
        }
    }

    /// Where the value (its format, or its first choice) is written.
    public var location: CatalogLocation {
        switch self {
        case .text(let text): text.location
        case .plural(let format, _): format.location
        case .device(let variants): variants.first?.location ?? CatalogLocation(file: "", line: 0, column: 0)
        case .width(let variants): variants.first?.location ?? CatalogLocation(file: "", line: 0, column: 0)
        }
    }
}

/// One device's value (`NSStringDeviceSpecificRuleType`, `.xcstrings` `device` variations).
public struct DeviceVariant: Hashable, Sendable {
    /// The device, lowercased (`iphone`, `ipad`, `mac`, `other`, …).
    public var device: String
    /// Its value.
    public var value: EntryValue
    /// Where the device key is written.
    public var location: CatalogLocation

    /// A device variant.
    public init(device: String, value: EntryValue, location: CatalogLocation) {
        self.device = device
        self.value = value
        self.location = location
    }
}

/// One width's value (`NSStringVariableWidthRuleType`).
public struct WidthVariant: Hashable, Sendable {
    /// The presentation width (in "em"s) the value is written for.
    public var width: Int
    /// Its value.
    public var value: EntryValue
    /// Where the width key is written.
    public var location: CatalogLocation

    /// A width variant.
    public init(width: Int, value: EntryValue, location: CatalogLocation) {
        self.width = width
        self.value = value
        self.location = location
    }
}

/// The kind of file an entry came from.
public enum CatalogFileFormat: String, Hashable, Sendable, Codable {
    case strings, stringsdict, xcstrings
    /// A YAML catalog (`.yml`, `.yaml`: the locale-keyed files of view-model apps, Rails-i18n
    /// files), read by the `ParlanceYAML` module once it is registered.
    case yaml
    /// A gettext PO (or POT) file: `<locale>.po` at the top of a catalog directory, or
    /// `<locale>/LC_MESSAGES/<domain>.po`.
    case po
    /// A compiled gettext MO file: `<locale>/LC_MESSAGES/<domain>.mo`.
    case mo
    /// An XLIFF 1.2 or 2.0 file (`.xliff`, `.xlf`, or the XLIFF of an `.xcloc` bundle): each
    /// `<file>` is a table in its target language.
    case xliff
    /// An Android resource file: `res/values/strings.xml` (the development language) and
    /// `res/values-<qualifier>/strings.xml`; see <doc:AndroidAndWebFormats>.
    case android
    /// A Flutter ARB file (`app_en.arb`): ICU MessageFormat values with `@key` metadata.
    case arb
    /// An i18next JSON file (`<lng>.json`, `<lng>/<namespace>.json`): nested keys, `{{name}}`
    /// interpolation and `_one`/`_other` plural suffixes, read as ICU MessageFormat.
    case i18next
    /// A FormatJS JSON file (`{id: message}` or `{id: {defaultMessage, description}}`): ICU
    /// MessageFormat values.
    case formatjs
}

/// One entry of one file as a reader produced it, before it is placed in a table.
package struct EntryRecord: Sendable {
    package var key: String
    package var location: CatalogLocation
    package var content: EntryValue
    /// `.xcstrings` unit state (`translated`, `needs_review`, `new`, `stale`).
    package var state: String?
    /// `.xcstrings` `extractionState` of the key (`manual`, `stale`, …); nil elsewhere.
    package var extractionState: String?
    /// An `.xcstrings` key with no localization in the source language: its value is the key.
    package var isImplicit = false
    /// The value is ICU MessageFormat, not a printf format (an `.xcstrings` key whose comment
    /// holds ``CatalogEntry/messageFormatMarker``).
    package var isMessageFormat = false
    /// The translator comment (`.xcstrings` `comment`; a `.strings` entry's only when read by
    /// `StringsFile.comments(ofFile:)`).
    package var comment: String?
    /// False for an entry its file marks as not for translation (Android's
    /// `translatable="false"`).
    package var isTranslatable = true
    /// The message's own metadata as its file writes it, kept to be written back: an ARB
    /// `@key` object without its `description` (placeholders and their types, `context`), as
    /// canonical JSON text. Nil for other formats.
    package var messageMetadata: String?

    package init(
        key: String, location: CatalogLocation, content: EntryValue, state: String? = nil, extractionState: String? = nil,
        isImplicit: Bool = false, comment: String? = nil
    ) {
        self.comment = comment
        self.key = key
        self.location = location
        self.content = content
        self.state = state
        self.extractionState = extractionState
        self.isImplicit = isImplicit
    }
}

/// An entry of a catalog: the key, the table and locale it belongs to, where it is written
/// and its parsed, located value. `Catalog` lookup, evaluation, `parlance lint`,
/// `ParlanceTesting` and the batch `localize` op all read entries in this one form.
///
/// ```swift
/// let entry = catalog.entry(forKey: "items.count", locale: try LocaleID("ru-UA"))
/// entry?.language      // ru (the table the value came from)
/// entry?.location      // …/ru.lproj/Localizable.stringsdict:4:5
/// ```
public struct CatalogEntry: Hashable, Sendable {
    /// What every entry of one file shares (held once per file, not once per entry).
    package final class Context: Sendable {
        let table: String
        let language: LocaleID
        let format: CatalogFileFormat

        package init(table: String, language: LocaleID, format: CatalogFileFormat) {
            self.table = table
            self.language = language
            self.format = format
        }
    }

    /// The `.xcstrings` unit state and extraction state (nil for other formats), the comment.
    fileprivate final class Metadata: Sendable {
        let state: String?
        let extractionState: String?
        let isMessageFormat: Bool
        let comment: String?
        let isTranslatable: Bool
        let messageMetadata: String?

        init(state: String?, extractionState: String?, isMessageFormat: Bool, comment: String?, isTranslatable: Bool, messageMetadata: String?) {
            self.state = state
            self.extractionState = extractionState
            self.isMessageFormat = isMessageFormat
            self.comment = comment
            self.isTranslatable = isTranslatable
            self.messageMetadata = messageMetadata
        }
    }

    /// The text an `.xcstrings` key's `comment` holds to make its values ICU MessageFormat
    /// (`{count, plural, one {# file} other {# files}}`) instead of printf formats, so that a
    /// web front end (FormatJS, i18next-icu) and a Swift back end can share the values.
    public static let messageFormatMarker = "[icu-messageformat]"

    /// An entry's fields, held in one immutable object, so that copying an entry (out of a
    /// table's dictionary, into a check) is one reference count, not one per field: `file` of
    /// `location`, the context and the metadata are shared by many entries, and two threads
    /// counting the same objects fight over their cache lines.
    private final class Storage: Sendable {
        let key: String
        let context: Context
        let location: CatalogLocation
        let content: EntryValue
        let metadata: Metadata?

        init(key: String, context: Context, location: CatalogLocation, content: EntryValue, metadata: Metadata?) {
            self.key = key
            self.context = context
            self.location = location
            self.content = content
            self.metadata = metadata
        }
    }

    private let storage: Storage

    /// The key.
    public var key: String { storage.key }
    private var context: Context { storage.context }
    /// Where the key is written.
    public var location: CatalogLocation { storage.location }
    /// The parsed, located value.
    public var content: EntryValue { storage.content }
    private var metadata: Metadata? { storage.metadata }
    /// Which entry this is, as read from its file: copies of one entry have the same
    /// identity, for as long as one of them exists.
    package var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// The table (file name without extension, e.g. `Localizable`).
    public var table: String { context.table }
    /// The language of the table the value came from; its plural rules choose variants.
    public var language: LocaleID { context.language }
    /// The file the value came from.
    public var file: String { location.file }
    /// The kind of file.
    public var format: CatalogFileFormat { context.format }
    /// The `.xcstrings` unit state, nil for other formats.
    public var state: String? { metadata?.state }
    /// The `.xcstrings` `extractionState`, nil for other formats.
    public var extractionState: String? { metadata?.extractionState }
    /// Whether the value is ICU MessageFormat (see ``messageFormatMarker``): it is formatted by
    /// `MessageFormat` in the table's language, with named arguments or numbered ones
    /// (`{0}` is the first positional argument).
    public var isMessageFormat: Bool { metadata?.isMessageFormat ?? false }
    /// The translator comment of an `.xcstrings` entry (its `comment`); nil when there is none
    /// and for other formats (`.strings` comments are not kept in a loaded catalog: they would
    /// cost memory on every entry of every language).
    public var comment: String? { metadata?.comment }
    /// False for an entry its file marks as not for translation (Android's
    /// `translatable="false"`): it is looked up as any other, and writers that can say so
    /// (Android) keep the mark.
    public var isTranslatable: Bool { metadata?.isTranslatable ?? true }
    /// An ARB entry's `@key` metadata without its `description` (placeholders and their types,
    /// `context`), as canonical JSON text; nil for other formats.
    public var messageMetadata: String? { metadata?.messageMetadata }

    /// The placeholders an ARB entry's metadata declares, by name, with their `type` (`String`,
    /// `int`, `num`, `DateTime`, …; empty when the metadata gives none).
    ///
    /// ```swift
    /// catalog.entry(forKey: "itemCount", locale: en)?.placeholderTypes  // ["count": "int"]
    /// ```
    public var placeholderTypes: [String: String] {
        guard let text = messageMetadata, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let placeholders = object["placeholders"] as? [String: Any]
        else { return [:] }
        return placeholders.mapValues { (($0 as? [String: Any])?["type"] as? String) ?? "" }
    }

    package init(record: EntryRecord, context: Context) {
        var pool = MetadataPool()
        self.init(record: record, context: context, pool: &pool)
    }

    /// An entry whose metadata object is shared, through `pool`, with every other entry that
    /// has the same state, extraction state, MessageFormat flag and comment: a String Catalog
    /// repeats a few states, and a key's comment in every language (one object each would be
    /// 80 bytes an entry, 32 MB for 100 languages × 4,000 keys).
    package init(record: EntryRecord, context: Context, pool: inout MetadataPool) {
        let metadata: Metadata?
        if record.state == nil && record.extractionState == nil && !record.isMessageFormat && record.comment == nil && record.isTranslatable
            && record.messageMetadata == nil
        {
            metadata = nil
        } else {
            let key = MetadataPool.Key(
                state: record.state, extractionState: record.extractionState, isMessageFormat: record.isMessageFormat,
                comment: record.comment, isTranslatable: record.isTranslatable, messageMetadata: record.messageMetadata)
            if let shared = pool.objects[key] {
                metadata = shared
            } else {
                let made = Metadata(
                    state: record.state, extractionState: record.extractionState, isMessageFormat: record.isMessageFormat,
                    comment: record.comment, isTranslatable: record.isTranslatable, messageMetadata: record.messageMetadata)
                pool.objects[key] = made
                metadata = made
            }
        }
        self.storage = Storage(key: record.key, context: context, location: record.location, content: record.content, metadata: metadata)
    }

    /// Metadata objects shared among the entries a reader makes (see
    /// ``init(record:context:pool:)``); immutable objects, so sharing is invisible.
    package struct MetadataPool {
        fileprivate struct Key: Hashable {
            var state: String?
            var extractionState: String?
            var isMessageFormat: Bool
            var comment: String?
            var isTranslatable: Bool
            var messageMetadata: String?
        }

        fileprivate var objects: [Key: Metadata] = [:]

        package init() {}
    }

    package init(record: EntryRecord, table: String, language: LocaleID, format: CatalogFileFormat) {
        self.init(record: record, context: Context(table: table, language: language, format: format))
    }

    public static func == (lhs: CatalogEntry, rhs: CatalogEntry) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.key == rhs.key && lhs.table == rhs.table && lhs.language == rhs.language && lhs.format == rhs.format
            && lhs.location == rhs.location && lhs.content == rhs.content && lhs.state == rhs.state
            && lhs.extractionState == rhs.extractionState && lhs.comment == rhs.comment && lhs.isTranslatable == rhs.isTranslatable
            && lhs.messageMetadata == rhs.messageMetadata && lhs.isMessageFormat == rhs.isMessageFormat
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(table)
        hasher.combine(language)
        hasher.combine(location)
    }

    /// The value in the shape of the earlier API (a format, a stringsdict-style plural, or a
    /// device choice); `.xcstrings` substitutions and whole-string plurals are rewritten as
    /// the stringsdict variables they evaluate as.
    public var value: CatalogValue { content.catalogValue }
}

/// A localized value in the shape Foundation's `.stringsdict` evaluation sees: a plain format,
/// a stringsdict plural entry, or a by-device choice. ``EntryValue`` is the located form.
public indirect enum CatalogValue: Hashable, Sendable {
    /// A printf-style format.
    case format(String)
    /// A stringsdict-style entry with plural variables.
    case plural(PluralFormat)
    /// Values by device; the catalog's device, else `other`, is used.
    case device([String: CatalogValue])
}

extension EntryValue {
    /// The stringsdict-shaped equivalent (widths: the widest).
    package var catalogValue: CatalogValue {
        switch self {
        case .text(let text): return .format(text.text)
        case .plural(let format, let variables):
            let normalized = PluralNormalization.normalize(format: format.text, variables: variables)
            return .plural(PluralFormat(format: normalized.format, variables: normalized.variables))
        case .device(let variants):
            var byDevice: [String: CatalogValue] = [:]
            for variant in variants where byDevice[variant.device] == nil { byDevice[variant.device] = variant.value.catalogValue }
            return .device(byDevice)
        case .width(let variants):
            return (variants.max { $0.width < $1.width }?.value ?? .text(LocatedText(text: "", location: location))).catalogValue
        }
    }
}

/// Rewrites `.xcstrings` substitutions and whole-string plurals as the `.stringsdict`
/// variables Foundation evaluates them as, so that one evaluator serves every format.
package enum PluralNormalization {
    package static let wholeStringName = "__plural"

    package static func normalize(format: String, variables: [PluralVariable]) -> (format: String, variables: [String: PluralFormat.Variable]) {
        var out: [String: PluralFormat.Variable] = [:]
        var text = format
        var positions: [String: Int] = [:]
        for variable in variables {
            var variants: [PluralCategory: String] = [:]
            for variant in variable.variants {
                guard let category = variant.category, variants[category] == nil else { continue }
                variants[category] = variable.formatText(variant.text.text)
            }
            switch variable.kind {
            case .variable:
                out[variable.name] = PluralFormat.Variable(valueType: variable.valueType, variants: variants)
                if let number = variable.argumentNumber { positions[variable.name] = number }
            case .wholeString:
                let other = variants[.other] ?? variants.values.first ?? ""
                let (position, valueType) = firstNumericArgument(other) ?? (1, "lld")
                var made = PluralFormat.Variable(valueType: valueType, variants: variants.mapValues(positionalize))
                if let forms = variable.gettext?.forms {
                    made.gettext = GettextSelection(forms: forms, variants: variable.variants.map { positionalize($0.text.text) })
                }
                out[wholeStringName] = made
                text = "%\(position)$#@\(wholeStringName)@"
            }
        }
        if !positions.isEmpty {
            text = placeVariables(text, positions)
            for (name, variable) in out {
                out[name] = PluralFormat.Variable(valueType: variable.valueType, variants: variable.variants.mapValues { placeVariables($0, positions) })
            }
        }
        return (text, out)
    }

    /// Gives each unpositioned `%#@name@` whose substitution has an `argNum` that position.
    static func placeVariables(_ text: String, _ positions: [String: Int]) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return text }
        var out = ""
        for token in tokens {
            switch token {
            case .literal(let literal): out += FormatParser.escapingPercents(literal)
            case .spec(let spec): out += spec.text
            case .variable(let name, let position):
                if let position {
                    out += "%\(position)$#@\(name)@"
                } else if let placed = positions[name] {
                    out += "%\(placed)$#@\(name)@"
                } else {
                    out += "%#@\(name)@"
                }
            }
        }
        return out
    }

    /// Rewrites sequential specifiers as positional ones counted from 1.
    static func positionalize(_ text: String) -> String {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return text }
        var out = ""
        var next = 1
        for token in tokens {
            switch token {
            case .literal(let literal): out += FormatParser.escapingPercents(literal)
            case .spec(var spec):
                if spec.position == nil {
                    spec.position = next
                    next += 1
                }
                out += spec.text
            case .variable(let name, let position):
                out += "%\(position ?? next)$#@\(name)@"
                if position == nil { next += 1 }
            }
        }
        return out
    }

    /// The position and value type of the first numeric specifier of a format.
    package static func firstNumericArgument(_ text: String) -> (Int, String)? {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return nil }
        var next = 1
        for token in tokens {
            switch token {
            case .literal: continue
            case .variable(_, let position):
                if position == nil { next += 1 }
            case .spec(let spec):
                let position = spec.position ?? next
                if spec.position == nil { next += 1 }
                if FormatParser.integerConversions.contains(spec) || FormatParser.floatConversions.contains(spec) {
                    var type = spec.length + String(spec.conversion)
                    if let precision = spec.precision { type = ".\(precision)" + type }
                    return (position, type)
                }
            }
        }
        return nil
    }
}
