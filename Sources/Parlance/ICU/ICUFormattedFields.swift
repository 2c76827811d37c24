internal import CICU

/// A formatted text and ICU's field positions in it (CICU_Parts.h): what ``FormatPart``s are
/// made from.
package struct ICUFormattedFields: Sendable {
    /// One ICU field: its category (`UFieldCategory`), its id within the category and its
    /// UTF-16 range in ``text``.
    package struct Field: Sendable, Hashable {
        package var category: Int32
        package var field: Int32
        package var start: Int
        package var limit: Int
    }

    /// The text as ICU wrote it, in UTF-16 units.
    package var text: [UInt16]
    /// Every field ICU reported, in ICU's order.
    package var fields: [Field]

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

    /// Calls a shim function that writes text and fields, growing both buffers until they
    /// suffice (a first round of 256 units and 64 fields covers every ordinary value).
    static func call(
        _ body: (
            _ out: UnsafeMutablePointer<UInt16>, _ capacity: Int32, _ fields: UnsafeMutablePointer<Int32>, _ fieldCapacity: Int32,
            _ fieldCount: UnsafeMutablePointer<Int32>, _ status: UnsafeMutablePointer<Int32>
        ) -> Int32
    ) throws(ICUStatusError) -> ICUFormattedFields {
        var capacity = 256
        var fieldCapacity = 64
        for _ in 0..<4 {
            var text = [UInt16](repeating: 0, count: capacity)
            var raw = [Int32](repeating: 0, count: fieldCapacity * 4)
            var status: Int32 = 0
            var count: Int32 = 0
            let length = text.withUnsafeMutableBufferPointer { out in
                raw.withUnsafeMutableBufferPointer { fields in
                    body(out.baseAddress!, Int32(capacity), fields.baseAddress!, Int32(fieldCapacity), &count, &status)
                }
            }
            if status == CICU_STATUS_BUFFER_OVERFLOW {
                capacity = max(capacity, Int(length) + 1)
                fieldCapacity = max(fieldCapacity, Int(count) + 1)
                continue
            }
            guard status <= 0, length >= 0, Int(length) <= capacity, Int(count) <= fieldCapacity else {
                throw ICUStatusError(status: status > 0 ? status : CICU_STATUS_ILLEGAL_ARGUMENT)
            }
            text.removeSubrange(Int(length)...)
            var fields: [Field] = []
            fields.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                let start = Int(raw[4 * index + 2])
                let limit = Int(raw[4 * index + 3])
                // ICU's positions are within its own text; one outside would be a shim defect,
                // and is dropped rather than trusted.
                guard 0 <= start, start <= limit, limit <= text.count else { continue }
                fields.append(Field(category: raw[4 * index], field: raw[4 * index + 1], start: start, limit: limit))
            }
            return ICUFormattedFields(text: text, fields: fields)
        }
        throw ICUStatusError(status: CICU_STATUS_BUFFER_OVERFLOW)
    }
}

extension ICUNumberFormatter {
    /// The number formatted by ICU (never the compiled path) with its fields: exact decimal
    /// digits, or a binary double when `decimal` is nil.
    package func formatFields(decimal: String?, double: Double = 0) throws(ParlanceError) -> ICUFormattedFields {
        do {
            return try ICUFormattedFields.call { out, capacity, fields, fieldCapacity, count, status in
                if let decimal {
                    CICU_numberFormatParts(handle, decimal, Int32(decimal.utf8.count), 0, out, capacity, fields, fieldCapacity, count, status)
                } else {
                    CICU_numberFormatParts(handle, nil, 0, double, out, capacity, fields, fieldCapacity, count, status)
                }
            }
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the number \(decimal.map { quoted($0) } ?? "\(double)")")
        }
    }
}

extension ICUDateFormatter {
    /// The instant formatted by ICU (never the compiled path) with its fields.
    package func formatFields(millis: Double) throws(ParlanceError) -> ICUFormattedFields {
        guard millis.isFinite, millis >= Self.minimumMillis, millis <= Self.maximumMillis else {
            throw ParlanceError(.invalidTime, "\(millis) ms is outside ICU's calendar range (\(Self.minimumMillis) … \(Self.maximumMillis) ms)")
        }
        do {
            let opened = try openHandle()
            return try ICUFormattedFields.call { CICU_dateFormatParts(opened, millis, $0, $1, $2, $3, $4, $5) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the time \(millis) ms")
        }
    }
}

extension ICURelativeFormatter {
    /// `value` units from now, with ICU's fields.
    package func formatFields(_ value: Double, unit: Int32, numericAuto: Bool) throws(ParlanceError) -> ICUFormattedFields {
        do {
            return try ICUFormattedFields.call { CICU_relativeFormatParts(handle, value, unit, numericAuto, $0, $1, $2, $3, $4, $5) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the relative time \(value)")
        }
    }
}

extension ICUListFormatter {
    /// The items joined by ICU (never the compiled path), with ICU's fields.
    package func formatFields(_ items: [String]) throws(ParlanceError) -> ICUFormattedFields {
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
                    try ICUFormattedFields.call {
                        CICU_listFormatParts(handle, units.baseAddress, counts.baseAddress, Int32(counts.count), $0, $1, $2, $3, $4, $5)
                    }
                }
            }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format a list of \(items.count) items")
        }
    }
}

extension ICUNumberRangeFormatter {
    /// The range between two validated decimal strings, with ICU's fields.
    package func formatFields(start: String, end: String) throws(ParlanceError) -> ICUFormattedFields {
        do {
            return try ICUFormattedFields.call { out, capacity, fields, fieldCapacity, count, status in
                CICU_numberRangeFormatParts(
                    handle, start, Int32(start.utf8.count), end, Int32(end.utf8.count), out, capacity, fields, fieldCapacity, count, status)
            }
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the range \(quoted(start))–\(quoted(end))")
        }
    }
}

extension ICUDateIntervalFormatter {
    /// The interval between two instants (within ICU's calendar limits), with ICU's fields.
    package func formatFields(from: Double, to: Double) throws(ParlanceError) -> ICUFormattedFields {
        do {
            return try ICUFormattedFields.call { CICU_dateIntervalFormatParts(handle, from, to, $0, $1, $2, $3, $4, $5) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot format the interval \(from)–\(to)")
        }
    }
}
