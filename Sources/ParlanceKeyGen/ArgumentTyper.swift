import ParlanceLocalization

/// The Swift type of a format argument.
enum ArgumentType: String, Sendable {
    case string = "String"
    case int = "Int"
    case uint = "UInt"
    case double = "Double"

    /// `%@`/`%s` → String, `%d/%ld/%lld/%i/%c` → Int, `%u/%o/%x` → UInt, `%f/%e/%g` → Double.
    init(conversion: Character) {
        switch conversion {
        case "@", "s", "S": self = .string
        case "u", "U", "o", "O", "x", "X": self = .uint
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .double
        default: self = .int
        }
    }

    /// A plural variable's `NSStringFormatValueTypeKey` / `formatSpecifier` (`d`, `lld`, `.1f`).
    init(valueType: String?) {
        guard let last = valueType?.last else {
            self = .int
            return
        }
        self = ArgumentType(conversion: last)
    }
}

/// One parameter of a generated function, in argument order.
struct Parameter: Sendable {
    var type: ArgumentType
    /// A plural variable's name, used as the parameter name when it is a Swift identifier.
    var hint: String?
    /// A YAML placeholder's or plural selector's name (`%{user_name}`, `count`): the argument
    /// is passed by this name, and the parameter is labelled after it.
    var named: String? = nil
}

/// Why an entry's arguments could not be typed.
struct TypingError: Error {
    var location: CatalogLocation
    var message: String
}

/// Types an entry's arguments from its printf specifiers and plural variables, in argument
/// order (positional specifiers by position).
enum ArgumentTyper {
    private struct Slot {
        var type: ArgumentType
        var hint: String?
        var location: CatalogLocation
        var written: String
    }

    /// The parameters of an entry: for a YAML entry with `%{name}` placeholders or a `count`
    /// plural, its printf arguments (rare) and then one labelled parameter per name, in sorted
    /// order (`count` an `Int`, every other name a `String`).
    static func parameters(of entry: CatalogEntry) throws(TypingError) -> [Parameter] {
        guard entry.format == .yaml else { return try parameters(of: entry.content) }
        let (normalized, layout) = NamedPlaceholders.normalize(entry.content)
        guard !layout.isEmpty else { return try parameters(of: entry.content) }
        let typed = try parameters(of: normalized)
        var out = Array(typed.prefix(layout.base))
        for name in Set(layout.placeholders + layout.selectors).sorted() {
            out.append(Parameter(type: name == "count" || layout.selectors.contains(name) ? .int : .string, hint: name, named: name))
        }
        return out
    }

    static func parameters(of value: EntryValue) throws(TypingError) -> [Parameter] {
        var slots: [Int: Slot] = [:]
        try scan(value, into: &slots)
        guard let last = slots.keys.max() else { return [] }
        var out: [Parameter] = []
        for position in 1...last {
            guard let slot = slots[position] else {
                throw TypingError(
                    location: value.location,
                    message: "argument \(position) is never used while argument \(last) is; a format cannot skip an argument")
            }
            out.append(Parameter(type: slot.type, hint: slot.hint))
        }
        return out
    }

    private static func scan(_ value: EntryValue, into slots: inout [Int: Slot]) throws(TypingError) {
        switch value {
        case .text(let text):
            var counter = 0
            try scan(text, variables: [], counter: &counter, ownPosition: nil, into: &slots, depth: 0)
        case .plural(let format, let variables):
            if let whole = variables.first(where: { $0.kind == .wholeString }) {
                for variant in whole.variants {
                    var counter = 0
                    try scan(variant.text, variables: variables, counter: &counter, ownPosition: nil, into: &slots, depth: 0)
                }
            } else {
                var counter = 0
                try scan(format, variables: variables, counter: &counter, ownPosition: nil, into: &slots, depth: 0)
            }
        case .device(let variants):
            for variant in variants { try scan(variant.value, into: &slots) }
        case .width(let variants):
            for variant in variants { try scan(variant.value, into: &slots) }
        }
    }

    private static func record(
        _ position: Int, _ type: ArgumentType, hint: String?, at text: LocatedText, written: String, into slots: inout [Int: Slot]
    ) throws(TypingError) {
        if let existing = slots[position] {
            guard existing.type == type else {
                throw TypingError(
                    location: text.location,
                    message:
                        "argument \(position) is \(type.rawValue) here (\(written)) but \(existing.type.rawValue) at \(existing.location) (\(existing.written))"
                )
            }
            if existing.hint == nil, let hint { slots[position]?.hint = hint }
            return
        }
        slots[position] = Slot(type: type, hint: hint, location: text.location, written: written)
    }

    /// Scans one format. Inside a plural variant (`ownPosition` set), a specifier without a
    /// position is the variable's own number, as Foundation substitutes the variant in place.
    private static func scan(
        _ text: LocatedText, variables: [PluralVariable], counter: inout Int, ownPosition: Int?,
        into slots: inout [Int: Slot], depth: Int
    ) throws(TypingError) {
        guard depth < 8 else { throw TypingError(location: text.location, message: "plural variables nested more than 8 deep") }
        let tokens: [FormatToken]
        do {
            tokens = try FormatParser.parse(text.text, allowVariables: true)
        } catch {
            throw TypingError(location: text.location, message: "the format \(quotedKey(text.text)) is malformed: \(error.message)")
        }
        for token in tokens {
            switch token {
            case .literal: continue
            case .spec(let spec):
                let position: Int
                if let explicit = spec.position {
                    position = explicit
                } else if let ownPosition {
                    position = ownPosition
                } else {
                    counter += 1
                    position = counter
                }
                try record(position, ArgumentType(conversion: spec.conversion), hint: nil, at: text, written: spec.text, into: &slots)
            case .variable(let name, let explicit):
                guard let variable = variables.first(where: { $0.name == name }) else {
                    throw TypingError(location: text.location, message: "the format uses the plural variable \(name), which is not defined")
                }
                let position: Int
                if let number = variable.argumentNumber ?? explicit {
                    position = number
                } else {
                    counter += 1
                    position = counter
                }
                try record(position, ArgumentType(valueType: variable.valueType), hint: name, at: text, written: "%#@\(name)@", into: &slots)
                for variant in variable.variants {
                    let formatted = LocatedText(text: variable.formatText(variant.text.text), location: variant.text.location)
                    var inner = counter
                    try scan(formatted, variables: variables, counter: &inner, ownPosition: position, into: &slots, depth: depth + 1)
                }
            }
        }
    }
}
