package import ParlanceLocalization

/// The formats one lint worker parsed last, so that each text of an entry is parsed once
/// although several rules read it (validity, argument signature, `% ` conversions,
/// variables).
///
/// Lint parses each text itself (`FormatParser.parseUncached`) instead of going through the
/// process-wide parse cache that run-time lookups use: a catalog's texts are nearly all
/// distinct, so for lint that cache is a lock taken four times per text by every worker and a
/// table that only fills and empties.
///
/// `@unchecked Sendable`: a memo belongs to one worker. Each part of a lint run makes its own
/// before it starts (the run's parts travel between threads as values, which is why the type
/// must be `Sendable`), and no memo is ever used by two threads.
package final class FormatMemo: @unchecked Sendable {
    private static let capacity = 16
    private var texts: [String] = []
    /// Each text's UTF-8 length, compared first: texts nearly always differ in length.
    private var lengths: [Int] = []
    private var allowsVariables: [Bool] = []
    private var results: [Result<[FormatToken], FormatFailure>] = []
    /// Where the next text goes once the memo is full (the oldest one).
    private var next = 0

    package init() {
        texts.reserveCapacity(Self.capacity)
        lengths.reserveCapacity(Self.capacity)
        allowsVariables.reserveCapacity(Self.capacity)
        results.reserveCapacity(Self.capacity)
    }

    /// The tokens of a format, or its failure, as `FormatParser.parse` gives them.
    package func parse(_ text: String, allowVariables: Bool) throws(FormatFailure) -> [FormatToken] {
        let length = text.utf8.count
        for index in texts.indices where lengths[index] == length && allowsVariables[index] == allowVariables && texts[index] == text {
            return try results[index].get()
        }
        let result = Result { () throws(FormatFailure) in try FormatParser.parseUncached(text, allowVariables: allowVariables) }
        if texts.count < Self.capacity {
            texts.append(text)
            lengths.append(length)
            allowsVariables.append(allowVariables)
            results.append(result)
        } else {
            texts[next] = text
            lengths[next] = length
            allowsVariables[next] = allowVariables
            results[next] = result
            next = (next + 1) % Self.capacity
        }
        return try result.get()
    }
}
