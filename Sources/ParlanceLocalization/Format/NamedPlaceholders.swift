import Parlance

/// Named placeholders of YAML values: `%{name}` (Rails-i18n) and `{name}`, next to
/// printf specifiers, which keep their meaning.
///
/// A value is evaluated by rewriting it once into a positional printf format: the positional
/// arguments come first (as many as the value's printf specifiers use), then each placeholder
/// name in sorted order (`%N$@`, filled with the named argument as text; a number is written
/// in the locale's style), then each plural selector (`count`) with its raw value. Sorting by
/// name makes the positions of a key the same in every language, so the linter compares them
/// as it compares printf arguments.
package enum NamedPlaceholders {
    /// A name: `[A-Za-z_][A-Za-z0-9_.-]*` (Rails allows dots in interpolation names rarely; we
    /// accept them).
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D
    }

    enum Piece: Equatable {
        case literal(String)
        case named(String)
    }

    /// Splits a value into printf text and named placeholders. `%%` stays printf text (so
    /// `%%{x}` is a percent sign and the placeholder `{x}`); a `{` that does not open a
    /// `{name}` is text.
    static func pieces(_ text: String) -> [Piece] {
        let bytes = Array(text.utf8)
        guard bytes.contains(0x7B) else { return [.literal(text)] }
        var out: [Piece] = []
        var literal: [UInt8] = []
        var index = 0
        func name(from start: Int) -> (String, Int)? {
            guard start < bytes.count, isNameStart(bytes[start]) else { return nil }
            var end = start + 1
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == 0x7D else { return nil }
            return (String(decoding: bytes[start..<end], as: UTF8.self), end + 1)
        }
        func flush() {
            if !literal.isEmpty { out.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25, index + 1 < bytes.count, bytes[index + 1] == 0x25 {
                literal += [0x25, 0x25]
                index += 2
            } else if byte == 0x25, index + 1 < bytes.count, bytes[index + 1] == 0x7B, let (found, next) = name(from: index + 2) {
                flush()
                out.append(.named(found))
                index = next
            } else if byte == 0x7B, let (found, next) = name(from: index + 1) {
                flush()
                out.append(.named(found))
                index = next
            } else {
                literal.append(byte)
                index += 1
            }
        }
        flush()
        return out
    }

    /// The placeholder names of a text, in order of appearance (repeats kept).
    package static func names(in text: String) -> [String] {
        pieces(text).compactMap { if case .named(let name) = $0 { name } else { nil } }
    }

    /// Where each name goes in the positional form of one entry.
    package struct Layout: Sendable, Hashable {
        /// Positional arguments the printf specifiers use.
        package var base: Int
        /// Placeholder names, sorted: `placeholders[i]` is argument `base + i + 1`.
        package var placeholders: [String]
        /// Plural selectors, sorted, after the placeholders.
        package var selectors: [String]

        package var isEmpty: Bool { placeholders.isEmpty && selectors.isEmpty }
    }

    /// How many positional arguments a printf text (placeholders removed) uses.
    static func positionalCount(_ text: String) -> Int {
        guard let tokens = try? FormatParser.parse(text, allowVariables: true) else { return 0 }
        var next = 0
        var highest = 0
        for case .spec(let spec) in tokens {
            if let position = spec.position {
                highest = max(highest, position)
            } else {
                next += 1
                highest = max(highest, next)
            }
        }
        return highest
    }

    /// The value with its placeholders and plural selectors rewritten as positional printf
    /// arguments, and the layout that says which name is which position.
    package static func normalize(_ value: EntryValue) -> (value: EntryValue, layout: Layout) {
        var names = Set<String>()
        var selectors = Set<String>()
        var base = 0
        for item in value.texts {
            let parts = pieces(item.text.text)
            for case .named(let name) in parts { names.insert(name) }
            let printf = parts.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
            base = max(base, positionalCount(item.variable?.formatText(printf) ?? printf), item.variable?.argumentNumber ?? 0)
            // A variable with an argument number (`=argNum` in YAML, an `.xcstrings`
            // substitution) takes a positional argument, as in Apple's formats; any other is
            // chosen by the named argument of its name (`count`).
            if let variable = item.variable, variable.kind == .variable, variable.argumentNumber == nil, !variable.usesArgumentPlaceholder {
                selectors.insert(variable.name)
            }
        }
        let layout = Layout(base: base, placeholders: names.sorted(), selectors: selectors.sorted())
        guard !layout.isEmpty else { return (value, layout) }
        return (rewrite(value, layout), layout)
    }

    static func rewrite(_ text: LocatedText, _ layout: Layout, selectorFormat: Bool) -> LocatedText {
        var out = ""
        for piece in pieces(text.text) {
            switch piece {
            case .literal(let literal): out += literal
            case .named(let name):
                let position = layout.base + (layout.placeholders.firstIndex(of: name) ?? 0) + 1
                out += "%\(position)$@"
            }
        }
        if selectorFormat, let tokens = try? FormatParser.parse(out, allowVariables: true) {
            var placed = ""
            for token in tokens {
                switch token {
                case .literal(let literal): placed += FormatParser.escapingPercents(literal)
                case .spec(let spec): placed += spec.text
                case .variable(let name, let position):
                    if position == nil, let index = layout.selectors.firstIndex(of: name) {
                        placed += "%\(layout.base + layout.placeholders.count + index + 1)$#@\(name)@"
                    } else {
                        placed += position.map { "%\($0)$#@\(name)@" } ?? "%#@\(name)@"
                    }
                }
            }
            out = placed
        }
        return LocatedText(text: out, location: text.location)
    }

    static func rewrite(_ value: EntryValue, _ layout: Layout) -> EntryValue {
        switch value {
        case .text(let text): return .text(rewrite(text, layout, selectorFormat: false))
        case .plural(let format, let variables):
            let rewritten = variables.map { variable in
                var copy = variable
                copy.variants = variable.variants.map { PluralVariant(keyword: $0.keyword, text: rewrite($0.text, layout, selectorFormat: true)) }
                return copy
            }
            return .plural(format: rewrite(format, layout, selectorFormat: true), variables: rewritten)
        case .device(let variants):
            return .device(variants.map { DeviceVariant(device: $0.device, value: rewrite($0.value, layout), location: $0.location) })
        case .width(let variants):
            return .width(variants.map { WidthVariant(width: $0.width, value: rewrite($0.value, layout), location: $0.location) })
        }
    }

    /// A named argument as its placeholder shows it: numbers in the locale's style (grouping,
    /// decimal separator, digits: `1 000,5` in `ru`), text as it is.
    static func text(_ argument: LocalizationArgument, _ numbers: NumberFormat?) -> String {
        guard let numbers else { return argument.description }
        switch argument {
        case .int(let value): return numbers.format(Int(value))
        case .double(let value): return numbers.format(value)
        case .decimal(let value): return (try? numbers.format(decimal: value)) ?? value
        case .string(let value): return value
        }
    }

    /// The positional arguments for a layout: `positional`, then the placeholders as text,
    /// then the selectors' raw values. A name that is missing is `missing-argument` (batch spec
    /// v1.1), too few positional arguments `invalid-argument` as for every format; `count`,
    /// when not named, is the first positional argument, and a value whose only printf
    /// argument is not given positionally takes `count`.
    package static func arguments(
        _ layout: Layout, positional: [LocalizationArgument], named: [String: LocalizationArgument], formatter: LocalizedFormatter,
        key: String, location: CatalogLocation
    ) throws(ParlanceError) -> [LocalizationArgument] {
        func value(_ name: String) throws(ParlanceError) -> LocalizationArgument {
            if let found = named[name] { return found }
            if name == "count", let first = positional.first { return first }
            let given = named.keys.sorted()
            throw ParlanceError(
                .missingArgument,
                "\(quoted(key)) (\(location)) uses the argument \(quoted(name)), which was not given"
                    + (given.isEmpty ? " (no named arguments were given)" : " (given: \(given.joined(separator: ", ")))"))
        }
        var out = positional
        if out.count < layout.base {
            // `one: "%d item"` called with `count:` alone: the count is the printf argument.
            if out.isEmpty, layout.base == 1, let count = named["count"] {
                out = [count]
            } else {
                throw ParlanceError(
                    .invalidArgument,
                    "\(quoted(key)) (\(location)) uses \(layout.base) positional printf argument\(layout.base == 1 ? "" : "s") but \(out.count) \(out.count == 1 ? "was" : "were") given"
                )
            }
        }
        if out.count > layout.base { out = Array(out.prefix(layout.base)) }
        let numbers = try? NumberFormat(locale: formatter.locale)
        for name in layout.placeholders {
            out.append(.string(text(try value(name), numbers)))
        }
        for name in layout.selectors { out.append(try value(name)) }
        return out
    }
}
