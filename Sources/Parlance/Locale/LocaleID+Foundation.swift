#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension LocaleID: ExpressibleByStringLiteral {
    /// A literal locale id: `let locale: LocaleID = "de-CH"`. An ill-formed literal is a
    /// programmer error (a precondition failure); use ``init(_:)-(String)`` for ids from outside.
    public init(stringLiteral id: String) {
        do {
            self = try LocaleID(id)
        } catch {
            preconditionFailure("invalid locale literal: \(error)")
        }
    }
}

extension LocaleID {
    /// The locale of a Foundation `Locale` (its identifier, with ICU keywords such as
    /// `@calendar=japanese`).
    ///
    /// - Throws: ``ParlanceError/Code/invalidLocale`` when the Foundation identifier is not
    ///   well-formed (Foundation accepts any string).
    public init(_ locale: Locale) throws {
        try self.init(locale.identifier)
    }

    /// The Foundation `Locale` with this id.
    public var foundationLocale: Locale { Locale(identifier: identifier.isEmpty ? "root" : identifier) }

    /// Whether ICU ships data for this locale or a locale of its fallback chain other than root
    /// (`xx` and `en-XX`-like ids get root's or `en`'s data; `xx` has none of its own).
    public var hasICUData: Bool {
        let available = LocaleID.availableIdentifiers
        return fallbackChain(rules: .cldr).contains { !$0.isRoot && available.contains($0.identifier) }
    }

    /// Parses an id in strict mode: beyond being well-formed, ICU must have data for its
    /// language (``hasICUData``).
    ///
    /// - Throws: ``ParlanceError/Code/invalidLocale`` for an ill-formed id or one ICU has no data
    ///   for (`xx`).
    public init(_ id: String, strict: Bool) throws {
        let locale = try LocaleID(id)
        if strict, !locale.isRoot, !locale.hasICUData {
            throw ParlanceError(.invalidLocale, "\(quoted(id)) is well-formed but ICU has no data for it (strict mode)")
        }
        self = locale
    }

    private static let availableIdentifiers: Set<String> = Set(availableLocales.map(\.identifier))
}
