import ArgumentParser
import Parlance

/// `parlance plural <locale> <number> [--ordinal]` and `parlance plural <locale> --categories`.
struct PluralCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plural",
        abstract: "Print the CLDR plural category of a number, or a locale's categories.",
        discussion: """
            Visible fraction digits count: in English "1" is one, "1.0" is other.
            Examples:
              parlance plural ru 21            → one
              parlance plural en 1.0           → other
              parlance plural en 23 --ordinal  → few
              parlance plural ar --categories  → zero one two few many other
            """
    )

    @Argument(help: "A locale id, BCP 47 or ICU (e.g. en, pt-BR, sr_Latn_RS).")
    var locale: String

    @Argument(help: "A decimal number such as 21, 1.50 or 1.25e1.")
    var number: String?

    @Flag(help: "Use ordinal rules (1st, 2nd, 3rd) instead of cardinal ones.")
    var ordinal = false

    @Flag(help: "List the locale's categories instead of classifying a number.")
    var categories = false

    func validate() throws {
        if categories && number != nil { throw ValidationError("Give either a number or --categories, not both.") }
        if !categories && number == nil { throw ValidationError("Missing a number (or --categories).") }
    }

    func run() throws {
        let rules = try CLIError.wrap {
            try PluralRules(locale: LocaleID(locale), type: ordinal ? .ordinal : .cardinal)
        }
        if categories {
            print(rules.categories.map(\.keyword).joined(separator: " "))
            return
        }
        let category = try CLIError.wrap { try rules.category(for: number ?? "") }
        print(category.keyword)
    }
}

/// Turns a library error into a clear message and a non-zero exit status.
struct CLIError: Error, CustomStringConvertible {
    let error: ParlanceError
    var description: String { "\(error.code): \(error.message)" }

    /// Runs a library call; a ``ParlanceError`` (all that Parlance's public API throws) becomes
    /// a one-line message and exit status 1.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ParlanceError {
            throw ValidationErrorLike(message: "[\(error.code)] \(error.message)")
        }
    }
}

/// An error whose message ArgumentParser prints as is, exiting with status 1.
struct ValidationErrorLike: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
