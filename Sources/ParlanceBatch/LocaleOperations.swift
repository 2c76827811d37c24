import Parlance

/// Batch operations `direction`, `display-name` and `negotiate`.
enum LocaleOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "direction": direction,
        "display-name": displayName,
        "negotiate": negotiate,
    ]

    /// `direction`: of a `text` (first strong character outside isolates, "neutral" when none)
    /// or of a `locale` (its script's direction). Both → `invalid-argument`.
    @Sendable
    static func direction(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        if let text = try request.optionalString("text") {
            if let locale = request["locale"], locale != .null {
                throw BatchError("invalid-argument", "direction takes either \"text\" or \"locale\", not both")
            }
            return .string(Bidi.baseDirection(of: text)?.rawValue ?? "neutral")
        }
        let locale = try request.locale()
        return .string(locale.characterDirection.rawValue)
    }

    /// `display-name`: the name of `of` written in `locale`, for its `type` ("language" default,
    /// "region", "script", "currency", "calendar", "dateTimeField"), `style`, `languageDisplay`
    /// and `fallback` (`null` with "none" when ICU has no name). A language `of` that is not a
    /// locale id is `invalid-locale`; any other malformed `of` is `invalid-argument`. A request
    /// without the v1.2 fields answers as v1.1 did (standard, long names, the code as fallback).
    ///
    /// Names by the raw text of `locale`, `of` and the four options: a display name is a pure
    /// function of them (and ICU's data), and ICU opens its display-names object per call, so
    /// the answer itself is kept.
    private static let displayNames = FormatterCache<DisplayNameKey, JSONValue>()

    /// The protocol's `type` values: ECMA-402's six (``DisplayNames`` also names units and
    /// numbering systems, which the protocol does not offer).
    private enum DisplayNameType: String, CaseIterable {
        case language, region, script, currency, calendar, dateTimeField

        var kind: DisplayNames.Kind {
            switch self {
            case .language: .language
            case .region: .region
            case .script: .script
            case .currency: .currency
            case .calendar: .calendar
            case .dateTimeField: .dateTimeField
            }
        }
    }

    /// What a `display-name` answer depends on, as written in the request.
    private struct DisplayNameKey: Hashable, Sendable {
        var locale: String
        var of: String
        var type: String?
        var style: String?
        var languageDisplay: String?
        var fallback: String?
    }

    @Sendable
    static func displayName(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        var key: DisplayNameKey?
        if case .string(let locale)? = request["locale"], case .string(let of)? = request["of"],
            case .some(let type) = request.keyText("type"), case .some(let style) = request.keyText("style"),
            case .some(let languageDisplay) = request.keyText("languageDisplay"),
            case .some(let fallback) = request.keyText("fallback")
        {
            key = DisplayNameKey(
                locale: locale, of: of, type: type, style: style, languageDisplay: languageDisplay, fallback: fallback)
            if let key, let name = displayNames[key] { return name }
        }
        let language = try request.locale()
        let code = try request.string("of")
        let kind = try request.choice("type", default: DisplayNameType.language).kind
        let names = DisplayNames(
            locale: language, style: try request.choice("style", default: DisplayNames.Style.long),
            languageDisplay: try request.choice("languageDisplay", default: DisplayNames.LanguageDisplay.standard),
            fallback: try request.choice("fallback", default: DisplayNames.Fallback.code))
        let name: String?
        do {
            name = try names.name(of: code, kind: kind)
        } catch {
            if error.code == .invalidLocale { throw BatchError(ParlanceError(error.code, "\"of\": \(error.message)")) }
            throw BatchError(error)
        }
        let answer = name.map(JSONValue.string) ?? .null
        if let key { displayNames.store(answer, for: key) }
        return answer
    }

    /// `negotiate`: the best `available` entry, verbatim, for `requested` (an Accept-Language
    /// value or an array of ids), by ICU's LocaleMatcher with default settings.
    /// Parsed `Accept-Language` values (``LocaleMatcher/bestMatch(acceptLanguage:)`` parses
    /// the header the same way and then matches its locales).
    private static let acceptLanguages = FormatterCache<String, [LocaleID]>()

    @Sendable
    static func negotiate(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        guard let availableValue = request["available"] else { throw BatchError.missing("available", op: request.op) }
        guard case .array(let availableItems) = availableValue else {
            throw BatchError("invalid-argument", "\"available\" must be an array of locale ids")
        }
        var available: [String] = []
        for item in availableItems {
            guard case .string(let id) = item else {
                throw BatchError("invalid-argument", "\"available\" must be an array of locale id strings")
            }
            available.append(id)
        }
        guard !available.isEmpty else {
            throw BatchError("invalid-argument", "\"available\" must name at least one locale")
        }
        guard let requestedValue = request["requested"] else { throw BatchError.missing("requested", op: request.op) }
        let matcher: LocaleMatcher
        do {
            matcher = try LocaleMatchers.matcher(for: available)
        } catch {
            throw BatchError(ParlanceError(error.code, "\"available\": \(error.message)"))
        }
        let match: LocaleMatcher.Match
        switch requestedValue {
        case .string(let header):
            // An Accept-Language value is parsed once (servers send the same few again and again).
            let desired: [LocaleID]
            if let parsed = acceptLanguages[header] {
                desired = parsed
            } else {
                desired = AcceptLanguage(header).locales
                acceptLanguages.store(desired, for: header)
            }
            match = matcher.bestMatch(for: desired)
        case .array(let items):
            var desired: [LocaleID] = []
            for item in items {
                guard case .string(let id) = item else {
                    throw BatchError("invalid-argument", "\"requested\" must be an Accept-Language string or an array of locale id strings")
                }
                // Like a malformed Accept-Language range, an ill-formed id is ignored: the
                // protocol reserves invalid-locale for `locale`, `available` and `of`.
                if let locale = try? LocaleID(id) { desired.append(locale) }
            }
            match = matcher.bestMatch(for: desired)
        default:
            throw BatchError("invalid-argument", "\"requested\" must be an Accept-Language string or an array of locale id strings")
        }
        return .string(available[match.index])
    }
}

/// Matchers built for recent `available` lists (a server usually sends the same list).
private enum LocaleMatchers {
    static let cache = FormatterCache<[String], LocaleMatcher>(capacity: 64)

    static func matcher(for ids: [String]) throws(ParlanceError) -> LocaleMatcher {
        if let matcher = cache[ids] { return matcher }
        let matcher = try LocaleMatcher.matching(ids)
        cache.store(matcher, for: ids)
        return matcher
    }
}
