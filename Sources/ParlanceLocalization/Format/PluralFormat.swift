public import Parlance

/// A `.stringsdict` entry: an `NSStringLocalizedFormatKey` format whose `%#@name@` variables
/// choose a variant by the CLDR plural category of their argument.
///
/// Evaluation follows Foundation: each variable `%#@name@` (or positional `%N$#@name@`) takes
/// the next argument (or argument N); its variant is chosen by the cardinal `PluralRules` of
/// the entry's language — a `zero` variant, when present, wins for 0 in every language
/// (Apple's rule), and a missing category falls back to `other`. Variants may contain
/// ordinary specifiers (`%d`, `%2$d`) and further variables. Floating-point arguments are
/// classified as the variable's `NSStringFormatValueTypeKey` formats them (`.1f` of 1 is
/// "1.0", which is `other` in English).
///
/// ```swift
/// let items = PluralFormat(format: "%#@items@", variables: [
///     "items": PluralFormat.Variable(valueType: "d", variants: [.one: "%d элемент", .few: "%d элемента",
///                                                               .many: "%d элементов", .other: "%d элемента"]),
/// ])
/// try items.format(language: "ru", locale: "ru", arguments: [21])   // "21 элемент"
/// try items.format(language: "ru", locale: "ru", arguments: [1000]) // "1 000 элементов"
/// ```
public struct PluralFormat: Hashable, Sendable {
    /// One `%#@name@` variable: its value type and its variants by plural category.
    public struct Variable: Hashable, Sendable {
        /// `NSStringFormatValueTypeKey` (`d`, `ld`, `f`, `.1f`, `@`, …); nil means `d`.
        public var valueType: String?
        /// The variant per category (`zero` … `other`).
        public var variants: [PluralCategory: String]
        /// A gettext plural's own choice: the variant at the index its `Plural-Forms` gives an
        /// integer (``variants`` then serve other arguments, and a failed evaluation).
        package var gettext: GettextSelection?

        /// A variable with its variants.
        ///
        /// ```swift
        /// PluralFormat.Variable(valueType: "d", variants: [.one: "%d file", .other: "%d files"])
        /// ```
        public init(valueType: String? = nil, variants: [PluralCategory: String]) {
            self.valueType = valueType
            self.variants = variants
        }
    }

    /// The `NSStringLocalizedFormatKey` format.
    public var format: String
    /// The variables by name.
    public var variables: [String: Variable]

    /// An entry from its parts.
    ///
    /// ```swift
    /// PluralFormat(format: "%#@n@", variables: ["n": .init(variants: [.one: "one", .other: "%d"])])
    /// ```
    public init(format: String, variables: [String: Variable]) {
        self.format = format
        self.variables = variables
    }

    /// The deepest nesting of variables inside variants accepted.
    public static let maximumNesting = 12

    /// Evaluates the entry.
    ///
    /// ```swift
    /// try entry.format(language: "ar", locale: "ar-EG", arguments: [3])  // the `few` variant, Arabic digits
    /// ```
    /// - Parameters:
    ///   - language: the language whose plural rules choose variants (the entry's own language).
    ///   - locale: the locale whose digits and separators format numbers.
    ///   - arguments: the arguments, by position.
    /// - Throws: `ParlanceError/Code/invalidArgument` for a malformed format or variable,
    ///   a cycle, nesting deeper than ``maximumNesting``, a missing argument or a type mismatch.
    public func format(language: LocaleID, locale: LocaleID, arguments: [LocalizationArgument]) throws -> String {
        do {
            return try evaluate(language: language, locale: locale, arguments: arguments)
        } catch {
            throw error.parlanceError(format: format)
        }
    }

    func evaluate(language: LocaleID, locale: LocaleID, arguments: [LocalizationArgument]) throws(FormatFailure) -> String {
        let rules: PluralRules
        do {
            rules = try ParlanceCore.pluralRules(language)
        } catch {
            throw .argument(error.message)
        }
        return try CompiledPlural(self).evaluate(rules: rules, formatter: LocalizedFormatter(locale: locale), arguments: arguments)
    }
}

/// A stringsdict-style entry compiled once: every format and variant parsed into tokens (a
/// variant that does not parse keeps its failure, reported only when it is chosen), so that
/// evaluating it parses nothing and takes no lock.
package struct CompiledPlural: Sendable {
    package struct Variable: Sendable {
        var valueType: String?
        /// A gettext plural's expression and its variants by `msgstr` index.
        var indexed: (forms: GettextPluralForms, variants: [Result<[FormatToken], FormatFailure>])?
        /// The parsed value type (nil: `d`).
        var valueSpec: FormatSpec?
        /// The parsed variants indexed by ``PluralCategory/index`` (no hashing on the warm path).
        var variants: [Result<[FormatToken], FormatFailure>?]
        var valueTypeFailure: FormatFailure?
        /// Every variant is empty: the argument is consumed whatever its type, as Foundation does.
        var printsNothing = false
    }

    let format: Result<[FormatToken], FormatFailure>
    /// The variables, found by a linear search on their names: an entry has one to three,
    /// where hashing a name would cost more than comparing it.
    let variables: [(name: String, variable: Variable)]
    /// The common shape compiled further, when the entry has it (see ``SingleVariable``).
    package let single: SingleVariable?

    /// The shape most plural entries have: text, one variable over an integer argument, text;
    /// each variant text with at most one plain `%d` of that same argument. Evaluating it is a
    /// category lookup and a concatenation, with the same result as the general composer
    /// (which handles every other shape, every error and every non-integer argument).
    package final class SingleVariable: Sendable {
        /// One variant split around its `%d` (`number` false: no number in it).
        struct Variant: Sendable {
            var before: String
            var number: Bool
            var after: String
        }

        let prefix: String
        let suffix: String
        /// The 0-based index of the variable's argument.
        let argument: Int
        /// The variant each category chooses (with `other`'s fallback applied), by index.
        let byCategory: [Variant]
        /// The `zero` variant, which 0 chooses in every language when present.
        let zero: Variant?

        init(prefix: String, suffix: String, argument: Int, byCategory: [Variant], zero: Variant?) {
            self.prefix = prefix
            self.suffix = suffix
            self.argument = argument
            self.byCategory = byCategory
            self.zero = zero
        }

        /// The shape, if `format` and `variables` have it.
        static func make(format: Result<[FormatToken], FormatFailure>, variables: [(name: String, variable: Variable)]) -> SingleVariable? {
            guard case .success(var tokens) = format, variables.count == 1 else { return nil }
            var prefix = ""
            var suffix = ""
            if case .literal(let text) = tokens.first {
                prefix = text
                tokens.removeFirst()
            }
            if case .literal(let text) = tokens.last {
                suffix = text
                tokens.removeLast()
            }
            guard tokens.count == 1, case .variable(let name, let position) = tokens[0], name == variables[0].name else { return nil }
            let variable = variables[0].variable
            guard variable.indexed == nil, variable.valueTypeFailure == nil, variable.valueSpec.map({ FormatParser.integerConversions.contains($0) }) ?? true
            else { return nil }
            let argumentNumber = position ?? 1
            var parsed: [Variant?] = []
            for variant in variable.variants {
                guard let variant else {
                    parsed.append(nil)
                    continue
                }
                guard case .success(let pieces) = variant, let split = split(pieces, argumentNumber: argumentNumber) else { return nil }
                parsed.append(split)
            }
            // Without the category's own variant: `other`, else the most general there is.
            guard let general = parsed.reversed().compactMap({ $0 }).first else { return nil }
            return SingleVariable(
                prefix: prefix, suffix: suffix, argument: argumentNumber - 1, byCategory: parsed.map { $0 ?? general },
                zero: parsed[PluralCategory.zero.index])
        }

        private static func split(_ tokens: [FormatToken], argumentNumber: Int) -> Variant? {
            var variant = Variant(before: "", number: false, after: "")
            for token in tokens {
                switch token {
                case .literal(let text):
                    if variant.number { variant.after += text } else { variant.before += text }
                case .spec(let spec):
                    guard !variant.number, spec.isPlainSignedInteger, (spec.position ?? argumentNumber) == argumentNumber else { return nil }
                    variant.number = true
                case .variable:
                    return nil
                }
            }
            return variant
        }

        /// The text for `arguments`, or nil when they are not this shape's (then the composer
        /// decides, errors included).
        func evaluate(rules: PluralRules, formatter: LocalizedFormatter, arguments: [LocalizationArgument]) -> String? {
            guard argument < arguments.count, case .int(let value) = arguments[argument] else { return nil }
            return evaluate(rules: rules, formatter: formatter, value: value)
        }

        /// The text for the variable's integer `value` (the variable's argument already taken
        /// from the caller's arguments), or nil when this shape cannot give it.
        func evaluate(rules: PluralRules, formatter: LocalizedFormatter, value: Int64) -> String? {
            let variant = value == 0 ? (zero ?? byCategory[rules.category(for: Int(value)).index]) : byCategory[rules.category(for: Int(value)).index]
            var digits = ""
            if variant.number {
                guard let text = formatter.plainIntegerText(value) else { return nil }
                digits = text
            }
            // One allocation: the five parts' UTF-8 copied in place (no closure captures a
            // local, so no run-time exclusivity check). Measured faster than appending the
            // parts to a string reserved to the total, despite the validation of the bytes.
            let total = prefix.utf8.count + variant.before.utf8.count + digits.utf8.count + variant.after.utf8.count + suffix.utf8.count
            guard total <= LocalizedFormatter.maximumOutputBytes else { return nil }
            return String(unsafeUninitializedCapacity: total) { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                var end = Self.copyUTF8(prefix, to: base)
                end = Self.copyUTF8(variant.before, to: end)
                end = Self.copyUTF8(digits, to: end)
                end = Self.copyUTF8(variant.after, to: end)
                end = Self.copyUTF8(suffix, to: end)
                return end - base
            }
        }

        /// Copies `text`'s UTF-8 to `destination` (which has room for it); returns the byte
        /// after the copy.
        private static func copyUTF8(_ text: String, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                guard let source = bytes.baseAddress, !bytes.isEmpty else { return 0 }
                destination.update(from: source, count: bytes.count)
                return bytes.count
            }
            if let copied { return destination + copied }
            var end = destination
            for byte in text.utf8 {
                end.pointee = byte
                end += 1
            }
            return end
        }
    }

    package init(_ plural: PluralFormat) {
        self.init(format: plural.format, variables: plural.variables)
    }

    package init(format: String, variables: [String: PluralFormat.Variable]) {
        func parse(_ text: String) -> Result<[FormatToken], FormatFailure> {
            Result { () throws(FormatFailure) in try FormatParser.parseUncached(text, allowVariables: true) }
        }
        self.format = parse(format)
        var compiled: [(name: String, variable: Variable)] = []
        for (name, variable) in variables.sorted(by: { $0.key < $1.key }) {
            var spec: FormatSpec?
            var failure: FormatFailure?
            if let type = variable.valueType {
                let parsedType = Result { () throws(FormatFailure) in
                    try FormatParser.parseUncached("%" + type, allowVariables: false)
                }
                if case .success(let tokens) = parsedType, tokens.count == 1, case .spec(let parsed) = tokens[0],
                    parsed.position == nil
                {
                    spec = parsed
                } else {
                    failure = .syntax("the NSStringFormatValueTypeKey \(quoted(type)) of \(quoted(name)) is not a format conversion")
                }
            }
            compiled.append(
                (
                    name,
                    Variable(
                        valueType: variable.valueType, indexed: variable.gettext.map { (forms: $0.forms, variants: $0.variants.map(parse)) }, valueSpec: spec,
                        variants: PluralCategory.allCases.map { variable.variants[$0].map(parse) }, valueTypeFailure: failure,
                        printsNothing: variable.printsNothing)
                ))
        }
        self.variables = compiled
        self.single = SingleVariable.make(format: self.format, variables: compiled)
    }

    package func evaluate(rules: PluralRules, formatter: LocalizedFormatter, arguments: [LocalizationArgument]) throws(FormatFailure) -> String {
        if let single, let text = single.evaluate(rules: rules, formatter: formatter, arguments: arguments) { return text }
        return try compose(rules: rules, formatter: formatter, arguments: arguments)
    }

    /// The general evaluation (every shape; the reference ``SingleVariable`` is tested against).
    package func compose(rules: PluralRules, formatter: LocalizedFormatter, arguments: [LocalizationArgument]) throws(FormatFailure) -> String {
        var composer = Composer(variables: variables, rules: rules, arguments: arguments, formatter: formatter)
        composer.out.reserveCapacity(64)
        var stack = VariableStack()
        _ = try composer.compose(format.get(), start: 1, stack: &stack)
        return composer.out
    }

    /// The variables being expanded, outermost first; the first is held inline so that the
    /// common one-variable entry allocates nothing.
    struct VariableStack {
        private var first: String?
        private var rest: [String] = []

        var count: Int { first == nil ? 0 : 1 + rest.count }
        var names: [String] { (first.map { [$0] } ?? []) + rest }
        func contains(_ name: String) -> Bool { first == name || (!rest.isEmpty && rest.contains(name)) }

        mutating func append(_ name: String) {
            if first == nil { first = name } else { rest.append(name) }
        }

        mutating func removeLast() {
            if rest.isEmpty { first = nil } else { rest.removeLast() }
        }
    }

    /// Expands variables into their variants and formats as it goes, in one pass: every
    /// specifier is given its position (so that a variant without `%d`, such as "No items",
    /// does not shift later arguments) and converted at once into `out`.
    private struct Composer {
        let variables: [(name: String, variable: Variable)]
        let rules: PluralRules
        let arguments: [LocalizationArgument]
        let formatter: LocalizedFormatter
        var out = ""

        /// Variables expanded so far, over the whole recursion: a variant that names the next
        /// variable eight times, twelve levels deep, would otherwise be expanded 8^12 times
        /// while producing nothing.
        var expansions = 0
        /// Tokens produced so far, over the whole recursion.
        var tokenCount = 0
        static let maximumExpansions = 10_000

        /// Composes `tokens` whose sequential arguments start at `start`; returns the next one.
        mutating func compose(_ tokens: [FormatToken], start: Int, stack: inout VariableStack) throws(FormatFailure) -> Int {
            var sequential = start
            for token in tokens {
                switch token {
                case .literal(let literal):
                    out += literal
                case .spec(let spec):
                    let index: Int
                    if let position = spec.position {
                        index = position - 1
                    } else {
                        index = sequential - 1
                        sequential += 1
                    }
                    guard index < arguments.count else {
                        throw .argument(
                            "\(spec.text) needs argument \(index + 1) but \(arguments.count == 1 ? "1 argument was" : "\(arguments.count) arguments were") given"
                        )
                    }
                    out += try formatter.convert(spec, arguments[index], number: index + 1)
                case .variable(let name, let position):
                    let argumentNumber = position ?? sequential
                    if position == nil { sequential += 1 }
                    if stack.contains(name) {
                        throw .syntax("the variable \(quoted(name)) refers to itself (\((stack.names + [name]).joined(separator: " → ")))")
                    }
                    guard stack.count < PluralFormat.maximumNesting else {
                        throw .syntax("variables are nested more than \(PluralFormat.maximumNesting) deep")
                    }
                    guard let variable = variables.first(where: { $0.name == name })?.variable else {
                        throw .syntax("the variable \(quoted(name)) is not defined")
                    }
                    guard argumentNumber <= arguments.count else {
                        throw .argument(
                            "the variable \(quoted(name)) needs argument \(argumentNumber) but \(arguments.count == 1 ? "1 argument was" : "\(arguments.count) arguments were") given"
                        )
                    }
                    expansions += 1
                    guard expansions <= Self.maximumExpansions else {
                        throw .syntax("the variables are expanded more than \(Self.maximumExpansions) times")
                    }
                    let argument = arguments[argumentNumber - 1]
                    let variant = try choose(variable, name: name, argument: argument, number: argumentNumber)
                    stack.append(name)
                    let end = try compose(variant.get(), start: argumentNumber, stack: &stack)
                    stack.removeLast()
                    if position == nil { sequential = max(sequential, end) }
                }
                tokenCount += 1
                if out.utf8.count > LocalizedFormatter.maximumOutputBytes || tokenCount > LocalizedFormatter.maximumOutputBytes {
                    throw .syntax("the variables expand to more than \(LocalizedFormatter.maximumOutputBytes) bytes of UTF-8")
                }
            }
            return sequential
        }

        /// The variant Foundation chooses: `zero` for 0 in every language when present, else the
        /// CLDR category's, else `other`; an entry without `other` (which Apple loads too) uses
        /// its most general variant (`many`, `few`, `two`, `one`, then `zero`).
        func choose(_ variable: Variable, name: String, argument: LocalizationArgument, number: Int) throws(FormatFailure) -> Result<
            [FormatToken], FormatFailure
        > {
            // A gettext plural: the index its expression gives a non-negative integer; an
            // evaluation that fails (division by zero) or an index past the variants falls
            // back to the CLDR categories below.
            if let indexed = variable.indexed, case .int(let value) = argument, value >= 0,
                let index = try? indexed.forms.index(for: UInt64(value)), index < indexed.variants.count
            {
                return indexed.variants[index]
            }
            if argument.isZero, let zero = variable.variants[PluralCategory.zero.index] { return zero }
            // Only empty variants: whatever variant is chosen prints nothing, so the argument
            // (a string a `%ld` variable swallows) is consumed without being classified.
            if variable.printsNothing { return .success([]) }
            if let failure = variable.valueTypeFailure { throw failure }
            let category = try PluralFormat.category(
                of: argument, valueSpec: variable.valueSpec, valueType: variable.valueType,
                rules: rules, variable: name, number: number)
            if let variant = variable.variants[category.index] { return variant }
            // Without the category: `other`, else the most general variant there is (many … zero).
            for variant in variable.variants.reversed() { if let variant { return variant } }
            throw .syntax("the variable \(quoted(name)) has no variants")
        }
    }
}

/// A gettext plural's `Plural-Forms` and its variant texts by `msgstr` index.
package struct GettextSelection: Hashable, Sendable {
    package var forms: GettextPluralForms
    package var variants: [String]
}

extension PluralFormat {
    /// The plural category of an argument as the value type formats it.
    static func category(
        of argument: LocalizationArgument, valueSpec: FormatSpec?, valueType: String?, rules: PluralRules,
        variable: String, number: Int
    ) throws(FormatFailure) -> PluralCategory {
        // The common case, an integer argument for an integer value type, needs no parsing.
        if case .int(let value) = argument, valueSpec.map({ FormatParser.integerConversions.contains($0) }) ?? true {
            return rules.category(for: Int(value))
        }
        let typeText = valueType ?? "d"
        let spec = valueSpec ?? FormatSpec(conversion: "d")
        func mismatch() -> FormatFailure {
            .argument(
                "the variable \(quoted(variable)) (%\(typeText)) cannot take argument \(number), \(argument.kindName) (\(quoted(argument.description, limit: 40)))"
            )
        }
        if FormatParser.floatConversions.contains(spec) {
            if case .double(let value) = argument, !value.isFinite { return .other }
            let plain = try LocalizedFormatter(locale: .root).floatText(spec, argument, locale: .root, grouping: false, mismatch: mismatch())
            return (try? rules.category(for: plain)) ?? .other
        }
        switch argument {
        case .int(let value):
            return rules.category(for: Int(value))
        case .decimal(let value):
            guard let category = try? rules.category(for: value) else { throw mismatch() }
            if FormatParser.integerConversions.contains(spec), value.contains(".") { throw mismatch() }
            return category
        case .double(let value):
            if FormatParser.integerConversions.contains(spec) { throw mismatch() }
            return rules.category(for: value)
        case .string(let value):
            if FormatParser.textConversions.contains(spec) { return (try? rules.category(for: value)) ?? .other }
            throw mismatch()
        }
    }
}
