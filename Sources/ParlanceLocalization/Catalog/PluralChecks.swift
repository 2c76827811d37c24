import Parlance

/// The checks of a plural entry that need no language data, shared by catalog loading (which
/// records them on ``Catalog/diagnostics`` and logs them once) and `CatalogLinter` (which
/// reports them under its rules): a variant key that is no CLDR category (`fwe` for `few`), a
/// plural without `other`, and an argument used with two types (a variant's `%@` where the
/// variable's number is `%d`).
package enum PluralChecks {
    /// The codes of the diagnostics these checks give (``CatalogDiagnostic/code``).
    package enum Code: String, CaseIterable, Sendable {
        case unknownCategory = "plural-unknown-category"
        case missingOther = "plural-missing-other"
        case argumentTypeConflict = "argument-type-conflict"
    }

    /// Every code of ``Code``.
    package static let codes = Set(Code.allCases.map(\.rawValue))

    /// How messages name a variable: "the plural" (whole-string variations) or "the variable "n"".
    package static func name(of variable: PluralVariable) -> String {
        variable.kind == .wholeString ? "the plural" : "the variable \(quoted(variable.name))"
    }

    /// A variant key that is no plural category, as a message (without the entry's label).
    package static func unknownCategory(_ variant: PluralVariant, of variable: PluralVariable) -> String {
        "\(quoted(variant.keyword)) in \(name(of: variable)) is not a plural category"
    }

    /// A variable without `other`, as a message (without the entry's label).
    package static func missingOther(_ variable: PluralVariable) -> String {
        "\(name(of: variable)) has no \"other\" variant"
    }

    /// One argument used with two kinds, as a message (without the entry's label).
    package static func conflict(_ conflict: Signature.Conflict) -> String {
        "argument \(conflict.position) is used as \(conflict.first.written) (\(conflict.first.kind.rawValue)) and as \(conflict.second.written) (\(conflict.second.kind.rawValue))"
    }

    /// The problems of one entry's plural values, as located diagnostics for catalog loading:
    /// each names the file, line and column, the key, and what is shown instead.
    package static func diagnostics(_ record: EntryRecord, language: String?) -> [CatalogDiagnostic] {
        guard !record.isMessageFormat else { return [] }
        var found: [CatalogDiagnostic] = []
        func add(_ code: Code, _ location: CatalogLocation, _ message: String) {
            found.append(
                CatalogDiagnostic(
                    file: location.file, line: location.line, column: location.column, message: "\(quoted(record.key)): \(message)",
                    key: record.key, language: language, code: code.rawValue))
        }
        for (label, leaf) in record.content.leaves {
            guard case .plural(_, let variables) = leaf else { continue }
            let choice = label.map { " [\($0)]" } ?? ""
            for variable in variables {
                for variant in variable.variants where variant.category == nil {
                    add(
                        .unknownCategory, variant.text.location,
                        "\(unknownCategory(variant, of: variable))\(choice) (CLDR's are zero, one, two, few, many, other): the variant is never shown")
                }
                if !variable.variants.contains(where: { $0.category == .other }) {
                    add(.missingOther, variable.location, "\(missingOther(variable))\(choice): numbers of no other variant are shown wrongly")
                }
            }
            if let signature = ArgumentSignature.of(leaf, parse: { try? FormatParser.parse($0, allowVariables: $1) }) {
                for each in signature.conflicts { add(.argumentTypeConflict, leaf.location, "\(conflict(each))\(choice)") }
            }
        }
        return found
    }

    /// ``diagnostics(_:language:)`` of every record.
    package static func diagnostics(_ records: [EntryRecord], language: String?) -> [CatalogDiagnostic] {
        var found: [CatalogDiagnostic] = []
        for record in records where record.content.isPluralOrChoice { found += diagnostics(record, language: language) }
        return found
    }
}

extension EntryValue {
    /// Whether the value holds a plural (directly or in a device or width choice): the only
    /// values ``PluralChecks`` looks into.
    fileprivate var isPluralOrChoice: Bool {
        if case .text = self { return false }
        return true
    }
}

/// The kind of value an argument position takes.
package enum ArgumentKind: String, Sendable {
    case integer, float, object, cString = "C string", character

    package init?(_ spec: FormatSpec) {
        let c = spec.conversion
        if FormatParser.integerConversions.contains(c) {
            self = .integer
        } else if FormatParser.floatConversions.contains(c) {
            self = .float
        } else if c == "@" {
            self = .object
        } else if c == "s" || c == "S" {
            self = .cString
        } else if FormatParser.characterConversions.contains(c) {
            self = .character
        } else {
            return nil
        }
    }
}

/// One argument position's use: kind and how it was written.
package struct ArgumentUse: Sendable {
    package var kind: ArgumentKind
    /// Only consumed: a plural variable whose variants are all empty takes the argument and
    /// prints nothing, so its value type does not constrain the argument (Foundation formats
    /// the entry whatever the argument is); another use of the position decides its kind.
    package var onlyConsumed = false
    /// The specification, whose text is only made for a message, or the text written.
    private var spec: FormatSpec?
    private var text: String?

    package init(kind: ArgumentKind, spec: FormatSpec) {
        self.kind = kind
        self.spec = spec
    }

    package init(kind: ArgumentKind, written: String) {
        self.kind = kind
        self.text = written
    }

    /// As written (`%lld`, `%2$@`).
    package var written: String { spec?.text ?? text ?? "" }
}

/// Argument uses by position: a short array kept in position order (a value uses a handful
/// of arguments, and a dictionary per value would cost more than it finds).
package struct ArgumentUses: Sendable {
    package private(set) var items: [(position: Int, use: ArgumentUse)] = []

    package init() {}

    package var positions: [Int] { items.map(\.position) }

    package subscript(position: Int) -> ArgumentUse? {
        get { items.first { $0.position == position }?.use }
        set {
            let index = items.firstIndex { $0.position >= position } ?? items.endIndex
            let present = index < items.endIndex && items[index].position == position
            switch (newValue, present) {
            case (let use?, true): items[index].use = use
            case (let use?, false): items.insert((position, use), at: index)
            case (nil, true): items.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// The same positions with the same kinds (how each is written aside; a position only
    /// consumed on one side agrees with any kind).
    package func sameKinds(as other: ArgumentUses) -> Bool {
        items.count == other.items.count
            && zip(items, other.items).allSatisfy {
                $0.position == $1.position && ($0.use.kind == $1.use.kind || $0.use.onlyConsumed || $1.use.onlyConsumed)
            }
    }
}

/// The arguments a value uses by position, and positions used with two kinds.
package struct Signature: Sendable {
    /// A position used with two kinds: the first use and the one that disagrees.
    package typealias Conflict = (position: Int, first: ArgumentUse, second: ArgumentUse)

    package var uses = ArgumentUses()
    package var conflicts: [Conflict] = []

    package init() {}
}

/// The arguments a value uses by position, as Foundation binds them (the stringsdict-shaped
/// form: a variable's variants start at the variable's position).
package enum ArgumentSignature {
    /// Parses a format (`allowVariables`: `%#@name@` is a token); nil when it does not parse.
    package typealias Parse = (_ text: String, _ allowVariables: Bool) -> [FormatToken]?

    /// The signature of a value that is not a device or width choice; nil when a format does
    /// not parse (or for a choice).
    package static func of(_ leaf: EntryValue, parse: Parse) -> Signature? {
        var signature = Signature()
        if case .text(let text) = leaf, !text.text.utf8.contains(0x25) { return signature }
        var visited: Set<String> = []
        switch leaf.catalogValue {
        case .format(let text):
            return collect(text, start: 1, variables: [:], into: &signature, visited: &visited, depth: 0, parse: parse) ? signature : nil
        case .plural(let plural):
            return collect(plural.format, start: 1, variables: plural.variables, into: &signature, visited: &visited, depth: 0, parse: parse)
                ? signature : nil
        case .device:
            return nil
        }
    }

    /// `visited` holds (variable, first argument) pairs already walked: walking one again adds
    /// nothing, and skipping it bounds the walk by the catalog's size instead of letting
    /// self-references multiply it.
    private static func collect(
        _ text: String, start: Int, variables: [String: PluralFormat.Variable], into signature: inout Signature,
        visited: inout Set<String>, depth: Int, parse: Parse
    ) -> Bool {
        guard depth < 16 else { return true }
        guard let tokens = parse(text, true) else { return false }
        func use(_ position: Int, _ found: ArgumentUse) {
            if let first = signature.uses[position] {
                if first.onlyConsumed, !found.onlyConsumed {
                    signature.uses[position] = found
                } else if !found.onlyConsumed, first.kind != found.kind, !signature.conflicts.contains(where: { $0.position == position }) {
                    signature.conflicts.append((position, first, found))
                }
            } else {
                signature.uses[position] = found
            }
        }
        var sequential = start
        for token in tokens {
            switch token {
            case .literal: continue
            case .spec(let spec):
                let position = spec.position ?? sequential
                if spec.position == nil { sequential += 1 }
                if let kind = ArgumentKind(spec) { use(position, ArgumentUse(kind: kind, spec: spec)) }
            case .variable(let name, let written):
                let position = written ?? sequential
                if written == nil { sequential += 1 }
                guard let variable = variables[name] else { continue }
                // A `@` plural variable is YAML's `count` (any number, shown in the locale's
                // style): it takes the type its variants give the argument, so it adds no use.
                if name != PluralNormalization.wholeStringName, variable.valueType != "@",
                    case let parsed? = parse("%" + (variable.valueType ?? "d"), false),
                    parsed.count == 1, case .spec(let spec) = parsed[0], let kind = ArgumentKind(spec)
                {
                    var found = ArgumentUse(kind: kind, written: "%" + (variable.valueType ?? "d"))
                    found.onlyConsumed = variable.printsNothing
                    use(position, found)
                }
                let variantStart = name == PluralNormalization.wholeStringName ? 1 : position
                guard visited.insert("\(name)\u{1F}\(variantStart)").inserted else { continue }
                for variant in variable.variants.sorted(by: { $0.key.rawValue < $1.key.rawValue }).map(\.value) {
                    guard collect(variant, start: variantStart, variables: variables, into: &signature, visited: &visited, depth: depth + 1, parse: parse)
                    else {
                        return false
                    }
                }
            }
        }
        return true
    }
}

extension PluralFormat.Variable {
    /// Every variant is empty: the variable consumes its argument and prints nothing (a way
    /// Apple catalogs skip an argument the code passes, whatever its type).
    package var printsNothing: Bool {
        gettext == nil && !variants.isEmpty && variants.values.allSatisfy(\.isEmpty)
    }
}
