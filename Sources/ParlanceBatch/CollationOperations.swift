import Parlance

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Batch operation `collate` (protocol v1.2): compares `a` with `b` (-1, 0 or 1), or sorts
/// `items` stably, with ICU's collator for `locale` and the options `strength`, `numeric`,
/// `caseFirst` and `ignorePunctuation` (each, when given, overriding the locale's `-u-ks-`,
/// `-u-kn-`, `-u-kf-` keyword or tailoring; when absent or null, leaving it).
///
/// Limits, checked before ICU: at most ``maximumItems`` items and at most
/// ``maximumStringBytes`` bytes of UTF-8 in each string (`a`, `b` or an item); over either is
/// `invalid-argument`.
enum CollationOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "collate": collate
    ]

    /// The most `items` one request sorts: 100,000.
    static let maximumItems = 100_000
    /// The most UTF-8 bytes in one string compared or sorted: 65,536.
    static let maximumStringBytes = 65_536

    @Sendable
    static func collate(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let strength = try optionalChoice(request, "strength", Collator.Strength.self)
        let caseFirst = try optionalChoice(request, "caseFirst", Collator.CaseFirst.self)
        let numeric = try optionalBool(request, "numeric")
        let ignorePunctuation = try optionalBool(request, "ignorePunctuation")
        let hasItems = request["items"] != nil
        let hasPair = request["a"] != nil || request["b"] != nil
        if hasItems && hasPair {
            throw BatchError("invalid-argument", "collate takes either \"a\" and \"b\", or \"items\", not both")
        }
        if !hasItems && !hasPair { throw BatchError.missing("items", op: request.op) }
        let collator = Collator(
            locale: locale, strength: strength, numeric: numeric, caseFirst: caseFirst, ignorePunctuation: ignorePunctuation)
        if hasPair {
            let a = try bounded(request.string("a"), "a")
            let b = try bounded(request.string("b"), "b")
            switch collator.compare(a, b) {
            case .orderedAscending: return .integer(-1)
            case .orderedSame: return .integer(0)
            case .orderedDescending: return .integer(1)
            }
        }
        let items = try readItems(request)
        return .array(sortedStably(items, by: collator).map { .string($0) })
    }

    /// `items` in ascending order; equal items keep their given order.
    static func sortedStably(_ items: [String], by collator: Collator) -> [String] {
        let order = items.indices.sorted { left, right in
            switch collator.compare(items[left], items[right]) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left < right
            }
        }
        return order.map { items[$0] }
    }

    private static func readItems(_ request: BatchRequest) throws(BatchError) -> [String] {
        guard let raw = request["items"], raw != .null else { throw BatchError.missing("items", op: request.op) }
        guard case .array(let values) = raw else { throw BatchError.wrongType("items", expected: "an array of strings") }
        guard values.count <= maximumItems else {
            throw BatchError("invalid-argument", "\"items\" has \(values.count) strings; at most \(maximumItems) are sorted in one request")
        }
        var items: [String] = []
        items.reserveCapacity(values.count)
        for value in values {
            guard case .string(let text) = value else { throw BatchError.wrongType("items", expected: "an array of strings") }
            items.append(try bounded(text, "items"))
        }
        return items
    }

    private static func bounded(_ text: String, _ field: String) throws(BatchError) -> String {
        let count = text.utf8.count
        guard count <= maximumStringBytes else {
            throw BatchError("invalid-argument", "a string in \"\(field)\" has \(count) bytes of UTF-8; at most \(maximumStringBytes) are accepted")
        }
        return text
    }

    /// An optional boolean field: nil when absent or null.
    private static func optionalBool(_ request: BatchRequest, _ field: String) throws(BatchError) -> Bool? {
        guard let value = request[field], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw BatchError.wrongType(field, expected: "true or false") }
        return flag
    }

    /// An optional field with a closed set of string values: nil when absent or null.
    private static func optionalChoice<T: RawRepresentable & CaseIterable>(_ request: BatchRequest, _ field: String, _ type: T.Type)
        throws(BatchError) -> T? where T.RawValue == String
    {
        guard let value = request[field], value != .null else { return nil }
        guard case .string = value else { throw BatchError.wrongType(field, expected: "a string") }
        return try request.choice(field, default: T.allCases.first!)
    }
}
