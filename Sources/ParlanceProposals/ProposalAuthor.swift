#if Translation
import Crypto
package import Foundation
public import Parlance

/// Who made a proposal, as a store keeps it: the HMAC-SHA256 of the author's guid under the
/// store's ``ProposalGuidKey``, never the guid itself. A database dump therefore does not hand
/// out the guids that delete rights depend on, and a listing can tell the caller which rows
/// are theirs without showing anyone's guid.
public struct ProposalAuthor: Hashable, Sendable, CustomStringConvertible {
    /// The keyed hash, 64 lower-case hex digits.
    public let digest: String

    /// An author from a digest a store read back.
    package init(digest: String) {
        self.digest = digest
    }

    /// The first 12 hex digits (enough to tell authors apart in a review tool).
    public var description: String { String(digest.prefix(12)) }
}

/// The secret with which a store hashes author guids (HMAC-SHA256).
///
/// A store opened without one keeps a generated key in its own database, so that it works
/// without setup; give a key (``init(secret:)``, `PARLANCE_PROPOSALS_KEY` for `parlance`) to
/// keep it out of the database, and with it out of a dump. A store refuses a key other than
/// the one its guids were hashed with.
public struct ProposalGuidKey: Sendable, Hashable {
    /// The secret's bytes.
    package let secret: [UInt8]

    /// The fewest bytes a secret may have.
    public static let minimumBytes = 16

    /// A key from secret bytes (at least ``minimumBytes``).
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for a shorter secret.
    public init(secret: [UInt8]) throws {
        guard secret.count >= Self.minimumBytes else {
            throw ParlanceError(.invalidArgument, "the proposals key has \(secret.count) bytes; at least \(Self.minimumBytes) are needed")
        }
        self.secret = secret
    }

    /// A key from a secret text's UTF-8 bytes (leading and trailing whitespace removed).
    ///
    /// - Throws: as ``init(secret:)``.
    public init(text: String) throws {
        try self.init(secret: Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
    }

    /// A new random key of 32 bytes.
    public static func generate() -> ProposalGuidKey {
        var generator = SystemRandomNumberGenerator()
        // 32 random bytes always satisfy the minimum.
        return ProposalGuidKey(unchecked: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private init(unchecked secret: [UInt8]) {
        self.secret = secret
    }

    /// A key read back from a store's database.
    package init(stored secret: [UInt8]) {
        self.secret = secret
    }

    /// The secret as hex digits (how a store that keeps its own key writes it).
    package var hexSecret: String { hex(secret) }

    /// Bytes from hex digits; nil for anything else.
    package static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    /// The author a guid stands for under this key.
    public func author(of guid: String) -> ProposalAuthor {
        ProposalAuthor(digest: hex(HMAC<SHA256>.authenticationCode(for: Array(guid.utf8), using: SymmetricKey(data: secret))))
    }

    /// What a store records to recognize the key later without keeping it: the HMAC of a fixed
    /// label.
    package var fingerprint: String {
        hex(HMAC<SHA256>.authenticationCode(for: Array("parlance proposals key check".utf8), using: SymmetricKey(data: secret)))
    }

    private func hex(_ code: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in code {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a stored key row agrees with `configured`; the key to use, or the error.
    package static func resolve(configured: ProposalGuidKey?, storedSecret: [UInt8]?, storedFingerprint: String?, store: String) throws(ParlanceError)
        -> ProposalGuidKey
    {
        switch (configured, storedSecret) {
        case (let configured?, _):
            guard storedFingerprint == nil || storedFingerprint == configured.fingerprint else {
                throw ParlanceError(
                    .proposalStoreFailed,
                    "\(store): the proposals key differs from the one its guids were hashed with; use that key (or none, if the store keeps its own)")
            }
            return configured
        case (nil, let secret?):
            return ProposalGuidKey(stored: secret)
        case (nil, nil):
            throw ParlanceError(
                .proposalStoreFailed, "\(store): its guids were hashed with a key it does not keep; give that key (PARLANCE_PROPOSALS_KEY)")
        }
    }
}

/// Where a page of a listing ends: the next page starts after this proposal in the listing's
/// order (oldest first, ties by id). Opaque to clients: ``token`` is what the HTTP API hands out.
public struct ProposalCursor: Hashable, Sendable {
    /// The last row's time, in milliseconds since 1970.
    package let createdAtMilliseconds: Int64
    /// The last row's id.
    package let id: UUID

    /// The cursor after `proposal`.
    public init(after proposal: Proposal) {
        createdAtMilliseconds = Int64((proposal.createdAt.timeIntervalSince1970 * 1000).rounded())
        id = proposal.id
    }

    /// Parses a token made by ``token``.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for anything else.
    public init(token: String) throws(ParlanceError) {
        let invalid = ParlanceError(.invalidArgument, "the cursor is not one this service handed out")
        guard token.utf8.count <= 128 else { throw invalid }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { throw invalid }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "p1", let milliseconds = Int64(parts[1]), let id = UUID(uuidString: String(parts[2])) else {
            throw invalid
        }
        createdAtMilliseconds = milliseconds
        self.id = id
    }

    /// The opaque token (URL-safe base64, no padding).
    public var token: String {
        Data("p1/\(createdAtMilliseconds)/\(id.uuidString)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// One page of a listing.
public struct ProposalPage: Hashable, Sendable {
    /// The rows, oldest first.
    public let rows: [ProposalListing]
    /// Where the next page starts; nil on the last page.
    public let next: ProposalCursor?

    /// A page.
    public init(rows: [ProposalListing], next: ProposalCursor?) {
        self.rows = rows
        self.next = next
    }

    /// The page of at most `limit` rows from proposals read with one extra row (`limit + 1`
    /// asked of the database): the extra row says that another page follows.
    package init(reading proposals: [Proposal], limit: Int, author: ProposalAuthor?) {
        let shown = proposals.prefix(limit)
        rows = shown.map { ProposalListing(proposal: $0, canDelete: author != nil && $0.author == author) }
        next = proposals.count > limit ? shown.last.map(ProposalCursor.init(after:)) : nil
    }

    /// The most rows a page may have.
    public static let maximumLimit = 1000
    /// The rows of a page when the caller does not say.
    public static let defaultLimit = 100
}
#endif
