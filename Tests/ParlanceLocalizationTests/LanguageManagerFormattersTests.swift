import Foundation
import Parlance
import ParlanceLocalization
import Testing

@Suite("LanguageManager: formatters follow the language")
struct LanguageManagerFormattersTests {
    /// Expected digits and separators from CLDR 42 (en "1,234.5", de "1.234,5", ar-EG Arabic-Indic
    /// digits with U+066C/U+066B).
    @Test("switching and per-request languages change the formats")
    func follows() async throws {
        let manager = try LanguageManager(
            supportedLanguages: ["en", "de", "ar-EG"], developmentLanguage: "en",
            store: MemoryLanguagePreferenceStore(), environment: [:])
        #expect(1234.5.formatted(manager.formatters().number.precision(.fractionDigits(min: 1, max: 1))) == "1,234.5")
        try manager.setLanguage("de")
        #expect(1234.5.formatted(manager.formatters().number.precision(.fractionDigits(min: 1, max: 1))) == "1.234,5")
        #expect(1234.5.formatted(manager.formatters().number) == "1.234,5")
        // The guide's form: plain `try`, no annotation on the closure.
        let arabic = try manager.withLanguage("ar-EG") {
            try manager.localizedStringOrNumber(1234.5)
        }
        #expect(arabic == "١٬٢٣٤٫٥")
        #expect(1234.5.formatted(manager.formatters().number.precision(.fractionDigits(min: 1, max: 1))) == "1.234,5")
        #expect(throws: ParlanceError.self) { try TimeZoneID("Mars/Olympus") }
    }

    @Test("string ids are accepted where a language is")
    func stringIDs() throws {
        let ids = ["en", "he"]
        let manager = try LanguageManager(supportedLanguages: ids, developmentLanguage: "en", store: MemoryLanguagePreferenceStore(), environment: [:])
        #expect(manager.languageOptions.map(\.locale.languageTag) == ["en", "he"])
        let runtime = "he-IL"
        #expect(try manager.withLanguage(runtime) { manager.effectiveLocale.languageTag } == "he")
        #expect(throws: ParlanceError.self) { try LanguageManager(supportedLanguages: ["en US"], store: MemoryLanguagePreferenceStore(), environment: [:]) }
    }
}

extension LanguageManager {
    /// A throwing helper, so the closure above needs `try` (and the compiler infers plain throws).
    fileprivate func localizedStringOrNumber(_ value: Double) throws -> String {
        guard !effectiveLocale.isRoot else { throw ParlanceError(.invalidArgument, "no language") }
        return value.formatted(formatters().number.precision(.fractionDigits(min: 1, max: 1)))
    }
}
