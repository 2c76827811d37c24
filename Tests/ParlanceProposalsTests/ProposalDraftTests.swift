#if Translation
import Foundation
import Parlance
import ParlanceProposals
import Testing

@Suite struct ProposalDraftTests {
    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ParlanceError {
            return error.code.rawValue
        } catch {
            return "not a ParlanceError: \(error)"
        }
    }

    @Test func validInputIsCanonicalized() throws {
        let draft = try ProposalDraft(section: "Localizable", key: "a.b", locale: "pt_br", value: "Olá\nmundo", guid: "device-1")
        #expect(draft.locale.languageTag == "pt-BR")
        #expect(draft.identifier.description == "Localizable.a.b")
    }

    @Test func badInputIsATypedError() {
        func make(section: String = "S", key: String = "k", locale: String = "de", value: String = "v", guid: String = "g") -> String? {
            code { _ = try ProposalDraft(section: section, key: key, locale: locale, value: value, guid: guid) }
        }
        #expect(make() == nil)
        #expect(make(locale: "en US") == "invalid-locale")
        #expect(make(locale: "") == "invalid-locale")
        #expect(make(locale: "root") == "invalid-locale")
        #expect(make(section: "") == "invalid-argument")
        #expect(make(key: "") == "invalid-argument")
        #expect(make(key: String(repeating: "k", count: 1_025)) == "invalid-argument")
        #expect(make(key: String(repeating: "k", count: 1_024)) == nil)
        #expect(make(value: "") == "invalid-argument")
        #expect(make(value: String(repeating: "v", count: 10_001)) == "invalid-argument")
        #expect(make(value: "a\u{0}b") == "invalid-argument")
        #expect(make(guid: "g\u{7}") == "invalid-argument")
        #expect(make(key: "line\nbreak") == "invalid-argument")
        #expect(make(guid: String(repeating: "g", count: 129)) == "invalid-argument")
        // Limits are counted in UTF-8 bytes: 5,000 "é" are 10,000 bytes.
        #expect(make(value: String(repeating: "é", count: 5_000)) == nil)
        #expect(make(value: String(repeating: "é", count: 5_001)) == "invalid-argument")
    }

    @Test func customLimits() {
        let limits = ProposalLimits(valueBytes: 3)
        #expect(code { _ = try ProposalDraft(section: "S", key: "k", locale: "de", value: "abcd", guid: "g", limits: limits) } == "invalid-argument")
        #expect(code { _ = try ProposalDraft(section: "S", key: "k", locale: "de", value: "abc", guid: "g", limits: limits) } == nil)
    }
}

/// The API's time format; expected strings from Python's datetime (an independent source).
@Suite struct ProposalJSONTests {
    @Test func timestampsAreRFC3339InUTCWithMilliseconds() throws {
        let samples: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00.000Z"), (1_763_895_072_345, "2025-11-23T10:51:12.345Z"), (-1_500, "1969-12-31T23:59:58.500Z"),
        ]
        for (milliseconds, text) in samples {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(ProposalJSON.timestamp(date) == text)
            #expect(ProposalJSON.date(text) == date)
        }
        #expect(ProposalJSON.date("2025-11-23T10:51:12Z") == Date(timeIntervalSince1970: 1_763_895_072))
        for bad in ["", "2025-11-23", "2025-11-23T10:51:12.345", "2025-11-23T10:51:12.34Z", "yyyy-11-23T10:51:12.345Z"] {
            #expect(ProposalJSON.date(bad) == nil, "\(bad)")
        }
    }

    @Test func roundTripThroughTheModel() throws {
        let proposal = Proposal(
            id: UUID(), identifier: TranslationIdentifier(section: "S", key: "k"), locale: "pt-BR", value: "v",
            author: try ProposalGuidKey(text: "a key of sixteen bytes or more").author(of: "g"), createdAt: Date(timeIntervalSince1970: 1_763_895_072.345),
            state: .accepted)
        let data = try JSONEncoder().encode(ProposalJSON(proposal, canDelete: true))
        // The JSON form carries no author.
        #expect(!String(decoding: data, as: UTF8.self).contains(try #require(proposal.author?.digest)))
        let decoded = try JSONDecoder().decode(ProposalJSON.self, from: data)
        #expect(decoded.canDelete == true)
        #expect(try decoded.proposal() == proposal.withoutAuthor)
    }
}
#endif
