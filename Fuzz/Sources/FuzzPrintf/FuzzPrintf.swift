import FuzzSupport
import Parlance
import ParlanceLocalization

/// printf formats (``LocalizedFormatter``) and stringsdict plural entries
/// (``PluralFormat``) built from the input.
///
/// Input: a mode byte, a locale byte, an argument-shape byte, then text. Mode even: the text is
/// one printf format. Mode odd: the text, split at NUL bytes, is a `NSStringLocalizedFormatKey`
/// format, a value type, then variants for `zero`…`other` of a variable named by the mode (`n`,
/// or a name that other variants refer to, for nesting and cycles).
///
/// Contract: every evaluation answers text or throws ``ParlanceError`` with
/// `invalid-argument`/`missing-argument` whose message is printable; evaluating twice gives the
/// same text; a format without `%` formats to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrintf(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzPrintf"
    var input = FuzzInput(start, count)
    let mode = input.byte()
    let locale = Fuzz.locale(input.byte())
    let shape = input.byte()
    let arguments = argumentList(shape)
    let codes: Set<ParlanceError.Code> = [.invalidArgument, .missingArgument]
    if mode % 2 == 0 {
        let format = input.restText
        let formatter = LocalizedFormatter(locale: locale)
        do {
            let text = try formatter.format(format, arguments: arguments)
            let again = try formatter.format(format, arguments: arguments)
            Fuzz.check(text == again, target, "\(format.debugDescription) formats as \(text.debugDescription), then \(again.debugDescription)")
            if !format.contains("%") {
                Fuzz.check(text == format, target, "\(format.debugDescription) has no % but formats as \(text.debugDescription)")
            }
        } catch {
            let failure = Fuzz.expectError(error, codes: codes, target, "format \(format.debugDescription) with \(arguments)")
            Fuzz.check(Fuzz.isPrintable(failure.message), target, "an error message with control characters: \(failure.message.debugDescription)")
        }
        return 0
    }
    let format = String(decoding: input.piece(until: 0), as: UTF8.self)
    let valueType = String(decoding: input.piece(until: 0), as: UTF8.self)
    var variants: [PluralCategory: String] = [:]
    for category in PluralCategory.allCases where !input.bytes.isEmpty {
        variants[category] = String(decoding: input.piece(until: 0), as: UTF8.self)
    }
    let name = ["n", "a", "b"][Int(mode / 2) % 3]
    var variables: [String: PluralFormat.Variable] = [name: .init(valueType: valueType.isEmpty ? nil : valueType, variants: variants)]
    // A second variable that refers to the first, and the first may refer back (a cycle).
    if mode & 0x8 != 0 { variables["b"] = .init(valueType: "d", variants: [.one: "%#@a@", .other: "%d %#@n@"]) }
    let plural = PluralFormat(format: format, variables: variables)
    do {
        let text = try plural.format(language: locale, locale: locale, arguments: arguments)
        let again = try plural.format(language: locale, locale: locale, arguments: arguments)
        Fuzz.check(text == again, target, "the plural evaluates as \(text.debugDescription), then \(again.debugDescription)")
    } catch {
        let failure = Fuzz.expectError(error, codes: codes, target, "evaluate \(plural) with \(arguments)")
        Fuzz.check(Fuzz.isPrintable(failure.message), target, "an error message with control characters: \(failure.message.debugDescription)")
    }
    return 0
}

/// Up to three arguments whose types and values the shape byte picks.
private func argumentList(_ shape: UInt8) -> [LocalizationArgument] {
    let choices: [LocalizationArgument] = [
        0, 1, 2, 5, 21, -1, 1.5, -0.0, .double(.infinity), .double(.nan), .int(.max), .int(.min),
        .string("x"), .string(""), .string("%@%d"), 1_000_000,
    ]
    let count = Int(shape >> 6)
    return (0..<count).map { choices[(Int(shape) >> ($0 * 2) + $0 * 5) % choices.count] }
}
