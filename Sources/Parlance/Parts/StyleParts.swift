#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension FormattableNumber {
    /// The parts of the number as `formatter` writes it: from the compiled path where it
    /// covers the value and its parts are compiled, else from ICU's fields.
    func formatParts(with formatter: ICUNumberFormatter) -> [FormatPart] {
        if let compiled = formatter.compiledParts {
            switch storage {
            case .int64(let value): if let parts = compiled.parts(value) { return parts }
            case .double(let value): if let parts = compiled.parts(value) { return parts }
            case .decimal: break
            }
        }
        do {
            switch storage {
            case .int64(let value):
                // A double holds every integer up to 2^53 exactly, and ICU writes it with the
                // same digits, without the decimal parse an integer's text would cost.
                if value.magnitude <= 1 << 53 {
                    return try formatter.formatFields(decimal: nil, double: Double(value)) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nil)) }
                }
                return try formatter.formatFields(decimal: String(value)) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nil)) }
            case .double(let value):
                let nonFinite: FormatPart.Kind? = value.isNaN ? .nan : (value.isInfinite ? .infinity : nil)
                return try formatter.formatFields(decimal: nil, double: value) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nonFinite)) }
            case .decimal(let text):
                return try formatter.formatFields(decimal: text) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nil)) }
            }
        } catch {
            preconditionFailure("ICU failed to describe a number it formats: \(error)")
        }
    }
}

extension NumberFormatStyle: ParlancePartsFormatStyle {
    /// The parts of `value`: `-1234.5` in de is minusSign, integer, group, integer, decimal,
    /// fraction.
    public func formatParts(_ value: Value) -> [FormatPart] {
        value.formattableNumber.formatParts(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }
}

extension CurrencyFormatStyle: ParlancePartsFormatStyle {
    /// The parts of the amount, the currency symbol or name as a `currency` part.
    public func formatParts(_ value: Value) -> [FormatPart] {
        value.formattableNumber.formatParts(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }
}

extension MeasurementFormatStyle: ParlancePartsFormatStyle {
    /// The parts of the measurement, the unit's name as a `unit` part.
    public func formatParts(_ value: Value) -> [FormatPart] {
        value.formattableNumber.formatParts(with: ICUNumberFormatter.forStyle(skeleton: skeleton, locale: locale))
    }
}

extension DateFormatStyle: ParlancePartsFormatStyle {
    /// The parts of the date: `year`, `month`, `day`, `weekday`, `hour`, … and `literal`.
    public func formatParts(_ value: Date) -> [FormatPart] {
        let millis = min(max(value.timeIntervalSince1970 * 1000, ICUDateFormatter.minimumMillis), ICUDateFormatter.maximumMillis)
        do {
            let formatter = try ICUDateFormatter.cached(locale: locale, spec: spec, zone: timeZone.identifier)
            let instant = millis.isNaN ? 0 : millis
            if let parts = formatter.compiledParts?.parts(millis: instant) { return parts }
            return try formatter.formatFields(millis: instant) { FormatPartsAssembler.parts($0, subject: .date) }
        } catch {
            preconditionFailure("ICU failed to describe a date within its range: \(error)")
        }
    }
}

extension RelativeTimeFormatStyle: ParlancePartsFormatStyle {
    /// The parts of the phrase: the number's parts, each with the ``FormatPart/unit`` it
    /// counts, and `literal` text ("in ", " days", "yesterday").
    public func formatParts(_ value: Date) -> [FormatPart] {
        let (amount, unit) = amountAndUnit(value)
        do {
            let formatter = try ICURelativeFormatter.cached(locale: locale, style: style.icu)
            return try formatter.formatFields(amount, unit: unit.icu, numericAuto: numeric == .auto) {
                FormatPartsAssembler.parts($0, subject: .relative(unit: unit.rawValue))
            }
        } catch {
            preconditionFailure("ICU failed to describe a relative time for \(locale.identifier): \(error)")
        }
    }
}

extension ListFormatStyle: ParlancePartsFormatStyle {
    /// The parts of the list: one `element` per item and the `literal` connectors.
    public func formatParts(_ value: Base) -> [FormatPart] {
        do {
            let formatter = try ICUListFormatter.cached(locale: locale, type: type.icu, width: width.icu)
            return try formatter.formatFields(Array(value)) { FormatPartsAssembler.parts($0, subject: .list) }
        } catch {
            preconditionFailure("ICU failed to describe a list for \(locale.identifier): \(error)")
        }
    }
}

extension NumberRangeFormat {
    /// The parts of the range from `start` to `end`, each with its ``FormatPart/source``:
    /// `startRange`, `endRange`, or `shared` for the connector and what both ends share.
    public func formatParts(_ start: DecimalNumber, _ end: DecimalNumber) throws -> [FormatPart] {
        try formatPartsTyped(start.text, end.text)
    }

    /// ``formatParts(_:_:)`` with its error type, for decimal strings already validated.
    package func formatPartsTyped(_ start: String, _ end: String) throws(ParlanceError) -> [FormatPart] {
        try icu.formatFields(start: start, end: end) { FormatPartsAssembler.parts($0, subject: .range) }
    }
}

extension DateIntervalFormat {
    /// The parts of the interval from `start` to `end`, each with its ``FormatPart/source``.
    public func formatParts(from start: Date, to end: Date) throws -> [FormatPart] {
        try formatPartsTyped(start.timeIntervalSince1970 * 1000, end.timeIntervalSince1970 * 1000)
    }

    /// ``formatParts(from:to:)`` with its error type, from milliseconds since 1970.
    package func formatPartsTyped(_ start: Double, _ end: Double) throws(ParlanceError) -> [FormatPart] {
        for millis in [start, end] {
            guard millis.isFinite, millis >= ICUDateFormatter.minimumMillis, millis <= ICUDateFormatter.maximumMillis else {
                throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range")
            }
        }
        return try icu.formatFields(from: start, to: end) { FormatPartsAssembler.parts($0, subject: .range) }
    }
}

extension NumberFormat {
    /// The parts of an exact decimal string, as ``format(decimal:)`` writes it.
    package func formatPartsTyped(decimal: String) throws(ParlanceError) -> [FormatPart] {
        try DecimalString.validate(decimal)
        return try icu.formatFields(decimal: decimal) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nil)) }
    }
}

extension DateFormat {
    /// The parts of an instant, as ``format(epochMilliseconds:)`` writes it.
    package func formatPartsTyped(epochMilliseconds millis: Double) throws(ParlanceError) -> [FormatPart] {
        try icu.formatFields(millis: millis) { FormatPartsAssembler.parts($0, subject: .date) }
    }
}

extension RelativeTimeFormat {
    /// The parts of `value` units from now, as ``format(_:_:)-(Double,_)`` writes them.
    package func formatPartsTyped(_ value: Double, _ unit: Unit) throws(ParlanceError) -> [FormatPart] {
        guard value.isFinite else {
            throw ParlanceError(.invalidArgument, "a relative time needs a finite value, not \(value)")
        }
        return try icu.formatFields(value, unit: unit.icu, numericAuto: numeric == .auto) {
            FormatPartsAssembler.parts($0, subject: .relative(unit: unit.rawValue))
        }
    }
}

extension ListFormat {
    /// The parts of the list, as ``format(_:)`` writes it.
    package func formatPartsTyped(_ items: [String]) throws(ParlanceError) -> [FormatPart] {
        try icu.formatFields(items) { FormatPartsAssembler.parts($0, subject: .list) }
    }
}
