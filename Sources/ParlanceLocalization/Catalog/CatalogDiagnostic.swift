import Parlance

/// A place in a catalog and what is wrong (or suspicious) there: a structured value (file,
/// line, column, key, language, code, message), never a string to parse back.
///
/// Reader errors that stop a whole file are `ParlanceError`s with code
/// `ParlanceError/Code/invalidFile` whose message starts with the diagnostic's
/// `file:line:column:` form; problems that do not stop loading (a duplicate key, one
/// malformed entry, which is skipped) are kept as diagnostics on the file and the catalog.
///
/// ```swift
/// let catalog = try Catalog(directory: "/app/Resources")
/// for diagnostic in catalog.diagnostics { print(diagnostic) }
/// // /app/Resources/fr.lproj/Localizable.strings:12:1: duplicate key "ok" (first at line 3); the last value wins
/// ```
public struct CatalogDiagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    /// The file, as given to the reader.
    public let file: String
    /// 1-based line, or 0 when the format has no lines (binary property lists).
    public let line: Int
    /// 1-based column in Unicode scalars, or 0 when unknown.
    public let column: Int
    /// What is wrong.
    public let message: String
    /// The key concerned, if any.
    public let key: String?
    /// The language (as written in the catalog) concerned, if any.
    public let language: String?
    /// A stable id of the kind of problem: `unreadable-file`, `malformed-entry`,
    /// `duplicate-key`, `ignored-folder`; for plurals that load but show a wrong text,
    /// `plural-unknown-category`, `plural-missing-other`, `argument-type-conflict`.
    public let code: String

    /// A diagnostic.
    ///
    /// ```swift
    /// CatalogDiagnostic(file: "a.strings", line: 3, column: 7, message: "expected ';'")
    /// ```
    public init(
        file: String, line: Int, column: Int, message: String, key: String? = nil, language: String? = nil,
        code: String = "unreadable-file"
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.key = key
        self.language = language
        self.code = code
    }

    /// Where the problem is.
    public var location: CatalogLocation { CatalogLocation(file: file, line: line, column: column) }

    /// `file:line:column: message`, the form compilers use.
    public var description: String {
        if line == 0 { return "\(file): \(message)" }
        if column == 0 { return "\(file):\(line): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// The error for a file that cannot be used.
    package var error: ParlanceError { ParlanceError(.invalidFile, description) }

    /// The same diagnostic with the language it concerns.
    package func with(language: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: file, line: line, column: column, message: message, key: key, language: language, code: code)
    }
}
