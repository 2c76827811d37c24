import Testing

@testable import Parlance
@testable import ParlanceLocalization

@Suite("PluralFormat: stringsdict evaluation")
struct PluralFormatTests {
    static let files = PluralFormat.Variable(valueType: "d", variants: [.zero: "no files", .one: "%d file", .other: "%d files"])

    @Test("Apple's zero rule applies even where CLDR has no zero category")
    func zeroRule() throws {
        let format = PluralFormat(format: "%#@f@", variables: ["f": Self.files])
        #expect(try format.format(language: "en", locale: "en", arguments: [0]) == "no files")
        #expect(try format.format(language: "ja", locale: "ja", arguments: [0]) == "no files")
        let noZero = PluralFormat(format: "%#@f@", variables: ["f": .init(variants: [.one: "%d file", .other: "%d files"])])
        #expect(try noZero.format(language: "en", locale: "en", arguments: [0]) == "0 files")
    }

    @Test("a missing category falls back to other")
    func otherFallback() throws {
        let format = PluralFormat(format: "%#@f@", variables: ["f": .init(variants: [.other: "%d x"])])
        #expect(try format.format(language: "ru", locale: "ru", arguments: [21]) == "21 x")
    }

    @Test("a variant without the number does not shift later arguments")
    func shift() throws {
        let format = PluralFormat(format: "%#@f@ by %@", variables: ["f": Self.files])
        #expect(try format.format(language: "en", locale: "en", arguments: [0, "Ada"]) == "no files by Ada")
        #expect(try format.format(language: "en", locale: "en", arguments: [2, "Ada"]) == "2 files by Ada")
    }

    @Test("a variable of empty variants consumes an argument of any type, as Foundation does")
    func emptyVariantsSwallowTheArgument() throws {
        let names = PluralFormat.Variable(valueType: "ld", variants: [.one: "", .other: ""])
        let count = PluralFormat.Variable(valueType: "ld", variants: [.one: "%1$@ and %2$ld other", .other: "%1$@ and %2$ld others"])
        let format = PluralFormat(format: "%#@names@%#@count@", variables: ["names": names, "count": count])
        #expect(try format.format(language: "en", locale: "en", arguments: ["Ada", 2]) == "Ada and 2 others")
        #expect(try format.format(language: "en", locale: "en", arguments: [7, 1]) == "7 and 1 other")
        // A variable that prints something still classifies its argument, and refuses a string.
        #expect(throws: ParlanceError.self) { try format.format(language: "en", locale: "en", arguments: ["Ada", "Grace"]) }
        // The argument is still required.
        #expect(throws: ParlanceError.self) { try format.format(language: "en", locale: "en", arguments: []) }
    }

    @Test("nested variables")
    func nested() throws {
        let format = PluralFormat(
            format: "%#@f@",
            variables: [
                "f": .init(variants: [.one: "one file in %2$#@d@", .other: "%1$d files in %2$#@d@"]),
                "d": .init(variants: [.one: "%2$d folder", .other: "%2$d folders"]),
            ])
        #expect(try format.format(language: "en", locale: "en", arguments: [1, 2]) == "one file in 2 folders")
        #expect(try format.format(language: "en", locale: "de", arguments: [3000, 1]) == "3.000 files in 1 folder")
    }

    @Test("cycles, deep nesting, undefined variables and missing arguments are typed errors")
    func hostile() throws {
        let cycle = PluralFormat(
            format: "%#@a@",
            variables: [
                "a": .init(variants: [.other: "%#@b@"]), "b": .init(variants: [.other: "%#@a@"]),
            ])
        #expect(throws: ParlanceError.self) { try cycle.format(language: "en", locale: "en", arguments: [1]) }
        let selfReference = PluralFormat(format: "%#@a@", variables: ["a": .init(variants: [.other: "x %#@a@"])])
        #expect(throws: ParlanceError.self) { try selfReference.format(language: "en", locale: "en", arguments: [1]) }
        var variables: [String: PluralFormat.Variable] = [:]
        for depth in 0..<1000 { variables["v\(depth)"] = .init(variants: [.other: "%1$#@v\(depth + 1)@"]) }
        variables["v1000"] = .init(variants: [.other: "end"])
        let deep = PluralFormat(format: "%#@v0@", variables: variables)
        let error = try #require(throws: ParlanceError.self) { try deep.format(language: "en", locale: "en", arguments: [1]) }
        #expect(error.message.contains("nested more than"))
        // Exponential expansion is bounded.
        var doubling: [String: PluralFormat.Variable] = [:]
        for depth in 0..<30 { doubling["v\(depth)"] = .init(variants: [.other: "%1$#@v\(depth + 1)@%1$#@v\(depth + 1)@"]) }
        doubling["v30"] = .init(variants: [.other: "0123456789"])
        #expect(throws: ParlanceError.self) {
            try PluralFormat(format: "%#@v0@", variables: doubling).format(language: "en", locale: "en", arguments: [1])
        }
        let undefined = PluralFormat(format: "%#@nope@", variables: [:])
        #expect(throws: ParlanceError.self) { try undefined.format(language: "en", locale: "en", arguments: [1]) }
        let files = PluralFormat(format: "%#@f@", variables: ["f": Self.files])
        let missing = try #require(throws: ParlanceError.self) { try files.format(language: "en", locale: "en", arguments: []) }
        #expect(missing.code == .invalidArgument)
        #expect(throws: ParlanceError.self) { try files.format(language: "en", locale: "en", arguments: ["x"]) }
    }

    @Test(
        "value types d i u ld lld lu f g e @",
        arguments: [
            ("d", LocalizationArgument.int(1), "one"), ("i", 1, "one"), ("u", 1, "one"), ("ld", 1, "one"),
            ("lld", 21, "other"), ("lu", 1, "one"), ("f", 1, "other"), ("g", 1, "one"), ("g", 1.5, "other"),
            ("e", 1, "other"), ("@", 1, "one"), ("@", "1", "one"), (".0f", 1.2, "one"),
        ])
    func valueTypes(type: String, argument: LocalizationArgument, expected: String) throws {
        let format = PluralFormat(format: "%#@n@", variables: ["n": .init(valueType: type, variants: [.one: "one", .other: "other"])])
        #expect(try format.format(language: "en", locale: "en", arguments: [argument]) == expected)
    }
}
