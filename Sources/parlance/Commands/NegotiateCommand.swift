import ArgumentParser
import Parlance

/// `parlance negotiate --available en,fr,pt-BR --accept-language "pt-PT, fr;q=0.5"`.
struct NegotiateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "negotiate",
        abstract: "Pick the best available locale for an Accept-Language header or a list of locales.",
        discussion: """
            Uses ICU's LocaleMatcher with its default settings; the first available locale when \
            nothing matches. In an Accept-Language value, q=0 ranges, "*" and malformed parts \
            are ignored.
            Examples:
              parlance negotiate --available en-US,en-GB,fr --accept-language "en-AU, fr;q=0.5"  → en-GB
              parlance negotiate --available en,pt-BR --requested pt-PT                         → pt-BR
            """
    )

    @Option(help: "Comma-separated locale ids the app has, in order of preference for ties.")
    var available: String

    @Option(help: "An HTTP Accept-Language value.")
    var acceptLanguage: String?

    @Option(help: "Comma-separated locale ids the user wants, best first.")
    var requested: String?

    @Flag(help: "Also print how the request was understood.")
    var verbose = false

    func validate() throws {
        if (acceptLanguage == nil) == (requested == nil) {
            throw ValidationError("Give exactly one of --accept-language and --requested.")
        }
    }

    func run() throws {
        let ids = available.split(separator: ",").map { String($0).trimmingCharacters() }
        let matcher = try CLIError.wrap { try LocaleMatcher(supported: ids) }
        let desired: [LocaleID]
        if let acceptLanguage {
            let parsed = AcceptLanguage(acceptLanguage)
            if verbose {
                let text = parsed.entries.map { "\($0.range);q=\($0.quality)" }.joined(separator: ", ")
                print("understood: \(text.isEmpty ? "(nothing usable)" : text)")
            }
            desired = parsed.locales
        } else {
            var list: [LocaleID] = []
            for id in (requested ?? "").split(separator: ",") {
                let raw = String(id).trimmingCharacters()
                list.append(try CLIError.wrap { try LocaleID(raw) })
            }
            desired = list
        }
        let match = matcher.bestMatch(for: desired)
        if verbose, match.isDefault { print("no match: the first available locale is the default") }
        print(ids[match.index])
    }
}
