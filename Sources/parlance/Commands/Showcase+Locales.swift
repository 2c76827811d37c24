import Parlance

extension ShowcaseCommand {
    /// Locales: likely subtags, fallback chains, names, direction, negotiation and bidi isolates.
    func localeSection(_ ids: [String]) throws {
        print("Locales: likely subtags, fallback chain (CLDR parentLocales), direction, names")
        var rows: [[String]] = []
        let samples = ids + ["zh-TW", "en-IN", "pt-MZ", "sr-Latn-RS", "uz-Arab", "iw"]
        for raw in samples {
            let id = try CLIError.wrap { try LocaleID(raw) }
            rows.append([
                raw, id.maximized.languageTag, id.fallbackChain.map(\.languageTag).joined(separator: " → "),
                id.characterDirection.rawValue, id.nativeDisplayName,
                id.displayName(in: try CLIError.wrap { LocaleID("en") }),
            ])
        }
        print(Table(header: ["locale", "maximized", "fallback chain", "dir", "own name", "English name"], rows: rows).rendered)
        print()
        print("Negotiation (ICU LocaleMatcher), available: en-US, en-GB, fr, pt-BR, zh-Hant")
        let matcher = try CLIError.wrap {
            try LocaleMatcher(supported: ["en-US", "en-GB", "fr", "pt-BR", "zh-Hant"])
        }
        var negotiation: [[String]] = []
        for header in ["en-AU", "pt-PT;q=0.9, fr;q=0.8", "zh-TW", "fr-CH, fr;q=0.9, *;q=0.5", "ja, **;q=abc", "de;q=0, en-IN"] {
            let match = matcher.bestMatch(acceptLanguage: header)
            negotiation.append([header, match.locale.languageTag + (match.isDefault ? " (default)" : "")])
        }
        print(Table(header: ["Accept-Language", "best"], rows: negotiation).rendered)
        print()
        print("Bidi: a phone number and a URL isolated inside Arabic text (LRI … PDI)")
        let phone = "+1 555-0100"
        let sentence = "اتصل بنا على " + Bidi.isolate(phone, as: .leftToRight) + " أو زوروا " + Bidi.isolateLeftToRight("example.com/ar")
        print("  " + sentence)
        print(
            "  base direction: \(Bidi.baseDirection(of: sentence)?.rawValue ?? "neutral"), runs: "
                + Bidi.analyze(sentence).runs.map { "\($0.level)" }.joined(separator: " "))
    }
}
