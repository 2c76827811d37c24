/// A relative-time formatter compiled into Swift: for each unit, the future and past patterns
/// per plural category and the named offsets ("gestern", "morgen") that ICU's
/// `RelativeDateTimeFormatter` uses, run over the compiled number format and plural rules.
///
/// It writes what `ureldatefmt_formatNumeric` and `ureldatefmt_format` write:
/// - numeric: the sign bit picks the direction (-0 is the past, "vor 0 Tagen"), the magnitude
///   is written by the locale's decimal format (at most three fraction digits, rounded half-even,
///   grouped from 1,000 on as the pattern `#,##0.###` groups, whatever the locale's minimum
///   grouping digits), the plural category is selected on that rounded number ("1,5" has one
///   visible fraction digit; 1.0005 rounds to "1", which is `one`), and the category's pattern
///   of the unit and direction goes around the number (or replaces it, for a pattern without
///   one, such as Arabic "يوم واحد");
/// - auto: an offset within ±2.1 whose hundredfold, rounded half away from zero, is -200, -100,
///   0, 100 or 200 takes the unit's named offset for -2…2 when the locale has one (0.999 days
///   is "morgen"; 0 seconds is "jetzt"); every other value is written as numeric.
///
/// It covers magnitudes below ``magnitudeLimit`` and the categories and named offsets its
/// compiler read from ICU; ``format(_:unit:numericAuto:)`` returns nil for anything else and
/// the owner (``ICURelativeFormatter``) asks ICU. `parlance bench --verify-relative` proves the
/// output byte for byte equal to ICU's.
///
/// Immutable after compilation: `Sendable`, and formatting takes no lock. Its texts live in
/// memory it owns (not Swift arrays), so that formatting on many threads touches no reference
/// count but the plural rules'.
package final class CompiledRelativeFormat: @unchecked Sendable {
    /// Magnitudes at or above it are left to ICU (its plural operands of a number past 10^15
    /// are not the decimal digits').
    package static let magnitudeLimit = 1e15
    /// The units, as the shim numbers them (year 0 … second 7).
    package static let unitCount = 8

    /// What a pattern of (unit, direction, category) writes around the number.
    package struct Pattern: Sendable, Equatable {
        package var prefix: [UInt8]
        package var suffix: [UInt8]
        /// False for a pattern without the number: `prefix` is then the whole text.
        package var hasNumber: Bool

        package init(prefix: [UInt8], suffix: [UInt8], hasNumber: Bool) {
            self.prefix = prefix
            self.suffix = suffix
            self.hasNumber = hasNumber
        }
    }

    /// Where a pattern's texts are in ``bytes``; `kind` 0 for a pattern not read (ICU formats),
    /// 1 for one around the number, 2 for one without it.
    private struct Entry {
        var prefix = CompiledDateFormat.Span(start: 0, count: 0)
        var suffix = CompiledDateFormat.Span(start: 0, count: 0)
        var kind: UInt8 = 0
    }

    /// Patterns at `(unit * 2 + (future ? 1 : 0)) * 6 + category.index`.
    private let entries: UnsafeMutableBufferPointer<Entry>
    /// Named offsets at `unit * 5 + offset + 2`, `kind` 2 where the locale has one.
    private let namedEntries: UnsafeMutableBufferPointer<Entry>
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The locale's numbers, as the relative formatter writes them; retained by `init`,
    /// released by `deinit`, and read through `_withUnsafeGuaranteedRef`, which neither
    /// retains nor releases.
    private let number: Unmanaged<CompiledNumberFormat>
    /// The same rounding in ASCII digits without grouping: the plural rules read it (held as
    /// `number` is).
    private let ascii: Unmanaged<CompiledNumberFormat>
    private let rules: PluralRules

    /// - Parameters:
    ///   - patterns: per unit (0…7) and direction (`[past, future]`), the pattern per category
    ///     the compiler read (a category missing is formatted by ICU).
    ///   - named: per unit, the texts of the offsets -2…2 (nil where the locale has none).
    ///   - number: the locale's decimal format with the relative formatter's rounding.
    package init?(
        patterns: [[[PluralCategory: Pattern]]], named: [[[UInt8]?]], number: CompiledNumberFormat, rules: PluralRules
    ) {
        guard patterns.count == Self.unitCount, patterns.allSatisfy({ $0.count == 2 }), named.count == Self.unitCount,
            named.allSatisfy({ $0.count == 5 })
        else { return nil }
        let asciiLayout = CompiledNumberFormat.Layout(
            digits: (0..<10).map { [UInt8(ascii: "0") + UInt8($0)] }, decimalSeparator: [UInt8(ascii: ".")], groupingSeparator: [],
            primaryGroup: 0, secondaryGroup: 0, minimumGrouping: 1, positivePrefix: [], positiveSuffix: [], negativePrefix: [UInt8(ascii: "-")],
            negativeSuffix: [])
        guard let ascii = CompiledNumberFormat(layout: asciiLayout, rounding: number.rounding) else { return nil }
        var flat = CompiledDateFormat.FlatBytes()
        var entries = [Entry](repeating: Entry(), count: Self.unitCount * 2 * 6)
        for unit in 0..<Self.unitCount {
            for direction in 0..<2 {
                for (category, pattern) in patterns[unit][direction] {
                    entries[(unit * 2 + direction) * 6 + category.index] = Entry(
                        prefix: flat.append(pattern.prefix), suffix: flat.append(pattern.suffix), kind: pattern.hasNumber ? 1 : 2)
                }
            }
        }
        var namedEntries = [Entry](repeating: Entry(), count: Self.unitCount * 5)
        for unit in 0..<Self.unitCount {
            for offset in 0..<5 {
                if let text = named[unit][offset] { namedEntries[unit * 5 + offset] = Entry(prefix: flat.append(text), kind: 2) }
            }
        }
        self.entries = .allocate(copying: entries)
        self.namedEntries = .allocate(copying: namedEntries)
        self.bytes = .allocate(copying: flat.bytes)
        self.number = Unmanaged.passRetained(number)
        self.ascii = Unmanaged.passRetained(ascii)
        self.rules = rules
    }

    deinit {
        entries.deallocate()
        namedEntries.deallocate()
        bytes.deallocate()
        number.release()
        ascii.release()
    }

    /// The named offset ICU's `format` takes for `value` (-2…2, as an index 0…4), or nil: the
    /// hundredfold value rounded half away from zero (and truncated to an integer, as ICU's
    /// cast does) must be a whole hundred.
    @inline(__always)
    static func namedOffsetIndex(_ value: Double) -> Int? {
        guard value > -2.1, value < 2.1 else { return nil }
        let hundredfold = value * 100.0
        let rounded = Int32(hundredfold < 0 ? hundredfold - 0.5 : hundredfold + 0.5)
        switch rounded {
        case -200: return 0
        case -100: return 1
        case 0: return 2
        case 100: return 3
        case 200: return 4
        default: return nil
        }
    }

    /// `value` units (`unit` 0…7, year … second) from now as ICU writes it, or nil when this
    /// formatter does not cover it (then ICU does).
    package func format(_ value: Double, unit: Int32, numericAuto: Bool) -> String? {
        guard unit >= 0, Int(unit) < Self.unitCount, value.isFinite else { return nil }
        let unitIndex = Int(unit)
        if numericAuto, let offset = Self.namedOffsetIndex(value) {
            let entry = namedEntries[unitIndex * 5 + offset]
            if entry.kind == 2 { return text(entry.prefix) }
        }
        let magnitude = Swift.abs(value)
        guard magnitude < Self.magnitudeLimit else { return nil }
        let future = value.sign == .plus
        let digits: String
        let category: PluralCategory
        if magnitude.rounded(.towardZero) == magnitude {
            let integer = Int64(magnitude)
            digits = number._withUnsafeGuaranteedRef { $0.format(integer) }
            category = rules.category(for: Int(integer))
        } else {
            guard let text = number._withUnsafeGuaranteedRef({ $0.format(magnitude) }),
                let plain = ascii._withUnsafeGuaranteedRef({ $0.format(magnitude) }), let selected = try? rules.category(for: plain)
            else { return nil }
            digits = text
            category = selected
        }
        let entry = entries[(unitIndex * 2 + (future ? 1 : 0)) * 6 + category.index]
        switch entry.kind {
        case 1: return compose(entry.prefix, digits, entry.suffix)
        case 2: return text(entry.prefix)
        default: return nil
        }
    }

    private func text(_ span: CompiledDateFormat.Span) -> String {
        let bytes = UnsafeBufferPointer(self.bytes)
        return String(unsafeUninitializedCapacity: Int(span.count)) { out in
            var at = 0
            for index in span.range {
                out[at] = bytes[index]
                at += 1
            }
            return at
        }
    }

    private func compose(_ prefix: CompiledDateFormat.Span, _ digits: String, _ suffix: CompiledDateFormat.Span) -> String {
        var digits = digits
        let bytes = UnsafeBufferPointer(self.bytes)
        return digits.withUTF8 { number in
            String(unsafeUninitializedCapacity: Int(prefix.count) + number.count + Int(suffix.count)) { out in
                var at = 0
                for index in prefix.range {
                    out[at] = bytes[index]
                    at += 1
                }
                for byte in number {
                    out[at] = byte
                    at += 1
                }
                for index in suffix.range {
                    out[at] = bytes[index]
                    at += 1
                }
                return at
            }
        }
    }
}
