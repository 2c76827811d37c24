/// A list format compiled into Swift: the connectors ICU's `ListFormatter` puts
/// between and after the items for 2, 3 and more items, read from ICU once by formatting
/// sentinel items (private-use characters), then applied by concatenating UTF-8.
///
/// ICU 72 joins n ≥ 3 items as `end(middle(…middle(start(item0, item1), item2)…), itemₙ₋₁)`
/// and two items with the "2" pattern (CLDR `listPatterns`); each pattern is
/// `{0}infix{1}suffix` in every ICU 72 locale that compiles. What lands between item k and
/// item k + 1 is therefore one of a few fixed strings (the suffix of the pattern that added
/// item k, then the infix of the pattern that adds item k + 1), which is what this type keeps.
/// A pattern with text before `{0}` or with `{1}` before `{0}` does not compile (the owner,
/// ``ICUListFormatter``, then formats with ICU).
///
/// ICU picks the "2" and end patterns by the last item in Spanish and Hebrew
/// (``ListContextRule``); a formatter with such a rule keeps both sets of joins and applies
/// ICU's own test to the last item. The compiler detects rules by probing ICU, not only by the
/// locale's language, and a formatter whose probes do not all reproduce ICU does not compile.
/// `parlance bench --verify-lists` proves the output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock.
package final class CompiledListFormat: Sendable {
    /// The joins that depend on the last item (ICU's "2" and end patterns).
    package struct Joins: Sendable, Equatable {
        /// Two items: between them ("2" infix) and after the second ("2" suffix).
        package var twoInfix: String
        package var twoSuffix: String
        /// Three items: between the second and the last (start suffix + end infix).
        package var startToEnd: String
        /// Four or more: between the second-to-last and the last (middle suffix + end infix).
        package var middleToEnd: String
        /// Three or more: after the last item (end suffix).
        package var endSuffix: String
    }

    /// The joins that do not depend on the items (ICU's start and middle patterns).
    package struct Common: Sendable, Equatable {
        /// Three or more items: between the first and the second (start infix).
        package var startInfix: String
        /// Four or more: between the second and the third (start suffix + middle infix).
        package var startToMiddle: String
        /// Five or more: between middle items (middle suffix + middle infix).
        package var middleToMiddle: String
    }

    package let common: Common
    /// The joins when the context rule does not fire (or there is none).
    package let joins: Joins
    /// ICU's context rule for this formatter, if it has one, and the joins when it fires.
    package let contextRule: ListContextRule?
    package let contextJoins: Joins

    package init(common: Common, joins: Joins, contextRule: ListContextRule?, contextJoins: Joins) {
        self.common = common
        self.joins = joins
        self.contextRule = contextRule
        self.contextJoins = contextRule == nil ? joins : contextJoins
    }

    /// The items joined: `[]` is `""`, one item is itself.
    package func format(_ items: [String]) -> String {
        let count = items.count
        if count < 2 { return count == 0 ? "" : items[0] }
        let last = items[count - 1]
        let joins = if let contextRule, contextRule.applies(to: last) { contextJoins } else { self.joins }
        var result = String()
        if count == 2 {
            let first = items[0]
            result.reserveCapacity(first.utf8.count + joins.twoInfix.utf8.count + last.utf8.count + joins.twoSuffix.utf8.count)
            result.append(first)
            result.append(joins.twoInfix)
            result.append(last)
            result.append(joins.twoSuffix)
            return result
        }
        var capacity = common.startInfix.utf8.count + joins.endSuffix.utf8.count
        if count == 3 {
            capacity += joins.startToEnd.utf8.count
        } else {
            capacity += common.startToMiddle.utf8.count + common.middleToMiddle.utf8.count * (count - 4) + joins.middleToEnd.utf8.count
        }
        // By index: a `for … in` iterator would hold its own reference to the caller's array.
        for index in 0..<count { capacity += items[index].utf8.count }
        result.reserveCapacity(capacity)
        result.append(items[0])
        result.append(common.startInfix)
        result.append(items[1])
        if count == 3 {
            result.append(joins.startToEnd)
        } else {
            result.append(common.startToMiddle)
            for index in 2..<(count - 2) {
                result.append(items[index])
                result.append(common.middleToMiddle)
            }
            result.append(items[count - 2])
            result.append(joins.middleToEnd)
        }
        result.append(last)
        result.append(joins.endSuffix)
        return result
    }
}

/// The context rules of ICU 72's list formatter (listformatter.cpp, `createPatternHandler`):
/// for a locale whose language is Spanish or Hebrew and whose "2" or end pattern is exactly
/// the one named, ICU swaps that pattern by a test on the last item. Each test here is ICU's,
/// over the same code units (the ASCII tests read UTF-8 bytes, which for ASCII characters are
/// the UTF-16 units ICU reads).
package enum ListContextRule: String, Sendable, CaseIterable {
    /// `{0} y {1}` → `{0} e {1}` before a word starting with "i", or with "hi" not followed by
    /// "a" or "e" (any case).
    case spanishE = "es: y → e before i, hi (not hia, hie)"
    /// `{0} o {1}` → `{0} u {1}` before a word starting with "o", "ho" or "8" (any case), and
    /// before "11" alone or followed by a space.
    case spanishU = "es: o → u before o, ho, 8, 11"
    /// `{0} ו{1}` → `{0} ו-{1}` before a word whose first character is not of the Hebrew
    /// script (`uscript_getScript`); not before an empty item.
    case hebrewVavDash = "he: ו → ו- before a non-Hebrew first character"

    /// The languages (ICU's `Locale::getLanguage()` of the formatter's locale id) ICU gives the
    /// rule to.
    package var languages: Set<String> {
        switch self {
        case .spanishE, .spanishU: ["es"]
        case .hebrewVavDash: ["he", "iw"]
        }
    }

    /// What the compiler puts before a sentinel to make the last item fire the rule, and to
    /// make it not fire (a private-use character is not of the Hebrew script).
    package var firingPrefix: String {
        switch self {
        case .spanishE: "i"
        case .spanishU: "o"
        case .hebrewVavDash: ""
        }
    }

    package var quietPrefix: String {
        switch self {
        case .spanishE, .spanishU: ""
        case .hebrewVavDash: "\u{05D0}"
        }
    }

    /// Whether ICU uses the replacement pattern before `item` (the last item).
    @inline(__always)
    package func applies(to item: String) -> Bool {
        switch self {
        case .spanishE: Self.changesToE(item.utf8)
        case .spanishU: Self.changesToU(item.utf8)
        case .hebrewVavDash: Self.changesToVavDash(item)
        }
    }

    private static let lowerH = UInt8(ascii: "h")
    private static let lowerI = UInt8(ascii: "i")
    private static let lowerO = UInt8(ascii: "o")

    /// ICU's `shouldChangeToE`. `byte | 0x20` folds exactly "A"–"Z" onto "a"–"z" for the letters
    /// compared here (no other byte maps onto them).
    static func changesToE(_ text: String.UTF8View) -> Bool {
        var bytes = text.makeIterator()
        guard let first = bytes.next() else { return false }
        if first | 0x20 == lowerI { return true }
        guard first | 0x20 == lowerH, let second = bytes.next(), second | 0x20 == lowerI else { return false }
        guard let third = bytes.next() else { return true }
        return third | 0x20 != UInt8(ascii: "a") && third | 0x20 != UInt8(ascii: "e")
    }

    /// ICU's `shouldChangeToU`.
    static func changesToU(_ text: String.UTF8View) -> Bool {
        var bytes = text.makeIterator()
        guard let first = bytes.next() else { return false }
        if first | 0x20 == lowerO || first == UInt8(ascii: "8") { return true }
        guard let second = bytes.next() else { return false }
        if first | 0x20 == lowerH { return second | 0x20 == lowerO }
        guard first == UInt8(ascii: "1"), second == UInt8(ascii: "1") else { return false }
        guard let third = bytes.next() else { return true }
        return third == UInt8(ascii: " ")
    }

    /// ICU's `shouldChangeToVavDash`: ASCII is never of the Hebrew script (Latin or Common).
    static func changesToVavDash(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if first.isASCII { return true }
        return !ICUCharacterProperties.isHebrewScript(first)
    }
}

/// Why a list formatter has no compiled path (for `--verify-lists` counts).
package enum ListCompileFallback: String, Sendable, CaseIterable {
    case icuError = "ICU failed on the sentinel items"
    case shape = "a pattern with text before {0} or {1} before {0}"
    case unknownRule = "the joins change with the items by a rule not known for this language"
    case unverified = "the derived joins differ from ICU on the compile-time probes"
    case disabled = "PARLANCE_ICU_ONLY=1"
}

/// Derives a ``CompiledListFormat`` from what ICU writes for sentinel items and checks it.
package enum ListCompiler {
    /// The sentinel of item k: U+E000 + k (private use: in no CLDR pattern, no script).
    static func sentinel(_ index: Int) -> Unicode.Scalar { Unicode.Scalar(0xE000 + UInt32(index))! }

    /// Last items the compiled formatter is checked against ICU with (and first and middle
    /// items): every letter the known rules test, in both cases, and other scripts.
    package static let probes: [String] = [
        "", " ", "i", "I", "hi", "HI", "hia", "hie", "hIo", "iglesia", "o", "O", "ho", "Hola", "8", "80", "11", "11 x", "110", "1", "y", "e",
        "u", "\u{05D0}", "\u{05D5}", "\u{FB1D}", "\u{0591}x", "\u{05BF}", "abc", "\u{03A9}", "\u{0627}", "\u{4E2D}", "\u{00E4}", "\u{0130}",
        "\u{0301}i", "\u{1F600}", "{0}", "-",
    ]

    /// The compiled format of a formatter whose ICU output is `icuFormat`, or why there is none.
    /// `language` is the locale id's language (ICU's `Locale::getLanguage()`).
    package static func compile(
        language: String, icuFormat: ([String]) throws -> String
    ) -> (CompiledListFormat?, ListCompileFallback?) {
        if FormattingPaths.icuOnly { return (nil, .disabled) }
        do {
            guard let (common, plain) = try derive(lastPrefix: "", icuFormat) else { return (nil, .shape) }
            var firing: [(rule: ListContextRule, quiet: CompiledListFormat.Joins, fired: CompiledListFormat.Joins)] = []
            for rule in ListContextRule.allCases {
                guard let (quietCommon, quiet) = try derive(lastPrefix: rule.quietPrefix, icuFormat),
                    let (firedCommon, fired) = try derive(lastPrefix: rule.firingPrefix, icuFormat)
                else { return (nil, .shape) }
                if quietCommon != common || firedCommon != common { return (nil, .unknownRule) }
                if quiet != fired { firing.append((rule, quiet, fired)) }
            }
            let compiled: CompiledListFormat
            if firing.isEmpty {
                compiled = CompiledListFormat(common: common, joins: plain, contextRule: nil, contextJoins: plain)
            } else if firing.count == 1, firing[0].rule.languages.contains(language) {
                compiled = CompiledListFormat(common: common, joins: firing[0].quiet, contextRule: firing[0].rule, contextJoins: firing[0].fired)
            } else {
                return (nil, .unknownRule)
            }
            return try reproduces(compiled, icuFormat) ? (compiled, nil) : (nil, .unverified)
        } catch {
            return (nil, .icuError)
        }
    }

    /// The joins read from ICU's output for 2, 3 and 5 sentinel items whose last item starts
    /// with `lastPrefix`; nil when a pattern is not `{0}infix{1}suffix`.
    static func derive(
        lastPrefix: String, _ icuFormat: ([String]) throws -> String
    ) throws -> (CompiledListFormat.Common, CompiledListFormat.Joins)? {
        guard let two = try gaps(count: 2, lastPrefix: lastPrefix, icuFormat),
            let three = try gaps(count: 3, lastPrefix: lastPrefix, icuFormat),
            let five = try gaps(count: 5, lastPrefix: lastPrefix, icuFormat),
            three.joins[0] == five.joins[0], three.trailing == five.trailing
        else { return nil }
        let common = CompiledListFormat.Common(startInfix: three.joins[0], startToMiddle: five.joins[1], middleToMiddle: five.joins[2])
        let joins = CompiledListFormat.Joins(
            twoInfix: two.joins[0], twoSuffix: two.trailing, startToEnd: three.joins[1], middleToEnd: five.joins[3],
            endSuffix: three.trailing)
        return (common, joins)
    }

    /// ICU's output for `count` sentinel items cut at the items: the text between item k and
    /// k + 1, and after the last; nil when there is text before the first item or the items
    /// are out of order.
    static func gaps(
        count: Int, lastPrefix: String, _ icuFormat: ([String]) throws -> String
    ) throws -> (joins: [String], trailing: String)? {
        var items = (0..<count).map { String(sentinel($0)) }
        items[count - 1] = lastPrefix + items[count - 1]
        let output = Array(try icuFormat(items).unicodeScalars)
        var positions: [Int] = []
        for (offset, scalar) in output.enumerated() where (0xE000..<0xE000 + UInt32(count)).contains(scalar.value) {
            guard scalar == sentinel(positions.count) else { return nil }
            positions.append(offset)
        }
        guard positions.count == count, positions[0] == 0 else { return nil }
        var joins: [String] = []
        for index in 1..<count {
            var gap = Array(output[(positions[index - 1] + 1)..<positions[index]])
            if index == count - 1 {
                let prefix = Array(lastPrefix.unicodeScalars)
                guard gap.count >= prefix.count, Array(gap.suffix(prefix.count)) == prefix else { return nil }
                gap.removeLast(prefix.count)
            }
            joins.append(string(gap))
        }
        return (joins, string(output[(positions[count - 1] + 1)...]))
    }

    /// Whether the compiled format writes what ICU writes for sentinel lists of 0–7 items and
    /// for every probe as the first, a middle and the last item of lists of 2–4 items.
    static func reproduces(_ compiled: CompiledListFormat, _ icuFormat: ([String]) throws -> String) throws -> Bool {
        var lists: [[String]] = (0...7).map { count in (0..<count).map { String(sentinel($0)) } }
        for probe in probes {
            let a = String(sentinel(0))
            let b = String(sentinel(1))
            let c = String(sentinel(2))
            lists += [[a, probe], [a, b, probe], [a, b, c, probe], [probe, b], [probe, b, c], [a, probe, c, probe]]
        }
        for items in lists where !compiled.format(items).utf8.elementsEqual(try icuFormat(items).utf8) {
            return false
        }
        return true
    }

    private static func string<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
