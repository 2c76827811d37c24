/// Parts (``FormatPart``) from the compiled number and date formatters, which know where each
/// field of their output is: a number's affixes are split into parts once, from ICU's own
/// fields of a probe value, and its digits into integer, group, decimal and fraction parts as
/// they are written; a date pattern's steps are its fields. Each is checked against ICU's
/// field positions on probe values when it is first used, and `parlance bench --verify-parts`
/// proves it over every ICU locale; anything not covered is left to ICU's field iteration.
package enum CompiledParts {
    /// Appends `part`, joined to the last part when both have the same kind (as ICU's fields
    /// give one part for adjacent units of one kind).
    @inline(__always)
    static func append(_ part: FormatPart, to parts: inout [FormatPart]) {
        if part.value.isEmpty { return }
        if let last = parts.last, last.kind == part.kind {
            parts[parts.count - 1].value += part.value
        } else {
            parts.append(part)
        }
    }
}

/// The parts of a ``CompiledNumberFormat``'s output: the affixes' parts as ICU's fields give
/// them, and the digits split at the grouping and decimal separators.
///
/// Immutable after `init`: `Sendable`.
package final class CompiledNumberParts: @unchecked Sendable {
    private let format: CompiledNumberFormat
    private let positivePrefix: [FormatPart]
    private let positiveSuffix: [FormatPart]
    private let negativePrefix: [FormatPart]
    private let negativeSuffix: [FormatPart]
    private let positivePrefixBytes: Int
    private let positiveSuffixBytes: Int
    private let negativePrefixBytes: Int
    private let negativeSuffixBytes: Int
    private let groupingSeparator: [UInt8]
    private let decimalSeparator: [UInt8]
    private let digitWidth: Int

    /// The parts of `format`, with the affixes split as `icuParts` (ICU's parts of a double)
    /// splits those of 1 and -1; nil when ICU's parts of a probe value do not fall at the
    /// affixes' edges or differ from the compiled parts.
    package init?(format: CompiledNumberFormat, icuParts: (Double) -> [FormatPart]) {
        let layout = format.layout
        self.format = format
        positivePrefixBytes = layout.positivePrefix.count
        positiveSuffixBytes = layout.positiveSuffix.count
        negativePrefixBytes = layout.negativePrefix.count
        negativeSuffixBytes = layout.negativeSuffix.count
        groupingSeparator = layout.groupingSeparator
        decimalSeparator = layout.decimalSeparator
        digitWidth = layout.digits.first?.count ?? 1
        guard let positive = Self.affixes(icuParts(1), prefixBytes: positivePrefixBytes, suffixBytes: positiveSuffixBytes),
            let negative = Self.affixes(icuParts(-1), prefixBytes: negativePrefixBytes, suffixBytes: negativeSuffixBytes)
        else { return nil }
        (positivePrefix, positiveSuffix) = positive
        (negativePrefix, negativeSuffix) = negative
        // The values of the compiled formatter's own check, and the parts ICU gives them.
        for value in ICUNumberCompiler.selfCheckDoubles where value.isFinite {
            guard let mine = parts(value), mine == icuParts(value) else { return nil }
        }
    }

    /// The parts before and after the digits in ICU's parts of a probe: those within the
    /// first `prefixBytes` and the last `suffixBytes` bytes, when parts end and start there.
    private static func affixes(_ parts: [FormatPart], prefixBytes: Int, suffixBytes: Int) -> ([FormatPart], [FormatPart])? {
        var prefix: [FormatPart] = []
        var bytes = 0
        var index = 0
        while index < parts.count, bytes < prefixBytes {
            prefix.append(parts[index])
            bytes += parts[index].value.utf8.count
            index += 1
        }
        guard bytes == prefixBytes else { return nil }
        var suffix: [FormatPart] = []
        bytes = 0
        var end = parts.count
        while end > index, bytes < suffixBytes {
            end -= 1
            suffix.insert(parts[end], at: 0)
            bytes += parts[end].value.utf8.count
        }
        guard bytes == suffixBytes else { return nil }
        return (prefix, suffix)
    }

    /// The parts of a double; nil for NaN and the infinities (ICU's parts then).
    package func parts(_ value: Double) -> [FormatPart]? {
        guard let text = format.format(value) else { return nil }
        return split(text, negative: value.sign == .minus)
    }

    /// The parts of an integer.
    package func parts(_ value: Int64) -> [FormatPart]? {
        split(format.format(value), negative: value < 0)
    }

    /// The parts of `text`, which the compiled formatter wrote with the negative or positive
    /// affixes; nil when the text does not have the shape the formatter writes.
    private func split(_ text: String, negative: Bool) -> [FormatPart]? {
        let prefix = negative ? negativePrefix : positivePrefix
        let suffix = negative ? negativeSuffix : positiveSuffix
        let prefixBytes = negative ? negativePrefixBytes : positivePrefixBytes
        let suffixBytes = negative ? negativeSuffixBytes : positiveSuffixBytes
        var parts: [FormatPart] = []
        parts.reserveCapacity(prefix.count + suffix.count + 5)
        for part in prefix { CompiledParts.append(part, to: &parts) }
        var text = text
        let fits: Bool = text.withUTF8 { bytes in
            var at = prefixBytes
            let end = bytes.count - suffixBytes
            guard at <= end else { return false }
            func put(_ kind: FormatPart.Kind, _ range: Range<Int>) {
                CompiledParts.append(FormatPart(kind: kind, value: String(decoding: bytes[range], as: UTF8.self)), to: &parts)
            }
            func separator(_ separator: [UInt8], at position: Int) -> Bool {
                guard !separator.isEmpty, position + separator.count <= end else { return false }
                for (offset, byte) in separator.enumerated() where bytes[position + offset] != byte { return false }
                return true
            }
            var run = at
            while at < end {
                if separator(groupingSeparator, at: at) {
                    put(.integer, run..<at)
                    put(.group, at..<(at + groupingSeparator.count))
                    at += groupingSeparator.count
                    run = at
                } else if separator(decimalSeparator, at: at) {
                    put(.integer, run..<at)
                    put(.decimal, at..<(at + decimalSeparator.count))
                    put(.fraction, (at + decimalSeparator.count)..<end)
                    at = end
                    run = end
                } else {
                    at += digitWidth
                }
            }
            guard at == end else { return false }
            put(.integer, run..<end)
            return true
        }
        guard fits else { return nil }
        for part in suffix { CompiledParts.append(part, to: &parts) }
        return parts
    }
}

/// The lazily checked compiled parts of a formatter: made and checked against ICU the first
/// time parts are asked for, then read under the lock (once made, they never change).
package final class CompiledPartsSlot<Parts: AnyObject & Sendable>: Sendable {
    private enum State {
        case unchecked
        case compiled(Parts)
        case none
    }

    private let state = Locked(State.unchecked)

    package init() {}

    /// The compiled parts, made by `make` on first use (nil: ICU's parts are used).
    @inline(__always)
    package func value(_ make: () -> Parts?) -> Parts? {
        state.withLock { state in
            switch state {
            case .compiled(let parts): return parts
            case .none: return nil
            case .unchecked:
                let parts = make()
                state = parts.map(State.compiled) ?? .none
                return parts
            }
        }
    }
}

extension ICUNumberFormatter {
    /// The compiled parts of this formatter, when it has a compiled path and its parts check
    /// against ICU's; made on first use.
    package var compiledParts: CompiledNumberParts? {
        guard let compiled else { return nil }
        return partsSlot.value { CompiledNumberParts(format: compiled) { icuParts($0) ?? [] } }
    }

    /// ICU's parts of a double (its field iteration; never the compiled path).
    package func icuParts(_ value: Double) -> [FormatPart]? {
        let nonFinite: FormatPart.Kind? = value.isNaN ? .nan : (value.isInfinite ? .infinity : nil)
        return try? formatFields(decimal: nil, double: value) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nonFinite)) }
    }

    /// ICU's parts of an integer, formatted from its exact decimal digits.
    package func icuParts(_ value: Int64) -> [FormatPart]? {
        try? formatFields(decimal: String(value)) { FormatPartsAssembler.parts($0, subject: .number(nonFinite: nil)) }
    }
}

/// The parts of a ``CompiledDateFormat``'s output: one per step of the pattern (adjacent
/// steps of one kind joined, as ICU's fields give them).
package final class CompiledDateParts: @unchecked Sendable {
    private let format: CompiledDateFormat

    /// The parts of `format`, checked against ICU's parts (`icuParts`) on the compiled
    /// formatter's own probe instants; nil when one differs.
    package init?(format: CompiledDateFormat, icuParts: (Double) -> [FormatPart]?) {
        self.format = format
        for millis in ICUDateCompiler.selfCheckMillis {
            guard let mine = format.formatParts(millis: millis), let theirs = icuParts(millis), mine == theirs else { return nil }
        }
    }

    /// The parts of an instant, or nil outside the compiled range (ICU's parts then).
    package func parts(millis: Double) -> [FormatPart]? { format.formatParts(millis: millis) }
}

extension ICUDateFormatter {
    /// The compiled parts of this formatter, when it has a compiled path and its parts check
    /// against ICU's; made on first use.
    package var compiledParts: CompiledDateParts? {
        guard let compiled else { return nil }
        return partsSlot.value { CompiledDateParts(format: compiled) { icuParts(millis: $0) } }
    }

    /// ICU's parts of an instant (its field iteration; never the compiled path); nil outside
    /// ICU's calendar range.
    package func icuParts(millis: Double) -> [FormatPart]? {
        try? formatFields(millis: millis) { FormatPartsAssembler.parts($0, subject: .date) }
    }
}
