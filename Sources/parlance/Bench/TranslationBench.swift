#if Translation
import Foundation
import Parlance
import ParlanceTranslation

extension BenchCommand {
    /// The live localizer's two cache levels: a memory-cache hit through
    /// `LiveLocalizer.cachedTranslation(for:)` (key, LRU lookup, event), and a disk-cache hit
    /// through `SQLiteTranslationCacheStore.cachedEntry(for:)` (one prepared SELECT on a
    /// WAL-mode file in the temporary directory).
    func translationRows(_ harness: BenchHarness) throws -> [BenchRow] {
        let german: LocaleID = "de"
        let english: LocaleID = "en"
        let texts = (0..<1024).map { "Source text number \($0) for the translation cache" }
        let requests = texts.map { TranslationRequest($0, from: english, to: german, context: "bench.row") }

        let localizer = LiveLocalizer(provider: PseudoLocalizationProvider())
        let pseudo = PseudoLocalizationProvider()
        for request in requests {
            localizer.memoryCache.insert(
                TranslationCacheEntry(
                    key: try localizer.cacheKey(for: request),
                    text: pseudo.pseudoLocalize(request.sourceText), createdAt: Date()))
        }
        // Each call takes its request out of a buffer (a bitwise move) and puts it back after,
        // as a caller passes a request it holds: reading it through a subscript copied it
        // (retains and releases of its six strings through the type's value witness), which is
        // the loop's cost, not the cache's.
        let held = UnsafeMutablePointer<TranslationRequest>.allocate(capacity: requests.count)
        held.initialize(from: requests, count: requests.count)
        defer {
            held.deinitialize(count: requests.count)
            held.deallocate()
        }
        let memoryRow = harness.row(
            name: "translation memory-cache hit",
            parlance: { n in
                var sum = 0
                for i in 0..<n {
                    let slot = held + (i & 1023)
                    let request = slot.move()
                    if let response = localizer.cachedTranslation(for: request) { sum &+= response.text.utf8.count }
                    slot.initialize(to: consume request)
                }
                blackHole(sum)
            },
            target: 200)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteTranslationCacheStore(path: directory.appendingPathComponent("translations.sqlite").path)
        let keys = try requests.map { try localizer.cacheKey(for: $0) }
        try store.writeSynchronously(keys.map { TranslationCacheEntry(key: $0, text: pseudo.pseudoLocalize($0.sourceText), createdAt: Date()) })
        let diskRow = harness.row(
            name: "translation disk-cache hit (SQLite)",
            parlance: { n in
                var sum = 0
                for i in 0..<n { sum &+= ((try? store.cachedEntry(for: keys[i & 1023])) ?? nil)?.text.utf8.count ?? 0 }
                blackHole(sum)
            },
            target: 20_000)
        return [memoryRow, diskRow]
    }
}
#endif
