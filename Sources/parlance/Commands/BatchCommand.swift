import ArgumentParser
import ParlanceBatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `parlance batch`: the JSON Lines protocol of shared/spec/batch-protocol.md.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Answer JSON Lines requests on standard input, one response line per request.",
        discussion: """
            Example:
              echo '{"op":"plural","locale":"ru","number":"21"}' | parlance batch
              {"result":"one"}
            Request: one JSON object per line (strict RFC 8259) with "op", an optional "id" \
            (echoed back unchanged) and the op's fields. Response: {"id":…,"result":…} or \
            {"id":…,"error":{"code":…,"message":…}}; a bad line gets an error line and the \
            run goes on. Exit status 0 at end of input.

            Operations and fields (? optional):
            \(BatchEngine().operationsHelp)

            Error codes: invalid-json, unknown-op, missing-field, invalid-argument, \
            invalid-locale, invalid-number, invalid-skeleton, invalid-time, invalid-time-zone, \
            missing-key, invalid-format, internal. Full rules: the DocC article "The batch \
            protocol" (ParlanceLocalization documentation).
            """
    )

    @Option(help: "A catalog directory (<locale>.lproj/*.strings|*.stringsdict, *.xcstrings) for `localize`.")
    var catalog: String?

    @Option(help: "The catalog's development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func run() throws {
        let server = BatchEngine(
            context: BatchContext(catalogDirectory: catalog, developmentLanguage: developmentLanguage))
        // Anything already buffered in stdio goes out first; answers are then written with
        // one write(2) each, so each is flushed as the protocol requires.
        fflush(nil)
        server.run(input: STDIN_FILENO, output: STDOUT_FILENO)
    }
}
