internal import CICU

/// A formatted text and ICU's field positions in it (CICU_Parts.h), as the shim wrote them into
/// the caller's buffers: what ``FormatPart``s are made from. A view, valid only inside the
/// closure it is given to (``call(_:_:)``).
package struct ICUFormattedFields {
    /// One ICU field: its category (`UFieldCategory`), its id within the category and its
    /// UTF-16 range in ``text``.
    package struct Field: Sendable, Hashable {
        package var category: Int32
        package var field: Int32
        package var start: Int
        package var limit: Int
    }

    /// The text as ICU wrote it, in UTF-16 units.
    package let text: UnsafeBufferPointer<UInt16>
    /// The fields as quadruples (category, field, start, limit), in ICU's order.
    private let raw: UnsafeBufferPointer<Int32>

    /// How many fields ICU reported.
    package var fieldCount: Int { raw.count / 4 }

    /// The field at `index` (0 ..< ``fieldCount``), or nil for one whose range lies outside the
    /// text (a shim defect, dropped rather than trusted).
    package func field(at index: Int) -> Field? {
        let start = Int(raw[4 * index + 2])
        let limit = Int(raw[4 * index + 3])
        guard 0 <= start, start <= limit, limit <= text.count else { return nil }
        return Field(category: raw[4 * index], field: raw[4 * index + 1], start: start, limit: limit)
    }

    /// Field categories (ICU's `UFieldCategory`).
    enum Category {
        static let date = Int32(CICU_FIELD_CATEGORY_DATE)
        static let number = Int32(CICU_FIELD_CATEGORY_NUMBER)
        static let list = Int32(CICU_FIELD_CATEGORY_LIST)
        static let relative = Int32(CICU_FIELD_CATEGORY_RELATIVE_DATETIME)
        static let listSpan = Int32(CICU_FIELD_CATEGORY_LIST_SPAN)
        static let dateIntervalSpan = Int32(CICU_FIELD_CATEGORY_DATE_INTERVAL_SPAN)
        static let numberRangeSpan = Int32(CICU_FIELD_CATEGORY_NUMBER_RANGE_SPAN)
    }

    /// The shim call that writes a text and its fields: (out, capacity, fields, fieldCapacity,
    /// fieldCount, status) → the text's length.
    typealias ShimCall = (
        UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
    ) -> Int32

    /// Calls a shim function that writes text and fields and hands `use` the result. The first
    /// round writes into stack buffers of 256 units and 64 fields, which hold every ordinary
    /// value; a longer one costs a second round into buffers of the size the shim reported.
    static func call<R>(_ shim: ShimCall, _ use: (ICUFormattedFields) -> R) throws(ICUStatusError) -> R {
        var outcome: Round<R> = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { text in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64 * 4) { fields in
                round(shim, text, fields, use)
            }
        }
        // A later round gets buffers of the sizes the last one reported (a date's fields can
        // grow with a second call's text, hence more than one).
        for _ in 0..<3 {
            switch outcome {
            case .done(let result): return try result.get()
            case .grow(let capacity, let fieldCapacity):
                let text = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: capacity)
                let fields = UnsafeMutableBufferPointer<Int32>.allocate(capacity: fieldCapacity * 4)
                defer {
                    text.deallocate()
                    fields.deallocate()
                }
                outcome = round(shim, text, fields, use)
            }
        }
        if case .done(let result) = outcome { return try result.get() }
        throw ICUStatusError(status: CICU_STATUS_BUFFER_OVERFLOW)
    }

    /// What one round gave: the result of `use` or the shim's failure, or the buffer sizes to
    /// try next.
    private enum Round<R> {
        case done(Result<R, ICUStatusError>)
        case grow(capacity: Int, fieldCapacity: Int)
    }

    /// One call into the given buffers.
    private static func round<R>(
        _ shim: ShimCall, _ text: UnsafeMutableBufferPointer<UInt16>, _ fields: UnsafeMutableBufferPointer<Int32>,
        _ use: (ICUFormattedFields) -> R
    ) -> Round<R> {
        let fieldCapacity = fields.count / 4
        var status: Int32 = 0
        var count: Int32 = 0
        let length = shim(text.baseAddress!, Int32(text.count), fields.baseAddress!, Int32(fieldCapacity), &count, &status)
        if status == CICU_STATUS_BUFFER_OVERFLOW {
            return .grow(capacity: max(text.count, Int(max(length, 0)) + 1), fieldCapacity: max(fieldCapacity, Int(max(count, 0)) + 16))
        }
        guard status <= 0, length >= 0, Int(length) <= text.count, count >= 0, Int(count) <= fieldCapacity else {
            return .done(.failure(ICUStatusError(status: status > 0 ? status : CICU_STATUS_ILLEGAL_ARGUMENT)))
        }
        let view = ICUFormattedFields(
            text: UnsafeBufferPointer(rebasing: text[0..<Int(length)]), raw: UnsafeBufferPointer(rebasing: fields[0..<(Int(count) * 4)]))
        return .done(.success(use(view)))
    }
}

extension ICUNumberFormatter {
    /// The number formatted by ICU (never the compiled path) with its fields: exact decimal
    /// digits, or a binary double when `decimal` is nil.
    package func formatFields<R>(decimal: String?, double: Double = 0, _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        do {
            return try ICUFormattedFields.call(
                { out, capacity, fields, fieldCapacity, count, status in
                    if let decimal {
                        CICU_numberFormatParts(handle, decimal, Int32(decimal.utf8.count), 0, out, capacity, fields, fieldCapacity, count, status)
                    } else {
                        CICU_numberFormatParts(handle, nil, 0, double, out, capacity, fields, fieldCapacity, count, status)
                    }
                }, use)
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the number \(decimal.map { quoted($0) } ?? "\(double)")")
        }
    }
}

extension ICUDateFormatter {
    /// The instant formatted by ICU (never the compiled path) with its fields.
    package func formatFields<R>(millis: Double, _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        guard millis.isFinite, millis >= Self.minimumMillis, millis <= Self.maximumMillis else {
            throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range (\(Self.minimumMillis) … \(Self.maximumMillis) ms)")
        }
        do {
            let opened = try openHandle()
            return try ICUFormattedFields.call({ CICU_dateFormatParts(opened, millis, $0, $1, $2, $3, $4, $5) }, use)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the time \(millis) ms")
        }
    }
}

extension ICURelativeFormatter {
    /// `value` units from now, with ICU's fields.
    package func formatFields<R>(_ value: Double, unit: Int32, numericAuto: Bool, _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        do {
            return try ICUFormattedFields.call({ CICU_relativeFormatParts(handle, value, unit, numericAuto, $0, $1, $2, $3, $4, $5) }, use)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the relative time \(value)")
        }
    }
}

extension ICUListFormatter {
    /// The items joined by ICU (never the compiled path), with ICU's fields.
    package func formatFields<R>(_ items: [String], _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        var joined: [UInt16] = []
        var lengths: [Int32] = []
        lengths.reserveCapacity(items.count)
        for item in items {
            let before = joined.count
            joined.append(contentsOf: item.utf16)
            lengths.append(Int32(joined.count - before))
        }
        do {
            return try joined.withUnsafeBufferPointer { units throws(ICUStatusError) in
                try lengths.withUnsafeBufferPointer { counts throws(ICUStatusError) in
                    try ICUFormattedFields.call(
                        { CICU_listFormatParts(handle, units.baseAddress, counts.baseAddress, Int32(counts.count), $0, $1, $2, $3, $4, $5) }, use)
                }
            }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format a list of \(items.count) items")
        }
    }
}

extension ICUNumberRangeFormatter {
    /// The range between two validated decimal strings, with ICU's fields.
    package func formatFields<R>(start: String, end: String, _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        do {
            return try ICUFormattedFields.call(
                { out, capacity, fields, fieldCapacity, count, status in
                    CICU_numberRangeFormatParts(
                        handle, start, Int32(start.utf8.count), end, Int32(end.utf8.count), out, capacity, fields, fieldCapacity, count, status)
                }, use)
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the range \(quoted(start))–\(quoted(end))")
        }
    }
}

extension ICUDateIntervalFormatter {
    /// The interval between two instants (within ICU's calendar limits), with ICU's fields.
    package func formatFields<R>(from: Double, to: Double, _ use: (ICUFormattedFields) -> R) throws(ParlanceError) -> R {
        do {
            return try ICUFormattedFields.call({ CICU_dateIntervalFormatParts(handle, from, to, $0, $1, $2, $3, $4, $5) }, use)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the interval \(from)–\(to)")
        }
    }
}
