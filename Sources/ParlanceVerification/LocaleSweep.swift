import Dispatch
package import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a long proof on standard error: "verify-dates: 120 of 780 locales, 45 s", at
/// most once every `interval` seconds and once at the end, so that a run of minutes shows it
/// is working (standard output keeps only the report).
package final class SweepProgress: Sendable {
    private struct State {
        var done = 0
        var lastPrint: UInt64
    }

    private let label: String
    private let unit: String
    private let total: Int
    private let interval: UInt64
    private let start: UInt64
    private let state: Locked<State>

    /// - Parameters:
    ///   - label: what runs, e.g. "verify-dates".
    ///   - total: the units of work in all; `unit` names them ("locales", "rule sets").
    package init(_ label: String, total: Int, unit: String = "locales", interval seconds: Double = 10) {
        self.label = label
        self.unit = unit
        self.total = total
        self.interval = UInt64(seconds * 1e9)
        start = monotonicNanoseconds()
        state = Locked(State(lastPrint: start))
    }

    /// Counts `units` finished units of work; prints a line when the interval has passed or
    /// the work is complete.
    package func advance(by units: Int = 1) {
        let now = monotonicNanoseconds()
        let line: String? = state.withLock { state in
            state.done += units
            guard state.done >= total || now - state.lastPrint >= interval else { return nil }
            state.lastPrint = now
            return "\(label): \(state.done) of \(total) \(unit), \(Int(Double(now - start) / 1e9)) s\n"
        }
        if var line {
            line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
        }
    }
}

/// Locales for a reduced proof in the tests: the named ones, then every n-th ICU locale
/// (sorted by id, from `offset`) until there are `count`.
package func sampleLocales(named: [String], count: Int, offset: Int) -> [LocaleID] {
    var locales = named.compactMap { try? LocaleID($0) }
    let all = LocaleID.availableLocales.sorted { $0.identifier < $1.identifier }
    let step = max(1, all.count / max(1, count - locales.count))
    for index in stride(from: offset, to: all.count, by: step) where locales.count < count {
        if !locales.contains(all[index]) { locales.append(all[index]) }
    }
    return locales
}

/// What one `--verify-*` sweep counts beyond the counts every sweep keeps (``SweepReport``),
/// and how one locale's counts add to the total.
package protocol SweepDetails: Sendable {
    init()
    /// Adds `other` (one locale's counts) to these.
    mutating func merge(_ other: Self)
}

/// The details of a sweep that counts nothing beyond ``SweepReport``'s counts.
package struct NoSweepDetails: SweepDetails {
    package init() {}
    package mutating func merge(_ other: Self) {}
}

/// What a `--verify-*` sweep found: the formatters it built and how many of them compiled,
/// why the others fell back to ICU, the calls the compiled path answered (each compared with
/// ICU) and those it left to ICU, the mismatches (all counted, the first few described), and
/// how long the sweep took. A sweep's own counts are in ``details``, read and written as if
/// they were the report's properties (`report.contextRules`).
///
/// A sweep fills one report per locale (``sweepLocales(_:progress:_:)``) through
/// ``fallBack(_:reason:)``, ``compare(_:compiled:icu:)`` and ``mismatch(_:)``; the reports are
/// merged, and printed by ``rendered(_:)``.
@dynamicMemberLookup
package struct SweepReport<Details: SweepDetails>: Sendable {
    package var locales = 0
    /// Formatters (messages, range tables) built.
    package var formatters = 0
    /// Those with a compiled path.
    package var compiledFormatters = 0
    /// Formatters with no compiled path, by reason.
    package var fallbackFormatters: [String: Int] = [:]
    /// Some of the formatters with no compiled path, with the reason.
    package var fallbackExamples: [String] = []
    /// Calls the compiled path answered, each compared with ICU.
    package var compared = 0
    /// Calls the compiled path left to ICU (nothing to compare).
    package var leftToICU = 0
    package var mismatchCount = 0
    /// The first mismatches, described (what was formatted, both outputs).
    package var mismatches: [String] = []
    /// How long the sweep took, in seconds.
    package var seconds = 0.0
    /// The sweep's own counts.
    package var details = Details()

    /// Mismatches described per locale.
    package static var examplesPerLocale: Int { 5 }
    /// Fallbacks described per locale.
    package static var fallbackExamplesPerLocale: Int { 10 }
    /// Once the total has this many descriptions, later locales add none.
    package static var examplesInAll: Int { 50 }

    package init() {}

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<Details, Value>) -> Value {
        get { details[keyPath: keyPath] }
        set { details[keyPath: keyPath] = newValue }
    }

    /// Counts a mismatch; describes it while the locale has described fewer than
    /// ``examplesPerLocale``.
    package mutating func mismatch(_ description: @autoclosure () -> String) {
        mismatchCount += 1
        if mismatches.count < Self.examplesPerLocale { mismatches.append(description()) }
    }

    /// Counts a formatter that could not be opened (a mismatch: ICU opens it).
    package mutating func cannotOpen(_ name: String, _ error: any Error) {
        mismatch("\(name): cannot open: \(error)")
    }

    /// Counts a formatter with no compiled path, for `reason`.
    package mutating func fallBack(_ name: @autoclosure () -> String, reason: String) {
        fallbackFormatters[reason, default: 0] += 1
        if fallbackExamples.count < Self.fallbackExamplesPerLocale { fallbackExamples.append("\(name()): \(reason)") }
    }

    /// Compares the compiled path's output with ICU's, byte for byte: counts the comparison,
    /// and a mismatch described as "`what`: compiled "…", ICU "…"" (an ICU error is the
    /// text "error …").
    package mutating func compare(_ what: @autoclosure () -> String, compiled mine: String, icu: () throws -> String) {
        compared += 1
        let theirs: String
        do {
            theirs = try icu()
        } catch {
            theirs = "error \(error)"
        }
        if mine.utf8.elementsEqual(theirs.utf8) { return }
        mismatch("\(what()): compiled \(debugQuoted(mine)), ICU \(debugQuoted(theirs))")
    }

    /// Adds `other` (one locale's report) to this one.
    package mutating func merge(_ other: Self) {
        locales += other.locales
        formatters += other.formatters
        compiledFormatters += other.compiledFormatters
        fallbackFormatters.merge(other.fallbackFormatters, uniquingKeysWith: +)
        if fallbackExamples.count < Self.examplesInAll { fallbackExamples += other.fallbackExamples }
        compared += other.compared
        leftToICU += other.leftToICU
        mismatchCount += other.mismatchCount
        if mismatches.count < Self.examplesInAll { mismatches += other.mismatches }
        details.merge(other.details)
    }
}

/// The words a sweep prints around its ``SweepReport``.
package struct SweepText: Sendable {
    /// The first line: what was swept, e.g. `list verification: 3 locales × 3 types × 3 widths`.
    package var title: String
    /// What the sweep builds ("formatters", "messages"): with a noun, the title ends in
    /// "= N formatters" and a line gives how many compiled and why the others fell back; nil
    /// for a sweep whose title says it.
    package var noun: String?
    /// Said of the compiled formatters, e.g. "(12 leave some field to ICU)".
    package var compiledNote: String
    /// The sweep's own lines after that one: the values used, what was compared with what.
    package var lines: [String]
    /// Described cases printed after the fallbacks and before the mismatches, each line
    /// starting with its label.
    package var examples: [(label: String, items: [String])]
    /// Lines printed last.
    package var trailer: [String]

    package init(
        title: String, noun: String? = "formatters", compiledNote: String = "", lines: [String], examples: [(label: String, items: [String])] = [],
        trailer: [String] = []
    ) {
        self.title = title
        self.noun = noun
        self.compiledNote = compiledNote
        self.lines = lines
        self.examples = examples
        self.trailer = trailer
    }
}

extension SweepReport {
    /// The report as `parlance bench --verify-…` prints it: the title, how many formatters
    /// compiled, the sweep's lines, the mismatch count and the time, then the first 20
    /// fallbacks, the sweep's examples, the first 50 mismatches and the sweep's last lines.
    package func rendered(_ text: SweepText) -> String {
        var lines: [String] = []
        if let noun = text.noun {
            lines.append("\(text.title) = \(formatters) \(noun)")
            let reasons = fallbackFormatters.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let note = text.compiledNote.isEmpty ? "" : " \(text.compiledNote)"
            lines.append(
                "  compiled: \(compiledFormatters) \(noun)\(note); fallback to ICU: \(formatters - compiledFormatters) (\(reasons.isEmpty ? "none" : reasons))")
        } else {
            lines.append(text.title)
        }
        lines += text.lines.map { "  " + $0 }
        lines.append("  mismatches: \(mismatchCount) (\(Int(seconds.rounded())) s)")
        lines += fallbackExamples.prefix(20).map { "  fallback: \($0)" }
        for (label, items) in text.examples { lines += items.map { "  \(label): \($0)" } }
        lines += mismatches.prefix(50).map { "  mismatch: \($0)" }
        lines += text.trailer.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

/// Runs `body` for each locale (with its index in `locales`) on a fresh report whose
/// ``SweepReport/locales`` is 1, the locales spread over every core; then merges the reports
/// in the order of `locales` (so that the examples a report keeps do not depend on the
/// scheduler) and times the whole: the frame of the `--verify-*` proofs. `progress` counts
/// each finished locale.
func sweepLocales<Details>(
    _ locales: [LocaleID], progress: SweepProgress?, _ body: @Sendable (Int, LocaleID, inout SweepReport<Details>) -> Void
) -> SweepReport<Details> {
    let start = monotonicNanoseconds()
    // Each locale's report goes into its own slot under the lock; they are merged on this
    // thread once all are done.
    let finished = Locked([SweepReport<Details>?](repeating: nil, count: locales.count))
    DispatchQueue.concurrentPerform(iterations: locales.count) { index in
        var report = SweepReport<Details>()
        report.locales = 1
        body(index, locales[index], &report)
        finished.withLock { $0[index] = report }
        progress?.advance()
    }
    var report = SweepReport<Details>()
    for case let done? in finished.withLock({ $0 }) { report.merge(done) }
    report.seconds = Double(monotonicNanoseconds() - start) / 1e9
    return report
}

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// `text` in quotes with non-ASCII and control characters as `\u{…}` escapes (long texts cut).
func debugQuoted(_ text: String) -> String {
    let body = text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    return "\"" + (body.count > 80 ? String(body.prefix(60)) + "…(\(text.utf8.count) bytes)" : body) + "\""
}
