#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which path formats: Parlance's compiled formatters (numbers, dates, date intervals, lists,
/// relative times, messages, plural rules and ranges, parts, each proven against ICU when it is
/// built) or ICU itself.
///
/// The environment variable `PARLANCE_ICU_ONLY=1`, read once when the process first formats,
/// turns every compiled path off: each number, date, date interval, list, relative-time and
/// message formatter then calls ICU (parts come from ICU's field positions), and ICU selects
/// every plural category and range. It exists to investigate a suspected difference between the
/// two in production: the output must not change, only the time it takes.
package enum FormattingPaths {
    /// The variable's name.
    package static let environmentVariable = "PARLANCE_ICU_ONLY"

    /// Whether `PARLANCE_ICU_ONLY` is `1` in this process's environment.
    package static let icuOnly: Bool = getenv(environmentVariable).map { String(cString: $0) == "1" } ?? false
}
