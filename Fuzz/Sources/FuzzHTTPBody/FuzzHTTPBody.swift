import FuzzSupport
import ParlanceHTTP

@testable import Parlance
@testable import ParlanceBatch

/// An HTTP request body as `parlance serve` handles it, through the libraries the body reaches
/// (the server module itself is left out: it would add Hummingbird and NIO to the fuzz build).
///
/// Input: a route byte, then the body. The route is `POST /v1/{op}` for one of the engine's
/// operations, or `POST /v1/batch` (one request per line). As the server's batch adapter does,
/// a body that is a JSON object gets `"op"` as its first member, then goes to the engine; a
/// body that is not an object goes to it unchanged.
///
/// Contract: each request gets one answer that the batch checks accept; its error maps to a 4xx
/// status (`internal` is never an answer to a body); a `/v1/batch` body gets one answer per
/// non-blank line, in order; an error body written by ``HTTPErrorMapping/body(code:message:)``
/// with the body's text as message is JSON that reads back to the same code and message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPBody(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzHTTPBody"
    var input = FuzzInput(start, count)
    let route = Int(input.byte())
    let body = input.restText
    let operations = Fuzz.engine.operations
    if route % (operations.count + 1) == operations.count {
        var answers = 0
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let answer = Fuzz.engine.respond(to: String(line)) else {
                Fuzz.check(!line.contains { !$0.isWhitespace }, target, "the batch line \(line.debugDescription) got no answer")
                continue
            }
            answers += 1
            checkStatus(Fuzz.checkAnswer(answer, to: String(line), target), body, target)
        }
        let expected = body.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains { !$0.isWhitespace } }.count
        Fuzz.check(answers == expected, target, "\(answers) answers to \(expected) lines")
    } else {
        let op = operations[route % (operations.count + 1)]
        var line = body
        if case .object(let members)? = try? JSONReader.parse(body), let brace = line.firstIndex(of: "{") {
            let added = #""op":"# + JSONValue.string(op).serialized + (members.isEmpty ? "" : ",")
            line.insert(contentsOf: added, at: line.index(after: brace))
        }
        let answer = Fuzz.engine.respond(to: line) ?? #"{"error":{"code":"invalid-json","message":"the body is empty"}}"#
        checkStatus(Fuzz.checkAnswer(answer, to: line, target), body, target)
    }
    // The server's error body with untrusted text as its message.
    let written = String(decoding: HTTPErrorMapping.body(code: "invalid-argument", message: body), as: UTF8.self)
    guard let read = try? JSONReader.parse(written), case .string(let message)? = read["error"]?["message"] else {
        Fuzz.fail(target, "the error body is not JSON: \(written.debugDescription)")
    }
    Fuzz.check(message == body, target, "the error body's message reads back as \(message.debugDescription), not \(body.debugDescription)")
    return 0
}

/// An error answer to a body is a client error (4xx).
private func checkStatus(_ code: String?, _ body: String, _ target: String) {
    guard let code else { return }
    let status = HTTPErrorMapping.status(for: code)
    Fuzz.check((400..<500).contains(status), target, "the error \(code) is HTTP \(status) for the body \(body.debugDescription)")
}
