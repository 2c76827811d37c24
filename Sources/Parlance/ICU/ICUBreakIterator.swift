internal import CICU

/// Owns the prototype of an ICU break iterator (`UBreakIterator`) for one locale and kind.
///
/// `Sendable` notes: a `UBreakIterator` holds its text and position and is not thread-safe.
/// The prototype is never given text; the shim clones it under its own lock
/// (`CICU_breakIteratorClone`), and each clone belongs to one ``ICUBreakCursor``, which is not
/// `Sendable` and is iterated by one owner at a time.
package final class ICUBreakIterator: @unchecked Sendable {
    /// The kinds of boundaries, ICU's `UBreakIteratorType`.
    package enum Kind: Int32, Sendable {
        case grapheme = 0
        case word = 1
        case line = 2
        case sentence = 3
    }

    private let prototype: OpaquePointer
    package let kind: Kind

    private struct Key: Hashable, Sendable {
        var locale: String
        var kind: Kind
    }

    private static let cache = LRUCache<Key, ICUBreakIterator>(capacity: 512)

    /// The longest text, in UTF-16 units, the shim accepts (`CICU_TEXT_MAX_LENGTH`).
    package static var maximumLength: Int { Int(CICU_TEXT_MAX_LENGTH) }

    /// The prototype for a locale and kind, opened once and cached.
    package static func cached(locale: LocaleID, kind: Kind) throws(ParlanceError) -> ICUBreakIterator {
        try cache.value(for: Key(locale: locale.identifier, kind: kind)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_breakIteratorOpen(locale.identifier, kind.rawValue, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a break iterator for \(locale.identifier)")
            }
            return ICUBreakIterator(prototype: handle, kind: kind)
        }
    }

    private init(prototype: OpaquePointer, kind: Kind) {
        self.prototype = prototype
        self.kind = kind
    }

    deinit { CICU_breakIteratorClose(prototype) }

    /// A cursor over `text` on a clone of the prototype: the text is copied into UTF-16 once,
    /// here. The text must have at most ``maximumLength`` UTF-16 units.
    package func cursor(over text: String) throws(ParlanceError) -> ICUBreakCursor {
        var status: Int32 = 0
        guard let clone = CICU_breakIteratorClone(prototype, &status), status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot clone a break iterator")
        }
        return try ICUBreakCursor(clone: clone, text: text)
    }
}

/// One iteration over one text: a clone of a prototype ``ICUBreakIterator`` and the text's
/// UTF-16 copy, which ICU reads in place until the cursor is released.
///
/// Not `Sendable`: the clone holds the iteration's position.
package final class ICUBreakCursor {
    private let iterator: OpaquePointer
    private let units: UnsafeMutableBufferPointer<UInt16>

    fileprivate init(clone: OpaquePointer, text: String) throws(ParlanceError) {
        let count = text.utf16.count
        guard count <= ICUBreakIterator.maximumLength else {
            CICU_breakIteratorClose(clone)
            throw ParlanceError(.invalidArgument, "the text has \(count) UTF-16 units; at most \(ICUBreakIterator.maximumLength) are segmented")
        }
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(count, 1))
        _ = units.initialize(from: text.utf16)
        var status: Int32 = 0
        CICU_breakIteratorSetText(clone, units.baseAddress, Int32(count), &status)
        guard status <= 0 else {
            CICU_breakIteratorClose(clone)
            units.deallocate()
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot set the text of a break iterator")
        }
        self.iterator = clone
        self.units = UnsafeMutableBufferPointer(rebasing: units[..<count])
    }

    deinit {
        // The clone reads the units: it goes first.
        CICU_breakIteratorClose(iterator)
        units.deallocate()
    }

    /// The text's UTF-16 units, as ICU reads them.
    package var utf16: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(units) }

    /// The next boundary as a UTF-16 offset and the rule status of the segment ending there
    /// (`ubrk_next`, `ubrk_getRuleStatus`); nil after the text's end.
    package func next() -> (offset: Int, ruleStatus: Int32)? {
        var ruleStatus: Int32 = 0
        let boundary = CICU_breakIteratorNext(iterator, &ruleStatus)
        guard boundary >= 0 else { return nil }
        return (Int(boundary), ruleStatus)
    }

    /// ICU's word rule-status ranges (`UWordBreak`): the lower bounds of number, letter, kana
    /// and ideographic words (below the first: not a word).
    package static var wordNumber: Int32 { CICU_WORD_NUMBER }
    package static var wordLetter: Int32 { CICU_WORD_LETTER }
    package static var wordKana: Int32 { CICU_WORD_KANA }
    package static var wordIdeographic: Int32 { CICU_WORD_IDEO }
}
