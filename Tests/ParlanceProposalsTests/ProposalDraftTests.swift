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
