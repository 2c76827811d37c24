import Foundation
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// The compiled shape of one-variable plural entries (`CompiledPlural.SingleVariable`) against
/// the general composer it short-cuts: every plural entry of the example catalog and of the
/// reader fixtures, evaluated in the entry's language and in other locales (other rules, other
/// digits) over integers from -3 to 1,100 and a few large ones, must give the same text.
@Suite("Plural entries: the one-variable fast path equals the general composer")
struct SingleVariableFastPathTests {
    static let values: [Int64] = Array(-3...1_100) + [10_000, 21_000_001, Int64.max, Int64.min]

    static func pluralEntries(in directory: String) throws -> [(CatalogEntry, CompiledPlural)] {
        let model = try CatalogModel(directory: directory)
        var found: [(CatalogEntry, CompiledPlural)] = []
        for (_, byLocale) in model.tables {
            for (_, table) in byLocale {
                for source in table.sources {
                    for key in source.keys {
                        guard let entry = source.entries[key] else { continue }
                        if case .plural(let plural) = CompiledEntry.compile(entry.content, device: "mac") { found.append((entry, plural)) }
                    }
                }
            }
        }
        return found
    }

    @Test func sameTextAsTheComposer() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Readers").path
        let entries = try Self.pluralEntries(in: ExampleCatalog.directory) + (try Self.pluralEntries(in: fixtures))
        let shortcut = entries.filter { $0.1.single != nil }
        // The example catalog's `items.count` in ru and pl has the shape; a test of nothing would pass otherwise.
        #expect(shortcut.count >= 4, "only \(shortcut.count) of \(entries.count) plural entries have the one-variable shape")
        var compared = 0
        for (entry, plural) in shortcut {
            for locale in [entry.language, "ar-EG", "cy", "en"] as [LocaleID] {
                let rules = try ParlanceCore.pluralRules(locale)
                let formatter = LocalizedFormatter(resolving: locale)
                for value in Self.values {
                    let arguments: [LocalizationArgument] = [.int(value), .string("x"), .int(2)]
                    let fast = try #require(plural.single?.evaluate(rules: rules, formatter: formatter, arguments: arguments))
                    let general = try plural.compose(rules: rules, formatter: formatter, arguments: arguments)
                    if fast != general {
                        Issue.record("\(entry.key) (\(entry.language.identifier)) in \(locale.identifier) for \(value): \(fast) ≠ \(general)")
                        return
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    /// Arguments the shape does not take (a string, a double, too few) go to the composer,
    /// whose answers and errors stay as they were.
    @Test func otherArgumentsReachTheComposer() throws {
        let entries = try Self.pluralEntries(in: ExampleCatalog.directory)
        let (_, plural) = try #require(entries.first { $0.1.single != nil })
        let rules = try ParlanceCore.pluralRules("ru")
        let formatter = LocalizedFormatter(resolving: "ru")
        #expect(plural.single?.evaluate(rules: rules, formatter: formatter, arguments: []) == nil)
        #expect(plural.single?.evaluate(rules: rules, formatter: formatter, arguments: [.double(1.5)]) == nil)
        #expect(plural.single?.evaluate(rules: rules, formatter: formatter, arguments: [.string("5")]) == nil)
        #expect(throws: FormatFailure.self) { try plural.evaluate(rules: rules, formatter: formatter, arguments: []) }
        // Without a resolved integer formatter the composer formats (same text).
        let unresolved = LocalizedFormatter(locale: "ru")
        #expect(
            try plural.evaluate(rules: rules, formatter: unresolved, arguments: [.int(21)])
                == plural.evaluate(rules: rules, formatter: formatter, arguments: [.int(21)]))
    }
}
