internal import CICU

/// Owns the prototype of an ICU break iterator (`UBreakIterator`) for one locale and kind.
///
/// `Sendable` notes: a `UBreakIterator` holds its text and position and is not thread-safe.
/// The prototype is never given text; the shim hands out iterators of its own
/// (`CICU_breakIteratorAcquire`: an idle one taken atomically, else a clone made under the
/// prototype's lock), and each belongs to one ``ICUBreakCursor``, which is not `Sendable`, is
/// iterated by one owner at a time, and gives the iterator back when it is released.
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

    /// The longest text, in UTF-8 bytes, the shim accepts (`CICU_TEXT_MAX_LENGTH`).
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

    /// Whether the shim runs ICU's compiled rules of this iterator itself
    /// (`CICU_breakIteratorHasRules`): every rule-based iterator whose binary rules are in the
    /// form ICU 72 writes; not a sentence iterator with `-u-ss-standard`, which filters ICU's
    /// boundaries through its list of abbreviations.
    package var hasRules: Bool { CICU_breakIteratorHasRules(prototype) }

    /// A cursor over `text` on an iterator of its own (one an earlier cursor gave back, else a
    /// clone of the prototype). With `rules` (the default, unless `PARLANCE_ICU_ONLY=1`), the
    /// shim runs ICU's compiled rules over a copy of the text's UTF-8 (see ``hasRules``) and
    /// hands the text to ICU at the first dictionary character (Thai, Chinese …); without, or
    /// for an iterator with no rules the shim runs, it widens the UTF-8 into the iterator's
    /// UTF-16 buffer for ICU, here. The text must have at most ``maximumLength`` UTF-8 bytes.
    package func cursor(over text: String, rules: Bool = !FormattingPaths.icuOnly) throws(ParlanceError) -> ICUBreakCursor {
        var status: Int32 = 0
        guard let iterator = CICU_breakIteratorAcquire(prototype, &status), status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot clone a break iterator")
        }
        let count = text.utf8.count
        guard count <= Self.maximumLength else {
            CICU_breakIteratorRelease(prototype, iterator)
            throw ParlanceError(.invalidArgument, "the text has \(count) UTF-8 bytes; at most \(Self.maximumLength) are segmented")
        }
        Self.withUTF8(text) { bytes in
            bytes.withMemoryRebound(to: CChar.self) { bytes in
                if rules {
                    CICU_breakIteratorSetUTF8Rules(iterator, bytes.baseAddress, Int32(bytes.count), &status)
                } else {
                    CICU_breakIteratorSetUTF8(iterator, bytes.baseAddress, Int32(bytes.count), &status)
                }
            }
        }
        guard status <= 0 else {
            CICU_breakIteratorRelease(prototype, iterator)
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot set the text of a break iterator")
        }
        return ICUBreakCursor(iterator: iterator, owner: self)
    }

    /// Gives a cursor's iterator back to the prototype.
    fileprivate func release(_ iterator: OpaquePointer) { CICU_breakIteratorRelease(prototype, iterator) }

    /// Runs `body` over the UTF-8 bytes of `text` (its own storage for a native string).
    private static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}

/// One iteration over one text: an iterator of a prototype ``ICUBreakIterator``, holding the
/// text's UTF-8 copy for the shim's run of ICU's rules, or its UTF-16 copy for ICU, which goes
/// back to the prototype when the cursor is released.
///
/// Not `Sendable`: the iterator holds the iteration's position.
@usableFromInline
package final class ICUBreakCursor {
    private let iterator: OpaquePointer
    private let owner: ICUBreakIterator
    /// The boundaries of the last ``fill()``: UTF-8 offsets, UTF-16 offsets and rule statuses,
    /// ``batchCapacity`` of each (the shim iterator's own buffers, which the cursor uses while
    /// it holds the iterator: no allocation per iteration).
    @usableFromInline let bytes: UnsafeMutablePointer<Int32>
    @usableFromInline let units: UnsafeMutablePointer<Int32>
    @usableFromInline let statuses: UnsafeMutablePointer<Int32>

    /// How many boundaries one ``fill()`` gives at most (`CICU_BREAK_BATCH`).
    package static var batchCapacity: Int { Int(CICU_BREAK_BATCH) }

    fileprivate init(iterator: OpaquePointer, owner: ICUBreakIterator) {
        self.iterator = iterator
        self.owner = owner
        var bytes: UnsafeMutablePointer<Int32>?
        var units: UnsafeMutablePointer<Int32>?
        var statuses: UnsafeMutablePointer<Int32>?
        CICU_breakIteratorBuffers(iterator, &bytes, &units, &statuses)
        // An iterator from CICU_breakIteratorAcquire is never a prototype: it has buffers.
        guard let bytes, let units, let statuses else { fatalError("ICUBreakCursor: the shim iterator has no buffers") }
        self.bytes = bytes
        self.units = units
        self.statuses = statuses
    }

    deinit { owner.release(iterator) }

    /// Finds the next boundaries, at most ``batchCapacity``, in one call into the shim (ICU's
    /// rules run by the shim, or `ubrk_next` and `ubrk_getRuleStatus`), written to ``bytes``,
    /// ``units`` and ``statuses`` from their start: each boundary's UTF-8 and UTF-16 offset
    /// into the text and the rule status of the segment ending there, as ICU gives them.
    /// Returns how many; 0 after the text's end.
    @usableFromInline
    package func fill() -> Int {
        Int(CICU_breakIteratorNextBatch(iterator, bytes, units, statuses))
    }

    /// Boundary `index` (below what the last ``fill()`` returned) of the last ``fill()``: its
    /// UTF-8 and UTF-16 offsets and the rule status of the segment ending there.
    package func boundary(_ index: Int) -> (bytes: Int, units: Int, status: Int32) {
        (Int(bytes[index]), Int(units[index]), statuses[index])
    }

    /// Which path the iteration has taken so far.
    package enum Path: Int32, Sendable {
        /// ICU's iterator over the widened text.
        case icu = 0
        /// The shim's run of ICU's rules over the UTF-8.
        case rules = 1
        /// The rules, then ICU from a dictionary character on.
        case rulesThenICU = 2
        /// The rules, with Thai segments divided by the shim's port of ICU's Thai engine.
        case rulesThai = 3
    }

    /// The iteration's path so far (`CICU_breakIteratorPath`).
    package var path: Path { Path(rawValue: CICU_breakIteratorPath(iterator)) ?? .icu }

    /// ICU's word rule-status ranges (`UWordBreak`): the lower bounds of number, letter, kana
    /// and ideographic words (below the first: not a word).
    package static var wordNumber: Int32 { CICU_WORD_NUMBER }
    package static var wordLetter: Int32 { CICU_WORD_LETTER }
    package static var wordKana: Int32 { CICU_WORD_KANA }
    package static var wordIdeographic: Int32 { CICU_WORD_IDEO }
}

extension ICUBreakIterator {
    /// ICU's boundaries after the start over UTF-16 `units` as given (a new ICU iterator, with no
    /// widening by the shim), each with the rule status of the segment ending there: the oracle
    /// that the tests compare the segmenter with.
    package static func boundariesWithICU(locale: LocaleID, kind: Kind, utf16 units: [UInt16]) throws(ParlanceError) -> [(Int, Int32)] {
        var capacity = units.count + 1
        for _ in 0..<2 {
            var status: Int32 = 0
            var boundaries = [Int32](repeating: 0, count: capacity)
            var statuses = [Int32](repeating: 0, count: capacity)
            let count = CICU_breakBoundariesUTF16(
                locale.identifier, kind.rawValue, units, Int32(units.count), &boundaries, &statuses, Int32(capacity), &status)
            if status <= 0 { return (0..<Int(count)).map { (Int(boundaries[$0]), statuses[$0]) } }
            guard status == CICU_STATUS_BUFFER_OVERFLOW else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot find the boundaries")
            }
            capacity = Int(count)
        }
        throw ParlanceError(.internal, "ICU cannot find the boundaries")
    }

    /// The break iterators' UTF-16 form of UTF-8 `bytes` with the UTF-8 offset of each unit and
    /// the length after the last (`CICU_widenUTF8OffsetsCopy`: the table that maps ICU's
    /// boundaries back to UTF-8), for tests.
    package static func widenedWithOffsets(_ bytes: [UInt8]) -> (units: [UInt16], offsets: [Int32]) {
        var offsets = [Int32](repeating: -1, count: bytes.count + 1)
        let units = [UInt16](unsafeUninitializedCapacity: max(bytes.count, 1)) { buffer, count in
            count = bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { bytes in
                    offsets.withUnsafeMutableBufferPointer {
                        Int(CICU_widenUTF8OffsetsCopy(bytes.baseAddress, Int32(bytes.count), buffer.baseAddress, $0.baseAddress))
                    }
                }
            }
        }
        if bytes.isEmpty { offsets = [0] } else { offsets.removeLast(bytes.count - units.count) }
        return (units, offsets)
    }

    /// The shim's UTF-16 form of UTF-8 `bytes` (what its break iterators, sort keys and searches
    /// read), for tests.
    package static func widened(_ bytes: [UInt8]) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: max(bytes.count, 1)) { buffer, count in
            count = bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { Int(CICU_widenUTF8Copy($0.baseAddress, Int32($0.count), buffer.baseAddress)) }
            }
        }
    }
}
