public import ArgumentParser
import Parlance

/// `parlance format number|currency|date|relative|list …`: locale-aware formatting by hand.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format numbers, money, dates, relative times, lists and ICU messages for a locale.",
        discussion: """
            Examples:
              parlance format number de 1234.5                       → 1.234,5
              parlance format number en 1234 --notation compact-short → 1.2K
              parlance format number en 0.5 --skeleton "percent scale/100" → 50%
              parlance format currency de 1234.5 EUR                 → 1.234,50 €
              parlance format date en-US 2023-11-14T22:13:20Z --skeleton yMMMd → Nov 14, 2023
              parlance format date de 2023-11-14T22:13:20Z --date-style full --time-zone Europe/Berlin
              parlance format relative fr --auto -- -1 day            → hier
              parlance format currency en --accounting -- -5 USD      → ($5.00)
              parlance format list es a b c                          → a, b y c
              parlance format message en "{n, plural, one {# file} other {# files}}" n=3 → 3 files
              parlance format currency de 1234.5 EUR --parts         → integer "1", group ".", …
              parlance format sort sv z ä a                          → a z ä (one per line)
              parlance format segment th สวัสดีครับ --granularity word → สวัสดี / ครับ
              parlance format case tr istanbul --to upper            → İSTANBUL
            Put negative numbers after "--" so that they are not read as options.
            --parts prints the value's parts (ECMA-402's formatToParts), one per line: the part's
            type, its text as a JSON string, and its unit for a relative time's number.
            """,
        subcommands: [Number.self, Currency.self, DateTime.self, Relative.self, List.self, Message.self, Sort.self, Segment.self, Case.self]
    )

    struct Number: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Format an exact decimal number.")

        @Argument(help: "A locale id (e.g. de, hi-IN, ar-EG).") var locale: String
        @Argument(help: "A decimal such as 1234.5 or -1.25e3 (formatted exactly).") var number: String
        @Option(help: "A raw ICU number skeleton (overrides the other options).") var skeleton: String?
        @Option(help: "The notation.") var notation: NotationArgument = .standard
        @Option(help: "Minimum fraction digits.") var minFraction: Int?
        @Option(help: "Maximum fraction digits.") var maxFraction: Int?
        @Flag(help: "Format as a percentage (0.25 → 25%).") var percent = false
        @Flag(help: "Leave out group separators.") var noGrouping = false
        @Option(help: "A unit such as length-kilometer.") var unit: String?
        @Flag(help: "Print the parts of the number, one per line.") var parts = false

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                let format: NumberFormat
                if let skeleton {
                    format = try NumberFormat(locale: LocaleID(locale), skeleton: skeleton)
                } else {
                    var options = NumberOptions()
                    options.notation = notation.value
                    if percent { options.style = .percent }
                    if let unit { options.style = .unit(unit) }
                    if noGrouping { options.grouping = .off }
                    if minFraction != nil || maxFraction != nil {
                        let low = minFraction ?? 0
                        options.precision = .fractionDigits(min: low, max: max(low, maxFraction ?? low))
                    }
                    format = try NumberFormat(locale: LocaleID(locale), options: options)
                }
                return parts ? partLines(try format.formatPartsTyped(decimal: number)) : try format.format(decimal: number)
            }
            print(text)
        }
    }

    struct Currency: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Format an amount of money.")

        @Argument(help: "A locale id.") var locale: String
        @Argument(help: "The amount, a decimal such as 1234.5.") var amount: String
        @Argument(help: "An ISO 4217 code such as EUR.") var code: String
        @Option(help: "How the currency is named.") var display: CurrencyDisplayArgument = .symbol
        @Flag(help: "Accounting style: negatives in parentheses where the locale does so.") var accounting = false
        @Flag(help: "Print the parts of the amount, one per line.") var parts = false

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                let format = try NumberFormat(locale: LocaleID(locale), options: .currency(code, display: display.value, accounting: accounting))
                return parts ? partLines(try format.formatPartsTyped(decimal: amount)) : try format.format(decimal: amount)
            }
            print(text)
        }
    }

    struct DateTime: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "date", abstract: "Format a date and time.")

        @Argument(help: "A locale id; -u-ca- picks a calendar (th-TH-u-ca-buddhist).") var locale: String
        @Argument(help: "An ISO 8601 time with offset (2023-11-14T22:13:20Z) or epoch milliseconds.") var time: String
        @Option(help: "An ICU date skeleton such as yMMMd or jm.") var skeleton: String?
        @Option(help: "The date style.") var dateStyle: DateStyle?
        @Option(help: "The time style.") var timeStyle: DateStyle?
        @Option(help: "An IANA time zone id.") var timeZone: String = "UTC"
        @Flag(help: "Print the parts of the date, one per line.") var parts = false

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                let millis: Double
                if let value = Double(time), !time.contains("-") || time.hasPrefix("-") && !time.dropFirst().contains("-") {
                    millis = value
                } else {
                    millis = try ISO8601Time.epochMilliseconds(time)
                }
                let format: DateFormat
                if let skeleton {
                    guard dateStyle == nil, timeStyle == nil else {
                        throw ParlanceError(.invalidArgument, "give --skeleton or styles, not both")
                    }
                    format = try DateFormat(locale: LocaleID(locale), skeleton: skeleton, timeZone: timeZone)
                } else if dateStyle == nil, timeStyle == nil {
                    format = try DateFormat(locale: LocaleID(locale), dateStyle: .medium, timeStyle: .short, timeZone: timeZone)
                } else {
                    format = try DateFormat(locale: LocaleID(locale), dateStyle: dateStyle ?? .none, timeStyle: timeStyle ?? .none, timeZone: timeZone)
                }
                return parts ? partLines(try format.formatPartsTyped(epochMilliseconds: millis)) : try format.format(epochMilliseconds: millis)
            }
            print(text)
        }
    }

    struct Relative: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Format a relative time such as \"in 3 days\".")

        @Argument(help: "A locale id.") var locale: String
        @Argument(help: "The offset; negative is in the past.") var value: Double
        @Argument(help: "The unit.") var unit: RelativeTimeUnit
        @Flag(help: "Use words such as \"yesterday\" where the locale has them.") var auto = false
        @Option(help: "The width of unit names.") var style: RelativeTimeStyle = .long
        @Flag(help: "Print the parts of the phrase, one per line.") var parts = false

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                let format = try RelativeTimeFormat(locale: LocaleID(locale), style: style, numeric: auto ? .auto : .always)
                return parts ? partLines(try format.formatPartsTyped(value, unit)) : try format.format(value, unit)
            }
            print(text)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join items as the locale writes a list.")

        @Argument(help: "A locale id.") var locale: String
        @Argument(help: "The items.") var items: [String] = []
        @Option(help: "The kind of list.") var type: ListType = .and
        @Option(help: "The width.") var width: ListWidth = .wide
        @Flag(help: "Print the parts of the list, one per line.") var parts = false

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                let format = try ListFormat(locale: LocaleID(locale), type: type, width: width)
                return parts ? partLines(try format.formatPartsTyped(items)) : format.format(items)
            }
            print(text)
        }
    }
}

/// Parts as `--parts` prints them: one per line, the type, the text as a JSON string (so that a
/// part's leading and trailing spaces show), the unit of a relative time's number.
private func partLines(_ parts: [FormatPart]) -> String {
    parts.map { part in
        var line = "\(part.kind.rawValue)\t\(JSONStringLiteral.quoted(part.value))"
        if let unit = part.unit { line += "\tunit=\(unit)" }
        return line
    }.joined(separator: "\n")
}

extension FormatCommand {
    struct Message: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Format an ICU MessageFormat pattern.",
            discussion: """
                Arguments are NAME=VALUE (numbered arguments: 0=VALUE). A VALUE that is a decimal
                number ([+-]digits[.digits][e±digits]) is a number, written digits kept; anything
                else is text.
                  parlance format message ru "{n, plural, one {# файл} few {# файла} other {# файлов}}" n=21 → 21 файл
                """)

        @Argument(help: "A locale id.") var locale: String
        @Argument(help: "The pattern.") var pattern: String
        @Argument(help: "NAME=VALUE pairs.") var arguments: [String] = []

        func run() throws {
            let text = try CLIError.wrap { () throws -> String in
                var named: [String: MessageArgument] = [:]
                for pair in arguments {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw ParlanceError(.invalidArgument, "\(pair): write arguments as NAME=VALUE")
                    }
                    let name = String(pair[..<equals])
                    let value = String(pair[pair.index(after: equals)...])
                    if let integer = Int64(value) {
                        named[name] = .integer(integer)
                    } else if let decimal = try? DecimalNumber(value) {
                        named[name] = .decimal(decimal)
                    } else {
                        named[name] = .text(value)
                    }
                }
                return try MessageFormat(pattern, locale: LocaleID(locale)).format(named)
            }
            print(text)
        }
    }
}

// Closed choices are enums: ArgumentParser lists the valid values in `--help` and in the error
// for an unknown one ("Please provide one of …"), with the usage exit status 64.
extension DateStyle: ExpressibleByArgument {}
extension RelativeTimeUnit: ExpressibleByArgument {}
extension RelativeTimeStyle: ExpressibleByArgument {}
extension ListType: ExpressibleByArgument {}
extension ListWidth: ExpressibleByArgument {}

/// `--notation` values, spelled as ICU's skeleton tokens.
enum NotationArgument: String, CaseIterable, ExpressibleByArgument {
    case standard, scientific, engineering
    case compactShort = "compact-short"
    case compactLong = "compact-long"

    var value: NumberOptions.Notation {
        switch self {
        case .standard: .standard
        case .scientific: .scientific
        case .engineering: .engineering
        case .compactShort: .compactShort
        case .compactLong: .compactLong
        }
    }
}

/// `--display` values for currencies.
enum CurrencyDisplayArgument: String, CaseIterable, ExpressibleByArgument {
    case symbol
    case narrowSymbol = "narrow-symbol"
    case isoCode = "iso-code"
    case name

    var value: NumberOptions.CurrencyDisplay {
        switch self {
        case .symbol: .symbol
        case .narrowSymbol: .narrowSymbol
        case .isoCode: .isoCode
        case .name: .name
        }
    }
}

extension FormatCommand {
    struct Sort: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sort items in the locale's collation order, one per line.")

        @Argument(help: "A locale id; -u-co- picks a collation (de-u-co-phonebk), -u-kn-true sorts digits as numbers.") var locale: String
        @Argument(help: "The items.") var items: [String] = []
        @Option(help: "Which differences count.") var strength: Collator.Strength?
        @Flag(help: "Compare digits as numbers (item 2 before item 10).") var numeric = false
        @Flag(help: "Ignore spaces and punctuation.") var ignorePunctuation = false

        func run() throws {
            let collator = try CLIError.wrap { () throws -> Collator in
                Collator(
                    locale: try LocaleID(locale), strength: strength, numeric: numeric ? true : nil,
                    ignorePunctuation: ignorePunctuation ? true : nil)
            }
            for item in items.sorted(using: collator) { print(item) }
        }
    }

    struct Segment: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Split text into graphemes, words, sentences or line-break opportunities, one per line.")

        @Argument(help: "A locale id (th, ja, km segment words by dictionary).") var locale: String
        @Argument(help: "The text.") var text: String
        @Option(help: "What to split into.") var granularity: Segmenter.Granularity = .word
        @Flag(help: "Words only: leave out spaces and punctuation.") var wordsOnly = false

        func run() throws {
            let lines = try CLIError.wrap { () throws -> [String] in
                let segmenter = try Segmenter(locale: try LocaleID(locale), granularity: granularity)
                return try segmenter.segments(of: text).filter { !wordsOnly || $0.isWordLike == true }.map { JSONStringLiteral.quoted(String($0.text)) }
            }
            for line in lines { print(line) }
        }
    }

    struct Case: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Upper-, lower- or title-case text by the locale's rules (Turkish dotted i, Greek accents).")

        @Argument(help: "A locale id.") var locale: String
        @Argument(help: "The text.") var text: String
        @Option(help: "upper, lower or title.") var to: CaseTarget = .upper

        enum CaseTarget: String, ExpressibleByArgument, CaseIterable {
            case upper, lower, title
        }

        func run() throws {
            let mapped = try CLIError.wrap { () throws -> String in
                let id = try LocaleID(locale)
                switch to {
                case .upper: return try text.uppercased(locale: id)
                case .lower: return try text.lowercased(locale: id)
                case .title: return try text.capitalized(locale: id)
                }
            }
            print(mapped)
        }
    }
}

extension Collator.Strength: ExpressibleByArgument {}
extension Segmenter.Granularity: ExpressibleByArgument {}
