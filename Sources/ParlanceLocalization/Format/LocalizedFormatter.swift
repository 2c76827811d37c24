public import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A locale-aware `printf`: Foundation's `String(format:locale:arguments:)` semantics over
/// typed arguments, with ICU's digits and separators.
///
/// Supported conversions: `%@ %s` (text), `%d %i %u %ld %lld %lu %D %U` (grouped integers in the
/// locale's digits), `%f %e %g` with precision (`%.2f`), `%x %X %o` (not localized, as in C),
/// `%c %C`, `%%`, positional arguments `%1$@ %2$d`, widths and the flags `- + space 0 #`.
/// Numbers are formatted by ICU number skeletons (`group-auto`, `.00`, `scientific/+ee/sign-always`),
/// never by hand.
///
/// Formats are untrusted: an unknown specifier, `%n`, a `*` width, a missing argument or an
/// argument of the wrong type throws `ParlanceError` (`ParlanceError/Code/invalidArgument`).
/// Extra arguments are ignored, as in C.
///
/// ```swift
/// let ru = try LocalizedFormatter(locale: "ru")
/// try ru.format("%d файлов", 1000)            // "1 000 файлов" (U+00A0)
/// try ru.format("%.2f%%", 12.5)              // "12,50%"
/// let de = try LocalizedFormatter(locale: "de")
/// try de.format("%2$@: %1$d", 1234, "Summe")  // "Summe: 1.234"
/// let egypt = try LocalizedFormatter(locale: "ar-EG")
/// try egypt.format("%d", 42)                  // "٤٢"
/// ```
public struct LocalizedFormatter: Hashable, Sendable {
    /// The locale whose digits and separators are used.
    public let locale: LocaleID
    /// The locale's plain integer formatter (skeleton ""), resolved once by a catalog so that
    /// `%d` takes no cache lookup; nil looks it up.
    private let plainIntegers: NumberFormatterHandle?

    /// A formatter for a parsed locale.
    public init(locale: LocaleID) {
        self.locale = locale
        self.plainIntegers = nil
    }

    /// A formatter whose plain integer formatter is resolved now.
    package init(resolving locale: LocaleID) {
        self.locale = locale
        self.plainIntegers = try? ParlanceCore.numberFormatter(skeleton: "", locale: locale)
    }

    /// `%d` of `value` when the plain integer formatter was resolved at creation, else nil.
    func plainIntegerText(_ value: Int64) -> String? { plainIntegers?.format(value) }

    public static func == (lhs: LocalizedFormatter, rhs: LocalizedFormatter) -> Bool { lhs.locale == rhs.locale }
    public func hash(into hasher: inout Hasher) { hasher.combine(locale) }

    /// Formats `format` with typed arguments.
    ///
    /// ```swift
    /// try LocalizedFormatter(locale: "fr").format("%@ : %.1f", "Total", 1234.56)  // "Total : 1 234,6"
    /// ```
    /// - Throws: `ParlanceError/Code/invalidArgument` for a malformed format, a missing
    ///   argument or an argument of the wrong type.
    public func format(_ format: String, _ arguments: LocalizationArgument...) throws -> String {
        try formatTyped(format, arguments: arguments)
    }

    /// Formats `format` with an array of typed arguments.
    ///
    /// ```swift
    /// try LocalizedFormatter(locale: "en").format("%d of %d", arguments: [3, 10])  // "3 of 10"
    /// ```
    /// - Throws: `ParlanceError/Code/invalidArgument` as ``format(_:_:)``.
    public func format(_ format: String, arguments: [LocalizationArgument]) throws -> String {
        try formatTyped(format, arguments: arguments)
    }

    /// ``format(_:arguments:)`` with its error type.
    package func formatTyped(_ format: String, arguments: [LocalizationArgument]) throws(ParlanceError) -> String {
        do {
            let tokens = try FormatParser.parse(format, allowVariables: false)
            return try render(tokens, arguments: arguments)
        } catch {
            throw error.parlanceError(format: format)
        }
    }

    // MARK: Rendering

    /// The largest output accepted from one format (a safety bound for untrusted translations).
    static let maximumOutputBytes = 1 << 20

    func render(_ tokens: [FormatToken], arguments: [LocalizationArgument]) throws(FormatFailure) -> String {
        var out = ""
        var next = 0
        for token in tokens {
            switch token {
            case .literal(let text):
                out += text
            case .variable(let name, _):
                throw .syntax("the variable %#@\(name)@ is only meaningful in a stringsdict entry")
            case .spec(let spec):
                let index: Int
                if let position = spec.position {
                    index = position - 1
                } else {
                    index = next
                    next += 1
                }
                guard index < arguments.count else {
                    throw .argument(
                        "\(spec.text) needs argument \(index + 1) but \(arguments.count == 1 ? "1 argument was" : "\(arguments.count) arguments were") given")
                }
                out += try convert(spec, arguments[index], number: index + 1)
            }
            if out.utf8.count > Self.maximumOutputBytes {
                throw .syntax("the result is longer than \(Self.maximumOutputBytes) bytes of UTF-8")
            }
        }
        return out
    }

    func convert(_ spec: FormatSpec, _ argument: LocalizationArgument, number: Int) throws(FormatFailure) -> String {
        // The common case, `%d`/`%ld`/`%lld` of an integer without flags, width or precision:
        // the locale's plain integer formatter, as the general path below would choose.
        if case .int(let value) = argument, let plainIntegers, spec.isPlainSignedInteger {
            return plainIntegers.format(value)
        }
        func mismatch() -> FormatFailure {
            .argument("\(spec.text) cannot format argument \(number), \(argument.kindName) (\(quoted(argument.description, limit: 40)))")
        }
        var text: String
        var numeric = false
        if FormatParser.textConversions.contains(spec) {
            text = argument.description
            if let precision = spec.precision, text.count > precision { text = String(text.prefix(precision)) }
        } else if FormatParser.characterConversions.contains(spec) {
            switch argument {
            case .int(let value):
                guard let code = UInt32(exactly: value), let scalar = Unicode.Scalar(code) else { throw mismatch() }
                text = String(Character(scalar))
            case .string(let value) where value.count == 1:
                text = value
            default:
                throw mismatch()
            }
        } else if FormatParser.radixConversions.contains(spec) {
            text = try radixText(spec, argument, mismatch: mismatch())
        } else if FormatParser.integerConversions.contains(spec) {
            numeric = true
            text = try integerText(spec, argument, mismatch: mismatch())
        } else {
            numeric = true
            text = try floatText(spec, argument, locale: locale, grouping: true, mismatch: mismatch())
        }
        if numeric, spec.spaceSign, !spec.plusSign, !argument.isNegative { text = " " + text }
        return pad(text, spec)
    }

    private func pad(_ text: String, _ spec: FormatSpec) -> String {
        guard let width = spec.width else { return text }
        let missing = width - text.utf16.count
        guard missing > 0 else { return text }
        let fill = String(repeating: " ", count: missing)
        return spec.leftAlign ? text + fill : fill + text
    }

    /// Digits wanted by `0` padding or an integer precision, as ICU `integer-width`.
    private func minimumIntegerDigits(_ spec: FormatSpec, _ argument: LocalizationArgument, float: Bool) -> Int {
        var digits = float ? 0 : (spec.precision ?? 0)
        if spec.zeroPad, !spec.leftAlign, let width = spec.width {
            let signed = argument.isNegative || spec.plusSign || spec.spaceSign
            var wanted = width - (signed ? 1 : 0)
            if float {
                // The fraction part and decimal separator count against the width too.
                let fraction = spec.conversion == "f" || spec.conversion == "F" ? (spec.precision ?? 6) : 0
                wanted -= fraction > 0 || spec.alternate ? fraction + 1 : 0
            }
            digits = max(digits, wanted)
        }
        return digits
    }

    private func skeleton(_ parts: [String]) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }

    private func formatter(_ skeleton: String, _ locale: LocaleID) throws(FormatFailure) -> NumberFormatterHandle {
        do {
            if skeleton.isEmpty, locale == self.locale, let plainIntegers { return plainIntegers }
            return try ParlanceCore.numberFormatter(skeleton: skeleton, locale: locale)
        } catch {
            throw .syntax("ICU cannot format with these options (\(error.message))")
        }
    }

    private func integerWidth(_ digits: Int) throws(FormatFailure) -> String {
        guard digits > 1 else { return "" }
        guard digits <= 100 else { throw .syntax("zero padding or precision wider than 100 digits") }
        return "integer-width/*" + String(repeating: "0", count: digits)
    }

    private func integerText(_ spec: FormatSpec, _ argument: LocalizationArgument, mismatch: @autoclosure () -> FormatFailure) throws(FormatFailure) -> String {
        let unsigned = spec.conversion == "u" || spec.conversion == "U"
        // Plain `%d` (the common case) needs the locale's default skeleton, "".
        let plain = !spec.plusSign && spec.precision == nil && !spec.zeroPad
        let parts =
            plain
            ? []
            : [
                spec.plusSign && !unsigned ? "sign-always" : "",
                try integerWidth(minimumIntegerDigits(spec, argument, float: false)),
            ]
        let icu = try formatter(plain ? "" : skeleton(parts), locale)
        switch argument {
        case .int(let value):
            if unsigned && value < 0 {
                throw .argument("\(spec.text) cannot format the negative argument \(value)")
            }
            return icu.format(value)
        case .decimal(let value):
            guard let operands = ParlanceCore.operands(value), operands.visibleFractionDigitCount == 0,
                !(unsigned && value.hasPrefix("-"))
            else { throw mismatch() }
            do {
                return try icu.format(decimal: value)
            } catch {
                throw mismatch()
            }
        default:
            throw mismatch()
        }
    }

    private func radixText(_ spec: FormatSpec, _ argument: LocalizationArgument, mismatch: @autoclosure () -> FormatFailure) throws(FormatFailure) -> String {
        let value: Int64
        switch argument {
        case .int(let integer): value = integer
        case .decimal(let text):
            guard let integer = Int64(text) else { throw mismatch() }
            value = integer
        default: throw mismatch()
        }
        let wide = !spec.length.isEmpty && spec.length != "h" && spec.length != "hh" || spec.conversion == "O"
        let bits = wide ? UInt64(bitPattern: value) : UInt64(UInt32(truncatingIfNeeded: value))
        let octal = spec.conversion == "o" || spec.conversion == "O"
        var digits = String(bits, radix: octal ? 8 : 16, uppercase: spec.conversion == "X")
        if let precision = spec.precision, digits.count < precision {
            digits = String(repeating: "0", count: precision - digits.count) + digits
        }
        var prefix = ""
        if spec.alternate, bits != 0 {
            if octal {
                if !digits.hasPrefix("0") { prefix = "0" }
            } else {
                prefix = spec.conversion == "X" ? "0X" : "0x"
            }
        }
        if spec.zeroPad, !spec.leftAlign, spec.precision == nil, let width = spec.width,
            prefix.count + digits.count < width
        {
            digits = String(repeating: "0", count: width - prefix.count - digits.count) + digits
        }
        return prefix + digits
    }

    /// `%f %e %g` in `locale`. With `grouping: false` in root this is the plain ASCII form used
    /// to find the plural operands of a value "as formatted".
    func floatText(
        _ spec: FormatSpec, _ argument: LocalizationArgument, locale: LocaleID, grouping: Bool,
        mismatch: @autoclosure () -> FormatFailure
    ) throws(FormatFailure) -> String {
        let double: Double?
        let decimal: String?
        switch argument {
        case .int(let value): (double, decimal) = (nil, String(value))
        case .double(let value): (double, decimal) = (value, nil)
        case .decimal(let value):
            guard (ParlanceCore.operands(value)) != nil else { throw mismatch() }
            (double, decimal) = (nil, value)
        case .string: throw mismatch()
        }
        let precision = spec.precision ?? 6
        guard precision <= 100 else { throw .syntax("a precision above 100 for a floating-point conversion") }
        var parts = [spec.plusSign ? "sign-always" : "", grouping ? "" : "group-off"]
        switch spec.conversion {
        case "e", "E":
            parts[0] = ""
            parts.append("scientific/+ee/sign-always")
            parts.append(precision == 0 ? "precision-integer" : "." + String(repeating: "0", count: precision))
            if spec.plusSign { parts.append("sign-always") }
        case "g", "G":
            let significant = max(precision, 1)
            let exponent = Self.decimalExponent(double: double, decimal: decimal, significant: significant)
            let digits =
                spec.alternate
                ? "@" + String(repeating: "@", count: significant - 1)
                : "@" + String(repeating: "#", count: significant - 1)
            if exponent < -4 || exponent >= significant {
                parts.append("scientific/+ee/sign-always")
            }
            parts.append(digits)
        default:
            parts.append(
                precision == 0
                    ? (spec.alternate ? "precision-integer decimal-always" : "precision-integer")
                    : "." + String(repeating: "0", count: precision))
            parts.append(try integerWidth(minimumIntegerDigits(spec, argument, float: true)))
        }
        let icu = try formatter(skeleton(parts), locale)
        if let double { return icu.format(double) }
        do {
            return try icu.format(decimal: decimal ?? "0")
        } catch {
            throw mismatch()
        }
    }

    /// The decimal exponent of a value once rounded to `significant` digits (C's `%g` rule).
    static func decimalExponent(double: Double?, decimal: String?, significant: Int) -> Int {
        if let double {
            guard double.isFinite, double != 0 else { return 0 }
            var exponent = Int(log10(abs(double)).rounded(.down))
            // Correct the estimate and account for rounding up to the next power of ten.
            let scale = power10(significant - 1 - exponent)
            let rounded = (abs(double) * scale).rounded()
            if rounded >= power10(significant) { exponent += 1 }
            if rounded < power10(significant - 1) { exponent -= 1 }
            return exponent
        }
        // A decimal string: count digits of the integer part, or leading fraction zeros.
        guard let decimal, let operands = ParlanceCore.operands(decimal) else { return 0 }
        let text = operands.description
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let integerPart = unsigned.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? "0"
        let trimmedInteger = integerPart.drop(while: { $0 == "0" })
        if !trimmedInteger.isEmpty { return trimmedInteger.count - 1 }
        let fraction = unsigned.split(separator: ".").dropFirst().first ?? ""
        guard let first = fraction.firstIndex(where: { $0 != "0" }) else { return 0 }
        return -(fraction.distance(from: fraction.startIndex, to: first) + 1)
    }

    private static func power10(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 {
            for _ in 0..<min(exponent, 400) { result *= 10 }
        } else {
            for _ in 0..<min(-exponent, 400) { result /= 10 }
        }
        return result
    }
}

extension LocalizationArgument {
    var isNegative: Bool {
        switch self {
        case .int(let value): value < 0
        case .double(let value): value.sign == .minus && !value.isNaN
        case .decimal(let value): value.hasPrefix("-")
        case .string: false
        }
    }

    var isZero: Bool {
        switch self {
        case .int(let value): value == 0
        case .double(let value): value == 0
        case .decimal(let value): (ParlanceCore.operands(value))?.absoluteValue == 0
        case .string(let value): value == "0"
        }
    }
}
