#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Formats a duration per locale: in weeks, days, hours, minutes, seconds and sub-second units
/// ("1 hr, 5 min", "2 days, 3 hours", "1 sec, 500 ms") or positionally ("1:05:00",
/// "1:02:03.5"), with ICU's MeasureFormat over CLDR's unit patterns, unit list patterns and
/// `durationUnit` patterns.
///
/// ```swift
/// try DurationFormat(locale: "en", style: .short).format(seconds: 3900)   // "1 hr, 5 min"
/// try DurationFormat(locale: "en", style: .numeric).format(seconds: 3900) // "1:05:00"
/// try DurationFormat(locale: "de", style: .wide).format(seconds: 65)      // "1 Minute, 5 Sekunden"
/// try DurationFormat(locale: "en", style: .wide, units: [.days, .hours]).format(seconds: 183_600) // "2 days, 3 hours"
/// try DurationFormat(locale: "en", style: .numeric, units: [.hours, .minutes, .seconds, .milliseconds])
///     .format(.milliseconds(3_723_500))                                   // "1:02:03.5"
/// ```
package struct DurationFormat: Hashable, Sendable {
    package typealias Style = DurationStyle

    package typealias Unit = DurationUnit

    /// The locale whose unit names are used.
    public let locale: LocaleID
    /// wide ("1 hr, 5 min"), short, narrow or numeric ("1:05:00").
    public let style: Style
    /// The units the duration may be written in (by default hours, minutes and seconds).
    public let units: Set<Unit>
    /// In the unit styles, at most this many units counted from the largest non-zero one
    /// (nil: every allowed unit down to the smallest); the last unit shown is rounded. The
    /// numeric style shows all its positions and ignores it.
    public let maximumUnitCount: Int?
    private let sorted: [Unit]
    private let icu: ICUDurationFormatter

    /// A duration formatter (cached per locale and style).
    ///
    /// - Parameters:
    ///   - locale: the locale the durations are written for.
    ///   - style: wide, short, narrow or numeric (`1:05:00`).
    ///   - units: the units to write the duration in; values are rounded (half away from zero)
    ///     to the smallest of them.
    ///   - maximumUnitCount: at most this many units (unit styles), from the largest non-zero one.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for an empty `units` set or a
    ///   `maximumUnitCount` below 1.
    public init(
        locale: LocaleID, style: Style = .short, units: Set<Unit> = [.hours, .minutes, .seconds],
        maximumUnitCount: Int? = nil
    ) throws {
        guard !units.isEmpty else {
            throw ParlanceError(.invalidArgument, "a duration format needs at least one unit")
        }
        if let maximumUnitCount, maximumUnitCount < 1 {
            throw ParlanceError(.invalidArgument, "maximumUnitCount must be at least 1, not \(maximumUnitCount)")
        }
        self.locale = locale
        self.style = style
        self.units = units
        self.maximumUnitCount = maximumUnitCount
        self.sorted = units.sorted()
        let digits = style == .numeric ? Self.numericFractionDigits(units) : nil
        self.icu = try ICUDurationFormatter.cached(locale: locale, width: style.icu, fractionDigits: digits)
    }

    /// Formats a number of seconds, rounded (half away from zero) to the smallest allowed unit
    /// (whole seconds by default). Unit styles leave out zero units ("1 hr" for 3600, "0 sec"
    /// for 0); the numeric style always shows its positions (h:mm:ss by default). A negative
    /// duration carries its sign on the first unit.
    ///
    /// - Throws: ``ParlanceError/Code/invalidArgument`` for NaN, infinities or more than
    ///   about 2.5 trillion hours (beyond exact whole seconds in a `Double`).
    public func format(seconds: Double) throws -> String {
        guard seconds.isFinite, abs(seconds) < 9.0e15 else {
            throw ParlanceError(.invalidArgument, "a duration needs a finite number of seconds below 9e15, not \(seconds)")
        }
        let whole = seconds.rounded(.towardZero)
        let nanos = ((seconds - whole) * 1e9).rounded()
        return try format(nanoseconds: Int128(Int64(whole)) * 1_000_000_000 + Int128(Int64(nanos)))
    }

    /// Formats a `Duration` exactly (to the nanosecond), rounded (half away from zero) to the
    /// smallest allowed unit, as ``format(seconds:)``.
    public func format(_ duration: Duration) throws -> String {
        let (seconds, attoseconds) = duration.components
        // Attoseconds to nanoseconds, half away from zero (the rounding the units then apply).
        let nanos = (Int128(attoseconds) + (attoseconds < 0 ? -500_000_000 : 500_000_000)) / 1_000_000_000
        return try format(nanoseconds: Int128(seconds) * 1_000_000_000 + nanos)
    }

    /// The (unit, value) pairs the duration is written with, largest unit first; the first
    /// value carries the sign. In the numeric style the units are hours, minutes and seconds
    /// (or two adjacent of them) and the last value may have a fraction.
    package func parts(nanoseconds total: Int128) -> [(unit: Unit, value: Double)] {
        let magnitude = total.magnitude
        let negative = total < 0
        var parts: [(unit: Unit, value: Double)]
        if style == .numeric {
            let positions = Self.numericPositions(units)
            let smallest = sorted.last!
            let step = UInt128(smallest.nanoseconds)
            let rounded = Self.round(magnitude, to: step)
            var rest = rounded
            parts = []
            for unit in positions {
                let size = UInt128(unit.nanoseconds)
                if unit == positions.last! {
                    // Whole units plus the sub-second fraction, exact to the nanosecond.
                    parts.append((unit, Double(rest / size) + Double(rest % size) / Double(size)))
                } else {
                    parts.append((unit, Double(rest / size)))
                    rest %= size
                }
            }
        } else {
            var chosen = sorted
            var rounded = Self.round(magnitude, to: UInt128(chosen.last!.nanoseconds))
            if let maximumUnitCount {
                // Round to the last unit of the window that starts at the largest non-zero
                // unit; a carry can move the window up, so repeat until it stays put.
                while true {
                    let lead = sorted.firstIndex { rounded >= UInt128($0.nanoseconds) } ?? sorted.count - 1
                    let window = Array(sorted[lead..<min(sorted.count, lead + maximumUnitCount)])
                    let again = Self.round(magnitude, to: UInt128(window.last!.nanoseconds))
                    let newLead = sorted.firstIndex { again >= UInt128($0.nanoseconds) } ?? sorted.count - 1
                    chosen = window
                    rounded = again
                    if newLead == lead { break }
                }
            }
            var rest = rounded
            parts = []
            for unit in chosen {
                let size = UInt128(unit.nanoseconds)
                parts.append((unit, Double(rest / size)))
                rest %= size
            }
            parts = parts.filter { $0.value != 0 }
            if parts.isEmpty { parts = [(chosen.last!, 0)] }
        }
        if negative && parts.contains(where: { $0.value != 0 }) { parts[0].value.negate() }
        return parts
    }

    private func format(nanoseconds total: Int128) throws -> String {
        let parts = parts(nanoseconds: total)
        return try icu.format(units: parts.map(\.unit.icu), values: parts.map(\.value))
    }

    /// `value` rounded half away from zero to a multiple of `step`.
    private static func round(_ value: UInt128, to step: UInt128) -> UInt128 {
        let remainder = value % step
        let down = value - remainder
        return remainder * 2 >= step ? down + step : down
    }

    /// The positions of the numeric style: hours (weeks and days count as hours), minutes and
    /// seconds (sub-second units are the seconds' fraction), from the largest allowed to the
    /// smallest allowed, minutes included between hours and seconds; a single position gets a
    /// neighbour: hours and minutes alone are h:mm, seconds alone m:ss.
    private static func numericPositions(_ units: Set<Unit>) -> [Unit] {
        let positions: [Unit] = [.hours, .minutes, .seconds]
        let mapped = Set(
            units.map { unit -> Unit in
                switch unit {
                case .weeks, .days, .hours: .hours
                case .minutes: .minutes
                default: .seconds
                }
            })
        let first = positions.firstIndex { mapped.contains($0) }!
        let last = positions.lastIndex { mapped.contains($0) }!
        if first == last { return first == 2 ? [.minutes, .seconds] : [.hours, .minutes] }
        return Array(positions[first...last])
    }

    /// Most fraction digits of the numeric style's seconds: 3, 6 or 9 for the smallest
    /// allowed sub-second unit, nil (whole seconds) without one.
    private static func numericFractionDigits(_ units: Set<Unit>) -> Int? {
        if units.contains(.nanoseconds) { return 9 }
        if units.contains(.microseconds) { return 6 }
        if units.contains(.milliseconds) { return 3 }
        return nil
    }

    public static func == (lhs: DurationFormat, rhs: DurationFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.style == rhs.style && lhs.units == rhs.units
            && lhs.maximumUnitCount == rhs.maximumUnitCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(style)
        hasher.combine(units)
        hasher.combine(maximumUnitCount)
    }
}

/// Formats byte counts (file sizes) with CLDR's digital units: "999 bytes", "1.5 MB".
///
/// ```swift
/// try ByteCountFormat(locale: "en").format(1_500_000)                // "1.5 MB"
/// try ByteCountFormat(locale: "en", base: .binary).format(1_572_864) // "1.5 MB" (1024-based)
/// try ByteCountFormat(locale: "de").format(2_350_000_000)           // "2,35 GB"
/// ```
package struct ByteCountFormat: Hashable, Sendable {
    package typealias Base = ByteCountBase

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

/// How the units are written.
public enum DurationStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case wide, short, narrow
    /// Positional, "1:05:00": hours (weeks and days are counted in hours), minutes and
    /// seconds, with up to 3, 6 or 9 fraction digits (trailing zeros dropped) when
    /// milliseconds, microseconds or nanoseconds are allowed.
    case numeric
}

/// The units a duration can be written in (CLDR's `duration-*` units), largest first.
public enum DurationUnit: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case weeks, days, hours, minutes, seconds, milliseconds, microseconds, nanoseconds

    /// The unit's length in nanoseconds.
    public var nanoseconds: Int64 {
        switch self {
        case .weeks: 604_800_000_000_000
        case .days: 86_400_000_000_000
        case .hours: 3_600_000_000_000
        case .minutes: 60_000_000_000
        case .seconds: 1_000_000_000
        case .milliseconds: 1_000_000
        case .microseconds: 1_000
        case .nanoseconds: 1
        }
    }

    /// Larger units sort first.
    public static func < (lhs: DurationUnit, rhs: DurationUnit) -> Bool { lhs.nanoseconds > rhs.nanoseconds }
}

/// Powers of 1000 (like the common "file" style) or 1024.
public enum ByteCountBase: String, Hashable, Sendable, Codable, CaseIterable {
    case decimal, binary
}
