#if YAML
import Parlance
import ParlanceLocalization
import Yams

/// Structured YAML entries: what a plain text or a `one:`/`other:` mapping cannot say —
/// `.stringsdict`/`.xcstrings` substitutions (several plural variables in one format), device
/// and width variations, and an entry's translator comment and states. Their keys start with
/// `=`, which no Swift identifier (a key discriminator) and no CLDR category starts with.
///
/// ```yaml
/// en:
///   cart.summary:                       # "%#@items@ for %#@people@", one plural per variable
///     =comment: Shown under the cart
///     =format: "%#@items@ for %#@people@"
///     =variables:
///       items:
///         =argNum: 1                    # the argument the variable takes (.xcstrings argNum)
///         =formatSpecifier: lld         # .xcstrings: the variants write the number as %arg
///         one: "%arg item"
///         other: "%arg items"
///       people:
///         =argNum: 2
///         =valueType: d                 # .stringsdict NSStringFormatValueTypeKey: variants use %d
///         one: "%2$d person"
///         other: "%2$d people"
///   checkout.title:
///     =device:                          # iphone ipad ipod mac appletv applewatch applevision other
///       iphone: Tap to pay
///       mac: { =width: { 20: Pay, 50: Click to pay } }
///       other: { one: "%lld payment", other: "%lld payments" }
///   cart.items:
///     one: "%lld item"
///     other:                            # a plural case in another state than its entry's
///       =text: "%lld items"
///       =state: needs_review
///   Welcome:
///     =text: Welcome!                   # a text that carries metadata
///     =state: needs_review
///     =extractionState: manual
/// ```
extension YAMLWalker {
    static let reservedPrefix = "="

    /// The deepest nesting of `=device`/`=width` choices inside each other.
    static let maximumChoiceNesting = 6

    private static let metadataKeys: Set<String> = ["=comment", "=state", "=extractionState"]
    private static let valueKeys: Set<String> = ["=text", "=format", "=variables", "=device", "=width"]

    private struct Malformed: Error {}

    /// One structured entry (a mapping with `=` keys), or nil after a located diagnostic.
    mutating func structuredEntry(_ node: Node, pairs: [(Node, Node, Bool)], key: String, language: String, aliased: Bool) -> EntryRecord? {
        var metadata: [String: String] = [:]
        var rest: [(Node, Node, Bool)] = []
        do {
            for pair in pairs {
                if case .scalar(let name) = pair.0, Self.metadataKeys.contains(name.string) {
                    metadata[name.string] = try scalarText(pair.1, what: name.string, key: key, language: language)
                } else {
                    rest.append(pair)
                }
            }
            let value: EntryValue
            if rest.isEmpty {
                throw malformed(
                    node, "the entry has only metadata (=comment, =state, =extractionState): add =text, =format, =device, =width or plural categories", key,
                    language)
            }
            value = try structuredValue(node, pairs: rest, key: key, language: language, depth: 0, aliased: aliased)
            let comment = metadata["=comment"]
            var record = EntryRecord(
                key: key, location: location(node), content: value, state: metadata["=state"], extractionState: metadata["=extractionState"],
                comment: comment)
            record.isMessageFormat = comment?.contains(CatalogEntry.messageFormatMarker) ?? false
            return record
        } catch {
            return nil
        }
    }

    private mutating func malformed(_ node: Node, _ message: String, _ key: String, _ language: String) -> Malformed {
        diagnose(node, "\(quotedText(key)): \(message); the entry is skipped", key: key, language: language, code: "malformed-entry")
        return Malformed()
    }

    private mutating func scalarText(_ node: Node, what: String, key: String, language: String) throws(Malformed) -> String {
        guard case .scalar(let scalar) = node, !Self.isNull(scalar) else {
            throw malformed(node, "\(what) takes a text", key, language)
        }
        return scalar.string
    }

    /// A value written in any of the shapes: a text, a mapping of categories, or a mapping of
    /// `=` keys.
    private mutating func anyValue(_ node: Node, key: String, language: String, depth: Int, aliased: Bool) throws(Malformed) -> EntryValue {
        var aliased = aliased
        guard enter(node, aliased: &aliased) else { throw Malformed() }
        switch node {
        case .scalar(let scalar):
            guard !Self.isNull(scalar) else { throw malformed(node, "no value (null)", key, language) }
            return .text(LocatedText(text: scalar.string, location: location(node)))
        case .mapping(let mapping):
            let pairs = pairs(mapping, language: language)
            if stopped { throw Malformed() }
            return try structuredValue(node, pairs: pairs, key: key, language: language, depth: depth, aliased: aliased)
        default:
            throw malformed(node, "expected a text or a mapping (plural categories, =text, =format, =device, =width)", key, language)
        }
    }

    /// The value of a mapping: plural categories, or exactly one of `=text`, `=format` (with
    /// `=variables`), `=device`, `=width`.
    private mutating func structuredValue(
        _ node: Node, pairs: [(Node, Node, Bool)], key: String, language: String, depth: Int, aliased: Bool
    ) throws(Malformed) -> EntryValue {
        guard depth <= Self.maximumChoiceNesting else {
            throw malformed(node, "=device/=width choices nested deeper than \(Self.maximumChoiceNesting) levels", key, language)
        }
        var reserved: [String: (Node, Node)] = [:]
        var categories: [(Node, Node, Bool)] = []
        for pair in pairs {
            guard case .scalar(let name) = pair.0 else { throw malformed(pair.0, "expected a text key", key, language) }
            if Self.valueKeys.contains(name.string) {
                reserved[name.string] = (pair.0, pair.1)
            } else if Self.categories.contains(name.string) {
                categories.append(pair)
            } else if Self.metadataKeys.contains(name.string) {
                throw malformed(pair.0, "\(name.string) belongs at the entry level, not inside a device or width choice", key, language)
            } else if name.string.hasPrefix(Self.reservedPrefix) {
                throw malformed(
                    pair.0,
                    "unknown key \(quotedText(name.string)) (expected =text, =format, =variables, =device, =width, =comment, =state or =extractionState)",
                    key, language)
            } else {
                throw malformed(
                    pair.0,
                    "\(quotedText(name.string)) beside =keys: expected plural categories (zero one two few many other) or =keys only",
                    key, language)
            }
        }
        let shapes = ["=text", "=format", "=device", "=width"].filter { reserved[$0] != nil } + (categories.isEmpty ? [] : ["plural categories"])
        guard shapes.count == 1 else {
            if shapes.isEmpty, let variables = reserved["=variables"] {
                throw malformed(variables.0, "=variables needs a =format that uses them", key, language)
            }
            throw malformed(
                node,
                shapes.isEmpty
                    ? "no value: expected =text, =format, =device, =width or plural categories"
                    : "one value per mapping: found \(shapes.joined(separator: ", "))", key, language)
        }
        if reserved["=variables"] != nil, reserved["=format"] == nil {
            throw malformed(reserved["=variables"]!.0, "=variables needs a =format that uses them", key, language)
        }
        if !categories.isEmpty {
            guard Self.isSimplePlural(categories) else {
                throw malformed(node, "plural categories take texts, with `other` or at least two categories", key, language)
            }
            return countPlural(categories, at: location(node), key: key, language: language)
        }
        if let (_, value) = reserved["=text"] {
            return .text(LocatedText(text: try scalarText(value, what: "=text", key: key, language: language), location: location(value)))
        }
        if let (_, value) = reserved["=format"] {
            return try substitutions(format: value, variables: reserved["=variables"]?.1, key: key, language: language, aliased: aliased)
        }
        if let (_, value) = reserved["=device"] {
            guard case .mapping(let mapping) = value else {
                throw malformed(value, "=device takes a mapping of devices (iphone, mac, other, …)", key, language)
            }
            var variants: [DeviceVariant] = []
            for (deviceNode, deviceValue, _) in self.pairs(mapping, language: language) {
                guard case .scalar(let device) = deviceNode, !device.string.isEmpty,
                    device.string.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
                else { throw malformed(deviceNode, "a device is a name of letters and digits (iphone, ipad, mac, other, …)", key, language) }
                let inner = try anyValue(deviceValue, key: key, language: language, depth: depth + 1, aliased: aliased)
                variants.append(DeviceVariant(device: device.string.lowercased(), value: inner, location: location(deviceNode)))
            }
            guard !variants.isEmpty else { throw malformed(value, "=device has no devices", key, language) }
            return .device(variants)
        }
        if let (_, value) = reserved["=width"] {
            guard case .mapping(let mapping) = value else { throw malformed(value, "=width takes a mapping of widths (20: …, 50: …)", key, language) }
            var variants: [WidthVariant] = []
            for (widthNode, widthValue, _) in self.pairs(mapping, language: language) {
                guard case .scalar(let width) = widthNode, let number = Int(width.string), number >= 0 else {
                    throw malformed(widthNode, "a width is a whole number of ems (20, 50, …)", key, language)
                }
                let inner = try anyValue(widthValue, key: key, language: language, depth: depth + 1, aliased: aliased)
                variants.append(WidthVariant(width: number, value: inner, location: location(widthNode)))
            }
            guard !variants.isEmpty else { throw malformed(value, "=width has no widths", key, language) }
            return .width(variants)
        }
        throw malformed(node, "no value", key, language)
    }

    /// `=format` and its `=variables`.
    private mutating func substitutions(format: Node, variables: Node?, key: String, language: String, aliased: Bool) throws(Malformed) -> EntryValue {
        let text = try scalarText(format, what: "=format", key: key, language: language)
        // Named placeholders (`%{name}`, `{name}`) are not printf: left out to find the variables.
        var printf = text
        for name in Set(NamedPlaceholders.names(in: text)) {
            printf = printf.replacing("%{\(name)}", with: "").replacing("{\(name)}", with: "")
        }
        guard let tokens = try? FormatParser.parse(printf, allowVariables: true) else {
            throw malformed(format, "=format \(quotedText(text)) is not a valid format", key, language)
        }
        let used = tokens.compactMap { token -> String? in if case .variable(let name, _) = token { name } else { nil } }
        var defined: [PluralVariable] = []
        if let variables {
            var aliased = aliased
            guard enter(variables, aliased: &aliased) else { throw Malformed() }
            guard case .mapping(let mapping) = variables else {
                throw malformed(variables, "=variables takes a mapping of variable names to plurals", key, language)
            }
            for (nameNode, definition, _) in self.pairs(mapping, language: language) {
                guard case .scalar(let name) = nameNode, !name.string.isEmpty, !name.string.hasPrefix(Self.reservedPrefix) else {
                    throw malformed(nameNode, "expected a variable name", key, language)
                }
                defined.append(try variable(name.string, at: nameNode, definition, key: key, language: language, aliased: aliased))
            }
        }
        for name in used where !defined.contains(where: { $0.name == name }) {
            throw malformed(format, "=format uses %#@\(name)@, which =variables does not define", key, language)
        }
        for variable in defined where !used.contains(variable.name) {
            throw malformed(
                variables ?? format, "the variable \(quotedText(variable.name)) is not used by =format \(quotedText(text))", key, language)
        }
        return .plural(format: LocatedText(text: text, location: location(format)), variables: defined)
    }

    /// One variable of `=variables`.
    private mutating func variable(
        _ name: String, at nameNode: Node, _ node: Node, key: String, language: String, aliased: Bool
    ) throws(Malformed) -> PluralVariable {
        var aliased = aliased
        guard enter(node, aliased: &aliased) else { throw Malformed() }
        guard case .mapping(let mapping) = node else {
            throw malformed(node, "the variable \(quotedText(name)) takes a mapping of plural categories", key, language)
        }
        var argNum: Int?
        var valueType: String?
        var formatSpecifier: String?
        var categories: [(Node, Node, Bool)] = []
        for pair in self.pairs(mapping, language: language) {
            guard case .scalar(let field) = pair.0 else { throw malformed(pair.0, "expected a text key", key, language) }
            switch field.string {
            case "=argNum":
                guard case .scalar(let number) = pair.1, let value = Int(number.string), (1...FormatParser.maximumNumber).contains(value) else {
                    throw malformed(pair.1, "=argNum takes an argument number from 1 to \(FormatParser.maximumNumber)", key, language)
                }
                argNum = value
            case "=valueType", "=formatSpecifier":
                let written = try scalarText(pair.1, what: field.string, key: key, language: language)
                guard case let tokens? = try? FormatParser.parse("%" + written, allowVariables: false), tokens.count == 1,
                    case .spec(let spec) = tokens[0], spec.position == nil
                else { throw malformed(pair.1, "\(field.string): unknown format specifier \(quotedText(written)) (d, lld, .1f, @, …)", key, language) }
                if field.string == "=valueType" { valueType = written } else { formatSpecifier = written }
            case _ where Self.categories.contains(field.string):
                categories.append(pair)
            default:
                throw malformed(
                    pair.0,
                    "unknown key \(quotedText(field.string)) in the variable \(quotedText(name)) (expected =argNum, =formatSpecifier or =valueType, and plural categories)",
                    key, language)
            }
        }
        if valueType != nil, formatSpecifier != nil {
            throw malformed(node, "the variable \(quotedText(name)) has both =valueType and =formatSpecifier: keep one", key, language)
        }
        guard Self.isSimplePlural(categories) else {
            throw malformed(node, "the variable \(quotedText(name)) needs plural categories with texts, with `other` or at least two", key, language)
        }
        return PluralVariable(
            name: name, valueType: formatSpecifier ?? valueType, argumentNumber: argNum, usesArgumentPlaceholder: formatSpecifier != nil,
            variants: pluralVariants(categories, key: key, language: language), location: location(nameNode))
    }
}
#endif
