import Foundation
import Parlance
import Testing

/// ICU MessageFormat: the examples of ICU's user guide and API documentation (their outputs are
/// the guide's), CLDR plural and ordinal categories through `#`, the error codes, and hostile
/// patterns.
@Suite("MessageFormat")
struct MessageFormatTests {
    static let party = """
        {gender_of_host, select, \
        female {{num_guests, plural, offset:1 \
        =0 {{host} does not give a party.} \
        =1 {{host} invites {guest} to her party.} \
        =2 {{host} invites {guest} and one other person to her party.} \
        other {{host} invites {guest} and # other people to her party.}}} \
        male {{num_guests, plural, offset:1 \
        =0 {{host} does not give a party.} \
        =1 {{host} invites {guest} to his party.} \
        =2 {{host} invites {guest} and one other person to his party.} \
        other {{host} invites {guest} and # other people to his party.}}} \
        other {{num_guests, plural, offset:1 \
        =0 {{host} does not give a party.} \
        =1 {{host} invites {guest} to their party.} \
        =2 {{host} invites {guest} and one other person to their party.} \
        other {{host} invites {guest} and # other people to their party.}}}}
        """

    /// The user guide's nested select/plural example with `offset:1`.
    @Test(arguments: [
        ("female", 0, "Alice does not give a party."),
        ("female", 1, "Alice invites Bob to her party."),
        ("male", 2, "Alice invites Bob and one other person to his party."),
        ("other", 5, "Alice invites Bob and 4 other people to their party."),
    ])
    func partyExample(gender: String, guests: Int, expected: String) throws {
        let format = try MessageFormat(Self.party, locale: "en")
        #expect(try format.format(["gender_of_host": .text(gender), "num_guests": .integer(Int64(guests)), "host": "Alice", "guest": "Bob"]) == expected)
        #expect(format.argumentNames == ["gender_of_host", "num_guests", "host", "guest"])
    }

    /// Apostrophe quoting (ICU's MessageFormat API documentation, ApostropheMode DOUBLE_OPTIONAL).
    @Test(arguments: [
        ("I see '{many}'", "I see {many}"),
        ("I said '{''Wow!''}'", "I said {'Wow!'}"),
        ("I don't know", "I don't know"),
        ("I don''t know", "I don't know"),
        ("This '{isn''t}' obvious", "This {isn't} obvious"),
    ])
    func apostrophes(pattern: String, expected: String) throws {
        #expect(try MessageFormat(pattern, locale: "en").format() == expected)
    }

    /// `#` and categories: CLDR's rules (ru 21 one, 22 few, 25 many; ar 0 zero … 11 many), the
    /// locale's digits and grouping; `=0` before the category.
    @Test(arguments: [
        ("en", 0, "no files"), ("en", 1, "1 file"), ("en", 1_000, "1,000 files"),
        ("ru", 21, "21 файл"), ("ru", 22, "22 файла"), ("ru", 25, "25 файлов"), ("ru", 1_000, "1 000 файлов"),
        ("ar", 11, "١١ ملفًا"), ("ar", 3, "٣ ملفات"),
    ])
    func plurals(locale: String, count: Int64, expected: String) throws {
        let patterns: [String: String] = [
            "en": "{n, plural, =0 {no files} one {# file} other {# files}}",
            "ru": "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}",
            "ar": "{n, plural, zero {لا ملفات} one {ملف} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}",
        ]
        let text = try MessageFormat(try #require(patterns[locale]), locale: LocaleID(locale)).format(["n": .integer(count)])
        #expect(text == expected.replacingOccurrences(of: "1 000", with: "1\u{00A0}000"))
    }

    /// English ordinals (CLDR ordinals.xml: one 1, 21, 31…; two 2, 22…; few 3, 23…; 11–13 other).
    @Test func selectOrdinal() throws {
        let format = try MessageFormat("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", locale: "en")
        let expected = [
            1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th",
        ]
        for (n, text) in expected { #expect(try format.format(["n": .integer(Int64(n))]) == text) }
    }

    /// Numbered arguments, number and date arguments with styles and skeletons; dates in UTC
    /// whatever the process's TZ.
    @Test func typedArguments() throws {
        #expect(try MessageFormat("{0}: {1, number, percent}", locale: "de").format(["Anteil", 0.25]) == "Anteil: 25\u{00A0}%")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let text = try MessageFormat("{price, number, ::currency/EUR} on {d, date, medium} at {d, time, short}", locale: "en")
            .format(["price": .decimal(DecimalNumber("1234.5")), "d": .date(date)])
        #expect(text == "€1,234.50 on Nov 14, 2023 at 10:13\u{202F}PM")
        // Visible fraction digits: 1.50 is `other` in English, 1 is `one`.
        let items = try MessageFormat("{n, plural, one {one item} other {# items}}", locale: "en")
        #expect(try items.format(["n": .decimal(DecimalNumber("1.50"))]) == "1.5 items")
        #expect(try items.format(["n": 1]) == "one item")
    }

    /// The error ICU 72 gives for a pattern, as Parlance words it.
    static func error(_ pattern: String) throws -> ParlanceError {
        try #require(throws: ParlanceError.self) { try MessageFormat(pattern, locale: "en") }
    }

    @Test("syntax errors say in words what is wrong and where, with the ICU code once")
    func syntaxErrorsInWords() throws {
        // A missing final `}`: ICU points at the plural's cases (column 16); the problem is at the end.
        let unclosed = try Self.error("{count, plural, one {# file} other {# files}")
        #expect(unclosed.code == .invalidMessage)
        #expect(
            unclosed.message
                == "not a valid ICU MessageFormat pattern: line 1, column 45 (at the end): a `}` is missing: the `{` at line 1, column 1 is never closed",
            "\(unclosed.message)")
        #expect(unclosed.icuStatus == "U_PATTERN_SYNTAX_ERROR")
        #expect(!unclosed.message.contains("U_"))
        #expect(unclosed.description.components(separatedBy: "U_PATTERN_SYNTAX_ERROR").count == 2, "\(unclosed.description)")
        // ICU says only U_DEFAULT_KEYWORD_MISSING (offset 0) for a plural without `other`.
        let noOther = try Self.error("Inbox: {count, plural, one {# message} few {# messages}}")
        #expect(
            noOther.message
                == "not a valid ICU MessageFormat pattern: line 1, column 8 (at \"{count, plural, one {# m\"): a plural or select needs an `other` case: \"count\" has only `one`, `few`",
            "\(noOther.message)")
        #expect(noOther.icuStatus == "U_DEFAULT_KEYWORD_MISSING")
        #expect(noOther.description.components(separatedBy: "U_DEFAULT_KEYWORD_MISSING").count == 2, "\(noOther.description)")
        // A case keyword with a control character is escaped in the message, which stays printable.
        let control = try Self.error("{g, select, female {She} oth\u{5}er\u{FFFD} {They}}")
        #expect(control.message.hasSuffix("\"g\" has only `female`, `oth\\u{05}er\u{FFFD}`"), "\(control.message)")
        #expect(!control.message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(control.message)")
        // Nested: the select inside a plural case lacks `other`; lines count from the pattern's start.
        let nested = try Self.error("{n, plural, other {\n{g, select, female {she} male {he}}}}")
        #expect(nested.message.contains("line 2, column 1") && nested.message.contains("\"g\" has only `female`, `male`"), "\(nested.message)")
        // An unclosed case message on the second line.
        let open = try Self.error("Line one\n{count, plural, one {# item} other {# items}")
        #expect(open.message.contains("line 2, column 45 (at the end)") && open.message.contains("the `{` at line 2, column 1"), "\(open.message)")
        // A type ICU does not know: ICU names no place at all.
        let type = try Self.error("Hello {name, bold}")
        #expect(type.message.contains("line 1, column 7") && type.message.contains("\"name\" has the type \"bold\""), "\(type.message)")
        // ICU names no place for a malformed number skeleton: the skeleton ICU refuses is found.
        let skeleton = try Self.error("{n, number, ::currency/EUR} {price, number, ::cumanycy/EUR}")
        #expect(
            skeleton.message.contains("line 1, column 45") && skeleton.message.contains(#"the number skeleton "::cumanycy/EUR" is malformed"#),
            "\(skeleton.message)")
        // Other syntax errors keep ICU's place, in words.
        let bad = try Self.error("Hi {na me}")
        #expect(bad.message.contains("line 1, column 5") && bad.message.contains("expected an argument"), "\(bad.message)")
    }

    @Test("a pattern with U+0000 is refused, so no argument name is split in two")
    func nulIsRefused() throws {
        // The shim joins argument names with U+0000: `{a\0b} {b}` listed a, b, b.
        let error = try Self.error("{a\u{0}b} {b}")
        #expect(error.code == .invalidMessage)
        #expect(error.message.hasSuffix("line 1, column 3: U+0000 is not allowed in a message"), "\(error.message)")
        #expect(try MessageFormat("{a} {b}", locale: "en").argumentNames == ["a", "b"])
    }

    @Test func errors() throws {
        #expect(throws: ParlanceError.self) { try MessageFormat("{count, plural, one {# item}", locale: "en") }
        do {
            _ = try MessageFormat("Line one\n{count, plural, one {# item} other}", locale: "en")
            Issue.record("expected invalid-message")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidMessage)
            #expect(error.message.contains("line 2"))
        }
        do {
            _ = try MessageFormat("Hello {name}", locale: "en").format()
            Issue.record("expected missing-argument")
        } catch let error as ParlanceError {
            #expect(error.code == .missingArgument)
            #expect(error.message.contains("\"name\""))
        }
        do {
            _ = try MessageFormat("{n, plural, other {#}}", locale: "en").format(["n": "many"])
            Issue.record("expected invalid-argument")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidArgument)
        }
    }

    /// Untrusted patterns: deep nesting and a long pattern are errors or results, never a crash.
    @Test func hostilePatterns() throws {
        let deep = String(repeating: "{a, select, other {", count: 5_000) + "x" + String(repeating: "}}", count: 5_000)
        do {
            _ = try MessageFormat(deep, locale: "en").format(["a": "b"])
        } catch let error as ParlanceError {
            #expect(error.code == .invalidMessage)
        }
        let long = String(repeating: "word ", count: 200_000)
        #expect(try MessageFormat(long, locale: "en").format() == long)
        for pattern in ["{", "{0", "{a, plural,", "{a, select, other {b}", "{a, plural, one {x}}", "{a, number, ::currency/}"] {
            #expect(throws: ParlanceError.self) { try MessageFormat(pattern, locale: "en").format(["a": 1, "0": 1]) }
        }
        // What ICU reads as text, it formats as text: a lone "}", a quoted "{".
        #expect(try MessageFormat("}", locale: "en").format() == "}")
        #expect(try MessageFormat("'{", locale: "en").format() == "{")
    }
}

/// Number ranges and date intervals against CLDR's data (spot values from its intervalFormats
/// and range patterns: en "{0}–{1}", de "{0}–{1}" with the currency after), and sweeps over every
/// ICU locale that must answer without failing.
@Suite("Ranges and intervals")
struct RangeFormatTests {
    @Test func numberRanges() throws {
        #expect(try NumberRangeFormat(locale: "en").format(3, 5) == "3–5")
        #expect(try NumberRangeFormat(locale: "de", skeleton: "currency/EUR").format(3, 5) == "3,00–5,00\u{00A0}€")
        #expect(try NumberRangeFormat(locale: "en", skeleton: "currency/EUR").format(5, 5) == "~€5.00")
        #expect(try NumberRangeFormat(locale: "fr").pluralCategory(0, 1) == .one)
        #expect(try NumberRangeFormat(locale: "en").pluralCategory(1, 2) == .other)
        #expect(throws: ParlanceError.self) { try NumberRangeFormat(locale: "en", skeleton: "currency/") }
    }

    @Test func dateIntervals() throws {
        let start = try ISO8601Time.epochMilliseconds("2023-11-14T10:00:00Z")
        let sameDay = try ISO8601Time.epochMilliseconds("2023-11-14T11:30:00Z")
        let laterDay = try ISO8601Time.epochMilliseconds("2023-11-17T10:00:00Z")
        // CLDR en intervalFormats: yMMMd d → "MMM d – d, y"; hm h/m → "h:mm – h:mm a".
        #expect(try DateIntervalFormat(locale: "en", skeleton: "yMMMd").format(epochMilliseconds: start, to: laterDay) == "Nov 14\u{2009}–\u{2009}17, 2023")
        #expect(try DateIntervalFormat(locale: "en", skeleton: "jm").format(epochMilliseconds: start, to: sameDay) == "10:00\u{2009}–\u{2009}11:30\u{202F}AM")
        // de yMMMd d → "d.–d. MMM y".
        #expect(try DateIntervalFormat(locale: "de", skeleton: "yMMMd").format(epochMilliseconds: start, to: laterDay) == "14.–17. Nov. 2023")
        #expect(throws: ParlanceError.self) { try DateIntervalFormat(locale: "en", skeleton: "yMMMd", timeZone: "Mars/Base") }
        #expect(throws: ParlanceError.self) { try DateIntervalFormat(locale: "en", skeleton: "qqq!") }
        #expect(throws: ParlanceError.self) { try DateIntervalFormat(locale: "en", skeleton: "yMMMd").format(epochMilliseconds: .infinity, to: 0) }
    }

    /// Every ICU locale formats a number range, a plural range and a date interval.
    @Test func everyLocale() throws {
        let start = try ISO8601Time.epochMilliseconds("2023-11-14T10:00:00Z")
        let end = try ISO8601Time.epochMilliseconds("2024-02-03T18:45:00Z")
        var count = 0
        for locale in LocaleID.availableLocales {
            #expect(!(try NumberRangeFormat(locale: locale).format(3, 5)).isEmpty)
            _ = try NumberRangeFormat(locale: locale).pluralCategory(1, 2)
            #expect(!(try DateIntervalFormat(locale: locale, skeleton: "yMMMd").format(epochMilliseconds: start, to: end)).isEmpty)
            count += 1
        }
        #expect(count > 700)
    }
}
