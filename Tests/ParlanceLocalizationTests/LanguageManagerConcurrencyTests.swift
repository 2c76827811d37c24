import Foundation
@_spi(ParlanceInternals) import Parlance
import Synchronization
import Testing

@testable import ParlanceLocalization

/// Counters shared by the tasks of a test.
final class Counters: Sendable {
    let failures = Atomic<Int>(0)
    let reads = Atomic<Int>(0)
    let done = Atomic<Bool>(false)
}

@Suite("LanguageManager: concurrency, per-request languages, notifications")
struct LanguageManagerConcurrencyTests {
    static let expectedGreeting = Dictionary(uniqueKeysWithValues: ManagerFixture.greetings.map { ($0.tag, $0.greeting) })

    /// Checks that a string, a direction and a locale all belong to one language.
    static func consistent(text: String, greeting: String, direction: TextDirection, locale: LocaleID) -> Bool {
        let tag = locale.languageTag
        return text == tag && greeting == expectedGreeting[tag]
            && direction == (ManagerFixture.rightToLeft.contains(tag) ? .rightToLeft : .leftToRight)
    }

    @Test func readersNeverSeeATornStateWhileOneTaskSwitches() async throws {
        let manager = ManagerFixture.manager()
        let tags = ManagerFixture.greetings.map(\.tag)
        let switches = 400
        let counters = Counters()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<switches {
                    _ = try? manager.setLanguage(tags[index % tags.count], persist: false)
                    if index % 16 == 0 { await Task.yield() }
                }
                counters.done.store(true, ordering: .releasing)
            }
            for _ in 0..<6 {
                group.addTask {
                    var lastGeneration: UInt64 = 0
                    var count = 0
                    while !counters.done.load(ordering: .acquiring) || count < 200 {
                        let state = manager.state
                        let ok = Self.consistent(
                            text: state.string("language"), greeting: state.string("greeting"),
                            direction: state.direction, locale: state.locale)
                        if !ok || state.generation < lastGeneration { counters.failures.add(1, ordering: .relaxed) }
                        lastGeneration = state.generation
                        count += 1
                        if count % 64 == 0 { await Task.yield() }
                    }
                    counters.reads.add(count, ordering: .relaxed)
                }
            }
        }
        #expect(counters.failures.load(ordering: .relaxed) == 0)
        #expect(counters.reads.load(ordering: .relaxed) >= 1200)
        #expect(manager.globalState.generation >= UInt64(switches - switches / tags.count))
    }

    @Test func withLanguageIsolatesAThousandConcurrentTasksInTwentyLanguages() async throws {
        let manager = ManagerFixture.manager(environment: ["LANG": "de_DE.UTF-8"])
        let tags = ManagerFixture.greetings.map(\.tag)
        let counters = Counters()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1000 {
                let tag = tags[index % tags.count]
                group.addTask {
                    let locale = ManagerFixture.locale(tag)
                    await manager.withLanguage(locale) {
                        for round in 0..<3 {
                            await Task.yield()
                            let state = manager.state
                            let ok =
                                state.locale == locale
                                && Self.consistent(
                                    text: manager.string("language"), greeting: manager.string("greeting"),
                                    direction: manager.direction, locale: state.locale)
                            // A child task inherits the request's language.
                            async let child = manager.effectiveLocale
                            let childLocale = await child
                            if !ok || childLocale != locale || round < 0 { counters.failures.add(1, ordering: .relaxed) }
                        }
                    }
                }
            }
            // The global language changes meanwhile; no request may see it.
            group.addTask {
                for tag in ["ar", "ja", "fr", "he"] {
                    _ = try? manager.setLanguage(tag, persist: false)
                    await Task.yield()
                }
            }
        }
        #expect(counters.failures.load(ordering: .relaxed) == 0)
        #expect(manager.effectiveLocale == ManagerFixture.locale("he"))
    }

    @Test func withLanguageScopesNestAndEnd() throws {
        let manager = ManagerFixture.manager(environment: ["LANG": "en_US.UTF-8"])
        let other = try LanguageManager(supportedLanguages: [LocaleID("en"), LocaleID("ar")], environment: [:])
        let result: String = manager.withLanguage(ManagerFixture.locale("ja")) {
            let inner: String = manager.withLanguage(acceptLanguage: "pt-PT, en;q=0.5") {
                other.withLanguage(ManagerFixture.locale("ar")) {
                    "\(manager.effectiveLocale.languageTag) \(other.effectiveLocale.languageTag)"
                }
            }
            return inner + " " + manager.effectiveLocale.languageTag + " " + other.effectiveLocale.languageTag
        }
        #expect(result == "pt-BR ar ja en")
        #expect(manager.effectiveLocale == ManagerFixture.locale("en"))
        // Nothing acceptable: the development language.
        #expect(manager.withLanguage(acceptLanguage: "xx, *;q=0.1") { manager.effectiveLocale } == ManagerFixture.locale("en"))
        #expect(manager.withLanguage(acceptLanguage: "fr-CH, fr;q=0.9") { manager.string("greeting") } == "Bonjour")
        // Errors of the operation pass through with their type.
        #expect(throws: ParlanceError.self) {
            try manager.withLanguage(ManagerFixture.locale("ru")) {
                try manager.localizedString("no.such.key")
            }
        }
    }

    @Test func observersSeeEveryChangeOnceInOrder() async throws {
        let manager = ManagerFixture.manager()
        let seen = Locked<[LanguageChange]>([])
        let observation = manager.observe { change in seen.withLock { $0.append(change) } }
        let stream = manager.changes()
        let tags = ManagerFixture.greetings.map(\.tag)
        // Four writers at once; every change is a real change (no language twice in a row
        // from one writer, and a repeated choice is not a change).
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        _ = try? manager.setLanguage(tags[(writer * 5 + index) % tags.count], persist: false)
                    }
                }
            }
        }
        let changes = seen.withLock { $0 }
        let count = Int(manager.globalState.generation)
        #expect(changes.count == count)
        #expect(count > 0)
        for (index, change) in changes.enumerated() {
            #expect(change.current.generation == UInt64(index + 1))
            #expect(change.previous.generation == UInt64(index))
            if index > 0 { #expect(change.previous == changes[index - 1].current) }
        }
        var streamed: [LanguageChange] = []
        for await change in stream {
            streamed.append(change)
            if streamed.count == count { break }
        }
        #expect(streamed == changes)
        observation.cancel()
        try manager.setLanguage("ko", persist: false)
        try manager.setLanguage("tr", persist: false)
        #expect(seen.withLock { $0.count } == count)
    }

    @Test func aCallbackMaySwitchAgainWithoutDeadlock() throws {
        let manager = ManagerFixture.manager()
        let seen = Locked<[String]>([])
        manager.observe { change in
            seen.withLock { $0.append(change.current.locale.languageTag) }
            if change.current.locale.languageTag == "ar" { _ = try? manager.setLanguage("he", persist: false) }
        }
        try manager.setLanguage("ar", persist: false)
        #expect(manager.effectiveLocale == ManagerFixture.locale("he"))
        #expect(seen.withLock { $0 } == ["ar", "he"])
        // Setting the current choice again is not a change.
        try manager.setLanguage("he", persist: false)
        #expect(seen.withLock { $0 }.count == 2)
    }
}
