#if Translation
public import Foundation
import Parlance

/// Where proposals live. Two implementations: ``SQLiteProposalStore`` (one file, the default)
/// and `PostgresProposalStore` (several service instances sharing one database).
///
/// Every store keeps the proposal rules, atomically (two instances racing cannot break them):
/// - one **open** proposal per identifier, locale and guid;
/// - proposing the value that guid's open proposal already holds throws
///   `ParlanceError/Code/duplicateProposal`;
/// - a different value replaces it (same id, new value and `createdAt`);
/// - only the author's guid may delete (`ParlanceError/Code/forbidden` otherwise);
/// - a guid is kept only as its keyed hash (``ProposalAuthor``), and no answer carries a guid.
///
/// A store that cannot reach its database in time throws
/// `ParlanceError/Code/storeUnavailable` (HTTP 503) rather than waiting.
public protocol ProposalStore: Sendable {
    /// Stores a proposal, replacing the guid's open proposal for the same text and locale.
    ///
    /// - Throws: `ParlanceError/Code/duplicateProposal` when that open proposal already has
    ///   this value; `ParlanceError/Code/proposalStoreFailed`.
    func propose(_ draft: ProposalDraft) async throws -> ProposalOutcome

    /// The proposals matching `query`, oldest first (ties by id).
    func proposals(matching query: ProposalQuery) async throws -> [Proposal]

    /// One page of the proposals listing: the proposals matching `query` after `cursor`, oldest
    /// first (ties by id), at most `limit`, each saying whether `guid` may delete it.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for a limit outside
    ///   1…``ProposalPage/maximumLimit``.
    func listing(for guid: String?, matching query: ProposalQuery, after cursor: ProposalCursor?, limit: Int) async throws -> ProposalPage

    /// The author `guid` stands for in this store, nil when the store does not say (a client
    /// of the HTTP API).
    func author(of guid: String) -> ProposalAuthor?

    /// Throws `ParlanceError/Code/storeUnavailable` unless the store answers now (health checks).
    func checkAvailable() async throws

    /// One proposal, or nil.
    func proposal(id: UUID) async throws -> Proposal?

    /// Deletes a proposal on behalf of `guid`.
    ///
    /// - Throws: `ParlanceError/Code/notFound` for an unknown id;
    ///   `ParlanceError/Code/forbidden` when `guid` is not the author.
    func delete(id: UUID, guid: String) async throws

    /// Accepts or rejects an open proposal (a reviewer's decision; no guid check).
    ///
    /// - Throws: `ParlanceError/Code/notFound`; `ParlanceError/Code/proposalNotOpen` when
    ///   it is not open; `ParlanceError/Code/invalidArgument` for `state == .open`.
    func review(id: UUID, state: ProposalState) async throws -> Proposal
}

extension ProposalStore {
    /// The whole listing: the proposals matching `query`, each saying whether `guid` may delete it.
    ///
    /// ```swift
    /// for row in try await store.listing(for: "device-1", matching: ProposalQuery(key: "settings.title")) {
    ///     print(row.proposal.value, row.canDelete)
    /// }
    /// ```
    public func listing(for guid: String?, matching query: ProposalQuery = ProposalQuery()) async throws -> [ProposalListing] {
        var rows: [ProposalListing] = []
        var cursor: ProposalCursor?
        repeat {
            let page = try await listing(for: guid, matching: query, after: cursor, limit: ProposalPage.maximumLimit)
            rows += page.rows
            cursor = page.next
        } while cursor != nil
        return rows
    }

    /// Nothing to check: the store is in process.
    public func checkAvailable() async throws {}
}
#endif
