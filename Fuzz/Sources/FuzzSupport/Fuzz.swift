import Parlance

/// What every fuzz target shares: reading libFuzzer's input, and checks that trap with a
/// message naming the target and the broken contract when a promise of the code under test
/// does not hold. A trap is a crash to libFuzzer, which then saves the input.
public enum Fuzz {
    /// The input as bytes.
    public static func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Traps: the contract of `target` is broken.
    public static func fail(_ target: String, _ message: String) -> Never {
        fatalError("[\(target)] contract broken: \(message)")
    }

    /// Traps unless `condition` holds.
    public static func check(_ condition: Bool, _ target: String, _ message: @autoclosure () -> String) {
        if !condition { fail(target, message()) }
    }

    /// `error` as a ``ParlanceError`` whose code is one of `codes`, or a trap.
    @discardableResult
    public static func expectError(
        _ error: any Error, codes: Set<ParlanceError.Code>, _ target: String, _ context: @autoclosure () -> String
    ) -> ParlanceError {
        guard let parlance = error as? ParlanceError else {
            fail(target, "\(context()): threw \(type(of: error)) (\(error)), expected a ParlanceError")
        }
        check(
            codes.contains(parlance.code), target,
            "\(context()): threw \(parlance.code), expected one of \(codes.map(\.rawValue).sorted()): \(parlance)")
        check(!parlance.message.isEmpty, target, "\(context()): an error without a message (\(parlance.code))")
        return parlance
    }

    /// Whether `text` has no NUL and no C0 control but tab and line breaks (what a message or
    /// an identifier shown to a person may hold).
    public static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    }

    /// A few locales chosen by one input byte: each has plural rules, digits or separators of
    /// its own (Arabic has six categories and its own digits, Russian `few`/`many`, Welsh
    /// `zero`/`two`, French `many` for large numbers, Japanese one category).
    public static let locales: [LocaleID] = ["en", "ru", "ar-EG", "cy", "fr", "ja", "pl", "sr-Latn", "he", "hi-IN", "de-CH", "und"]
        .map { try! LocaleID($0) }

    /// The locale byte `byte` selects.
    public static func locale(_ byte: UInt8) -> LocaleID { locales[Int(byte) % locales.count] }
}

/// A cursor over the input that takes small choices off its front, as libFuzzer's
/// `FuzzedDataProvider` does, leaving the rest as the text under test.
public struct FuzzInput {
    public private(set) var bytes: ArraySlice<UInt8>

    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = ArraySlice(Fuzz.bytes(start, count))
    }

    /// The next byte, or 0 when none is left.
    public mutating func byte() -> UInt8 {
        guard let first = bytes.first else { return 0 }
        bytes = bytes.dropFirst()
        return first
    }

    /// The bytes up to (not including) the next `separator`, and the separator dropped; all the
    /// rest when there is none.
    public mutating func piece(until separator: UInt8) -> [UInt8] {
        if let index = bytes.firstIndex(of: separator) {
            let out = Array(bytes[..<index])
            bytes = bytes[(index + 1)...]
            return out
        }
        let out = Array(bytes)
        bytes = []
        return out
    }

    /// The rest as text; ill-formed UTF-8 becomes U+FFFD.
    public var restText: String { String(decoding: bytes, as: UTF8.self) }
}
