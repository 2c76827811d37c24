public import ParlanceLocalization

/// Generates Swift source with type-safe accessors for every key of a `Catalog` (what
/// `parlance gen` writes): nested enums from dotted keys, a static property for a plain string,
/// a function with typed parameters for a format.
///
/// ```swift
/// let catalog = try Catalog(directory: "Resources")
/// let result = KeyGenerator(options: .init(enumName: "L10n", accessLevel: .public)).generate(from: catalog)
/// print(result.source)       // public enum L10n { … public static func count(_ items: Int) -> String … }
/// result.diagnostics         // collisions, unusable formats (file:line:column)
/// ```
///
/// The output depends only on the catalog's keys and values and the options (never on file
/// paths, dates or hash order): the same input gives the same bytes.
public struct KeyGenerator: Sendable {
    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// What to generate.
    public struct Options: Sendable, Hashable {
        /// The name of the outer enum (`L10n`).
        public var enumName: String
        /// The access level of every generated declaration.
        public var accessLevel: AccessLevel
        /// The tables to generate; nil means every table of the catalog. The table
        /// `Localizable` goes at the top level; any other table under an enum of its name.
        public var tables: [String]?

        /// Options.
        ///
        /// ```swift
        /// KeyGenerator.Options(enumName: "Strings", accessLevel: .package, tables: ["Shop"])
        /// ```
        public init(enumName: String = "L10n", accessLevel: AccessLevel = .internal, tables: [String]? = nil) {
            self.enumName = enumName
            self.accessLevel = accessLevel
            self.tables = tables
        }
    }

    /// The generated source and what could not be generated as asked.
    public struct Result: Sendable {
        /// The Swift source (one file).
        public var source: String
        /// The catalog's own diagnostics, then the generator's (collisions, unusable formats),
        /// each at the file, line and column of the entry.
        public var diagnostics: [CatalogDiagnostic]
        /// The keys that got an accessor, as `(table, key)`, sorted.
        public var generatedKeys: [GeneratedKey]
    }

    /// One generated accessor.
    public struct GeneratedKey: Sendable, Hashable {
        /// The table of the key.
        public var table: String
        /// The key.
        public var key: String
        /// The Swift path of the accessor (`L10n.Items.count`).
        public var swiftPath: String
        /// The parameter types, in argument order (empty for a plain string).
        public var parameterTypes: [String]
        /// The argument labels, one per parameter: nil for a positional (unlabelled) argument, the
        /// placeholder's name for a YAML `%{name}` or plural `count` (passed by name).
        public var argumentNames: [String?] = []
    }

    /// The options.
    public let options: Options

    /// A generator.
    ///
    /// ```swift
    /// let generator = KeyGenerator(options: .init(accessLevel: .public))
    /// ```
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Generates the accessors of a catalog's tables.
    ///
    /// Never throws: an entry whose format cannot be typed is left out with a diagnostic at
    /// its location, and the rest is generated.
    public func generate(from catalog: Catalog) -> Result {
        var diagnostics = catalog.diagnostics
        let root = Namespace(name: Naming.typeName(options.enumName))
        var generated: [GeneratedKey] = []
        let tables = (options.tables ?? catalog.tableNames).sorted()
        var stringsComments: [String: [String: String]] = [:]  // .strings comments by file, read once
        for table in tables {
            let tableScope = table == "Localizable" ? root : root.child(Naming.typeName(table), origin: "the table \(table)")
            for key in catalog.keys(table: table) {
                guard let entry = Self.sourceEntry(catalog: catalog, table: table, key: key) else { continue }
                let parameters: [Parameter]
                do {
                    parameters = try ArgumentTyper.parameters(of: entry)
                } catch {
                    diagnostics.append(
                        CatalogDiagnostic(
                            file: error.location.file, line: error.location.line, column: error.location.column,
                            message: "no accessor for \(quotedKey(key)): \(error.message)", key: key,
                            language: entry.language.identifier, code: "keygen-unusable-format"))
                    continue
                }
                let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                var scope = tableScope
                for component in components.dropLast() {
                    scope = scope.child(Naming.typeName(component), origin: key)
                }
                let member = Member(
                    key: key, table: table, entry: entry, parameters: parameters,
                    baseName: Naming.memberName(components.last ?? key))
                if entry.format == .strings {
                    if stringsComments[entry.file] == nil { stringsComments[entry.file] = StringsFile.comments(ofFile: entry.file) }
                    member.comment = stringsComments[entry.file]?[key]
                } else {
                    member.comment = entry.comment
                }
                scope.members.append(member)
            }
        }
        let renderer = Renderer(options: options)
        diagnostics += root.assignNames()
        let source = renderer.render(root)
        root.collect(into: &generated, path: [options.enumName])
        return Result(source: source, diagnostics: diagnostics, generatedKeys: generated.sorted { ($0.table, $0.key) < ($1.table, $1.key) })
    }

    /// The entry whose value documents the accessor and types its arguments: the development
    /// language's, else the first locale (by identifier) that has the key.
    static func sourceEntry(catalog: Catalog, table: String, key: String) -> CatalogEntry? {
        if let entry = catalog.entry(forKey: key, table: table, locale: catalog.developmentLanguage), entry.key == key {
            return entry
        }
        for locale in catalog.locales {
            if let entry = catalog.entry(forKey: key, table: table, locale: locale) { return entry }
        }
        return nil
    }
}

func quotedKey(_ key: String) -> String {
    "\"" + SwiftLiteral.escape(key) + "\""
}
