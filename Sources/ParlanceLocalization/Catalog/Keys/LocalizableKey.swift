public import Parlance

/// A catalog key bound to a Swift type: `MyViewModel.title`, the path a YAML catalog's nested
/// keys make (`en: {MyViewModel: {title: …}}`).
///
/// Generic arguments are stripped (`Box<Int>` → `Box`), a nested type is named through its
/// parent (`ParentViewModel.NestedEnum.option1`), a key discriminator picks a value of a
/// mapping under the property, an index discriminator an element of a sequence.
///
/// ```swift
/// LocalizableKey(for: MyViewModel.self, property: "title").key                    // "MyViewModel.title"
/// LocalizableKey(for: Box<Int>.self, property: "title").key                       // "Box.title"
/// LocalizableKey(for: NestedEnum.self, parentType: ParentViewModel.self, property: "option1").key
///                                                                                 // "ParentViewModel.NestedEnum.option1"
/// LocalizableKey(for: UserViewModel.self, property: "property", discriminatorKey: "shortTitle").key
///                                                                                 // "UserViewModel.property.shortTitle"
/// LocalizableKey(for: UserViewModel.self, property: "property", discriminatorIndex: 1).key
///                                                                                 // "UserViewModel.property.1"
/// ```
public struct LocalizableKey: Hashable, Sendable, CustomStringConvertible {
    /// The catalog key.
    public let key: String

    /// A key for a type's property.
    ///
    /// - Parameters:
    ///   - type: the view model (or any type); its name without generic arguments is used.
    ///   - parentType: the type `type` is nested in, if any (it may itself be generic).
    ///   - property: the property name (the YAML key under the type).
    ///   - discriminatorKey: a key of the mapping under the property.
    ///   - discriminatorIndex: an index into the sequence under the property (used when no
    ///     `discriminatorKey` is given).
    public init(
        for type: Any.Type, parentType: Any.Type? = nil, property: String, discriminatorKey: String? = nil,
        discriminatorIndex: Int? = nil
    ) {
        var parts = parentType.map { [Self.typeName($0)] } ?? []
        parts.append(Self.typeName(type))
        parts.append(property)
        if let discriminatorKey {
            parts.append(discriminatorKey)
        } else if let discriminatorIndex {
            parts.append(String(discriminatorIndex))
        }
        self.key = parts.joined(separator: ".")
    }

    /// A key written out (`"MyViewModel.title"`).
    public init(_ key: String) { self.key = key }

    /// The key.
    public var description: String { key }

    /// A type's own name, without module, enclosing types or generic arguments
    /// (`Swift.Optional<Swift.Int>` → `Optional`, `Outer.Inner<T>` → `Inner`).
    static func typeName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        if let open = name.firstIndex(of: "<") { name = String(name[..<open]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }
}

extension Catalog {
    /// The localized string of a type-bound key (see ``LocalizableKey``).
    ///
    /// ```swift
    /// let key = LocalizableKey(for: CarViewModel.self, property: "carFrontCover")
    /// try catalog.localizedString(key, locale: "en-GB")   // "Bonnet"
    /// try catalog.localizedString(key, locale: "en-US")   // "Hood"
    /// ```
    /// - Throws: as ``localizedString(_:table:locale:arguments:width:)``.
    public func localizedString(
        _ key: LocalizableKey, table: String = "Localizable", locale: LocaleID,
        named: [String: any LocalizationArgumentConvertible] = [:]
    ) throws(ParlanceError) -> String {
        try resolveText(key.key, table: table, locale: locale, arguments: [], named: named.mapValues(\.localizationArgument))
    }

    /// The localized, formatted string for a key with named arguments: a YAML entry's
    /// `%{name}` (Rails) and `{name}` placeholders, and its plural's `count`.
    ///
    /// ```swift
    /// try catalog.localizedString("inbox.messages", locale: "ru", named: ["count": 21])   // "21 сообщение"
    /// try catalog.localizedString("greeting", locale: "en", named: ["name": "Ada"])       // "Hello, Ada!"
    /// ```
    /// - Throws: `ParlanceError/Code/missingArgument` when a placeholder's argument is not
    ///   given; `ParlanceError/Code/invalidArgument` when named arguments are given to a
    ///   `.strings`/`.stringsdict`/`.xcstrings` entry; otherwise as
    ///   ``localizedString(_:table:locale:arguments:width:)``.
    public func localizedString(
        _ key: String, table: String = "Localizable", locale: LocaleID,
        named: [String: any LocalizationArgumentConvertible], arguments: [any LocalizationArgumentConvertible] = []
    ) throws(ParlanceError) -> String {
        try resolveText(
            key, table: table, locale: locale, arguments: arguments.map(\.localizationArgument), named: named.mapValues(\.localizationArgument))
    }
}

/// The language manager that ``Localized`` properties read (set once at start-up).
public enum LocalizedBinding {
    private static let current = CatalogLock<LanguageManager?>(nil)

    /// Makes `manager` the one every ``Localized`` property follows.
    ///
    /// ```swift
    /// LocalizedBinding.use(LanguageManager(catalog: try Catalog(directory: "Resources")))
    /// ```
    public static func use(_ manager: LanguageManager?) { current.withLock { $0 = manager } }

    /// The manager in use, if any.
    public static var manager: LanguageManager? { current.withLock { $0 } }
}

/// A view-model property whose value is its type-bound key's string in the current language
/// of the ``LocalizedBinding`` manager — the per-request language inside
/// `LanguageManager.withLanguage`, else the manager's.
///
/// ```swift
/// struct UserViewModel {
///     @Localized<UserViewModel>("property", discriminatorKey: "shortTitle") var shortTitle
///     @Localized<UserViewModel>("property", discriminatorIndex: 2) var third
/// }
/// UserViewModel().shortTitle   // "Short"
/// ```
/// With no manager bound, or a key missing from the catalog, the value is the key itself (as
/// `LanguageManager.string` does), never an empty string.
@propertyWrapper
public struct Localized<Owner>: Sendable {
    /// The key the property reads.
    public let key: LocalizableKey

    /// A property bound to `Owner`'s `property` key.
    public init(
        _ property: String, parentType: Any.Type? = nil, discriminatorKey: String? = nil, discriminatorIndex: Int? = nil
    ) {
        self.key = LocalizableKey(
            for: Owner.self, parentType: parentType, property: property, discriminatorKey: discriminatorKey,
            discriminatorIndex: discriminatorIndex)
    }

    /// The string in the current language.
    public var wrappedValue: String { LocalizedBinding.manager?.string(key.key) ?? key.key }

    /// The key.
    public var projectedValue: LocalizableKey { key }
}
