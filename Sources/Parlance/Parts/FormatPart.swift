/// One piece of a formatted value, as ECMA-402's `formatToParts` gives it: what the piece is
/// (``Kind``), its text and, in a range, which end it comes from.
///
/// The parts of a value, concatenated, are exactly the text the style formats:
///
/// ```swift
/// let price = try DecimalNumber("1234.5")
/// let parts = CurrencyFormatStyle<DecimalNumber>(currency: try CurrencyCode("EUR"), locale: "de").parts.format(price)
/// parts.map(\.value).joined()   // "1.234,50 €" (U+00A0 before €)
/// parts.map(\.kind)             // integer, group, integer, decimal, fraction, literal, currency
/// ```
///
/// Each UTF-16 unit of the text takes the kind of the innermost ICU field covering it (a
/// group separator inside an integer is `group`); units no field covers are `literal`;
/// adjacent units of the same kind, source and unit form one part, and each item of a list
/// is its own `element`.
public struct FormatPart: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What a part is: ECMA-402's part types.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        // Numbers.
        case integer, group, decimal, fraction, minusSign, plusSign, approximatelySign, percentSign, currency, unit, compact
        case exponentSeparator, exponentMinusSign, exponentInteger, nan, infinity
        // Dates.
        case era, year, relatedYear, yearName, month, day, weekday, dayPeriod, hour, minute, second, fractionalSecond
        case timeZoneName
        // Lists.
        case element
        /// Text that is none of the above (separators, words of a phrase, spaces).
        case literal

        /// Whether the kind is one of a number's (the parts a relative time gives a `unit`).
        var isNumeric: Bool {
            switch self {
            case .integer, .group, .decimal, .fraction, .minusSign, .plusSign, .approximatelySign, .percentSign, .currency, .unit,
                .compact, .exponentSeparator, .exponentMinusSign, .exponentInteger, .nan, .infinity:
                true
            default: false
            }
        }
    }

    /// Which end of a range a part belongs to.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// The start of the range.
        case startRange
        /// The end of the range.
        case endRange
        /// Text both ends share (the range's connector, a shared currency or month, or the
        /// whole value when both ends format alike).
        case shared
    }

    /// What the part is.
    public var kind: Kind
    /// The part's text.
    public var value: String
    /// In a number range or date interval, the end the part comes from; nil otherwise.
    public var source: Source?
    /// In a relative time, the unit of the number's parts ("day"); nil otherwise.
    public var unit: String?

    /// A part.
    public init(kind: Kind, value: String, source: Source? = nil, unit: String? = nil) {
        self.kind = kind
        self.value = value
        self.source = source
        self.unit = unit
    }

    public var description: String {
        var text = "\(kind.rawValue)(\(value.debugDescription)"
        if let source { text += ", \(source.rawValue)" }
        if let unit { text += ", unit: \(unit)" }
        return text + ")"
    }
}

/// How ICU's field positions become ``FormatPart``s.
enum FormatPartsAssembler {
    /// What kind of value the fields describe, which decides a few kinds (the sign of a
    /// non-finite number, the unit of a relative time's number).
    enum Subject {
        case number(nonFinite: FormatPart.Kind?)
        case date
        case list
        case relative(unit: String)
        case range
    }

    /// What the assembler knows of one UTF-16 unit: its kind, the length of the field that
    /// decided it (the innermost wins), its source in a range, and its list item (so that
    /// adjacent items stay apart).
    private struct Unit {
        var kind: FormatPart.Kind
        var decidedBy: Int
        var source: FormatPart.Source?
        var item: Int32
    }

    /// The parts of `formatted`.
    static func parts(_ formatted: ICUFormattedFields, subject: Subject) -> [FormatPart] {
        let text = formatted.text
        let count = text.count
        var isRange = false
        if case .range = subject { isRange = true }
        let unit: String?
        if case .relative(let relativeUnit) = subject { unit = relativeUnit } else { unit = nil }
        var emptyElements: [Int] = []

        return withUnsafeTemporaryAllocation(of: Unit.self, capacity: max(count, 1)) { units in
            _ = units.initialize(from: repeatElement(Unit(kind: .literal, decidedBy: .max, source: isRange ? .shared : nil, item: -1), count: units.count))
            for index in 0..<formatted.fieldCount {
                guard let field = formatted.field(at: index) else { continue }
                let range = field.start..<field.limit
                switch field.category {
                case ICUFormattedFields.Category.numberRangeSpan, ICUFormattedFields.Category.dateIntervalSpan:
                    let source: FormatPart.Source = field.field == 0 ? .startRange : .endRange
                    for offset in range { units[offset].source = source }
                    continue
                case ICUFormattedFields.Category.listSpan:
                    for offset in range { units[offset].item = field.field }
                    if range.isEmpty { emptyElements.append(field.start) }
                    continue
                default: break
                }
                guard let kind = kind(of: field, in: text, subject: subject) else { continue }
                let length = range.count
                let overrides = field.category != ICUFormattedFields.Category.relative
                for offset in range where length < units[offset].decidedBy || (length == units[offset].decidedBy && overrides) {
                    units[offset].kind = kind
                    units[offset].decidedBy = length
                }
            }

            var parts: [FormatPart] = []
            parts.reserveCapacity(formatted.fieldCount + 2)
            emptyElements.sort()
            var emptyIndex = 0
            var start = 0
            while start < count {
                let first = units[start]
                var end = start + 1
                while end < count, units[end].kind == first.kind, units[end].source == first.source, units[end].item == first.item { end += 1 }
                while emptyIndex < emptyElements.count, emptyElements[emptyIndex] <= start {
                    parts.append(FormatPart(kind: .element, value: ""))
                    emptyIndex += 1
                }
                parts.append(
                    FormatPart(
                        kind: first.kind, value: ICUOutput.makeString(UnsafeBufferPointer(rebasing: text[start..<end])),
                        source: first.source, unit: first.kind.isNumeric ? unit : nil))
                start = end
            }
            for _ in emptyIndex..<emptyElements.count { parts.append(FormatPart(kind: .element, value: "")) }
            return parts
        }
    }

    /// The part kind of one ICU field, or nil for a field that does not decide a kind (a span,
    /// a relative time's numeric span, whose number fields decide).
    private static func kind(of field: ICUFormattedFields.Field, in text: UnsafeBufferPointer<UInt16>, subject: Subject) -> FormatPart.Kind? {
        switch field.category {
        case ICUFormattedFields.Category.number:
            // ICU's UNumberFormatFields.
            switch field.field {
            case 0:  // UNUM_INTEGER_FIELD
                if case .number(let nonFinite?) = subject { return nonFinite }
                return .integer
            case 1: return .fraction  // UNUM_FRACTION_FIELD
            case 2: return .decimal  // UNUM_DECIMAL_SEPARATOR_FIELD
            case 3: return .exponentSeparator  // UNUM_EXPONENT_SYMBOL_FIELD
            case 4: return .exponentMinusSign  // UNUM_EXPONENT_SIGN_FIELD
            case 5: return .exponentInteger  // UNUM_EXPONENT_FIELD
            case 6: return .group  // UNUM_GROUPING_SEPARATOR_FIELD
            case 7: return .currency  // UNUM_CURRENCY_FIELD
            case 8, 9: return .percentSign  // UNUM_PERCENT_FIELD, UNUM_PERMILL_FIELD
            case 10:  // UNUM_SIGN_FIELD: which sign, from its text
                return UnsafeBufferPointer(rebasing: text[field.start..<field.limit]).contains(where: plusSigns.contains) ? .plusSign : .minusSign
            case 11: return .unit  // UNUM_MEASURE_UNIT_FIELD
            case 12: return .compact  // UNUM_COMPACT_FIELD
            case 13: return .approximatelySign  // UNUM_APPROXIMATELY_SIGN_FIELD
            default: return .literal
            }
        case ICUFormattedFields.Category.date:
            // ICU's UDateFormatField.
            switch field.field {
            case 0: return .era
            case 1, 20, 18: return .year  // year, extended year, year of week of year
            case 30: return .yearName
            case 34: return .relatedYear
            case 2, 26: return .month  // format and stand-alone month
            case 3: return .day
            case 9, 19, 25: return .weekday  // day of week, local day of week, stand-alone day
            case 14, 35, 36: return .dayPeriod  // am/pm, am/pm/noon/midnight, flexible day period
            case 4, 5, 15, 16: return .hour  // k, H, h, K
            case 6: return .minute
            case 7: return .second
            case 8: return .fractionalSecond
            case 17, 23, 24, 29, 31, 32, 33: return .timeZoneName  // every zone field
            default: return .literal  // the time separator and fields ECMA-402 has no type for
            }
        case ICUFormattedFields.Category.list:
            // ICU's UListFormatterField: 0 literal, 1 element.
            return field.field == 1 ? .element : .literal
        case ICUFormattedFields.Category.relative:
            // ICU's URelativeDateTimeFormatterField: 0 literal, 1 numeric (whose number
            // fields decide the kinds inside it).
            return field.field == 0 ? .literal : nil
        default:
            return nil
        }
    }

    /// The plus signs ICU's locales use (ASCII, full-width, superscript, subscript, small).
    private static let plusSigns: Set<UInt16> = [0x2B, 0xFF0B, 0x207A, 0x208A, 0xFE62]
}
