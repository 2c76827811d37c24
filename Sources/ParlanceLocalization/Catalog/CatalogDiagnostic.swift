import Parlance

/// A place in a catalog file and what is wrong (or suspicious) there.
///
/// Reader errors are ``ParlanceError``s with code ``ParlanceError/Code/invalidFile`` whose
/// message starts with the diagnostic's `file:line:column:` form; warnings that do not stop
/// loading (a duplicate key in a `.strings` file) are kept as diagnostics.
///
/// ```swift
/// let file = try StringsFile(contentsOf: "/app/fr.lproj/Localizable.strings")
/// for warning in file.diagnostics { print(warning) }
/// // /app/fr.lproj/Localizable.strings:12:1: duplicate key "ok" (first at line 3); the last value wins
/// ```
public struct CatalogDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file, as given to the reader.
    public let file: String
    /// 1-based line, or 0 when the format has no lines (binary property lists).
    public let line: Int
    /// 1-based column in Unicode scalars, or 0 when unknown.
    public let column: Int
    /// What is wrong.
    public let message: String

    /// A diagnostic.
    ///
    /// ```swift
    /// CatalogDiagnostic(file: "a.strings", line: 3, column: 7, message: "expected ';'")
    /// ```
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form compilers use.
    public var description: String {
        if line == 0 { return "\(file): \(message)" }
        if column == 0 { return "\(file):\(line): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }

    /// The error for a file that cannot be used.
    var error: ParlanceError { ParlanceError(.invalidFile, description) }
}
