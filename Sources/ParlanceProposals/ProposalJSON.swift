#if Translation
public import Foundation
import Parlance

/// A proposal as the HTTP API writes it: `{"id","section","key","locale","value","state",
/// "createdAt"}`, plus `"canDelete"` for the guid the request gave. No answer carries an
/// author's guid (or its hash). `createdAt` is RFC 3339 in UTC with milliseconds
/// (`2026-11-23T10:51:12.345Z`).
public struct ProposalJSON: Codable, Hashable, Sendable {
    /// The proposal's id (a UUID, upper-case hex as stores write it).
    public var id: String
    /// The section (the catalog table for `.lproj`/`.xcstrings`).
    public var section: String
    /// The key.
    public var key: String
    /// The BCP 47 language tag.
    public var locale: String
    /// The proposed text.
    public var value: String
    /// `open`, `accepted` or `rejected`.
    public var state: String
    /// When the current value was proposed.
    public var createdAt: String
    /// Whether the guid the request gave may delete it (absent when it gave none).
    public var canDelete: Bool?

    /// The JSON form of a stored proposal.
    public init(_ proposal: Proposal, canDelete: Bool? = nil) {
        id = proposal.id.uuidString
        section = proposal.identifier.section
        key = proposal.identifier.key
        locale = proposal.locale.languageTag
        value = proposal.value
        state = proposal.state.rawValue
        createdAt = Self.timestamp(proposal.createdAt)
        self.canDelete = canDelete
    }

    /// Back to the model (without an author, which the API does not show).
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for an id, state or time that does not
    ///   parse; `ParlanceError/Code/invalidLocale`.
    public func proposal() throws -> Proposal {
        guard let uuid = UUID(uuidString: id) else { throw ParlanceError(.invalidArgument, "the proposal id \(id) is not a UUID") }
        guard let parsedState = ProposalState(rawValue: state) else { throw ParlanceError(.invalidArgument, "unknown proposal state \(state)") }
        guard let date = Self.date(createdAt) else { throw ParlanceError(.invalidArgument, "createdAt \(createdAt) is not an RFC 3339 time") }
        return Proposal(
            id: uuid, identifier: TranslationIdentifier(section: section, key: key), locale: try LocaleID(locale), value: value, author: nil,
            createdAt: date, state: parsedState)
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC, from whole milliseconds.
    public static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        var wholeSeconds = seconds.quotient
        var fraction = seconds.remainder
        if fraction < 0 {
            wholeSeconds -= 1
            fraction += 1000
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(wholeSeconds)))
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):"
            + "\(pad(parts.second, 2)).\(pad(Int(fraction), 3))Z"
    }

    /// Parses what ``timestamp(_:)`` writes (milliseconds optional).
    public static func date(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            return Int(String(decoding: scalars[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var milliseconds = 0
        if scalars.count == 24, scalars[19] == UInt8(ascii: ".") {
            guard let parsed = number(20..<23) else { return nil }
            milliseconds = parsed
        } else if scalars.count != 20 {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard
            let whole = calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        // The same arithmetic as the stores' (whole milliseconds / 1000), so dates compare equal.
        return Date(timeIntervalSince1970: Double(Int64(whole.timeIntervalSince1970.rounded()) * 1000 + Int64(milliseconds)) / 1000)
    }
}
#endif
