/// Bidirectional text (UAX #9): base direction, paragraph analysis, and isolates for embedding
/// data safely in text of the other direction.
///
/// ```swift
/// Bidi.baseDirection(of: "مرحبا")                 // .rightToLeft
/// Bidi.analyze("abc אבג").isMixed                 // true
/// "اتصل على " + Bidi.isolate("+1 555-0100", as: .leftToRight)
/// // the number reads left to right inside Arabic text
/// ```
public enum Bidi {
    /// U+2066 LEFT-TO-RIGHT ISOLATE.
    public static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    /// U+2067 RIGHT-TO-LEFT ISOLATE.
    public static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"
    /// U+2068 FIRST STRONG ISOLATE.
    public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    /// U+2069 POP DIRECTIONAL ISOLATE.
    public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    // MARK: Base direction

    /// The direction of the first strong character (bidi class L, R or AL), skipping the
    /// characters between an isolate initiator (LRI, RLI, FSI) and its matching PDI (UAX #9
    /// rule P2); nil when there is none (the text is neutral).
    ///
    /// The search covers the whole text, across paragraph separators (`"123\nשלום"` is
    /// right to left, as the batch protocol's `direction` specifies): a paragraph separator
    /// closes any open isolate (UAX #9 BD8), and the first strong character of the first
    /// paragraph that has one decides. This is UAX #9's P2–P3 paragraph level of the first
    /// paragraph when that paragraph has a strong character.
    ///
    /// ```swift
    /// Bidi.baseDirection(of: "123 שלום")           // .rightToLeft
    /// Bidi.baseDirection(of: "123\nשלום")          // .rightToLeft
    /// Bidi.baseDirection(of: "\u{2067}שלום\u{2069} ok")  // .leftToRight (isolate skipped)
    /// Bidi.baseDirection(of: "123 !?")              // nil (neutral)
    /// ```
    public static func baseDirection(of text: some StringProtocol) -> TextDirection? {
        // Native strings: one pass over the UTF-8 bytes inside the shim.
        if let scanned = text.utf8.withContiguousStorageIfAvailable(scanUTF8), let scanned { return scanned.direction }
        return scanCodePoints(text)
    }

    /// The generic `baseDirection(of:)` for a `String`, the common case: the same scan,
    /// without the generic dispatch (a caller in another module would otherwise go through the
    /// unspecialized generic function).
    public static func baseDirection(of text: String) -> TextDirection? {
        if let scanned = text.utf8.withContiguousStorageIfAvailable(scanUTF8), let scanned { return scanned.direction }
        return scanCodePoints(text)
    }

    /// The shim's first-strong scan of UTF-8 bytes; nil when the text is too long for one call.
    private static func scanUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> FirstStrong? {
        guard bytes.count <= Int(Int32.max) else { return nil }
        return FirstStrong(code: bytes.withMemoryRebound(to: CChar.self) { ICUBidi.firstStrong(utf8: $0) })
    }

    /// What the shim's scan found (its codes 0 none, 1 left to right, 2 right to left).
    private struct FirstStrong {
        var code: Int32
        var direction: TextDirection? {
            switch code {
            case 1: .leftToRight
            case 2: .rightToLeft
            default: nil
            }
        }
    }

    /// The same scan, one code point at a time (for strings without contiguous UTF-8).
    static func scanCodePoints(_ text: some StringProtocol) -> TextDirection? {
        var depth = 0
        for scalar in text.unicodeScalars {
            let bidiClass = BidiClass(of: scalar)
            switch bidiClass {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                depth += 1
            case .popDirectionalIsolate:
                if depth > 0 { depth -= 1 }
            case .paragraphSeparator:
                // An isolate never spans paragraphs (BD8); the scan goes on.
                depth = 0
            case .leftToRight where depth == 0:
                return .leftToRight
            case .rightToLeft where depth == 0, .arabicLetter where depth == 0:
                return .rightToLeft
            default:
                continue
            }
        }
        return nil
    }

    // MARK: Paragraph analysis

    /// How the paragraph level is chosen for ``analyze(_:paragraphDirection:)``.
    public enum ParagraphDirection: Sendable, Hashable {
        /// From the first strong character (rules P2–P3), left to right when there is none.
        case firstStrong
        /// Forced left to right (level 0).
        case leftToRight
        /// Forced right to left (level 1).
        case rightToLeft
    }

    /// A span of text at one embedding level, in logical (memory) order.
    public struct Run: Hashable, Sendable {
        /// The span in the analyzed string.
        public let range: Range<String.Index>
        /// The resolved embedding level (even: left to right, odd: right to left).
        public let level: Int
        /// The run's direction (from the parity of its level).
        public var direction: TextDirection { level % 2 == 0 ? .leftToRight : .rightToLeft }
    }

    /// The result of a bidi analysis of a text.
    public struct Paragraph: Sendable {
        /// The analyzed text.
        public let text: String
        /// The paragraph direction (the level of the first paragraph).
        public let baseDirection: TextDirection
        /// Whether the text has runs of both directions.
        public let isMixed: Bool
        /// The level runs in logical order; empty for empty text.
        public let runs: [Run]

        /// The text of each run, in logical order.
        public var runTexts: [Substring] { runs.map { text[$0.range] } }
    }

    /// Resolves the embedding levels of `text` with ICU's `ubidi` (UAX #9) and returns its
    /// level runs in logical order.
    ///
    /// ```swift
    /// let paragraph = Bidi.analyze("I said \"שלום\" twice")
    /// paragraph.baseDirection   // .leftToRight
    /// paragraph.isMixed         // true
    /// paragraph.runTexts        // ["I said \"", "שלום", "\" twice"]
    /// ```
    public static func analyze(_ text: String, paragraphDirection: ParagraphDirection = .firstStrong) -> Paragraph {
        let units = Array(text.utf16)
        let requested: UInt8 =
            switch paragraphDirection {
            case .firstStrong: ICUBidi.defaultLeftToRight
            case .leftToRight: 0
            case .rightToLeft: 1
            }
        var capacity = 16
        while true {
            var starts = [Int32](repeating: 0, count: capacity)
            var lengths = [Int32](repeating: 0, count: capacity)
            var levels = [UInt8](repeating: 0, count: capacity)
            var direction: Int32 = 0
            var resolved: UInt8 = 0
            var status: Int32 = 0
            let count = units.withUnsafeBufferPointer { buffer in
                ICUBidi.logicalRuns(
                    buffer, paragraphLevel: requested, starts: &starts, lengths: &lengths, levels: &levels,
                    capacity: capacity, direction: &direction, resolvedLevel: &resolved, status: &status)
            }
            if status == ICUBidi.bufferOverflow, Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            guard status <= 0 else {
                // ubidi fails only on allocation failure; report the text as one run.
                let level = paragraphDirection == .rightToLeft ? 1 : 0
                let runs = text.isEmpty ? [] : [Run(range: text.startIndex..<text.endIndex, level: level)]
                return Paragraph(text: text, baseDirection: level == 1 ? .rightToLeft : .leftToRight, isMixed: false, runs: runs)
            }
            var runs: [Run] = []
            runs.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                let lower = String.Index(utf16Offset: Int(starts[index]), in: text)
                let upper = String.Index(utf16Offset: Int(starts[index] + lengths[index]), in: text)
                runs.append(Run(range: lower..<upper, level: Int(levels[index])))
            }
            let mixed = Set(runs.map(\.direction)).count > 1
            return Paragraph(
                text: text, baseDirection: resolved % 2 == 0 ? .leftToRight : .rightToLeft, isMixed: mixed, runs: runs)
        }
    }

    // MARK: Isolates

    /// Wraps `text` in a directional isolate so that it cannot reorder the text around it:
    /// `LRI … PDI` for ``TextDirection/leftToRight`` (phone numbers, URLs, code, prices in
    /// RTL text), `RLI … PDI` for ``TextDirection/rightToLeft``, and `FSI … PDI` (direction
    /// of its own first strong character) when `direction` is nil, for user content such as
    /// names.
    ///
    /// The wrapped text is balanced first: a PDI without a matching initiator is removed (it
    /// would close the wrapper early) and initiators left open inside are closed, so the
    /// isolate always ends where it should.
    ///
    /// ```swift
    /// Bidi.isolate("+1 555-0100", as: .leftToRight)   // "\u{2066}+1 555-0100\u{2069}"
    /// Bidi.isolate("محمد")                            // "\u{2068}محمد\u{2069}"
    /// ```
    public static func isolate(_ text: some StringProtocol, as direction: TextDirection? = nil) -> String {
        let initiator: Unicode.Scalar =
            switch direction {
            case .leftToRight: leftToRightIsolate
            case .rightToLeft: rightToLeftIsolate
            case nil: firstStrongIsolate
            }
        var result = String.UnicodeScalarView()
        result.append(initiator)
        var open = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate:
                open += 1
            case popDirectionalIsolate:
                if open == 0 { continue }
                open -= 1
            default:
                break
            }
            result.append(scalar)
        }
        for _ in 0..<open { result.append(popDirectionalIsolate) }
        result.append(popDirectionalIsolate)
        return String(result)
    }

    /// Isolates `text` as left to right (`LRI … PDI`): the safe way to put a phone number,
    /// URL, e-mail address, code or a price into right-to-left text.
    ///
    /// ```swift
    /// "الموقع: " + Bidi.isolateLeftToRight("https://example.com/a?b=1")
    /// ```
    public static func isolateLeftToRight(_ text: some StringProtocol) -> String { isolate(text, as: .leftToRight) }
}
