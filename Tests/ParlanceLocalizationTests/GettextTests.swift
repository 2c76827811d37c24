import Foundation
import Parlance
import ParlanceLint
import ParlanceLocalization
import ParlanceTestSupport
import Testing

/// gettext PO/MO: the reader against hand-written fixtures and gettext's own tools (`msgfmt`,
/// `msgunfmt`, `ngettext`) as oracles, the Plural-Forms evaluator against gettext's, lookup
/// through `Catalog`, and the Plural-Forms lint rules against CLDR.
@Suite struct GettextTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Gettext").path
    static let russianHeader = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"

    static func tool(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: "/usr/bin/" + name)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "\(name) is needed (Debian package gettext / gettext-base)")
        return url
    }

    static func temporary(_ prefix: String) throws -> String { try CatalogFixture.scratchDirectory(prefix) }

    static func write(_ text: String, to path: String) throws { try CatalogFixture.write(text, to: path) }

    /// A PO file with a header and the given entries' text.
    static func po(language: String, pluralForms: String?, body: String) -> String {
        var text = "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        if let pluralForms { text += "\"Plural-Forms: \(pluralForms)\\n\"\n" }
        return text + "\n" + body
    }

    // MARK: Plural-Forms expressions

    @Test func expressionEvaluatesCPrecedenceAndUnsignedArithmetic() throws {
        let russian = try GettextPluralForms(header: Self.russianHeader)
        #expect(russian.count == 3)
        #expect(try [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 111, 112, 121].map { try russian.index(for: $0) } == [2, 0, 1, 1, 2, 2, 2, 0, 1, 2, 2, 2, 0])
        // `*` before `+`, `-` left-associative, `!` binding tightest, `?:` right-associative.
        let arithmetic = try GettextPluralForms(header: "nplurals=9; plural=1 + 2 * 3 - 4 - !n;")
        #expect(try arithmetic.index(for: 0) == 2)
        #expect(try arithmetic.index(for: 7) == 3)
        let chained = try GettextPluralForms(header: "plural=n==0 ? 0 : n==1 ? 1 : 2; nplurals=3")
        #expect(try [0, 1, 2].map { try chained.index(for: $0) } == [0, 1, 2])
        // `n - 1` for 0 wraps around as in C's unsigned long.
        let wrapped = try GettextPluralForms(header: "nplurals=2; plural=(n - 1 > 5);")
        #expect(try wrapped.index(for: 0) == 1)
        #expect(try wrapped.index(for: 3) == 0)
    }

    @Test func expressionErrorsAreLocatedAndBounded() {
        func failure(_ header: String) -> GettextPluralForms.Failure? {
            do {
                _ = try GettextPluralForms(header: header)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("nplurals=2; plural=(n != 1;")?.message == "expected ')'")
        #expect(failure("nplurals=2; plural=(n != 1;")?.column == 27)
        #expect(failure("nplurals=2; plural=n = 1;")?.column == 22)
        #expect(failure("nplurals=2; plural=x;")?.message.contains("expected n, a number") == true)
        #expect(failure("nplurals=2; plural=nn;")?.message == "only the variable n is known")
        #expect(failure("nplurals=0; plural=0;")?.message.contains("1 to 100") == true)
        #expect(failure("plural=n;")?.message == "the header has no nplurals=")
        #expect(failure("nplurals=2; plural=n; extra=1")?.message.contains("extra") == true)
        #expect(failure("nplurals=2; plural=99999999999999999999999;")?.message == "the number is too large")
        // Nesting and length limits: a hostile header costs bounded time and stack.
        let deep = "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n" + String(repeating: ")", count: 10_000) + ";"
        #expect(failure(deep)?.message.contains("longer than") == true)
        let nested = "nplurals=2; plural=" + String(repeating: "(", count: 100) + "n" + String(repeating: ")", count: 100) + ";"
        #expect(failure(nested)?.message.contains("nests more than 64") == true)
        let negations = "nplurals=2; plural=" + String(repeating: "!", count: 200) + "n;"
        #expect(failure(negations)?.message.contains("nests more than 64") == true)
        let fine = "nplurals=2; plural=" + String(repeating: "(", count: 20) + "n" + String(repeating: ")", count: 20) + ";"
        #expect(failure(fine) == nil)
    }

    @Test func divisionByZeroIsAnEvaluationError() throws {
        let forms = try GettextPluralForms(header: "nplurals=2; plural=(10 / n) > 1;")
        #expect(try forms.index(for: 2) == 1)
        #expect(throws: GettextPluralForms.Failure.self) { try forms.index(for: 0) }
        let remainder = try GettextPluralForms(header: "nplurals=2; plural=n % (n - n);")
        #expect(throws: GettextPluralForms.Failure.self) { try remainder.index(for: 5) }
        // `&&` and `||` short-circuit as in C: the division is never evaluated for 0.
        let guarded = try GettextPluralForms(header: "nplurals=2; plural=n != 0 && 10 / n > 1;")
        #expect(try guarded.index(for: 0) == 0)
    }

    /// gettext's own evaluator (`ngettext` over an MO compiled by `msgfmt`) is the oracle.
    @Test(arguments: [
        ("ru", GettextTests.russianHeader), ("pl", GettextPluralForms.standardHeaders["pl"] ?? ""),
        ("ar", GettextPluralForms.standardHeaders["ar"] ?? ""), ("sl", GettextPluralForms.standardHeaders["sl"] ?? ""),
        ("cs", GettextPluralForms.standardHeaders["cs"] ?? ""), ("ro", GettextPluralForms.standardHeaders["ro"] ?? ""),
    ])
    func expressionAgreesWithGettext(language: String, header: String) throws {
        let forms = try GettextPluralForms(header: header)
        let directory = try Self.temporary("ngettext")
        let strings = (0..<forms.count).map { "msgstr[\($0)] \"\($0)\"" }.joined(separator: "\n")
        try Self.write(Self.po(language: language, pluralForms: header, body: "msgid \"x\"\nmsgid_plural \"xs\"\n\(strings)\n"), to: directory + "/t.po")
        try FileManager.default.createDirectory(atPath: "\(directory)/\(language)/LC_MESSAGES", withIntermediateDirectories: true)
        let compiled = try ChildProcess.run(try Self.tool("msgfmt"), ["--check", "-o", "\(directory)/\(language)/LC_MESSAGES/t.mo", "\(directory)/t.po"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let samples = Array(0...30) + [100, 101, 102, 105, 111, 112, 121, 1000, 1001, 1011, 1_000_000]
        for n in samples {
            let run = try ChildProcess.run(
                try Self.tool("ngettext"), ["-d", "t", "x", "xs", String(n)],
                environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": language, "TEXTDOMAINDIR": directory, "PATH": "/usr/bin:/bin"])
            #expect(run.stdout == String(try forms.index(for: UInt64(n))), "\(language) n=\(n)")
        }
    }

    // MARK: Reading PO

    @Test func readsEveryConstructOfThePOFixture() throws {
        let path = Self.fixtures + "/Catalog/ru.po"
        let file = GettextFile(reading: path)
        #expect(file.diagnostics == [])
        #expect(file.hasHeader)
        #expect(file.header["Language"] == "ru")
        #expect(file.header["Plural-Forms"] == Self.russianHeader)
        #expect(file.messages.count == 8)
        let byKey = Dictionary(file.messages.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let files = try #require(byKey["%d file"])
        #expect(files.pluralID == "%d files")
        #expect(files.strings == ["%d файл", "%d файла", "%d файлов"])
        #expect(files.flags == ["c-format"])
        #expect(files.translatorComments == ["A translator's note."])
        #expect(files.extractedComments == ["Shown under the file list."])
        #expect(files.references == ["src/list.c:42 src/list.c:57"])
        #expect(files.location == CatalogLocation(file: path, line: 20, column: 1))
        #expect(files.valueLocation == CatalogLocation(file: path, line: 22, column: 12))
        #expect(byKey["menu\u{4}File"]?.strings == ["Файл"])
        #expect(byKey["menu\u{4}File"]?.context == "menu")
        #expect(byKey["File"]?.strings == ["Файл (документ)"])
        #expect(byKey["Line one\nLine two"]?.strings == ["Строка один\nСтрока два\t\"в кавычках\" \\ A"])
        #expect(byKey["Saved %s"]?.isFuzzy == true)
        #expect(byKey["Saved %s"]?.flags == ["c-format"])
        #expect(byKey["Hello, {name}!"]?.flags == ["python-brace-format"])
        #expect(byKey["Quit"]?.strings == [""])
        #expect(byKey["Old"] == nil)
        #expect(byKey["status\u{4}%d item selected"]?.strings.count == 3)
    }

    @Test func malformedEntriesAreLocatedAndTheRestIsRead() throws {
        let path = Self.fixtures + "/Malformed/ru.po"
        let file = GettextFile(reading: path)
        #expect(file.messages.map(\.id) == ["Good one", "Good two", "Good three", "Good four"])
        let found = file.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(
            found == [
                "11:8 the string has no closing quote",
                "17:16 unknown escape \\q",
                "19:1 expected msgstr[1]: a plural entry gives msgstr[0] … msgstr[n] without gaps",
                "24:1 expected msgctxt, msgid, msgid_plural, msgstr, msgstr[n], a \"string\" or a # comment, not \"msgstrx\"",
                "30:16 unexpected text after the closing quote",
                "32:1 the entry has no msgstr",
            ], "\(found)")
        #expect(file.diagnostics.allSatisfy { $0.code == "malformed-entry" && $0.file == path })
        // msgfmt refuses the same lines.
        let checked = try ChildProcess.run(try Self.tool("msgfmt"), ["-o", "/dev/null", path])
        #expect(checked.status != 0)
        for line in [12, 17, 22, 24, 30, 32] { #expect(checked.stderr.contains("ru.po:\(line)"), "msgfmt: \(checked.stderr)") }
    }

    @Test func hostileInputNeverCrashes() {
        let inputs: [[UInt8]] = [
            [], Array("\"".utf8), Array("msgid".utf8), Array("msgid \"\\".utf8), Array("msgstr[999999999999999999999] \"x\"".utf8),
            Array("#,".utf8), Array("msgid \"\\x\"".utf8), [0xde, 0x12, 0x04, 0x95], [0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F],
            [0x95, 0x04, 0x12, 0xde] + [UInt8](repeating: 0xFF, count: 40), Array(String(repeating: "msgid \"a\"\n", count: 1000).utf8),
        ]
        for bytes in inputs {
            let file = GettextFile(bytes: bytes, file: "hostile.po")
            #expect(file.messages.count <= 1, "\(bytes.prefix(20))")
        }
    }

    /// A template as `xgettext` writes it from C source, and the PO files `msginit` makes from
    /// it: their `Plural-Forms` (gettext's own table) agree with CLDR and with Parlance's.
    @Test func readsXgettextTemplatesAndMsginitHeaders() throws {
        let directory = try Self.temporary("xgettext")
        let source = """
            #include <libintl.h>
            #include <stdio.h>
            #define _(s) gettext(s)
            void f(const char *name, int n) {
                /* TRANSLATORS: shown in the title bar */
                printf(_("Open %s"), name);
                printf(ngettext("%d file", "%d files", n), n);
                puts(pgettext("menu", "File"));
            }

            """
        try Self.write(source, to: directory + "/x.c")
        let extracted = try ChildProcess.run(
            try Self.tool("xgettext"), ["-k_", "--add-comments=TRANSLATORS", "--from-code=UTF-8", "-o", directory + "/x.pot", directory + "/x.c"])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        let template = GettextFile(reading: directory + "/x.pot")
        #expect(template.diagnostics == [], "\(template.diagnostics)")
        #expect(template.messages.map(\.key) == ["Open %s", "%d file", "menu\u{4}File"])
        #expect(template.messages.map(\.flags) == [["c-format"], ["c-format"], []])
        #expect(template.messages[0].extractedComments == ["TRANSLATORS: shown in the title bar"])
        #expect(template.messages[0].references == [directory + "/x.c:6"])
        #expect(template.messages[1].pluralID == "%d files" && template.messages[1].strings == ["", ""])
        #expect(template.messages.allSatisfy { $0.strings.allSatisfy(\.isEmpty) })
        // The template's placeholder header does not parse; it is not a language's file.
        if case .failure = template.pluralForms {
        } else {
            Issue.record("the POT's Plural-Forms placeholder parsed: \(String(describing: template.pluralForms))")
        }
        for language in ["ru", "uk", "pl", "cs", "sl", "lt"] {
            let po = "\(directory)/\(language).po"
            let made = try ChildProcess.run(
                try Self.tool("msginit"), ["--no-translator", "-l", language, "-i", directory + "/x.pot", "-o", po],
                environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            #expect(made.status == 0, "\(made.stderr)")
            let file = GettextFile(reading: po)
            let forms = try #require(try file.pluralForms?.get(), "\(language)")
            let rules = try PluralRules(locale: try LocaleID(language))
            #expect(try PluralFormsCheck.compare(forms, rules: rules) == nil, "\(language): \(forms)")
            let mine = try #require(GettextPluralForms.standard(for: try LocaleID(language)))
            #expect(forms.count == mine.count)
            for n in UInt64(0)...1_000 { #expect(try forms.index(for: n) == mine.index(for: n), "\(language) \(n)") }
        }
    }

    // MARK: Reading MO

    /// An MO file in the other byte order, written here from a little-endian one.
    static func bigEndian(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        func word(_ offset: Int) -> Int {
            Int(UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24)
        }
        func swap(_ offset: Int) { out[offset..<(offset + 4)] = ArraySlice(bytes[offset..<(offset + 4)].reversed()) }
        for offset in stride(from: 0, to: 28, by: 4) { swap(offset) }
        let count = word(8)
        for table in [word(12), word(16)] {
            for index in 0..<(count * 2) { swap(table + index * 4) }
        }
        let hashSize = word(20)
        for index in 0..<hashSize { swap(word(24) + index * 4) }
        return out
    }

    @Test func readsMOInBothByteOrdersAsMsgfmtWritesIt() throws {
        let directory = try Self.temporary("mo")
        let mo = directory + "/ru.mo"
        let compiled = try ChildProcess.run(try Self.tool("msgfmt"), ["-o", mo, Self.fixtures + "/Catalog/ru.po"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let little = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mo)))
        let big = Self.bigEndian(little)
        #expect(big[0..<4] == [0x95, 0x04, 0x12, 0xde])
        let po = GettextFile(reading: Self.fixtures + "/Catalog/ru.po")
        // msgfmt leaves out fuzzy and untranslated messages, and comments.
        let expected = po.messages.filter { !$0.isFuzzy && !$0.strings.allSatisfy(\.isEmpty) }.map { [$0.key, $0.pluralID ?? "-"] + $0.strings }
        for bytes in [little, big] {
            let file = GettextFile(bytes: bytes, file: mo)
            #expect(file.diagnostics == [])
            #expect(file.header["Plural-Forms"] == Self.russianHeader)
            #expect(
                file.messages.map { [$0.key, $0.pluralID ?? "-"] + $0.strings }.sorted { $0.lexicographicallyPrecedes($1) }
                    == expected.sorted { $0.lexicographicallyPrecedes($1) })
        }
        // An MO whose tables point outside the file: one diagnostic, no crash.
        var truncated = little
        truncated.removeLast(little.count / 2)
        #expect(!GettextFile(bytes: truncated, file: "cut.mo").diagnostics.isEmpty)
    }

    /// The `.mo` files Debian's `gettext` package installs, against `msgunfmt`'s reading of them.
    @Test func readsDebianMOFilesAsMsgunfmtDoes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: "/usr/share/locale").sorted().map {
            "/usr/share/locale/\($0)/LC_MESSAGES/gettext-tools.mo"
        }.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(files.count >= 10, "the Debian package gettext installs gettext-tools.mo for many languages")
        let directory = try Self.temporary("msgunfmt")
        var plurals = 0
        var legacyCharsets = 0
        for path in files {
            let mine = GettextFile(reading: path)
            #expect(mine.diagnostics == [], "\(path)")
            let out = directory + "/out.po"
            let run = try ChildProcess.run(try Self.tool("msgunfmt"), ["-o", out, path])
            #expect(run.status == 0, "\(run.stderr)")
            let theirs = GettextFile(reading: out)
            #expect(theirs.diagnostics == [], "\(path)")
            #expect(mine.header == theirs.header, "\(path)")
            #expect(mine.messages.count == theirs.messages.count, "\(path)")
            for (a, b) in zip(mine.messages, theirs.messages) {
                #expect([a.key, a.pluralID ?? "-"] + a.strings == [b.key, b.pluralID ?? "-"] + b.strings, "\(path)")
            }
            plurals += mine.messages.filter { $0.pluralID != nil }.count
            // Files in ISO-8859-x and other charsets are converted, not read as broken UTF-8.
            #expect(!mine.messages.contains { ($0.strings + [$0.id]).contains { $0.unicodeScalars.contains("\u{FFFD}") } }, "\(path)")
            if let type = mine.header["Content-Type"], !type.lowercased().contains("utf-8") { legacyCharsets += 1 }
        }
        #expect(plurals > 0)
        #expect(legacyCharsets > 0, "Debian's gettext-tools.mo files include ISO-8859 ones (cs, da, el, et)")
    }

    // MARK: Catalogs and lookup

    @Test func lookupChoosesMsgstrByTheFilesExpression() throws {
        let catalog = try Catalog(directory: Self.fixtures + "/Catalog")
        let ru = LocaleID("ru")
        #expect(try catalog.localizedString("%d file", locale: ru, arguments: [1]) == "1 файл")
        #expect(try catalog.localizedString("%d file", locale: ru, arguments: [2]) == "2 файла")
        #expect(try catalog.localizedString("%d file", locale: ru, arguments: [5]) == "5 файлов")
        #expect(try catalog.localizedString("%d file", locale: ru, arguments: [21]) == "21 файл")
        #expect(try catalog.localizedString("status\u{4}%d item selected", locale: ru, arguments: [22]) == "Выбрано 22 элемента")
        #expect(try catalog.localizedString("menu\u{4}File", locale: ru) == "Файл")
        #expect(try catalog.localizedString("File", locale: ru) == "Файл (документ)")
        // Fuzzy and untranslated entries are not translations: the lookup falls through.
        #expect(throws: ParlanceError.self) { try catalog.localizedString("Saved %s", locale: ru, arguments: ["a"]) }
        #expect(catalog.string("Quit", locale: ru) == "Quit")
        let entry = try #require(catalog.entry(forKey: "%d file", locale: ru))
        #expect(entry.format == .po)
        #expect(entry.comment == "# A translator's note.\nShown under the file list.\n#: src/list.c:42 src/list.c:57\n#, c-format")
    }

    @Test func lookupFollowsAHeaderThatDisagreesWithCLDR() throws {
        // An English header on a Russian file: gettext shows msgstr[1] for 21, and so does Parlance.
        let directory = try Self.temporary("english-header")
        try Self.write(
            Self.po(
                language: "ru", pluralForms: "nplurals=2; plural=(n != 1);",
                body: "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d файл\"\nmsgstr[1] \"%d файлов\"\n"),
            to: directory + "/ru.po")
        let catalog = try Catalog(directory: directory)
        #expect(try catalog.localizedString("%d file", locale: LocaleID("ru"), arguments: [21]) == "21 файлов")
        #expect(try catalog.localizedString("%d file", locale: LocaleID("ru"), arguments: [1]) == "1 файл")
    }

    @Test func missingOrBrokenHeaderFallsBackToCLDR() throws {
        let body = "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d файл\"\nmsgstr[1] \"%d файла\"\nmsgstr[2] \"%d файлов\"\n"
        for header in [nil, "nplurals=3; plural=(n %% 0;", "nplurals=3; plural=n / 0;"] as [String?] {
            let directory = try Self.temporary("fallback")
            try Self.write(Self.po(language: "ru", pluralForms: header, body: body), to: directory + "/ru.po")
            let catalog = try Catalog(directory: directory)
            let ru = LocaleID("ru")
            #expect(
                try [1, 2, 5, 21].map { try catalog.localizedString("%d file", locale: ru, arguments: [$0]) } == ["1 файл", "2 файла", "5 файлов", "21 файл"])
            #expect(catalog.diagnostics.contains { $0.code.hasPrefix("plural-forms-") && $0.file == directory + "/ru.po" }, "\(catalog.diagnostics)")
        }
    }

    @Test func lcMessagesLayoutIsOneTablePerDomain() throws {
        let directory = try Self.temporary("lc-messages")
        try FileManager.default.createDirectory(atPath: directory + "/ru/LC_MESSAGES", withIntermediateDirectories: true)
        let compiled = try ChildProcess.run(
            try Self.tool("msgfmt"), ["-o", directory + "/ru/LC_MESSAGES/app.mo", Self.fixtures + "/Catalog/ru.po"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/Catalog/ru.po", toPath: directory + "/ru/LC_MESSAGES/tools.po")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/Catalog/ru.po", toPath: directory + "/ru.po")
        let catalog = try Catalog(directory: directory)
        #expect(catalog.tableNames.sorted() == ["Localizable", "app", "tools"])
        let ru = LocaleID("ru")
        for table in ["Localizable", "app", "tools"] {
            #expect(try catalog.localizedString("%d file", table: table, locale: ru, arguments: [21]) == "21 файл")
        }
        #expect(catalog.entry(forKey: "%d file", table: "app", locale: ru)?.format == .mo)
    }

    // MARK: Lint

    static func lint(_ files: [String: String]) throws -> LintReport {
        let directory = try temporary("lint")
        for (name, text) in files { try write(text, to: directory + "/" + name) }
        return try CatalogLinter().lint(directory: directory)
    }

    static let pluralBody = "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"a %d\"\nmsgstr[1] \"b %d\"\nmsgstr[2] \"c %d\"\n"

    @Test func russianWithTheEnglishHeaderIsAMismatch() throws {
        let report = try Self.lint([
            "ru.po": Self.po(
                language: "ru", pluralForms: "nplurals=2; plural=(n != 1);",
                body: "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d файл\"\nmsgstr[1] \"%d файлов\"\n")
        ])
        let found = report.diagnostics.filter { $0.rule == .pluralFormsMismatch }
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.contains("2, 3, 4"), "\(message)")
        #expect(message.contains("21, 31"), "\(message)")
        #expect(message.contains(Self.russianHeader), "\(message)")
        #expect(found.first?.line == 1)
        #expect(found.first?.severity == .error)
    }

    @Test func polishWithTheRussianHeaderIsAMismatch() throws {
        let report = try Self.lint(["pl.po": Self.po(language: "pl", pluralForms: Self.russianHeader, body: Self.pluralBody)])
        let found = report.diagnostics.filter { $0.rule == .pluralFormsMismatch }
        let message = try #require(found.first?.message)
        #expect(message.contains("21, 31, 41"), "\(message)")
        #expect(message.contains("(many) land in msgstr[0]"), "\(message)")
        #expect(message.contains(GettextPluralForms.standardHeaders["pl"] ?? "?"), "\(message)")
        // The forms take pl's categories by the integers they share (msgstr[0] one, [1] few,
        // [2] many): the mismatch is reported once, not as a missing category too.
        #expect(report.diagnostics.filter { $0.rule == .pluralMissingCategory } == [], "\(report.diagnostics)")
    }

    @Test func theUsualRussianHeaderIsSilent() throws {
        let report = try Self.lint(["ru.po": Self.po(language: "ru", pluralForms: Self.russianHeader, body: Self.pluralBody)])
        #expect(report.diagnostics.filter { $0.rule.rawValue.hasPrefix("plural") } == [], "\(report.diagnostics)")
    }

    @Test func missingHeaderAndCountMismatchAreReported() throws {
        let missing = try Self.lint(["ru.po": Self.po(language: "ru", pluralForms: nil, body: Self.pluralBody)])
        #expect(missing.diagnostics.contains { $0.rule == .pluralFormsMissing && $0.message.contains(Self.russianHeader) }, "\(missing.diagnostics)")
        let twoForms = Self.pluralBody.replacingOccurrences(of: "msgstr[2] \"c %d\"\n", with: "")
        let counted = try Self.lint(["ru.po": Self.po(language: "ru", pluralForms: Self.russianHeader, body: twoForms)])
        let count = counted.diagnostics.filter { $0.rule == .pluralFormsCount }
        #expect(count.map(\.line) == [7], "\(counted.diagnostics)")
        #expect(count.first?.message.contains("gives 2 msgstr[n] but the header says nplurals=3") == true)
        // SARIF and JSON carry the rule like any other.
        #expect(String(decoding: counted.sarif(), as: UTF8.self).contains("plural-forms-count"))
        #expect(String(decoding: counted.json(), as: UTF8.self).contains("plural-forms-count"))
    }

    /// Every standard header Parlance writes agrees with CLDR by the lint rule's own comparison.
    @Test func standardHeadersAgreeWithCLDR() throws {
        for (language, header) in GettextPluralForms.standardHeaders.sorted(by: { $0.key < $1.key }) {
            let forms = try GettextPluralForms(header: header)
            let rules = try PluralRules(locale: try LocaleID(language))
            let mismatch = try PluralFormsCheck.compare(forms, rules: rules)
            #expect(mismatch == nil, "\(language): \(mismatch?.summary ?? "")")
        }
    }
}
