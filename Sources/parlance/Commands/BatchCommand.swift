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
            Bad lines get an error line ({"error":{"code":…,"message":…}}) and the run goes on.
            """
    )

    @Option(help: "A catalog directory (<locale>.lproj/*.strings|*.stringsdict, *.xcstrings) for `localize`.")
    var catalog: String?

    @Option(help: "The catalog's development language (default: the String Catalog's sourceLanguage, else en).")
    var developmentLanguage: String?

    func run() throws {
        let server = BatchServer(
            context: BatchContext(catalogDirectory: catalog, developmentLanguage: developmentLanguage))
        server.run(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { line in
                print(line)
                fflush(nil)  // every stream: `stdout` itself is not concurrency-safe to name
            })
    }
}
