/// The error every fallible Parlance API throws.
///
/// Each error carries a stable ``Code`` (the same strings the `parlance batch` protocol
/// answers with, such as `invalid-locale`), a human-readable message, and, when ICU reported
/// the failure, ICU's raw status so nothing is lost.
///
/// ```swift
/// do {
///     _ = try PluralRules(locale: "en US")
/// } catch {
///     print(error.code)     // invalid-locale
///     print(error.message)  // "en US" is not a well-formed locale identifier: …
/// }
/// ```
public struct ParlanceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error kind.
    ///
    /// Codes are strings so that new kinds can be added without breaking `switch` statements;
    /// compare against the static members.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as the batch protocol spells it, e.g. `invalid-locale`.
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A locale identifier is neither well-formed BCP 47 nor an ICU locale id.
        public static let invalidLocale = Code(rawValue: "invalid-locale")
        /// A number string is not a decimal `[+-]?digits[.digits][(e|E)[+-]?digits]`.
        public static let invalidNumber = Code(rawValue: "invalid-number")
        /// ICU rejected a number or date skeleton.
        public static let invalidSkeleton = Code(rawValue: "invalid-skeleton")
        /// A time value is not an accepted ISO 8601 string or finite number.
        public static let invalidTime = Code(rawValue: "invalid-time")
        /// A time zone id is not known to ICU.
        public static let invalidTimeZone = Code(rawValue: "invalid-time-zone")
        /// An argument has the wrong type or value, or arguments conflict.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A named argument that a translation uses (`%{name}`, `{name}`, a plural's `count`)
        /// was not given.
        public static let missingArgument = Code(rawValue: "missing-argument")
        /// A key or table is in no locale of the lookup chain.
        public static let missingKey = Code(rawValue: "missing-key")
        /// A file could not be read or parsed.
        public static let invalidFile = Code(rawValue: "invalid-file")
        /// Anything else, usually an unexpected ICU failure; see ``ParlanceError/icuStatus``.
        public static let `internal` = Code(rawValue: "internal")
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, in words, naming the offending input.
    public let message: String
    /// ICU's name for the status that caused the error (e.g. `U_ILLEGAL_ARGUMENT_ERROR`),
    /// when the failure came from ICU.
    public let icuStatus: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, icuStatus: String? = nil) {
        self.code = code
        self.message = message
        self.icuStatus = icuStatus
    }

    public var description: String {
        if let icuStatus { return "\(code): \(message) (\(icuStatus))" }
        return "\(code): \(message)"
    }
}
