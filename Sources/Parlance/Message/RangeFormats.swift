#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Number ranges as ICU 72 writes them (`unumrf`): "3–5", "3–5 kg", "~5 €" when both ends
/// format alike, with ICU's collapse rules ("€3–5" rather than "€3–€5").
///
/// ```swift
/// try NumberRangeFormat(locale: "en").format(3, 5)                                // "3–5"
/// try NumberRangeFormat(locale: "de", skeleton: "currency/EUR").format(3, 5)      // "3–5 €"
/// try NumberRangeFormat(locale: "en", skeleton: "currency/EUR").format(5, 5)      // "~€5.00"
/// ```
///
/// A formatter type rather than a `FormatStyle`: a range is two values, and Swift's ranges
/// cannot hold the reversed or equal ends ICU formats.
public struct NumberRangeFormat: Sendable, Hashable {
    /// The locale the range is written for.
    public let locale: LocaleID
    /// The ICU number skeleton both ends are formatted with.
    public let skeleton: String
    let icu: ICUNumberRangeFormatter
    /// The plural-range table compiled for the default skeleton (``CompiledPluralRanges``);
    /// nil for other skeletons, whose categories ICU selects.
    let compiledRanges: CompiledPluralRanges?
    /// The compiled plural-range table, when there is one (the verification reads it).
    package var compiledPluralRanges: CompiledPluralRanges? { compiledRanges }

    /// - Throws: ``ParlanceError/Code/invalidSkeleton`` when ICU rejects the skeleton.
    public init(locale: LocaleID, skeleton: String = "") throws {
        self.locale = locale
        self.skeleton = skeleton
        self.icu = try ICUNumberRangeFormatter.cached(skeleton: skeleton, locale: locale)
        self.compiledRanges = skeleton.isEmpty ? CompiledPluralRanges.compiled(locale: locale, icu: icu) : nil
    }

    /// The range from `start` to `end`, exactly (decimals never pass through a `Double`).
    public func format(_ start: DecimalNumber, _ end: DecimalNumber) throws -> String {
        try icu.format(start: start.text, end: end.text)
    }

    /// ``format(_:_:)`` with its error type.
    package func formatTyped(_ start: String, _ end: String) throws(ParlanceError) -> String {
        try icu.format(start: start, end: end)
    }

    /// The CLDR plural category of the range as this format writes it (CLDR `pluralRanges`
    /// through ICU's `uplrules_selectForRange`): en "1–2" is `other`; fr "0–1" is `one`.
    ///
    /// ```swift
    /// try NumberRangeFormat(locale: "fr").pluralCategory(0, 1)   // .one
    /// ```
    public func pluralCategory(_ start: DecimalNumber, _ end: DecimalNumber) throws -> PluralCategory {
        try pluralCategoryTyped(start.text, end.text)
    }

    /// ``pluralCategory(_:_:)`` with its error type.
    package func pluralCategoryTyped(_ start: String, _ end: String) throws(ParlanceError) -> PluralCategory {
        if let compiledRanges, let category = compiledRanges.category(start, end) { return category }
        return try icuPluralCategory(start, end)
    }

    /// ``pluralCategory(_:_:)`` always through ICU (the reference the compiled table is verified
    /// against).
    package func icuPluralCategory(_ start: String, _ end: String) throws(ParlanceError) -> PluralCategory {
        let rules = try PluralRules.rules(locale: locale, type: .cardinal)
        let keyword = try icu.pluralCategory(start: start, end: end, rules: rules.icuRules)
        guard let category = PluralCategory(keyword: keyword) else {
            throw ParlanceError(.internal, "ICU answered the unknown plural category \(quoted(keyword))")
        }
        return category
    }

    public static func == (lhs: NumberRangeFormat, rhs: NumberRangeFormat) -> Bool { lhs.locale == rhs.locale && lhs.skeleton == rhs.skeleton }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(skeleton)
    }
}

/// Date intervals as ICU 72 writes them (`udtitvfmt`): "Nov 14 – 17, 2023", "10:00 – 11:30 AM",
/// the fields both ends share written once.
///
/// ```swift
/// let stay = try DateIntervalFormat(locale: "en", skeleton: "yMMMd")
/// try stay.format(from: Date(timeIntervalSince1970: 1_699_920_000), to: Date(timeIntervalSince1970: 1_700_179_200))
/// // "Nov 14 – 17, 2023" (ICU's exact bytes: U+2009 around the dash)
/// ```
///
/// A formatter type rather than a `FormatStyle`: it formats two instants, which Swift's
/// `Range<Date>` cannot hold in either order.
///
/// What ICU's interval formatter decides for the locale, skeleton and zone (a pattern per
/// greatest differing calendar field) is compiled into Swift when the formatter is built and
/// checked against ICU; other calendars and instants outside 1800–2200 go to ICU
/// (`parlance bench --verify-date-intervals` proves the two equal).
public struct DateIntervalFormat: Sendable, Hashable {
    /// The locale the interval is written for.
    public let locale: LocaleID
    /// The date skeleton (`yMMMd`, `jm`, …).
    public let skeleton: String
    /// The IANA zone both ends are shown in.
    public let timeZone: String
    let icu: ICUDateIntervalFormatter

    /// - Throws: ``ParlanceError/Code/invalidSkeleton`` for a skeleton that is not date fields;
    ///   ``ParlanceError/Code/invalidTimeZone`` for an unknown zone.
    public init(locale: LocaleID, skeleton: String, timeZone: String = "UTC") throws {
        _ = try ICUTimeZone.canonical(timeZone)
        _ = try ICUDateFormatter.bestPattern(locale: locale, skeleton: skeleton)
        self.locale = locale
        self.skeleton = skeleton
        self.timeZone = timeZone
        self.icu = try ICUDateIntervalFormatter.cached(locale: locale, skeleton: skeleton, zone: timeZone)
    }

    /// The interval from `start` to `end`.
    public func format(from start: Date, to end: Date) throws -> String {
        try format(epochMilliseconds: start.timeIntervalSince1970 * 1000, to: end.timeIntervalSince1970 * 1000)
    }

    /// The interval between two instants in milliseconds since 1970.
    ///
    /// - Throws: ``ParlanceError/Code/invalidTime`` for an instant outside ICU's calendars.
    public func format(epochMilliseconds start: Double, to end: Double) throws -> String {
        try formatTyped(start, end)
    }

    /// ``format(epochMilliseconds:to:)`` with its error type.
    package func formatTyped(_ start: Double, _ end: Double) throws(ParlanceError) -> String {
        try Self.checkRange(start)
        try Self.checkRange(end)
        return try icu.format(from: start, to: end)
    }

    /// Throws ``ParlanceError/Code/invalidTime`` unless `millis` is within ICU's calendars.
    @inline(__always)
    private static func checkRange(_ millis: Double) throws(ParlanceError) {
        guard millis.isFinite, millis >= ICUDateFormatter.minimumMillis, millis <= ICUDateFormatter.maximumMillis else {
            throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range")
        }
    }

    public static func == (lhs: DateIntervalFormat, rhs: DateIntervalFormat) -> Bool {
        lhs.locale == rhs.locale && lhs.skeleton == rhs.skeleton && lhs.timeZone == rhs.timeZone
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale)
        hasher.combine(skeleton)
        hasher.combine(timeZone)
    }
}
