import Parlance

/// A localizable string written as an interpolated literal, in the key form Apple's String
/// Catalogs use: each interpolation becomes a format specifier of the key and a typed argument.
///
/// ```swift
/// let value: LocalizationValue = "greeting.message \(name)"
/// value.key         // "greeting.message %@"
/// value.arguments   // [.string("Ada")]
/// let files: LocalizationValue = "\(3) files, \(2.5) MB, 100%"
/// files.key         // "%lld files, %lf MB, 100%%"
/// ```
///
/// The specifiers are the ones Xcode writes when it extracts `String(localized:)` calls into an
/// `.xcstrings` file: `String`, `Substring` and any other `CustomStringConvertible` → `%@`;
/// `Int`, `Int64` → `%lld`; `Int32`, `Int16`, `Int8` → `%d`; `UInt`, `UInt64` → `%llu`;
/// `UInt32`, `UInt16`, `UInt8` → `%u`; `Double` → `%lf`; `Float` → `%f`. A `%` written in the
/// literal is `%%` in the key. Look it up with `String(localized:)` (Linux),
/// ``LanguageManager/string(localized:table:comment:)`` or ``KeyBinding/string(localized:table:comment:)``.
public struct LocalizationValue: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The catalog key: the literal with each interpolation replaced by its specifier.
    public let key: String
    /// The interpolated values, in order.
    public let arguments: [LocalizationArgument]

    /// A value with no interpolation.
    ///
    /// ```swift
    /// let title: LocalizationValue = "settings.title"   // key "settings.title", no arguments
    /// ```
    public init(stringLiteral value: String) {
        var interpolation = StringInterpolation(literalCapacity: value.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.init(stringInterpolation: interpolation)
    }

    /// A value from an interpolated literal.
    public init(stringInterpolation: StringInterpolation) {
        self.key = stringInterpolation.key
        self.arguments = stringInterpolation.arguments
    }

    /// The key (``key``).
    public var description: String { key }

    /// Builds the key and the arguments of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var arguments: [LocalizationArgument] = []

        /// Space for the literal's text.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        /// Literal text; `%` is written `%%`, as a format needs.
        public mutating func appendLiteral(_ literal: String) {
            key += FormatParser.escapingPercents(literal)
        }

        private mutating func append(_ specifier: String, _ argument: LocalizationArgument) {
            key += specifier
            arguments.append(argument)
        }

        /// `%@`.
        public mutating func appendInterpolation(_ value: String) { append("%@", .string(value)) }
        /// `%@`.
        public mutating func appendInterpolation(_ value: Substring) { append("%@", .string(String(value))) }
        /// `%@` with the value's `description`.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            append("%@", .string(value.description))
        }
        /// `%lld`.
        public mutating func appendInterpolation(_ value: Int) { append("%lld", .int(Int64(value))) }
        /// `%lld`.
        public mutating func appendInterpolation(_ value: Int64) { append("%lld", .int(value)) }
        /// `%d`.
        public mutating func appendInterpolation(_ value: Int32) { append("%d", .int(Int64(value))) }
        /// `%d`.
        public mutating func appendInterpolation(_ value: Int16) { append("%d", .int(Int64(value))) }
        /// `%d`.
        public mutating func appendInterpolation(_ value: Int8) { append("%d", .int(Int64(value))) }
        /// `%llu`.
        public mutating func appendInterpolation(_ value: UInt) { append("%llu", LocalizationArgument(value)) }
        /// `%llu`.
        public mutating func appendInterpolation(_ value: UInt64) { append("%llu", LocalizationArgument(value)) }
        /// `%u`.
        public mutating func appendInterpolation(_ value: UInt32) { append("%u", .int(Int64(value))) }
        /// `%u`.
        public mutating func appendInterpolation(_ value: UInt16) { append("%u", .int(Int64(value))) }
        /// `%u`.
        public mutating func appendInterpolation(_ value: UInt8) { append("%u", .int(Int64(value))) }
        /// `%lf`.
        public mutating func appendInterpolation(_ value: Double) { append("%lf", .double(value)) }
        /// `%f`.
        public mutating func appendInterpolation(_ value: Float) { append("%f", .double(Double(value))) }
    }

    /// The value formatted in a locale with its own text as the format: what a lookup returns
    /// when the catalog does not have the key (as Apple's lookup returns the default value).
    func formatted(in locale: LocaleID) -> String {
        do {
            return try LocalizedFormatter(locale: locale).formatTyped(key, arguments: arguments)
        } catch {
            // The key and the arguments are built together, one typed argument per specifier,
            // so this cannot fail; should it ever, the key is the visible value, as a missing key is.
            return key
        }
    }
}

extension LanguageManager {
    /// The localized string for an interpolated literal in the current language: its key
    /// (`"greeting.message \(name)"` → `greeting.message %@`) is looked up in the catalog and
    /// formatted with the interpolated values. When the catalog does not have the key, the
    /// literal itself, formatted in the current language — as Apple's `String(localized:)`
    /// returns its default value.
    ///
    /// ```swift
    /// let name = "Ada"
    /// manager.string(localized: "greeting.message \(name)")   // "Bonjour, Ada !" in fr
    /// manager.string(localized: "\(3) new messages", table: "Inbox")
    /// ```
    /// - Parameters:
    ///   - keyAndValue: the key and default value, with the arguments.
    ///   - table: the table (default `Localizable`).
    ///   - comment: the translator comment; not used at run time (it is for people and tools
    ///     that read the source, as with Apple's API).
    public func string(localized keyAndValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil) -> String {
        state.string(localized: keyAndValue.key, arguments: keyAndValue.arguments, defaultValue: keyAndValue, table: table)
    }

    /// The localized string for a key, formatted with the arguments of a default value (used,
    /// formatted in the current language, when the catalog does not have the key).
    ///
    /// ```swift
    /// manager.string(localized: "greeting", defaultValue: "Hello, \(name)!")   // key "greeting", arguments [name]
    /// ```
    /// - Parameters:
    ///   - key: the catalog key.
    ///   - defaultValue: the value when the key is missing; its interpolations are the arguments.
    ///   - table: the table (default `Localizable`).
    ///   - comment: the translator comment; not used at run time.
    public func string(
        localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil
    ) -> String {
        state.string(localized: key.description, arguments: defaultValue.arguments, defaultValue: defaultValue, table: table)
    }
}

extension LanguageState {
    /// The lookup of `String(localized:)`: the translation; the default value when the key is
    /// missing; when the translation cannot be used, ``Catalog/string(_:table:locale:arguments:width:)``'s
    /// fallback (the development language's value, the problem logged once).
    func string(localized key: String, arguments: [LocalizationArgument], defaultValue: LocalizationValue, table: String?) -> String {
        let table = table ?? "Localizable"
        guard let catalog else { return defaultValue.formatted(in: locale) }
        do {
            return try catalog.resolveText(key, table: table, locale: locale, arguments: arguments)
        } catch  where error.code == .missingKey {
            return defaultValue.formatted(in: locale)
        } catch {
            return catalog.string(key, table: table, locale: locale, arguments: arguments)
        }
    }
}

extension KeyBinding {
    /// ``LanguageManager/string(localized:table:comment:)`` through the bound manager; with no
    /// manager bound, the literal formatted in English (`en`).
    ///
    /// ```swift
    /// KeyBinding.main.string(localized: "greeting.message \(name)")
    /// ```
    public func string(localized keyAndValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil) -> String {
        guard let manager else { return keyAndValue.formatted(in: "en") }
        return manager.string(localized: keyAndValue, table: table)
    }

    /// ``LanguageManager/string(localized:defaultValue:table:comment:)`` through the bound
    /// manager; with no manager bound, the default value formatted in English (`en`).
    public func string(
        localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil
    ) -> String {
        guard let manager else { return defaultValue.formatted(in: "en") }
        return manager.string(localized: key, defaultValue: defaultValue, table: table)
    }
}

#if !canImport(Darwin)
extension String {
    /// Apple's name for an interpolated localizable literal (Foundation on Linux has none):
    /// ``ParlanceLocalization/LocalizationValue``.
    public typealias LocalizationValue = ParlanceLocalization.LocalizationValue

    /// Apple's `String(localized:)` on Linux: looks the literal's key up (`"greeting.message \(name)"`
    /// → `greeting.message %@`, `Int` → `%lld`, `Double` → `%lf`) in the catalog in the current
    /// language and formats it with the interpolated values, so code written for Apple platforms'
    /// String Catalogs runs against the same `.xcstrings` on Linux.
    ///
    /// ```swift
    /// KeyBinding.main.bind(LanguageManager(catalog: try Catalog(directory: "Resources")))
    /// let name = "Ada"
    /// String(localized: "greeting.message \(name)")                  // the current language's translation
    /// String(localized: "\(5) items", table: "Shop", manager: manager) // an explicit manager
    /// ```
    ///
    /// Not on Apple platforms, where Foundation's own `String(localized:)` (bundles) applies.
    /// - Parameters:
    ///   - keyAndValue: the key and default value, with the arguments.
    ///   - table: the table (default `Localizable`).
    ///   - manager: the language manager whose catalog and current language are used (the role
    ///     of Apple's `bundle:`); nil uses ``KeyBinding/main``'s. With neither, the literal is
    ///     formatted in English.
    ///   - comment: the translator comment; not used at run time.
    public init(
        localized keyAndValue: LocalizationValue, table: String? = nil, manager: LanguageManager? = nil,
        comment: StaticString? = nil
    ) {
        if let manager {
            self = manager.string(localized: keyAndValue, table: table)
        } else {
            self = KeyBinding.main.string(localized: keyAndValue, table: table)
        }
    }

    /// Apple's `String(localized:defaultValue:)` on Linux: the key as written, the arguments
    /// from the default value's interpolations; the default value when the key is missing.
    ///
    /// ```swift
    /// String(localized: "greeting", defaultValue: "Hello, \(name)!", comment: "On the home screen")
    /// ```
    /// - Parameters: as ``init(localized:table:manager:comment:)``.
    public init(
        localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, manager: LanguageManager? = nil,
        comment: StaticString? = nil
    ) {
        if let manager {
            self = manager.string(localized: key, defaultValue: defaultValue, table: table)
        } else {
            self = KeyBinding.main.string(localized: key, defaultValue: defaultValue, table: table)
        }
    }
}
#endif
