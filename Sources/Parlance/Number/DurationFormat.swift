#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Formats a duration in hours, minutes and seconds: "1 hr, 5 min", "1 hour, 5 minutes",
/// "1h 5m" or "1:05:00", per locale (ICU's MeasureFormat over CLDR unit and list patterns).
///
/// ```swift
/// try DurationFormat(locale: "en", style: .short).format(seconds: 3900)   // "1 hr, 5 min"
/// try DurationFormat(locale: "en", style: .numeric).format(seconds: 3900) // "1:05:00"
/// try DurationFormat(locale: "de", style: .wide).format(seconds: 65)      // "1 Minute und 5 Sekunden"
/// ```
public struct DurationFormat: Hashable, Sendable {
    /// How the units are written.
    public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
        case wide, short, narrow
        /// Positional, "1:05:00" (always hours, minutes and seconds).
        case numeric
    }

    /// The locale whose unit names are used.
    public let locale: LocaleID
    /// wide ("1 hr, 5 min"), short, narrow or numeric ("1:05:00").
    public let style: Style
    private let icu: ICUDurationFormatter

    /// A duration formatter (cached per locale and style).
    public init(locale: LocaleID, style: Style = .short) throws {
        self.locale = locale
        self.style = style
        self.icu = try ICUDurationFormatter.cached(locale: locale, width: style.icu)
    }

    /// Formats a number of seconds, rounded to whole seconds. Unit styles leave out zero units
    /// ("1 hr" for 3600, "0 sec" for 0); the numeric style always shows h:mm:ss. A negative
    /// duration carries its sign on the first unit.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for NaN, infinities or more than
    ///   about 2.5 trillion hours (beyond exact whole seconds in a `Double`).
    public func format(seconds: Double) throws -> String {
        guard seconds.isFinite, abs(seconds) < 9.0e15 else {
            throw ParlanceError(.invalidArgument, "a duration needs a finite number of seconds below 9e15, not \(seconds)")
        }
        let total = Int64(abs(seconds.rounded()))
        let sign: Double = seconds < 0 && total > 0 ? -1 : 1
        let parts: [(Int32, Double)] = [
            (ICUDurationFormatter.hour, Double(total / 3600)),
            (ICUDurationFormatter.minute, Double(total % 3600 / 60)),
            (ICUDurationFormatter.second, Double(total % 60)),
        ]
        var chosen = style == .numeric ? parts : parts.filter { $0.1 != 0 }
        if chosen.isEmpty { chosen = [parts[2]] }
        chosen[0].1 *= sign
        return try icu.format(units: chosen.map(\.0), values: chosen.map(\.1))
    }

    public static func == (lhs: DurationFormat, rhs: DurationFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.style == rhs.style
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(style)
    }
}

/// Formats byte counts (file sizes) with CLDR's digital units: "999 bytes", "1.5 MB".
///
/// ```swift
/// try ByteCountFormat(locale: "en").format(1_500_000)                // "1.5 MB"
/// try ByteCountFormat(locale: "en", base: .binary).format(1_572_864) // "1.5 MB" (1024-based)
/// try ByteCountFormat(locale: "de").format(2_350_000_000)           // "2,35 GB"
/// ```
public struct ByteCountFormat: Hashable, Sendable {
    /// Powers of 1000 (like the common "file" style) or 1024.
    public enum Base: String, Hashable, Sendable, Codable, CaseIterable {
        case decimal, binary
    }

    /// The locale whose digits and unit names are used.
    public let locale: LocaleID
    /// Decimal (1000-based, as file managers show) or binary (1024-based).
    public let base: Base

    /// A byte-count formatter.
    public init(locale: LocaleID, base: Base = .decimal) {
        self.locale = locale
        self.base = base
    }

    private static let units = [
        "digital-byte", "digital-kilobyte", "digital-megabyte", "digital-gigabyte",
        "digital-terabyte", "digital-petabyte",
    ]

    /// The number and unit skeleton used for `bytes`: bytes and kilobytes as integers,
    /// megabytes with up to one fraction digit, larger units with up to two.
    package func plan(_ bytes: Int64) -> (decimal: String, skeleton: String) {
        let magnitude = bytes.magnitude
        let step: UInt64 = base == .decimal ? 1000 : 1024
        var index = 0
        var limit = step
        while index < Self.units.count - 1, magnitude >= limit {
            index += 1
            if limit > UInt64.max / step { break }
            limit *= step
        }
        // Exact decimal of bytes / step^index (both bases divide exactly in decimal).
        let divisor = (0..<index).reduce(Decimal(1)) { value, _ in value * Decimal(step) }
        let value = Decimal(bytes) / divisor
        let precision = index <= 1 ? "precision-integer" : index == 2 ? ".#" : ".##"
        let width = index == 0 ? "unit-width-full-name" : ""
        let skeleton = ["measure-unit/\(Self.units[index])", precision, width].filter { !$0.isEmpty }.joined(separator: " ")
        return (value.description, skeleton)
    }

    /// Formats a byte count.
    public func format(_ bytes: Int64) -> String {
        let (decimal, skeleton) = plan(bytes)
        // The plan's skeletons are fixed, valid ICU skeletons and its decimal is exact.
        return ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale).formatValidDecimal(decimal)
    }
}
