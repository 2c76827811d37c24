import FuzzSupport

@testable import ParlanceBatch

/// One request line of `parlance batch` (the input up to its first newline) through the batch
/// engine, as bytes (the stdin path) and as text (the HTTP path).
///
/// Contract: a blank line gets no answer; every other line gets exactly one answer line, a JSON
/// object with a `result` or an `error` whose code the protocol documents (never `internal`), no
/// `id` echoed from invalid JSON; the byte path and the text path answer the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchLine(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzBatchLine"
    let bytes = Fuzz.bytes(start, count)
    let line = Array(bytes.prefix { $0 != 0x0A })
    var out: [UInt8] = []
    let answered = line.withUnsafeBufferPointer { Fuzz.engine.respond(utf8: $0, into: &out) }
    let text = String(decoding: line, as: UTF8.self)
    let viaText = Fuzz.engine.respond(to: text)
    Fuzz.check(answered == (viaText != nil), target, "the byte and text paths disagree on answering \(text.debugDescription)")
    guard answered, let viaText else {
        Fuzz.check(out.isEmpty, target, "a blank line got \(out.count) bytes")
        Fuzz.check(!text.contains { !$0.isWhitespace }, target, "the line \(text.debugDescription) got no answer")
        return 0
    }
    let answer = String(decoding: out, as: UTF8.self)
    Fuzz.check(answer == viaText, target, "the byte path answers \(answer.debugDescription), the text path \(viaText.debugDescription)")
    Fuzz.checkAnswer(answer, to: text, target)
    return 0
}
