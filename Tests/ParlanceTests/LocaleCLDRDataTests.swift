import Testing

@testable import Parlance

/// Likely subtags, parent locales and canonicalization against CLDR's own files.
@Suite("Locale: CLDR data")
struct LocaleCLDRDataTests {
    let fixtures = LocaleFixtures.shared

    @Test("the fixtures are CLDR 41 and complete")
    func fixtureVersion() {
        #expect(fixtures.cldrVersion == "41")
        #expect(CLDRParentLocales.cldrVersion == fixtures.cldrVersion)
        #expect(fixtures.likelySubtags.count > 1800)
        #expect(fixtures.parentLocales.count > 150)
        #expect(fixtures.canonicalization.count > 1500)
        #expect(ICUInfo.cldrVersion.hasPrefix("42"))
    }

    /// Every likelySubtags.xml entry, maximized by ICU; the disagreements must be exactly the
    /// listed ones.
    @Test("every likelySubtags.xml entry vs maximized")
    func likelySubtags() throws {
        var differences: Set<FoundDifference> = []
        for (from, to) in fixtures.likelySubtags {
            let locale = try LocaleID(from)
            let maximized = locale.maximized
            let expected = try LocaleID(to)
            if maximized.languageTag != expected.languageTag {
                differences.insert(FoundDifference(key: from, cldr41: to, icu72: maximized.identifier))
            }
            // Minimizing the maximized form and maximizing again is stable.
            #expect(maximized.minimized.maximized == maximized, "\(from)")
        }
        #expect(differences == LocaleFixtures.known.likelySubtags.found, "actual: \(differences.sorted { $0.key < $1.key })")
    }

    /// Every parentLocales entry of supplementalData.xml is the fallback chain's next step.
    @Test("every CLDR parent locale is the parent")
    func parentLocales() throws {
        for (child, parent) in fixtures.parentLocales {
            let locale = try LocaleID(child)
            let expected = parent == "root" ? LocaleID.root : try LocaleID(parent)
            #expect(locale.parent == expected, "\(child)")
            let chain = locale.fallbackChain
            #expect(chain.first == locale, "\(child)")
            #expect(chain.count >= 2 && chain[1] == expected, "\(child)")
            #expect(chain.last == .root, "\(child)")
        }
    }

    /// CLDR's localeCanonicalization.txt vs ICU's CLDR canonicalization; disagreements listed.
    @Test("localeCanonicalization.txt vs canonicalized")
    func canonicalization() throws {
        var differences: Set<FoundDifference> = []
        for row in fixtures.canonicalization {
            let source = row[0]
            let expected = row[1]
            let locale = try LocaleID(source)
            let actual = locale.canonicalized.languageTag.underscored
            if actual != expected {
                differences.insert(FoundDifference(key: source, cldr41: expected, icu72: actual))
            }
        }
        #expect(differences == LocaleFixtures.known.canonicalization.found, "actual: \(differences.sorted { $0.key < $1.key })")
    }

    /// Every chain ends at root, starts at the locale and has no repeats, for every ICU locale.
    @Test("fallback chains of every ICU locale")
    func chainsOfAvailableLocales() {
        for locale in LocaleID.availableLocales {
            for rules in LocaleID.FallbackRules.allCases {
                let chain = locale.fallbackChain(rules: rules)
                #expect(chain.first == locale.baseLocale, "\(locale)")
                #expect(chain.last == .root, "\(locale)")
                #expect(Set(chain.map(\.identifier)).count == chain.count, "\(locale)")
                #expect(chain.count <= 6, "\(locale) \(chain)")
            }
            // CLDR rules never change script along the chain (except to root).
            let scripts = locale.fallbackChain.dropLast().map { $0.maximized.script }
            #expect(Set(scripts).count <= 1, "\(locale): \(locale.fallbackChain)")
        }
    }
}

extension String {
    /// The tag with `_` for `-`, as CLDR's test data writes ids.
    var underscored: String { String(map { $0 == "-" ? "_" : $0 }) }
}
