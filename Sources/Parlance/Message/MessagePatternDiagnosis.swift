/// Says in words what is wrong with a MessageFormat pattern ICU refused, and where.
///
/// ICU's `UParseError` offset does not always point at the problem: for a `{` never closed and
/// for a plural without `other` it is 0, and for a plural whose final `}` is missing it is the
/// start of the plural's cases. So when ICU refuses a pattern, one linear scan of the pattern
/// (outside quoted text, as ICU quotes) finds the argument left open, or the plural or select
/// without `other`, or the argument of a type ICU does not know; ICU's own offset is used for
/// the other errors.
package enum MessagePatternDiagnosis {
    /// What is wrong and where: `offset` in UTF-16 units (nil when no place can be named).
    package struct Problem: Equatable, Sendable {
        package var offset: Int?
        package var words: String
    }

    /// The argument types ICU's MessageFormat knows (`MessageFormat::createAppropriateFormat`).
    static let simpleTypes: Set<String> = ["number", "date", "time", "spellout", "ordinal", "duration"]
    static let pluralTypes: Set<String> = ["plural", "select", "selectordinal"]

    /// A case keyword of the pattern in backticks, as a message shows it: a pattern is
    /// untrusted text, so it is escaped and cut as ``quoted(_:limit:)`` does inside quotes.
    static func codeVoice(_ keyword: String) -> String {
        "`" + escapedForMessage(keyword, limit: 40) + "`"
    }

    /// The problem for a pattern ICU refused with `status` (its name, `U_…`) at `icuOffset`
    /// (-1 when ICU gave none).
    package static func diagnose(_ units: [UInt16], status: String, icuOffset: Int) -> Problem {
        var scan = Scan(units)
        scan.run()
        switch status {
        case "U_UNMATCHED_BRACES",
            "U_PATTERN_SYNTAX_ERROR" where scan.unclosed != nil:
            if let open = scan.unclosed {
                return Problem(
                    offset: units.count,
                    words: "a `}` is missing: the `{` at \(position(in: units, offset: open)) is never closed")
            }
            // ICU's offset for unmatched braces is always 0: no place is better than a wrong one.
            return Problem(offset: nil, words: "a `{` is never closed")
        case "U_DEFAULT_KEYWORD_MISSING":
            if let argument = scan.missingOther {
                return Problem(
                    offset: argument.start,
                    words:
                        "a plural or select needs an `other` case: \(quoted(argument.name)) has only \(argument.selectors.map(codeVoice).joined(separator: ", "))"
                )
            }
            return Problem(offset: nil, words: "a plural or select needs an `other` case")
        case "U_DUPLICATE_KEYWORD":
            if let (argument, selector) = scan.duplicate {
                return Problem(offset: argument.start, words: "the plural or select \(quoted(argument.name)) has the case \(codeVoice(selector)) twice")
            }
            return Problem(offset: icuOffset >= 0 ? icuOffset : nil, words: "a plural or select has the same case twice")
        case "U_ILLEGAL_ARGUMENT_ERROR":
            if let argument = scan.unknownType {
                return Problem(
                    offset: argument.start,
                    words:
                        "\(quoted(argument.name)) has the type \(quoted(argument.type)), which is none of number, date, time, spellout, ordinal, duration, plural, select, selectordinal, choice"
                )
            }
            return Problem(offset: nil, words: "an argument's type or style is not one ICU knows")
        case "U_NUMBER_SKELETON_SYNTAX_ERROR", "U_NUMBER_ARG_OUTOFBOUNDS_ERROR":
            guard let (offset, skeleton) = malformedSkeleton(in: units) else {
                return Problem(offset: icuOffset >= 0 ? icuOffset : nil, words: "a number skeleton (`::…`) is malformed")
            }
            return Problem(offset: offset, words: "the number skeleton \(quoted(skeleton)) is malformed")
        case "U_INDEX_OUTOFBOUNDS_ERROR":
            return Problem(offset: icuOffset >= 0 ? icuOffset : nil, words: "an argument name, number or style is too long, or arguments nest too deep")
        case "U_PATTERN_SYNTAX_ERROR":
            return Problem(
                offset: icuOffset >= 0 ? icuOffset : nil,
                words:
                    "expected an argument `{name}`, `{name, type}` or `{name, type, style}`, or a plural or select case (a keyword or `=number`) followed by `{message}`"
            )
        default:
            return Problem(offset: icuOffset >= 0 ? icuOffset : nil, words: "ICU refuses the pattern")
        }
    }

    /// The first `::skeleton` style that ICU's number skeleton parser refuses on its own, with
    /// the offset of its `::`; else the first `::` style at all (ICU names no place for a
    /// skeleton error, and refuses the pattern only for one of its skeletons).
    static func malformedSkeleton(in units: [UInt16]) -> (Int, String)? {
        let colon = UInt16(UInt8(ascii: ":"))
        var first: (Int, String)?
        var index = 0
        while index + 1 < units.count {
            guard units[index] == colon, units[index + 1] == colon else {
                index += 1
                continue
            }
            var end = index + 2
            while end < units.count, units[end] != Scan.close, units[end] != Scan.open { end += 1 }
            let text = String(decoding: units[(index + 2)..<end], as: UTF16.self).trimmingWhitespace()
            if first == nil { first = (index, "::" + text) }
            if (try? ICUNumberFormatter(skeleton: text, locale: .root)) == nil { return (index, "::" + text) }
            index = end
        }
        return first
    }

    /// "line 2, column 5": lines split at LF, columns in characters, both from 1.
    package static func position(in units: [UInt16], offset: Int) -> String {
        let (line, column) = lineAndColumn(in: units, offset: offset)
        return "line \(line), column \(column)"
    }

    static func lineAndColumn(in units: [UInt16], offset: Int) -> (Int, Int) {
        let clamped = min(max(0, offset), units.count)
        var lineStart = 0
        var line = 1
        for index in 0..<clamped where units[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: units[lineStart..<clamped], as: UTF16.self).count + 1
        return (line, column)
    }

    /// An argument as the scan saw it.
    struct Argument {
        var start: Int
        var name = ""
        var type = ""
        var selectors: [String] = []
    }

    /// One pass over the pattern, keeping a stack of open arguments and nested messages.
    private struct Scan {
        let units: [UInt16]
        var unclosed: Int?
        var missingOther: Argument?
        var duplicate: (Argument, String)?
        var unknownType: Argument?

        init(_ units: [UInt16]) { self.units = units }

        enum Frame {
            /// An argument: `header` collects its text up to the style (name, type).
            case argument(Argument, header: [UInt16], commas: Int, styleText: [UInt16])
            /// A case's message inside a plural or select, opened at `start`.
            case message(start: Int)
            /// Braces inside a simple argument's style (`{d, date, {…}}`).
            case styleBrace
        }

        static let open = UInt16(UInt8(ascii: "{"))
        static let close = UInt16(UInt8(ascii: "}"))
        static let comma = UInt16(UInt8(ascii: ","))
        static let apostrophe = UInt16(UInt8(ascii: "'"))
        static let pound = UInt16(UInt8(ascii: "#"))
        static let pipe = UInt16(UInt8(ascii: "|"))

        static func text(_ units: [UInt16]) -> String {
            String(decoding: units, as: UTF16.self).trimmingWhitespace()
        }

        mutating func run() {
            var stack: [Frame] = []
            var index = 0
            func inMessage(_ stack: [Frame]) -> Bool {
                guard let last = stack.last else { return true }
                if case .message = last { return true }
                return false
            }
            while index < units.count {
                let unit = units[index]
                if unit == Self.apostrophe, inMessage(stack) || isSimpleStyle(stack) {
                    // ICU (apostrophe mode DOUBLE_OPTIONAL): `''` is an apostrophe; an apostrophe
                    // before a brace (or `#`, `|`) quotes up to the next single apostrophe.
                    if index + 1 < units.count, units[index + 1] == Self.apostrophe {
                        index += 2
                        continue
                    }
                    if index + 1 < units.count, [Self.open, Self.close, Self.pound, Self.pipe].contains(units[index + 1]) || isSimpleStyle(stack) {
                        index += 1
                        while index < units.count {
                            if units[index] == Self.apostrophe {
                                if index + 1 < units.count, units[index + 1] == Self.apostrophe {
                                    index += 2
                                    continue
                                }
                                break
                            }
                            index += 1
                        }
                    }
                    index += 1
                    continue
                }
                switch stack.last {
                case nil, .message:
                    if unit == Self.open {
                        stack.append(.argument(Argument(start: index), header: [], commas: 0, styleText: []))
                    } else if unit == Self.close, case .message? = stack.last {
                        stack.removeLast()
                    }
                case .styleBrace:
                    if unit == Self.open { stack.append(.styleBrace) } else if unit == Self.close { stack.removeLast() }
                case .argument(var argument, var header, var commas, var styleText):
                    stack.removeLast()
                    if unit == Self.close {
                        if commas == 0 { argument.name = Self.text(header) }
                        if commas == 1 { argument.type = Self.text(header) }
                        close(argument)
                        index += 1
                        continue
                    }
                    if commas < 2, unit == Self.comma {
                        if commas == 0 { argument.name = Self.text(header) } else { argument.type = Self.text(header) }
                        header = []
                        commas += 1
                    } else if commas < 2 {
                        header.append(unit)
                    } else if unit == Self.open {
                        if MessagePatternDiagnosis.pluralTypes.contains(argument.type) {
                            // The selector is the last word before the `{` (after `offset:n`).
                            let selector = Self.text(styleText).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).last.map(String.init) ?? ""
                            if argument.selectors.contains(selector), duplicate == nil { duplicate = (argument, selector) }
                            argument.selectors.append(selector)
                            styleText = []
                            stack.append(.argument(argument, header: header, commas: commas, styleText: styleText))
                            stack.append(.message(start: index))
                            index += 1
                            continue
                        }
                        stack.append(.argument(argument, header: header, commas: commas, styleText: styleText))
                        stack.append(.styleBrace)
                        index += 1
                        continue
                    } else {
                        styleText.append(unit)
                    }
                    stack.append(.argument(argument, header: header, commas: commas, styleText: styleText))
                }
                index += 1
            }
            // The innermost open argument, or the argument whose case message is open.
            for frame in stack.reversed() {
                if case .argument(let argument, _, _, _) = frame {
                    unclosed = argument.start
                    break
                }
            }
            if unclosed == nil, let frame = stack.last, case .message(let start) = frame { unclosed = start }
        }

        func isSimpleStyle(_ stack: [Frame]) -> Bool {
            guard case .argument(let argument, _, let commas, _)? = stack.last else { return false }
            return commas >= 2 && !MessagePatternDiagnosis.pluralTypes.contains(argument.type) && argument.type != "choice"
        }

        mutating func close(_ argument: Argument) {
            if MessagePatternDiagnosis.pluralTypes.contains(argument.type) {
                if !argument.selectors.contains("other"), missingOther == nil { missingOther = argument }
            } else if !argument.type.isEmpty, argument.type != "choice", !MessagePatternDiagnosis.simpleTypes.contains(argument.type), unknownType == nil {
                unknownType = argument
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (Pattern_White_Space
    /// as MessageFormat patterns use it).
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var view = Substring(self)
        while let first = view.first, isSpace(first) { view = view.dropFirst() }
        while let last = view.last, isSpace(last) { view = view.dropLast() }
        return String(view)
    }
}
