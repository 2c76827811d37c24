import Foundation
import Parlance
import ParlanceBatch
import ParlanceTestSupport
import Testing

/// Hostile locale ids through every batch op, in-process: each answer is `invalid-locale` or
/// the answer `en` gets, and the run goes on to answer the next line.
@Suite("Batch: hostile locale ids")
struct HostileLocaleBatchTests {
    static let catalog: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleCatalog").path

    let server = BatchEngine(context: BatchContext(catalogDirectory: HostileLocaleBatchTests.catalog))

    /// The answer as JSON: the result, or the error code.
    static func read(_ answer: String?) throws -> (result: Any?, code: String?) {
        let text = try #require(answer)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(200))")
        let code = (object["error"] as? [String: Any])?["code"] as? String
        #expect((object["result"] != nil) != (code != nil), "\(text.prefix(200))")
        return (object["result"], code)
    }

    @Test("the requests cover every op the engine answers")
    func everyOp() {
        #expect(Set(HostileLocaleIDs.requests.map(\.op)).union(HostileLocaleIDs.localeFreeOps) == Set(server.operations))
    }

    @Test("the reported id is invalid-locale in every op, number included")
    func reported() throws {
        for request in HostileLocaleIDs.requests where request.members.contains(#""locale":"{L}""#) {
            let (_, code) = try Self.read(server.respond(to: request.line(with: HostileLocaleIDs.reported)))
            #expect(code == "invalid-locale", "\(request)")
        }
        // An id in `available`, or `of`, too; in `requested` it is skipped as ill-formed.
        let available = try Self.read(server.respond(to: HostileLocaleIDs.requests[13].line(with: HostileLocaleIDs.reported)))
        #expect(available.code == "invalid-locale")
        let named = try Self.read(server.respond(to: HostileLocaleIDs.requests[12].line(with: HostileLocaleIDs.reported)))
        #expect(named.code == "invalid-locale")
        let negotiated = try Self.read(server.respond(to: HostileLocaleIDs.requests[14].line(with: HostileLocaleIDs.reported)))
        #expect(negotiated.result as? String == "fr")  // the reported id is skipped; fr is next
    }

    @Test("every op answers invalid-locale or en's answer, for ids up to 1 MB", arguments: HostileLocaleIDs.requests)
    func everyLength(request: HostileLocaleIDs.Request) throws {
        let english = try Self.read(server.respond(to: request.line(with: "en")))
        let reference = try #require(english.result.map(HostileLocaleIDs.canonicalJSON), "en: \(String(describing: english.code))")
        var refused = 0
        for (label, id) in HostileLocaleIDs.everything {
            let (result, code) = try Self.read(server.respond(to: request.line(with: id)))
            if let code {
                #expect(code == "invalid-locale", "\(request) \(label)")
                refused += 1
                continue
            }
            // A result: the id is one Parlance accepts (unless the op skips ill-formed ids: then
            // the next requested id, fr, is chosen),
            // and the answer is en's (or, where the answer names the id, any answer).
            if request.skipsIllFormed {
                #expect(result as? String == "fr" || (try? LocaleID(id)) != nil, "\(request) \(label)")
                continue
            }
            #expect(id.utf8.count <= LocaleLimits.inputBytes, "\(request) \(label) was answered")
            #expect((try? LocaleID(id)) != nil, "\(request) \(label)")
            if request.sameAsEnglish {
                #expect(result.map(HostileLocaleIDs.canonicalJSON) == reference, "\(request) \(label)")
            }
        }
        // Most of them are over a limit.
        #expect(refused > HostileLocaleIDs.everything.count / 2 || request.skipsIllFormed)
    }

    @Test("a run goes on after every hostile line: one answer per line, the last one right")
    func runStaysUp() throws {
        var lines: [String] = []
        for request in HostileLocaleIDs.requests {
            for (_, id) in HostileLocaleIDs.all(maximumLength: 4096) { lines.append(request.line(with: id)) }
        }
        lines.append(#"{"op":"plural","locale":"ru","number":"21","id":"last"}"#)
        var input = lines.makeIterator()
        var answers: [String] = []
        server.run(readLine: { input.next() }, write: { answers.append($0) })
        #expect(answers.count == lines.count)
        #expect(answers.last == #"{"id":"last","result":"one"}"#)  // CLDR: ru 21 → one
    }
}
