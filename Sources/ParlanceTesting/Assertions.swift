public import Parlance
public import ParlanceLocalization

// Thin assertion helpers over ``CatalogValidation``: each failure is recorded separately with
// a message `file:line: [rule] message` (or `key language category (sample): why`), at the
// caller's source location.

/// The failure messages for a catalog directory (an unlistable directory is one failure).
func validationFailures(directory: String, options: LintOptions, includeWarnings: Bool) -> [String] {
    do {
        return try CatalogValidation.diagnostics(directory: directory, options: options, includeWarnings: includeWarnings)
            .map(\.description)
    } catch let error as ParlanceError {
        return ["[\(error.code)] \(error.message)"]
    } catch {
        return ["\(error)"]
    }
}

/// The failure messages for rendering a key in every plural category of every language: each
/// names the catalog file, line and column when the problem is written in one.
func renderingFailures(
    key: String, table: String, catalog: Catalog, languages: [LocaleID]?,
    arguments: (LocalizationArgument) -> [LocalizationArgument]
) -> [String] {
    // No language at all renders nothing, which must not pass.
    if languages?.isEmpty == true { return ["\(quotedKey(key)) in \(table): nothing rendered (the catalog has no language)"] }
    return CatalogValidation.pluralFailures(of: key, table: table, in: catalog, languages: languages, arguments: arguments).map(\.description)
}

private func quotedKey(_ key: String) -> String { "\"\(key)\"" }

#if canImport(Testing)
public import Testing

/// Records a Swift Testing issue for each lint error of a catalog directory.
///
/// ```swift
/// @Test func catalogIsValid() {
///     expectValid(catalog: "Sources/App/Resources", options: LintOptions(requiredKeys: GomaUI.requiredKeys))
/// }
/// ```
public func expectValid(
    catalog directory: String, options: LintOptions = LintOptions(), includeWarnings: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for failure in validationFailures(directory: directory, options: options, includeWarnings: includeWarnings) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a Swift Testing issue for each language and plural category in which a key does not render.
///
/// ```swift
/// @Test func itemsCountRenders() throws {
///     expectRendersAllPluralCategories("items.count", in: try Catalog(directory: "Resources"))
/// }
/// ```
public func expectRendersAllPluralCategories(
    _ key: String, table: String = "Localizable", in catalog: Catalog,
    languages: [LocaleID]? = nil,
    arguments: (LocalizationArgument) -> [LocalizationArgument] = { [$0] },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for failure in renderingFailures(key: key, table: table, catalog: catalog, languages: languages, arguments: arguments) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
#endif

#if canImport(XCTest)
import XCTest

/// Fails the XCTest test once per lint error of a catalog directory.
///
/// ```swift
/// func testCatalogIsValid() {
///     assertValid(catalog: "Sources/App/Resources")
/// }
/// ```
public func assertValid(
    catalog directory: String, options: LintOptions = LintOptions(), includeWarnings: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    for failure in validationFailures(directory: directory, options: options, includeWarnings: includeWarnings) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Fails the XCTest test once per language and plural category in which a key does not render.
///
/// ```swift
/// func testItemsCountRenders() throws {
///     assertRendersAllPluralCategories("items.count", in: try Catalog(directory: "Resources"))
/// }
/// ```
public func assertRendersAllPluralCategories(
    _ key: String, table: String = "Localizable", in catalog: Catalog,
    languages: [LocaleID]? = nil,
    arguments: (LocalizationArgument) -> [LocalizationArgument] = { [$0] },
    file: StaticString = #filePath, line: UInt = #line
) {
    for failure in renderingFailures(key: key, table: table, catalog: catalog, languages: languages, arguments: arguments) {
        XCTFail(failure, file: file, line: line)
    }
}
#endif
