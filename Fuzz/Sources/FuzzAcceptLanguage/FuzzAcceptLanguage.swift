import FuzzSupport
import Parlance
import ParlanceHTTP
import ParlanceLocalization

/// `Accept-Language` headers through ``AcceptLanguage`` and the server's
/// ``LanguageNegotiator`` (with a `lang` query and a cookie cut from the same input).
///
/// Contract: parsing never fails; every entry's weight is in (0, 1], best first, its range
/// parses as its locale; the negotiated language is one the manager supports, and negotiating
/// twice gives the same answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcceptLanguage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzAcceptLanguage"
    var input = FuzzInput(start, count)
    let query = String(decoding: input.piece(until: 0), as: UTF8.self)
    let cookie = String(decoding: input.piece(until: 0), as: UTF8.self)
    let header = input.restText
    let parsed = AcceptLanguage(header)
    var previous = 2.0
    for entry in parsed.entries {
        Fuzz.check(entry.quality > 0 && entry.quality <= 1, target, "the weight \(entry.quality) of \(entry.range.debugDescription)")
        Fuzz.check(entry.quality <= previous, target, "entries are not best first: \(parsed.entries.map(\.quality))")
        previous = entry.quality
        Fuzz.check(header.contains(entry.range), target, "the range \(entry.range.debugDescription) is not in the header")
        let again = try? LocaleID(entry.range)
        Fuzz.check(again == entry.locale, target, "the range \(entry.range.debugDescription) parses as \(String(describing: again)), not \(entry.locale)")
    }
    let negotiator = Negotiation.negotiator
    let state = negotiator.negotiate(acceptLanguage: header, query: query.isEmpty ? nil : query, cookie: cookie.isEmpty ? nil : cookie)
    let again = negotiator.negotiate(acceptLanguage: header, query: query.isEmpty ? nil : query, cookie: cookie.isEmpty ? nil : cookie)
    Fuzz.check(state.locale == again.locale, target, "negotiating twice gives \(state.locale) and \(again.locale)")
    Fuzz.check(
        Negotiation.supported.contains(state.locale), target,
        "negotiated \(state.locale), which is not supported (\(Negotiation.supported)) for \(header.debugDescription)")
    return 0
}

/// One negotiator, as a server keeps one.
enum Negotiation {
    static let supported: [LocaleID] = ["en", "fr", "ru", "ar", "zh-Hant", "pt-BR"].map { try! LocaleID($0) }
    static let negotiator = LanguageNegotiator(
        manager: try! LanguageManager(supportedLanguages: supported, developmentLanguage: supported[0], environment: [:]), queryParameter: "lang",
        cookie: "lang")
}
