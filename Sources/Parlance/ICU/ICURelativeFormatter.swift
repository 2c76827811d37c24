internal import CICU

/// Owns an ICU relative date-time formatter (`URelativeDateTimeFormatter`).
///
/// `Sendable` notes: ICU documents `RelativeDateTimeFormatter` as immutable and thread-safe
/// (reldatefmt.h); the only caveats (assignment, adopted pointers) never apply here.
package final class ICURelativeFormatter: @unchecked Sendable {
    let handle: OpaquePointer
    /// The locale's patterns compiled into Swift, used first; nil when they did not compile
    /// (see ``fallback``).
    package let compiled: CompiledRelativeFormat?
    /// ``compiled`` without a reference count (formatting calls it through
    /// `_withUnsafeGuaranteedRef`; ``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledRelativeFormat>?
    /// Why there is no compiled path, when there is none.
    package let fallback: ICURelativeCompiler.Fallback?

    private struct Key: Hashable, Sendable {
        var locale: String
        var style: Int32
    }

    private static let cache = LRUCache<Key, ICURelativeFormatter>(capacity: 1024)

    package static func cached(locale: LocaleID, style: Int32) throws(ParlanceError) -> ICURelativeFormatter {
        try cache.value(for: Key(locale: locale.identifier, style: style)) { () throws(ParlanceError) in
            var status: Int32 = 0
            guard let handle = CICU_relativeFormatterOpen(locale.identifier, style, &status), status <= 0 else {
                throw ICUStatusError(status: status).parlanceError(.internal, "ICU cannot open a relative time formatter for \(locale.identifier)")
            }
            return ICURelativeFormatter(handle: handle, locale: locale)
        }
    }

    package static var cachedCount: Int { cache.count }

    private init(handle: OpaquePointer, locale: LocaleID) {
        self.handle = handle
        (compiled, fallback) = ICURelativeCompiler.compile(handle: handle, locale: locale)
        compiledRef = compiled.map { Unmanaged.passUnretained($0) }
    }
    deinit { CICU_relativeFormatterClose(handle) }

    /// `value` units from now; `numericAuto` uses words such as "tomorrow" where the locale has them.
    package func format(_ value: Double, unit: Int32, numericAuto: Bool) throws(ParlanceError) -> String {
        if let compiledRef, let text = compiledRef._withUnsafeGuaranteedRef({ $0.format(value, unit: unit, numericAuto: numericAuto) }) {
            return text
        }
        return try formatThroughICU(value, unit: unit, numericAuto: numericAuto)
    }

    /// ``format(_:unit:numericAuto:)`` by ICU alone (the reference of `--verify-relative`).
    package func formatThroughICU(_ value: Double, unit: Int32, numericAuto: Bool) throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf16 { CICU_relativeFormat(handle, value, unit, numericAuto, $0, $1, $2) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the relative time \(value)")
        }
    }
}

extension RelativeTimeUnit {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .year: CICU_RELATIVE_UNIT_YEAR
        case .quarter: CICU_RELATIVE_UNIT_QUARTER
        case .month: CICU_RELATIVE_UNIT_MONTH
        case .week: CICU_RELATIVE_UNIT_WEEK
        case .day: CICU_RELATIVE_UNIT_DAY
        case .hour: CICU_RELATIVE_UNIT_HOUR
        case .minute: CICU_RELATIVE_UNIT_MINUTE
        case .second: CICU_RELATIVE_UNIT_SECOND
        }
    }
}

extension RelativeTimeStyle {
    /// The shim's constant for this value.
    package var icu: Int32 {
        switch self {
        case .long: CICU_RELATIVE_STYLE_LONG
        case .short: CICU_RELATIVE_STYLE_SHORT
        case .narrow: CICU_RELATIVE_STYLE_NARROW
        }
    }
}
