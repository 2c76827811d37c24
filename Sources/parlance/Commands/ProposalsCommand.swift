#if Postgres
import ArgumentParser
import Foundation
import Parlance
import ParlanceProposals
import ParlanceProposalsPostgres

/// `parlance proposals list|accept|reject|export`: review translation proposals in
/// the store `parlance serve` uses.
struct ProposalsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proposals",
        abstract: "List, accept, reject and export translation proposals.",
        discussion: """
            The store is --database, else $PARLANCE_DATABASE_URL, else \
            sqlite:.parlance/proposals.sqlite (the default of `parlance serve`): sqlite:PATH or \
            postgres://user:password@host:port/database.
            Example:
              parlance proposals list --state open
              parlance proposals accept 6F1C…
              parlance proposals export --accepted --format strings --output patch
            """,
        subcommands: [List.self, Accept.self, Reject.self, Export.self]
    )

    struct StoreOptions: ParsableArguments {
        @Option(help: "The proposal store: sqlite:PATH or postgres://user:password@host:port/database.")
        var database: String?
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List proposals, oldest first (tab-separated, or JSON with --json).")
        @OptionGroup var store: StoreOptions
        @Option(help: "Only this state: open, accepted or rejected.") var state: String?
        @Option(help: "Only this section (table).") var section: String?
        @Option(help: "Only this key.") var key: String?
        @Option(help: "Only this locale.") var locale: String?
        @Flag(help: "Print a JSON array (the HTTP API's form).") var json = false

        func validate() throws {
            if let state, ProposalState(rawValue: state) == nil { throw ValidationError("--state takes open, accepted or rejected") }
        }

        func run() throws {
            let query = try CLIError.wrap {
                ProposalQuery(
                    section: section, key: key, locale: try locale.map { try LocaleID($0) }, states: state.flatMap { ProposalState(rawValue: $0) }.map { [$0] })
            }
            let proposals = try ProposalCommandSupport.withStore(store.database) { store in try await store.proposals(matching: query) }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(proposals.map { ProposalJSON($0) }), as: UTF8.self))
                return
            }
            for proposal in proposals {
                let fields = [
                    proposal.id.uuidString, proposal.state.rawValue, proposal.locale.languageTag, proposal.identifier.section, proposal.identifier.key,
                    proposal.author?.description ?? "-", ProposalJSON.timestamp(proposal.createdAt), proposal.value,
                ]
                // Tabs and line breaks inside values are escaped so that one proposal is one line.
                print(
                    fields.map {
                        $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
                    }
                    .joined(separator: "\t"))
            }
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Accept an open proposal.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The proposal's id.") var id: String
        func run() throws { try ProposalCommandSupport.review(id, .accepted, store.database) }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reject an open proposal.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The proposal's id.") var id: String
        func run() throws { try ProposalCommandSupport.review(id, .rejected, store.database) }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write accepted proposals as a patch over a catalog directory.",
            discussion: """
                strings: <locale>.lproj/<section>.strings; xcstrings: <section>.xcstrings; yaml: \
                <locale>.yml (section Localizable) or <section>/<locale>.yml. Only the proposed \
                values are written; merge them over the catalog. When several accepted \
                proposals exist for one text and locale, the newest is written and the others \
                are listed on standard error.
                """)
        @OptionGroup var store: StoreOptions
        @Flag(help: "Export the accepted proposals (required: the only state exported).") var accepted = false
        @Option(help: "strings, xcstrings or yaml.") var format: String
        @Option(help: "The directory to write into (created if needed).") var output: String
        @Option(help: "The String Catalogs' sourceLanguage.") var sourceLanguage = "en"

        func validate() throws {
            guard accepted else { throw ValidationError("give --accepted (only accepted proposals are exported)") }
            guard ProposalExport.Format(rawValue: format) != nil else { throw ValidationError("--format takes strings, xcstrings or yaml, not \(format)") }
        }

        func run() throws {
            let format = ProposalExport.Format(rawValue: format) ?? .strings
            let source = try CLIError.wrap { try LocaleID(sourceLanguage) }
            let accepted = try ProposalCommandSupport.withStore(store.database) { store in
                try await store.proposals(matching: ProposalQuery(states: [.accepted]))
            }
            let patch = try CLIError.wrap { try ProposalExport.patch(accepted, format: format, sourceLanguage: source) }
            try CLIError.wrap { try patch.write(to: URL(fileURLWithPath: output)) }
            for file in patch.files { print(URL(fileURLWithPath: output).appendingPathComponent(file.path).path) }
            for old in patch.superseded {
                FileHandle.standardError.write(
                    Data("superseded: \(old.id.uuidString) \(old.identifier) (\(old.locale.languageTag)): a newer accepted proposal was written\n".utf8))
            }
        }
    }
}

/// Opening the store from a synchronous command, and the shared review step.
enum ProposalCommandSupport {
    /// --database, else $PARLANCE_DATABASE_URL, else the default SQLite file.
    static func location(_ option: String?) -> String {
        if let option { return option }
        if let url = ProcessInfo.processInfo.environment["PARLANCE_DATABASE_URL"], !url.isEmpty { return url }
        return ProposalDatabase.defaultLocation
    }

    /// The key of author hashes from $PARLANCE_PROPOSALS_KEY (at least 16 bytes of secret
    /// text); nil when unset: the store keeps its own key.
    static func guidKey() throws -> ProposalGuidKey? {
        guard let text = ProcessInfo.processInfo.environment["PARLANCE_PROPOSALS_KEY"], !text.isEmpty else { return nil }
        return try ProposalGuidKey(text: text)
    }

    /// Runs `body` with the store open, on the cooperative pool while this thread waits (the
    /// root command is synchronous); library errors become a one-line message and exit 1.
    static func withStore<Result: Sendable>(_ option: String?, _ body: @escaping @Sendable (any ProposalStore) async throws -> Result) throws
        -> Result
    {
        let database = try CLIError.wrap { try ProposalDatabase(location(option)) }
        let key = try CLIError.wrap { try guidKey() }
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let opened = try await database.open(guidKey: key)
                do {
                    box.set(.success(try await body(opened.store)))
                } catch {
                    box.set(.failure(error))
                }
                await opened.close()
            } catch {
                box.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try CLIError.wrap { try box.get() }
    }

    static func review(_ raw: String, _ state: ProposalState, _ option: String?) throws {
        guard let id = UUID(uuidString: raw) else { throw ValidationError("\(raw) is not a proposal id (a UUID)") }
        let reviewed = try withStore(option) { store in try await store.review(id: id, state: state) }
        print("\(reviewed.id.uuidString) \(reviewed.state.rawValue): \(reviewed.identifier) (\(reviewed.locale.languageTag)) = \(reviewed.value)")
    }
}

/// The outcome handed from the task to the waiting thread.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    // Written once by the task before it signals; read after the wait.
    private let lock = NSLock()
    private var stored: Result<Value, any Error>?
    func set(_ result: Result<Value, any Error>) { lock.withLock { stored = result } }
    func get() throws -> Value {
        guard let stored = lock.withLock({ stored }) else { throw ParlanceError(.proposalStoreFailed, "the store task ended without a result") }
        return try stored.get()
    }
}
#endif
