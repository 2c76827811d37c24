#if Translation
public import Parlance
public import ParlanceLocalization

/// Review mode: a view of a `LanguageManager`'s catalog
/// that serves the open proposed value of a key when there is one, else the catalog's value.
///
/// Which proposals count is ``Scope``: the current guid's own (a translator sees their own
/// suggestions in place) or everyone's (a reviewer sees the newest suggestion of anyone; the
/// current guid's own still wins). The language is the manager's current one, so it composes
/// with `LanguageManager.withLanguage` for per-request languages on a server; the guid is an
/// argument or the task-local ``currentGuid`` (``withGuid(_:operation:)``).
///
/// Proposals are read from a store by ``refresh(from:)`` into memory (open proposals only);
/// lookups never touch the store. Call it again to see new proposals.
///
/// ```swift
/// let review = ReviewCatalog(manager: manager, scope: .everyone)
/// try await review.refresh(from: store)
/// try manager.withLanguage("de") {
///     review.string("settings.title")   // the newest open proposal for de, else the catalog's text
/// }
/// ```
///
/// A proposed value is a format like the catalog's: with arguments it is formatted by
/// `LocalizedFormatter` in the current language (a malformed one throws from
/// ``localizedString(_:table:arguments:guid:)``); without arguments it is returned as written.
public final class ReviewCatalog: Sendable {
    /// Whose proposals are served.
    public enum Scope: Sendable, Hashable {
        /// Only the current guid's own proposals.
        case ownProposals
        /// Anyone's: the current guid's own if it has one, else the newest.
        case everyone
    }

    /// The manager whose catalog and language are used.
    public let manager: LanguageManager
    /// Whose proposals are served.
    public let scope: Scope

    /// The guid of the task's reviewer (set with ``withGuid(_:operation:)``).
    @TaskLocal public static var currentGuid: String?

    private struct Slot: Hashable {
        var table: String
        var key: String
        var locale: String
    }

    /// Open proposals by text and locale, oldest first.
    private let proposals = Locked<[Slot: [Proposal]]>([:])
    /// How the store the proposals came from names a guid's author (its keyed hash).
    private let authorOf = Locked<@Sendable (String) -> ProposalAuthor?>({ _ in nil })

    /// A review view of `manager`'s catalog.
    public init(manager: LanguageManager, scope: Scope) {
        self.manager = manager
        self.scope = scope
    }

    /// Reads the open proposals of `store` (replacing what was read before).
    ///
    /// - Throws: the store's errors (`ParlanceError/Code/proposalStoreFailed`).
    public func refresh(from store: any ProposalStore) async throws {
        let open = try await store.proposals(matching: ProposalQuery(states: [.open]))
        replace(with: open, authorOf: { store.author(of: $0) })
    }

    /// Uses `open` as the current proposals (those not open are ignored); `authorOf` names the
    /// author a guid stands for in their store (``ProposalStore/author(of:)``), so that a guid's
    /// own proposals are found.
    public func replace(with open: [Proposal], authorOf: @escaping @Sendable (String) -> ProposalAuthor? = { _ in nil }) {
        self.authorOf.withLock { $0 = authorOf }
        var index: [Slot: [Proposal]] = [:]
        for proposal in open where proposal.state == .open {
            index[Slot(table: proposal.identifier.section, key: proposal.identifier.key, locale: proposal.locale.languageTag), default: []]
                .append(proposal)
        }
        for slot in index.keys { index[slot]?.sort { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) } }
        proposals.withLock { $0 = index }
    }

    /// Runs `operation` with `guid` as the reviewer.
    public static func withGuid<Result>(_ guid: String?, operation: () throws -> Result) rethrows -> Result {
        try $currentGuid.withValue(guid, operation: operation)
    }

    /// The proposal served for a key in `locale` (exact tag first, then its language alone),
    /// or nil when the catalog's value is served.
    public func proposal(forKey key: String, table: String = "Localizable", locale: LocaleID, guid: String? = ReviewCatalog.currentGuid)
        -> Proposal?
    {
        var tags = [locale.languageTag]
        if let dash = locale.languageTag.firstIndex(of: "-") { tags.append(String(locale.languageTag[..<dash])) }
        let index = proposals.withLock { $0 }
        let hash: @Sendable (String) -> ProposalAuthor? = authorOf.withLock { $0 }
        let author = guid.flatMap(hash)
        for tag in tags {
            let candidates = index[Slot(table: table, key: key, locale: tag)] ?? []
            if let author, let own = candidates.last(where: { $0.author == author }) { return own }
            if scope == .everyone, let newest = candidates.last { return newest }
        }
        return nil
    }

    /// The proposed value (formatted) or the catalog's, in the manager's current language.
    ///
    /// - Throws: `ParlanceError/Code/invalidArgument` for a proposed format that does not fit
    ///   the arguments; the catalog's errors (`ParlanceError/Code/missingKey`) when no
    ///   proposal applies.
    public func localizedString(
        _ key: String, table: String = "Localizable", arguments: [LocalizationArgument] = [], guid: String? = ReviewCatalog.currentGuid
    ) throws -> String {
        let locale = manager.state.locale
        guard let proposal = proposal(forKey: key, table: table, locale: locale, guid: guid) else {
            return try manager.localizedString(key, table: table, arguments: arguments)
        }
        guard !arguments.isEmpty else { return proposal.value }
        return try LocalizedFormatter(locale: locale).format(proposal.value, arguments: arguments)
    }

    /// As ``localizedString(_:table:arguments:guid:)`` for UI use: never throws; a proposed
    /// format that does not fit the arguments shows the catalog's string instead (the
    /// proposal is then visibly not served), a missing key shows the key.
    public func string(
        _ key: String, table: String = "Localizable", arguments: [LocalizationArgument] = [], guid: String? = ReviewCatalog.currentGuid
    ) -> String {
        (try? localizedString(key, table: table, arguments: arguments, guid: guid)) ?? manager.string(key, table: table, arguments: arguments)
    }
}
#endif
