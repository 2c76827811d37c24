@testable import Parlance
@testable import ParlanceBatch

/// Checks of the batch protocol's answers (shared/spec/batch-protocol.md), shared by the batch
/// line and HTTP body targets.
extension Fuzz {
    /// The error codes the protocol documents, `internal` aside: an `internal` answer to a
    /// request is a defect the fuzzer reports.
    public static let batchErrorCodes: Set<String> = [
        "invalid-json", "unknown-op", "missing-field", "invalid-argument", "invalid-locale", "invalid-number",
        "invalid-skeleton", "invalid-time", "invalid-time-zone", "missing-key", "invalid-format", "invalid-message",
        "missing-argument",
    ]

    /// One engine, as `parlance batch` and `parlance serve` keep one.
    package static let engine = BatchEngine()

    /// Checks one answer line to `request` and returns its error code (nil for a result).
    @discardableResult
    public static func checkAnswer(_ answer: String, to request: String, _ target: String) -> String? {
        check(
            !answer.utf8.contains(0x0A) && !answer.utf8.contains(0x0D), target,
            "an answer spans lines: \(answer.debugDescription) to \(request.debugDescription)")
        let parsed: JSONValue
        do {
            parsed = try JSONReader.parse(answer)
        } catch {
            fail(target, "the answer is not JSON (\(error)): \(answer.debugDescription) to \(request.debugDescription)")
        }
        guard case .object(let members) = parsed else {
            fail(target, "the answer is not an object: \(answer.debugDescription)")
        }
        let names = members.map(\.0)
        check(Set(names).count == names.count, target, "the answer repeats a member: \(answer.debugDescription)")
        let result = parsed["result"]
        let error = parsed["error"]
        check((result == nil) != (error == nil), target, "the answer has not exactly one of result and error: \(answer.debugDescription)")
        check(Set(names).isSubset(of: ["id", "result", "error"]), target, "the answer has other members: \(answer.debugDescription)")
        guard let error else { return nil }
        guard case .string(let code)? = error["code"], case .string(let message)? = error["message"] else {
            fail(target, "an error without a code and a message: \(answer.debugDescription)")
        }
        check(
            batchErrorCodes.contains(code), target,
            "the error code \(code.debugDescription) (\(message)) is not one the protocol documents for \(request.debugDescription)")
        check(!message.isEmpty, target, "an error without a message: \(answer.debugDescription)")
        if code == "invalid-json" {
            check(parsed["id"] == nil, target, "an invalid line's answer echoes an id: \(answer.debugDescription)")
        }
        return code
    }
}
