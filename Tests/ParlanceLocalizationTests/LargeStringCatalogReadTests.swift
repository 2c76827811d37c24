import Foundation
import Testing

@testable import Parlance
@testable import ParlanceLocalization

/// A String Catalog read from disk gives back the memory of the bytes its parser has passed
/// (``CatalogFileBuffer``). These tests read files large enough for that to happen and check
/// that the result is the one the in-memory reader gives, including for the files that must
/// be parsed twice: one file of several megabytes with the reader's defaults (split above
/// 4 MB, memory given back a megabyte at a time), and files of a few hundred kilobytes with
/// both sizes scaled down (``Small``), which take the same paths at a tenth of the work.
@Suite("Large String Catalogs read from disk")
struct LargeStringCatalogReadTests {
    /// A String Catalog of `keys` keys in `languages` languages, Xcode's layout; with
    /// `stringsFirst`, `strings` comes before `sourceLanguage` (the file is parsed a second time).
    static func catalog(keys: Int, languages: [String], stringsFirst: Bool = false) -> String {
        var strings: [String] = []
        for index in 0..<keys {
            let key = String(format: "key.%05d", index)
            var localizations: [String] = []
            for language in languages {
                if index % 7 == 0 {
                    localizations.append(
                        """
                            "\(language)" : { "variations" : { "plural" : {
                              "one" : { "stringUnit" : { "state" : "translated", "value" : "\(language) %lld Datei \(index)" } },
                              "other" : { "stringUnit" : { "state" : "translated", "value" : "\(language) %lld Dateien \(index) – ü" } } } } }
                        """)
                } else {
                    localizations.append(
                        """
                            "\(language)" : { "stringUnit" : { "state" : "\(index % 5 == 0 ? "needs_review" : "translated")", "value" : "\(language): Hallo %@ \(index) 🌍" } }
                        """)
                }
            }
            strings.append(
                """
                  "\(key)" : { "comment" : "Key \(index)", "localizations" : {
                \(localizations.joined(separator: ",\n"))
                  } }
                """)
        }
        let stringsMember = "\"strings\" : {\n\(strings.joined(separator: ",\n"))\n}"
        let source = "\"sourceLanguage\" : \"en\""
        return "{\n" + (stringsFirst ? "\(stringsMember),\n\(source)" : "\(source),\n\(stringsMember)") + ",\n\"version\" : \"1.0\"\n}\n"
    }

    /// The scaled-down sizes: a catalog of 600 keys (about 450 kB) split above 128 kB, its
    /// memory given back in steps of 64 kB, so that it spans several steps in each half.
    enum Small {
        static let keys = 600
        static let splitAbove = 128 << 10
        static let releaseStep = 64 << 10
    }

    /// Reads `text` (a catalog of `keys` keys, with `expectedDiagnostics` malformed entries)
    /// from disk and compares it with the in-memory reads; `small` takes ``Small``'s sizes,
    /// else the reader's defaults.
    static func compare(_ text: String, keys: Int, small: Bool, expectedDiagnostics: Int = 0) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Localizable.xcstrings").path
        let bytes = Array(text.utf8)
        let splitAbove = small ? Small.splitAbove : 4 << 20
        let releaseStep = small ? Small.releaseStep : 1 << 20
        #expect(bytes.count > splitAbove && bytes.count > 4 * releaseStep, "the file must be split and span several release steps")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fromDisk =
            small
            ? try StringCatalogFile(reading: path, splitAbove: splitAbove, releaseStep: releaseStep)
            : try StringCatalogFile(reading: path)
        // The reference: one parser, no split, nothing given back.
        let inMemory = try StringCatalogFile(parsing: bytes, file: path, splitAbove: .max)
        let splitInMemory = try StringCatalogFile(parsing: bytes, file: path, splitAbove: splitAbove / 4)
        #expect(splitInMemory.keys == inMemory.keys)
        #expect(splitInMemory.localizations == inMemory.localizations)
        #expect(splitInMemory.records["fr"]?.map(\.location) == inMemory.records["fr"]?.map(\.location))
        #expect(fromDisk.sourceLanguage == "en")
        #expect(fromDisk.keys.count == keys + expectedDiagnostics)
        #expect(inMemory.diagnostics.count == expectedDiagnostics)
        #expect(fromDisk.keys == inMemory.keys)
        #expect(fromDisk.records.keys.sorted() == inMemory.records.keys.sorted())
        #expect(fromDisk.localizations == inMemory.localizations)
        #expect(fromDisk.diagnostics == inMemory.diagnostics)
        #expect(fromDisk.records["ja"]?.map(\.location) == inMemory.records["ja"]?.map(\.location))
        // The last entries, read after every release, are intact.
        let last = String(format: "key.%05d", keys - 2)
        #expect(fromDisk.value(forKey: last, language: "ru") == .format("ru: Hallo %@ \(keys - 2) 🌍"))
        let final = String(format: "key.%05d", keys - 1)
        #expect(fromDisk.value(forKey: final, language: "ru") == inMemory.value(forKey: final, language: "ru"))
        #expect(fromDisk.records["de"]?.last?.location.line == inMemory.records["de"]?.last?.location.line)
    }

    @Test func theBufferGivesBackWholeStepsBelowTheReadersPosition() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-buffer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bytes.bin").path
        let step = Small.releaseStep
        let bytes = (0..<(5 * step)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let buffer = try CatalogFileBuffer(reading: path, releaseStep: step)
        #expect(buffer.bytes.count == bytes.count)
        #expect(Array(buffer.bytes) == bytes)
        buffer.release(below: step / 2)  // less than a step: nothing is given back
        #expect(buffer.released == 0)
        buffer.release(below: 3 * step | 123)
        #expect(buffer.released == 3 * step)
        // What lies above the released offset is intact.
        #expect(Array(buffer.bytes[(3 * step)...]) == Array(bytes[(3 * step)...]))
        // The default step is a megabyte: less than that is kept.
        let whole = try CatalogFileBuffer(reading: path)
        whole.release(below: 4 * step)
        #expect(whole.released == 0)
        #expect(throws: CatalogDiagnostic.self) { try CatalogFileBuffer(reading: directory.appendingPathComponent("missing").path) }
        // An empty file is an empty buffer.
        let empty = directory.appendingPathComponent("empty").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try CatalogFileBuffer(reading: empty).bytes.isEmpty)
    }

    /// Malformed entries in both halves are skipped with the same located diagnostics, in
    /// file order; a syntax error in either half is the error the single parser throws.
    @Test func errorsInEitherHalfAreTheSingleParsersErrors() throws {
        var text = Self.catalog(keys: Small.keys, languages: Self.languages)
        for key in ["key.00010", "key.00590"] {
            text = text.replacingOccurrences(of: "\"\(key)\" : { \"comment\"", with: "\"\(key)\" : [ 1 ], \"\(key)x\" : { \"comment\"")
        }
        try Self.compare(text, keys: Small.keys, small: true, expectedDiagnostics: 2)
        for key in ["key.00010", "key.00590"] {
            let broken = Array(text.replacingOccurrences(of: "\"\(key)x\" : {", with: "\"\(key)x\" {").utf8)
            let single = #expect(throws: CatalogDiagnostic.self) { try StringCatalogFile(parsing: broken, file: "L.xcstrings", splitAbove: .max) }
            let split = #expect(throws: CatalogDiagnostic.self) {
                try StringCatalogFile(parsing: broken, file: "L.xcstrings", splitAbove: Small.splitAbove)
            }
            #expect(single != nil && single == split)
            #expect((single?.line ?? 0) > 1)
        }
    }

    static let languages = ["en", "de", "fr", "ru", "ja", "ar", "pt-BR", "zh-Hans"]

    /// The reader's defaults on a file of several megabytes.
    @Test func readFromDiskEqualsReadInMemory() throws {
        try Self.compare(Self.catalog(keys: 6_000, languages: Self.languages), keys: 6_000, small: false)
    }

    /// The halves of a split parse that do not meet where the quick scan said (forced here:
    /// the first half stops one member late, after the second half has run and given its bytes
    /// back) are parsed again from the file, and the result is the single parser's.
    @Test func halvesThatDoNotMeetAreReadAgainFromTheFile() throws {
        let text = Self.catalog(keys: Small.keys, languages: Self.languages)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-split-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Localizable.xcstrings").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let releasedBeforeFallback = Locked<Int?>(nil)
        let fallback = try StringCatalogFile(
            reading: path, splitAbove: Small.splitAbove, releaseStep: Small.releaseStep, misplaceSplitForTesting: true
        ) { released in
            releasedBeforeFallback.withLock { $0 = released }
        }
        // The fallback ran after the second half had given back at least one release step.
        let released = try #require(releasedBeforeFallback.withLock { $0 })
        #expect(released >= Small.releaseStep)
        let reference = try StringCatalogFile(parsing: Array(text.utf8), file: path, splitAbove: .max)
        #expect(fallback.keys == reference.keys)
        #expect(fallback.localizations == reference.localizations)
        #expect(fallback.diagnostics == reference.diagnostics)
        #expect(fallback.records["ja"]?.map(\.location) == reference.records["ja"]?.map(\.location))
        // In memory (nothing given back) the forced disagreement takes the same way out.
        let inMemory = try StringCatalogFile(parsing: Array(text.utf8), file: path, splitAbove: Small.splitAbove, misplaceSplitForTesting: true)
        #expect(inMemory.localizations == reference.localizations)
    }

    @Test func stringsBeforeSourceLanguageIsReadAgainFromDisk() throws {
        try Self.compare(Self.catalog(keys: Small.keys, languages: Self.languages, stringsFirst: true), keys: Small.keys, small: true)
    }
}
