import Foundation
import Parlance
import ParlanceLocalization
import Testing

@Suite("LanguageManager: formatters follow the language")
struct LanguageManagerFormattersTests {
    @Test("switching and per-request languages change the formats")
    func follows() async throws {
        let manager = try LanguageManager(
            supportedLanguages: [LocaleID("en"), LocaleID("de"), LocaleID("ar-EG")], developmentLanguage: LocaleID("en"),
            store: MemoryLanguagePreferenceStore(), environment: [:])
        #expect(try manager.formatters().formatNumber(1234.5, fractionDigits: 1) == "1,234.5")
        try manager.setLanguage("de")
        #expect(try manager.formatters().formatNumber(1234.5, fractionDigits: 1) == "1.234,5")
        let arabic = try await manager.withLanguage(LocaleID("ar-EG")) { () async throws(ParlanceError) -> String in
            try manager.formatters().formatNumber(1234.5, fractionDigits: 1)
        }
        #expect(arabic == "١٬٢٣٤٫٥")
        #expect(try manager.formatters().formatNumber(1234.5, fractionDigits: 1) == "1.234,5")
        #expect(throws: ParlanceError.self) { try manager.formatters(timeZone: "Mars/Olympus") }
    }
}
