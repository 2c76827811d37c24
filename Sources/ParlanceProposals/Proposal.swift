#if Translation
public import Foundation
public import Parlance

extension ParlanceError.Code {
    /// The same guid proposed the same value again for a text and locale it already has an open
    /// proposal for (HTTP 409).
    public static let duplicateProposal = ParlanceError.Code(rawValue: "duplicate-proposal")
    /// A guid tried to delete a proposal another guid made (HTTP 403).
    public static let forbidden = ParlanceError.Code(rawValue: "forbidden")
    /// No proposal has the given id (HTTP 404).
    public static let notFound = ParlanceError.Code(rawValue: "not-found")
    /// Accept or reject of a proposal that is no longer open (HTTP 409).
    public static let proposalNotOpen = ParlanceError.Code(rawValue: "proposal-not-open")
    /// The proposal store could not be opened, read or written (HTTP 500).
    public static let proposalStoreFailed = ParlanceError.Code(rawValue: "proposal-store-failed")
}

/// The text a proposal is for: a section and a key. For
/// `.lproj` and `.xcstrings` catalogs the section is the table name (`Localizable`).
public struct TranslationIdentifier: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The section, or the catalog table.
    public let section: String
    /// The key inside the section.
    public let key: String

    /// An identifier; not validated (``ProposalDraft`` validates).
    public init(section: String, key: String) {
        self.section = section
        self.key = key
    }

    /// `section.key`.
    public var description: String { "\(section).\(key)" }
}

/// Where a proposal is in review.
public enum ProposalState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Waiting for review; at most one per identifier, locale and guid.
    case open
    /// Taken by a reviewer.
    case accepted
    /// Turned down by a reviewer.
    case rejected
}

/// A stored translation proposal.
public struct Proposal: Hashable, Sendable, Identifiable {
    /// The store's id for it.
    public let id: UUID
    /// The text it is for.
    public let identifier: TranslationIdentifier
    /// The language it is for.
    public let locale: LocaleID
    /// The proposed text.
    public let value: String
    /// Who made it, as the store keeps it (a keyed hash of the guid); nil where the source
    /// does not say (the HTTP API never hands out authors, only ``ProposalListing/canDelete``).
    public let author: ProposalAuthor?
    /// When the current value was proposed (a replacing proposal sets it anew), to the millisecond.
    public let createdAt: Date
    /// Where it is in review.
    public let state: ProposalState

    /// A proposal as a store returns it.
    public init(
        id: UUID, identifier: TranslationIdentifier, locale: LocaleID, value: String, author: ProposalAuthor?, createdAt: Date, state: ProposalState
    ) {
        self.id = id
        self.identifier = identifier
        self.locale = locale
        self.value = value
        self.author = author
        self.createdAt = createdAt
        self.state = state
    }

    /// The same proposal without its author (what the HTTP API shows).
    public var withoutAuthor: Proposal {
        Proposal(id: id, identifier: identifier, locale: locale, value: value, author: nil, createdAt: createdAt, state: state)
    }
}

/// One row of a listing for a guid: the proposal and whether that guid may delete it.
public struct ProposalListing: Hashable, Sendable {
    /// The proposal.
    public let proposal: Proposal
    /// Whether the guid the listing was made for may delete it.
    public let canDelete: Bool

    /// A row of a listing.
    public init(proposal: Proposal, canDelete: Bool) {
        self.proposal = proposal
        self.canDelete = canDelete
    }
}

/// What ``ProposalStore/propose(_:)`` did.
public enum ProposalOutcome: Hashable, Sendable {
    /// A new open proposal (HTTP 201).
    case created(Proposal)
    /// The guid's open proposal for that text and locale now holds the new value (HTTP 200). Its
    /// id is kept; `createdAt` is the time of the new value.
    case replaced(Proposal)

    /// The stored proposal.
    public var proposal: Proposal {
        switch self {
        case .created(let proposal), .replaced(let proposal): proposal
        }
    }
}

/// Which proposals a listing returns; nil fields match everything.
public struct ProposalQuery: Hashable, Sendable {
    /// Only this section.
    public var section: String?
    /// Only this key.
    public var key: String?
    /// Only this locale.
    public var locale: LocaleID?
    /// Only this author's (the store hashes the guid as it hashes authors).
    public var guid: String?
    /// Only these states (nil: every state).
    public var states: Set<ProposalState>?

    /// A query; with no arguments it matches every proposal.
    public init(section: String? = nil, key: String? = nil, locale: LocaleID? = nil, guid: String? = nil, states: Set<ProposalState>? = nil) {
        self.section = section
        self.key = key
        self.locale = locale
        self.guid = guid
        self.states = states
    }

    /// Whether `proposal` matches; stores filter in SQL, this is the same rule in Swift.
    /// `author` is ``guid``'s author under the store's key (``ProposalStore/author(of:)``);
    /// with a ``guid`` and no author nothing matches.
    public func matches(_ proposal: Proposal, author: ProposalAuthor? = nil) -> Bool {
        (section == nil || proposal.identifier.section == section) && (key == nil || proposal.identifier.key == key)
            && (locale == nil || proposal.locale == locale) && (guid == nil || (author != nil && proposal.author == author))
            && (states?.contains(proposal.state) ?? true)
    }
}

/// Size limits of a proposal's fields, in UTF-8 bytes.
public struct ProposalLimits: Hashable, Sendable {
    /// Longest section (default 256).
    public var sectionBytes: Int
    /// Longest key (default 1,024).
    public var keyBytes: Int
    /// Longest value (default 10,000).
    public var valueBytes: Int
    /// Longest guid (default 128).
    public var guidBytes: Int

    /// Limits; the defaults suit UI texts.
    public init(sectionBytes: Int = 256, keyBytes: Int = 1024, valueBytes: Int = 10_000, guidBytes: Int = 128) {
        self.sectionBytes = sectionBytes
        self.keyBytes = keyBytes
        self.valueBytes = valueBytes
        self.guidBytes = guidBytes
    }

    /// The defaults.
    public static let standard = ProposalLimits()
}

/// A validated proposal not yet stored.
///
/// ```swift
/// let draft = try ProposalDraft(section: "Localizable", key: "settings.title", locale: "de", value: "Einstellungen", guid: "device-1")
/// ```
public struct ProposalDraft: Hashable, Sendable {
    /// The text it is for.
    public let identifier: TranslationIdentifier
    /// The language.
    public let locale: LocaleID
    /// The proposed text.
    public let value: String
    /// The author's opaque client id.
    public let guid: String

    /// Validates and creates a draft.
    ///
    /// - Throws: `ParlanceError` `ParlanceError/Code/invalidLocale` for an ill-formed locale;
    ///   `ParlanceError/Code/invalidArgument` for an empty or over-long section, key, value or
    ///   guid, a control character in section, key or guid, or a NUL in the value.
    public init(section: String, key: String, locale: String, value: String, guid: String, limits: ProposalLimits = .standard) throws {
        try self.init(identifier: TranslationIdentifier(section: section, key: key), locale: LocaleID(locale), value: value, guid: guid, limits: limits)
    }

    /// Validates and creates a draft for a parsed locale.
    ///
    /// - Throws: as ``init(section:key:locale:value:guid:limits:)``.
    public init(identifier: TranslationIdentifier, locale: LocaleID, value: String, guid: String, limits: ProposalLimits = .standard) throws {
        try ProposalValidation.name(identifier.section, field: "section", limit: limits.sectionBytes)
        try ProposalValidation.name(identifier.key, field: "key", limit: limits.keyBytes)
        try ProposalValidation.name(guid, field: "guid", limit: limits.guidBytes)
        try ProposalValidation.value(value, limit: limits.valueBytes)
        guard !locale.isRoot else { throw ParlanceError(.invalidLocale, "a proposal needs a language, not the root locale") }
        self.identifier = identifier
        self.locale = locale
        self.value = value
        self.guid = guid
    }
}

/// The input rules shared by drafts, queries and the HTTP layer.
package enum ProposalValidation {
    /// A section, key or guid: 1…limit UTF-8 bytes, no control characters.
    package static func name(_ text: String, field: String, limit: Int) throws(ParlanceError) {
        guard !text.isEmpty else { throw ParlanceError(.invalidArgument, "the \(field) is empty") }
        guard text.utf8.count <= limit else {
            throw ParlanceError(.invalidArgument, "the \(field) is \(text.utf8.count) bytes long; at most \(limit) are allowed")
        }
        if let bad = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw ParlanceError(.invalidArgument, "the \(field) contains the control character U+\(String(bad.value, radix: 16, uppercase: true))")
        }
    }

    /// A value: 1…limit UTF-8 bytes, no NUL (line breaks and tabs are allowed).
    package static func value(_ text: String, limit: Int) throws(ParlanceError) {
        guard !text.isEmpty else { throw ParlanceError(.invalidArgument, "the value is empty") }
        guard text.utf8.count <= limit else {
            throw ParlanceError(.invalidArgument, "the value is \(text.utf8.count) bytes long; at most \(limit) are allowed")
        }
        guard !text.utf8.contains(0) else { throw ParlanceError(.invalidArgument, "the value contains a NUL character") }
    }

    /// Decodes bytes that must be UTF-8 (HTTP bodies and query strings).
    package static func utf8(_ bytes: some Sequence<UInt8>, field: String) throws(ParlanceError) -> String {
        let array = Array(bytes)
        guard let text = String(validating: array, as: UTF8.self) else {
            throw ParlanceError(.invalidArgument, "the \(field) is not valid UTF-8")
        }
        return text
    }
}
#endif
