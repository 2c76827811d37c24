#if Translation
import Foundation
import Parlance
import ParlanceProposals
import Testing

/// The behaviour every `ProposalStore` must have: the whole flow and the proposal rules. Each
/// check gets a fresh, empty store; `SQLiteProposalStoreTests` (and the PostgreSQL suite when
/// written) run them all against a real database.
enum ProposalStoreBehaviour {
    static let all: [(String, @Sendable (any ProposalStore) async throws -> Void)] = [
        ("seed flow", seedFlow),
        ("listing filters", listingFilters),
        ("review", review),
        ("values stored verbatim", verbatimValues),
        ("pages", pages),
    ]

    static func draft(_ key: String = "settings.title", locale: String = "de", value: String, guid: String, section: String = "Localizable") throws
        -> ProposalDraft
    {
        try ProposalDraft(section: section, key: key, locale: locale, value: value, guid: guid)
    }

    static func expectError(_ code: ParlanceError.Code, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            try await body()
            Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as ParlanceError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected ParlanceError \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The whole API flow: store, list with deletability, override, duplicate error, delete.
    static func seedFlow(_ store: any ProposalStore) async throws {
        let before = Date().addingTimeInterval(-1)
        let first = try await store.propose(draft(value: "Einstellungen", guid: "alice"))
        guard case .created(let created) = first else {
            Issue.record("the first proposal was not created: \(first)")
            return
        }
        #expect(created.identifier == TranslationIdentifier(section: "Localizable", key: "settings.title"))
        #expect(created.locale.languageTag == "de")
        #expect(created.value == "Einstellungen")
        // The author is the guid's keyed hash (a store in process says it; the HTTP API does not).
        #expect(created.author == store.author(of: "alice"))
        if let author = created.author {
            #expect(author != store.author(of: "bob") && !author.digest.contains("alice") && author.digest.utf8.count == 64)
        }
        #expect(created.state == .open)
        #expect(created.createdAt >= before && created.createdAt <= Date().addingTimeInterval(1))
        #expect(try await store.proposal(id: created.id) == created)

        // The same value again: duplicate-proposal, nothing changes.
        await expectError(.duplicateProposal) { _ = try await store.propose(draft(value: "Einstellungen", guid: "alice")) }
        #expect(try await store.proposals(matching: ProposalQuery()) == [created])

        // Another guid proposes the same text: its own proposal.
        let bob = try await store.propose(draft(value: "Optionen", guid: "bob"))
        guard case .created(let bobs) = bob else {
            Issue.record("bob's proposal was not created: \(bob)")
            return
        }
        #expect(bobs.id != created.id)

        // A different value replaces alice's open proposal (same id, new value).
        let second = try await store.propose(draft(value: "Einstellungen…", guid: "alice"))
        guard case .replaced(let replaced) = second else {
            Issue.record("the second value did not replace the first: \(second)")
            return
        }
        #expect(replaced.id == created.id)
        #expect(replaced.value == "Einstellungen…")
        #expect(try await store.proposal(id: created.id)?.value == "Einstellungen…")

        // Listing for alice: two proposals, only hers deletable.
        let listing = try await store.listing(for: "alice", matching: ProposalQuery(section: "Localizable", key: "settings.title"))
        #expect(Set(listing.map(\.proposal.value)) == ["Einstellungen…", "Optionen"])
        #expect(listing.first { $0.proposal.value == "Einstellungen…" }?.canDelete == true)
        #expect(listing.first { $0.proposal.value == "Optionen" }?.canDelete == false)
        let anonymous = try await store.listing(for: nil)
        #expect(anonymous.count == 2 && anonymous.allSatisfy { !$0.canDelete })

        // Only the author deletes; an unknown id is not-found.
        await expectError(.forbidden) { try await store.delete(id: created.id, guid: "bob") }
        #expect(try await store.proposal(id: created.id) != nil)
        try await store.delete(id: created.id, guid: "alice")
        #expect(try await store.proposal(id: created.id) == nil)
        await expectError(.notFound) { try await store.delete(id: created.id, guid: "alice") }
        #expect(try await store.proposals(matching: ProposalQuery()).map(\.id) == [bobs.id])

        // After deleting, alice may propose the same value again.
        let again = try await store.propose(draft(value: "Einstellungen…", guid: "alice"))
        #expect(again == .created(again.proposal))
    }

    static func listingFilters(_ store: any ProposalStore) async throws {
        let rows: [(String, String, String, String)] = [
            ("a", "de", "v1", "g1"), ("a", "fr", "v2", "g1"), ("b", "de", "v3", "g2"), ("a", "de", "v4", "g2"),
        ]
        var guids: [UUID: String] = [:]
        for (key, locale, value, guid) in rows {
            guids[try await store.propose(draft(key, locale: locale, value: value, guid: guid)).proposal.id] = guid
        }
        guids[try await store.propose(draft("a", value: "other section", guid: "g1", section: "Other")).proposal.id] = "g1"
        let queries = [
            ProposalQuery(key: "a"), ProposalQuery(section: "Localizable", key: "a", locale: "de"),
            ProposalQuery(guid: "g2"), ProposalQuery(section: "Other"), ProposalQuery(locale: "fr"),
            ProposalQuery(states: [.accepted]), ProposalQuery(states: []),
        ]
        let everything = try await store.proposals(matching: ProposalQuery())
        #expect(everything.count == 5)
        // Oldest first.
        #expect(everything.map(\.createdAt) == everything.map(\.createdAt).sorted())
        for query in queries {
            var rest = query
            rest.guid = nil
            let expected = Set(everything.filter { rest.matches($0) && (query.guid == nil || guids[$0.id] == query.guid) }.map(\.id))
            #expect(Set(try await store.proposals(matching: query).map(\.id)) == expected, "\(query)")
        }
        #expect(try await store.proposals(matching: ProposalQuery(key: "a", locale: "de")).map(\.value).sorted() == ["other section", "v1", "v4"])
        #expect(try await store.proposals(matching: ProposalQuery(states: [.accepted])).isEmpty)
        // The locale is matched in its canonical form.
        #expect(try await store.proposals(matching: ProposalQuery(locale: "FR")).map(\.value) == ["v2"])
    }

    static func review(_ store: any ProposalStore) async throws {
        let open = try await store.propose(draft(value: "Speichern", guid: "g")).proposal
        let accepted = try await store.review(id: open.id, state: .accepted)
        #expect(accepted.state == .accepted && accepted.value == "Speichern" && accepted.id == open.id)
        #expect(try await store.proposal(id: open.id)?.state == .accepted)
        await expectError(.proposalNotOpen) { _ = try await store.review(id: open.id, state: .rejected) }
        await expectError(.invalidArgument) { _ = try await store.review(id: open.id, state: .open) }
        await expectError(.notFound) { _ = try await store.review(id: UUID(), state: .accepted) }
        // An accepted proposal no longer blocks: the same guid and value make a new open one.
        let next = try await store.propose(draft(value: "Speichern", guid: "g"))
        #expect(next == .created(next.proposal) && next.proposal.id != open.id)
        let rejected = try await store.review(id: next.proposal.id, state: .rejected)
        #expect(rejected.state == .rejected)
        #expect(try await store.proposals(matching: ProposalQuery(states: [.accepted])).map(\.id) == [open.id])
        #expect(try await store.proposals(matching: ProposalQuery(states: [.rejected])).map(\.id) == [next.proposal.id])
        #expect(try await store.proposals(matching: ProposalQuery(states: [.open])).isEmpty)
    }

    /// Listings come in pages after a cursor; walking them gives every row once, in order.
    static func pages(_ store: any ProposalStore) async throws {
        for index in 0..<7 {
            _ = try await store.propose(draft("k\(index)", value: "v\(index)", guid: index.isMultiple(of: 2) ? "even" : "odd"))
        }
        let whole = try await store.proposals(matching: ProposalQuery())
        var walked: [ProposalListing] = []
        var cursor: ProposalCursor?
        var count = 0
        repeat {
            let page = try await store.listing(for: "even", matching: ProposalQuery(), after: cursor, limit: 3)
            #expect(page.rows.count == (count < 2 ? 3 : 1))
            walked += page.rows
            cursor = page.next
            count += 1
        } while cursor != nil && count < 10
        #expect(count == 3)
        #expect(walked.map(\.proposal.id) == whole.map(\.id))
        for row in walked {
            let index = try #require(Int(row.proposal.value.dropFirst()))
            #expect(row.canDelete == index.isMultiple(of: 2), "\(row.proposal.value)")
        }
        // A cursor survives its token; a page filtered by author.
        let token = try #require(try await store.listing(for: nil, matching: ProposalQuery(), after: nil, limit: 2).next).token
        let resumed = try await store.listing(for: nil, matching: ProposalQuery(), after: try ProposalCursor(token: token), limit: 10)
        #expect(resumed.rows.map(\.proposal.id) == Array(whole.dropFirst(2).map(\.id)))
        #expect(resumed.next == nil)
        let odd = try await store.listing(for: "odd", matching: ProposalQuery(guid: "odd"), after: nil, limit: 10)
        #expect(odd.rows.count == 3 && odd.rows.allSatisfy(\.canDelete))
        await expectError(.invalidArgument) { _ = try await store.listing(for: nil, matching: ProposalQuery(), after: nil, limit: 0) }
        await expectError(.invalidArgument) { _ = try await store.listing(for: nil, matching: ProposalQuery(), after: nil, limit: 1001) }
        await expectError(.invalidArgument) { _ = try ProposalCursor(token: "not-a-cursor") }
    }

    static func verbatimValues(_ store: any ProposalStore) async throws {
        let values = [
            "'; DROP TABLE proposals; --", "Robert'); DELETE FROM proposals WHERE ('1'='1", "?1 ?2 $1 %s %@", "Zeile 1\nZeile 2\t✓",
            "emoji 👩‍👩‍👧 and RTL שלום", String(repeating: "é", count: 4_000),
        ]
        for (index, value) in values.enumerated() {
            _ = try await store.propose(draft("k\(index)", value: value, guid: "' OR 1=1 --"))
        }
        let stored = try await store.proposals(matching: ProposalQuery(guid: "' OR 1=1 --"))
        #expect(stored.count == values.count)
        for (index, value) in values.enumerated() {
            #expect(stored.first { $0.identifier.key == "k\(index)" }?.value == value)
        }
    }
}
#endif
