import FuzzSupport
import Parlance

/// ICU MessageFormat patterns through ``MessageFormat``.
///
/// Input: a locale byte, an argument byte, then the pattern.
///
/// Contract: a pattern compiles or throws ``ParlanceError/Code/invalidMessage`` whose message
/// is printable and says where (a line and a column) or, where neither ICU nor the diagnosis
/// can name a place, what is wrong in words (not ICU's code alone); a compiled pattern formats with a value
/// for every argument it names (numbers of every plural category, text, dates) or throws
/// `invalid-argument`; without its arguments it throws `missing-argument`; formatting twice
/// gives the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageFormat(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzMessageFormat"
    var input = FuzzInput(start, count)
    let locale = Fuzz.locale(input.byte())
    let choice = Int(input.byte())
    let pattern = input.restText
    let message: MessageFormat
    do {
        message = try MessageFormat(pattern, locale: locale)
    } catch {
        let failure = Fuzz.expectError(error, codes: [.invalidMessage], target, "compile \(pattern.debugDescription)")
        Fuzz.check(Fuzz.isPrintable(failure.message), target, "an error message with control characters: \(failure.message.debugDescription)")
        // Where ICU or the diagnosis can name a place, the message gives its line and column;
        // where neither can (ICU names none for some errors of an argument's style), the
        // message still says in words what is wrong, never ICU's code alone.
        let located = failure.message.contains("line ") && failure.message.contains(", column ")
        let worded =
            failure.message.hasPrefix("not a valid ICU MessageFormat pattern: ") && !failure.message.contains("U_")
            || failure.message.hasPrefix("the message ")
        Fuzz.check(
            located || worded, target,
            "a syntax error that says neither where nor what: \(failure.message.debugDescription) for \(pattern.debugDescription)")
        return 0
    }
    let names = message.argumentNames
    Fuzz.check(Set(names).count == names.count, target, "argumentNames repeats a name: \(names) for \(pattern.debugDescription)")
    let values: [MessageArgument] = [0, 1, 2, 3, 5, 11, 21, 101, 1.5, -7, "x", "", 1_000_000_000, 0.001]
    var arguments: [String: MessageArgument] = [:]
    for (index, name) in names.enumerated() { arguments[name] = values[(choice + index * 7) % values.count] }
    do {
        let text = try message.format(arguments)
        let again = try message.format(arguments)
        Fuzz.check(text == again, target, "\(pattern.debugDescription) formats as \(text.debugDescription), then \(again.debugDescription)")
    } catch {
        Fuzz.expectError(error, codes: [.invalidArgument], target, "format \(pattern.debugDescription) with \(arguments)")
    }
    if !names.isEmpty {
        do {
            let text = try message.format([:])
            Fuzz.fail(target, "\(pattern.debugDescription) uses \(names) but formats without them as \(text.debugDescription)")
        } catch {
            Fuzz.expectError(error, codes: [.missingArgument], target, "format \(pattern.debugDescription) without arguments")
        }
    }
    return 0
}
