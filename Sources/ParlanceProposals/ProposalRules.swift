#if Translation
package import Foundation
package import Parlance

/// A store's clock reading, truncated to the millisecond stores keep.
package struct ProposalClock: Sendable {
    package let milliseconds: Int64
    package var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    package static func now() -> ProposalClock {
        ProposalClock(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}

/// The proposal rules, shared by every store so that they decide alike; each store calls them
/// inside its transaction.
package enum ProposalRules {
    package static func duplicate(_ existing: Proposal) -> ParlanceError {
        ParlanceError(
            .duplicateProposal,
            "this guid already proposed this value for \(existing.identifier) in \(existing.locale) (proposal \(existing.id.uuidString))")
    }

    package static func new(_ draft: ProposalDraft, author: ProposalAuthor, at date: Date) -> Proposal {
        Proposal(id: UUID(), identifier: draft.identifier, locale: draft.locale, value: draft.value, author: author, createdAt: date, state: .open)
    }

    package static func replacing(_ existing: Proposal, with value: String, at date: Date) -> Proposal {
        Proposal(
            id: existing.id, identifier: existing.identifier, locale: existing.locale, value: value, author: existing.author, createdAt: date,
            state: .open)
    }

    /// The limit of a page: 1…``ProposalPage/maximumLimit``.
    package static func checkLimit(_ limit: Int) throws(ParlanceError) {
        guard (1...ProposalPage.maximumLimit).contains(limit) else {
            throw ParlanceError(.invalidArgument, "limit must be between 1 and \(ProposalPage.maximumLimit)")
        }
    }

    package static func notFound(_ id: UUID) -> ParlanceError {
        ParlanceError(.notFound, "no proposal has the id \(id.uuidString)")
    }

    /// Throws unless `caller` is the author of an existing proposal.
    package static func checkDelete(id: UUID, author: ProposalAuthor?, caller: ProposalAuthor) throws(ParlanceError) {
        guard let author else { throw notFound(id) }
        guard author == caller else { throw ParlanceError(.forbidden, "proposal \(id.uuidString) was made by another guid; only its author may delete it") }
    }

    package static func checkReviewState(_ state: ProposalState) throws(ParlanceError) {
        guard state != .open else { throw ParlanceError(.invalidArgument, "a review accepts or rejects; it cannot reopen a proposal") }
    }

    /// The reviewed proposal, or the error for a missing or closed one.
    package static func reviewing(_ current: Proposal?, id: UUID, to state: ProposalState) throws(ParlanceError) -> Proposal {
        guard let current else { throw notFound(id) }
        guard current.state == .open else {
            throw ParlanceError(.proposalNotOpen, "proposal \(id.uuidString) is already \(current.state.rawValue)")
        }
        return Proposal(
            id: current.id, identifier: current.identifier, locale: current.locale, value: current.value, author: current.author,
            createdAt: current.createdAt, state: state)
    }
}
#endif
