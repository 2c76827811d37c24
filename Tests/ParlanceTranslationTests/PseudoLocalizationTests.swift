#if Translation
import Foundation
import Parlance
import ParlanceTranslation
import Testing

@Suite struct PseudoLocalizationTests {
    let pseudo = PseudoLocalizationProvider()

    /// Every placeholder form survives byte for byte, in order.
    @Test(arguments: [
        "%@", "%1$@", "%2$@", "%lld", "%ld", "%d", "%.2f", "%5.1f", "%-10s", "%#@count@", "%#@files@", "{name}", "{0}",
        "%{name}", "%%", "%1$lld", "%hhu", "%zu", "%'d", "%*d", "{count, plural, one {# item} other {# items}}", "<b>", "</a>",
    ])
    func placeholderSurvives(_ placeholder: String) {
        let text = "Delete \(placeholder) files now"
        let output = pseudo.pseudoLocalize(text)
        #expect(output.contains(placeholder), "\(placeholder) was changed: \(output)")
        #expect(output.contains("Ðéļéţé"))
        #expect(output.contains("ƒîļéš"))
    }

    @Test func severalPlaceholdersKeepTheirOrder() {
        let text = "%1$@ sent %2$lld photos to {recipient} in %#@albums@ (%.1f%%)"
        let output = pseudo.pseudoLocalize(text)
        var cursor = output.startIndex
        for placeholder in ["%1$@", "%2$lld", "{recipient}", "%#@albums@", "%.1f", "%%"] {
            let found = output.range(of: placeholder, range: cursor..<output.endIndex)
            #expect(found != nil, "\(placeholder) missing or out of order in \(output)")
            if let found { cursor = found.upperBound }
        }
        // No ASCII letter is left outside placeholders.
        var stripped = output
        for placeholder in ["%1$@", "%2$lld", "{recipient}", "%#@albums@", "%.1f", "%%"] {
            stripped = stripped.replacingOccurrences(of: placeholder, with: "")
        }
        #expect(!stripped.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
    }

    @Test func expandsByThirtyToFortyPercentWithBrackets() {
        for text in ["Settings", "Delete all files", "Your subscription renews automatically every month unless cancelled"] {
            let output = pseudo.pseudoLocalize(text)
            #expect(output.hasPrefix("[") && output.hasSuffix("]"))
            let letters = text.filter { $0.isLetter || $0.isNumber }.count
            let padding = output.filter { $0 == "~" }.count
            let ratio = Double(padding) / Double(letters)
            #expect(ratio >= 0.30 && ratio <= 0.40 + 1.0 / Double(letters), "ratio \(ratio) for \(text)")
        }
        let custom = PseudoLocalizationProvider(options: .init(expansionRatio: 1.0, brackets: false))
        #expect(custom.pseudoLocalize("abcd") == "áƀçð ~~~~")
        #expect(PseudoLocalizationProvider(options: .init(accents: false, expansionRatio: 0)).pseudoLocalize("Hi") == "[Hi]")
    }

    @Test func rightToLeftModeWrapsInIsolatesAndMarks() {
        let rtl = PseudoLocalizationProvider(options: .init(rightToLeft: true))
        let output = rtl.pseudoLocalize("Hi {name}")
        #expect(output == "\u{2067}\u{200F}[Ĥî \u{2066}{name}\u{2069} ~]\u{200F}\u{2069}")
        #expect(Bidi.baseDirection(of: "\u{200F}abc") == .rightToLeft)
        #expect(output.unicodeScalars.first == "\u{2067}" && output.unicodeScalars.last == "\u{2069}")
    }

    @Test func emptyAndPlaceholderOnlyTextsAreNotPadded() {
        #expect(pseudo.pseudoLocalize("") == "[]")
        #expect(pseudo.pseudoLocalize("%@") == "[%@]")
        #expect(pseudo.pseudoLocalize("%") == "[%]")
        #expect(pseudo.pseudoLocalize("100% {unclosed") == "[100% {ûñçļöšéð ~~~~]")  // 11 letters and digits → 4
    }

    @Test func hostileInputStaysLinear() {
        // Unbalanced braces and endless specifiers: each placeholder scan is bounded.
        let hostile = String(repeating: "{{}", count: 20_000) + String(repeating: "%1$", count: 20_000) + String(repeating: "<a", count: 20_000)
        let start = ContinuousClock.now
        let output = pseudo.pseudoLocalize(hostile)
        #expect(ContinuousClock.now - start < .seconds(120))
        #expect(output.count > hostile.count)
    }

    @Test func providerAndLocalizer() async throws {
        let localizer = LiveLocalizer(provider: pseudo)
        #expect(try await localizer.localize("Save %@", to: LocaleID("en-XA")) == "[Šáṽé %@ ~~]")
    }
}
#endif
