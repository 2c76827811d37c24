import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Parlance

/// Wrapper overhead: the shim hands lists and numbers back as UTF-8, widens list
/// items itself, scans ASCII for bidi without a property lookup, and makes date clones lazily.
/// These tests pin each of those paths against an independent source.
@Suite("Wrapper paths: UTF-8 output, list items, bidi ASCII, lazy date clones")
struct WrapperPathTests {
    // MARK: The shim's UTF-16 → UTF-8 transcoder

    @Test("the shim's transcoder equals String(decoding:as: UTF16.self), lone surrogates included", arguments: ICUOutputTests.samples)
    func transcoder(_ units: [UInt16]) throws {
        let shim = try units.withUnsafeBufferPointer { try ICUOutput.shimTranscoded($0) }
        #expect(Array(shim.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
        // A first round too small for the text: the length reported is the exact size, and the
        // second round gives the same text (no truncation).
        let small = try units.withUnsafeBufferPointer { try ICUOutput.shimTranscoded($0, capacity: 1) }
        #expect(small == shim)
    }

    @Test("the shim's transcoder over every BMP code unit and a sweep of pairs")
    func transcoderSweep() throws {
        var units: [UInt16] = []
        for unit in UInt16(0)...UInt16.max { units.append(unit) }
        for high in stride(from: UInt16(0xD800), through: 0xDBFF, by: 37) {
            units.append(high)
            units.append(0xDC00 + high % 0x400)
        }
        let shim = try units.withUnsafeBufferPointer { try ICUOutput.shimTranscoded($0) }
        #expect(Array(shim.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
    }

    // MARK: Lists: items widened in the shim, the list read back as UTF-8

    /// CLDR's English "and" list (wide): "{0}, {1}" to join, "{0}, and {1}" at the end,
    /// "{0} and {1}" for two; written out here, independently of ICU.
    static func englishAnd(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: items[0] + " and " + items[1]
        default: items.dropLast().joined(separator: ", ") + ", and " + items[items.count - 1]
        }
    }

    static let itemSets: [[String]] = [
        [], ["solo"], ["Äpfel", "Birnen"], ["Äpfel", "日本", "👍🏽", "a"], ["", "", ""], ["é\u{301}", "\u{10FFFF}", "x\u{0}y"],
        // Longer than the shim's stack buffer (512 UTF-16 units), and more items than its 16 slots.
        [String(repeating: "long ", count: 200), String(repeating: "ß", count: 300)],
        (0..<40).map { "item \($0) – ü" },
        (0..<300).map { String($0) },
    ]

    @Test("English lists equal CLDR's patterns applied by hand", arguments: itemSets)
    func englishLists(_ items: [String]) throws {
        #expect(try ListFormat(locale: "en").format(items) == Self.englishAnd(items))
    }

    @Test("bridged (non-native) strings as items")
    func bridgedItems() throws {
        let items = ["Äpfel", "plain"].map { NSString(string: $0) as String }
        #expect(try ListFormat(locale: "en").format(items) == "Äpfel and plain")
    }

    @Test("German with non-ASCII items, as CLDR writes it")
    func german() throws {
        #expect(try ListFormat(locale: "de").format(["Äpfel", "Birnen", "Kirschen", "Pflaumen"]) == "Äpfel, Birnen, Kirschen und Pflaumen")
        #expect(try ListFormat(locale: "ja").format(["りんご", "なし", "もも"]) == "りんご、なし、もも")
    }

    @Test("thousands of items, nearly all connectors")
    func manyEmptyItems() throws {
        let items = Array(repeating: "", count: 2000)
        #expect(try ListFormat(locale: "en").format(items) == Self.englishAnd(items))
        // Japanese joins every pair with "、" (three UTF-8 bytes).
        let japanese = try ListFormat(locale: "ja").format(Array(repeating: "x", count: 2000))
        #expect(japanese == Array(repeating: "x", count: 2000).joined(separator: "、"))
    }

    // MARK: Bidi: the shim's ASCII fast path

    @Test("every ASCII character: the fast path equals u_charDirection's classes")
    func bidiASCII() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let character = String(scalar)
            let bidiClass = BidiClass(of: scalar)
            // Alone: left to right exactly for class L.
            #expect(Bidi.baseDirection(of: character) == (bidiClass == .leftToRight ? .leftToRight : nil), "U+\(String(value, radix: 16))")
            // Inside an isolate and before "a": only a paragraph separator (class B) ends the
            // isolate, so "a" decides only then.
            let isolated = "\u{2067}" + character + "a"
            let expected: TextDirection? = bidiClass == .leftToRight ? nil : (bidiClass == .paragraphSeparator ? .leftToRight : nil)
            #expect(Bidi.baseDirection(of: isolated) == expected, "U+\(String(value, radix: 16)) in an isolate")
            #expect(Bidi.baseDirection(of: isolated) == Bidi.scanCodePoints(isolated))
            #expect(Bidi.baseDirection(of: isolated[...]) == Bidi.scanCodePoints(isolated))
        }
    }

    @Test("non-ASCII text through the String overload and the generic one")
    func bidiNonASCII() {
        let cases: [(String, TextDirection?)] = [
            ("\u{2066}+1 555-0100\u{2069} اتصل بنا", .rightToLeft), ("Ünïcödé", .leftToRight), ("«123» שלום", .rightToLeft),
            ("— ١٢٣ —", nil), ("😀 ok", .leftToRight), ("\u{2068}ok\u{2069}", nil), ("\u{2068}ok\u{2069}\u{2029}ש", .rightToLeft),
        ]
        for (text, expected) in cases {
            #expect(Bidi.baseDirection(of: text) == expected, "\(text)")
            #expect(Bidi.baseDirection(of: text[...]) == expected, "\(text)")
            #expect(Bidi.baseDirection(of: NSString(string: text) as String) == expected, "\(text) bridged")
        }
    }

    // MARK: Dates: clones made only when threads contend

    /// A formatter no other test uses (its own zone and skeleton), so its clone count is this
    /// test's alone.
    /// The tests format through `icuFormat(millis:)`: `format(millis:)` takes the compiled
    /// Swift path for this pattern, which uses no ICU clone at all.
    static func freshFormatter(_ zone: String) throws -> ICUDateFormatter {
        try ICUDateFormatter.cached(locale: "de", spec: .skeleton("yMMMdjmsSSS"), zone: zone)
    }

    @Test("one thread at a time: one clone, however many calls")
    func sequentialUseKeepsOneClone() throws {
        let formatter = try Self.freshFormatter("Etc/GMT-13")
        for i in 0..<2_000 { _ = try formatter.icuFormat(millis: 1_700_000_000_000 + Double(i) * 61_001) }
        #expect(formatter.cloneCount == 1)
    }

    @Test("contending threads add clones up to the bound, and every result stays right")
    func contentionAddsClones() throws {
        let formatter = try Self.freshFormatter("Etc/GMT-14")
        let millis = (0..<64).map { 1_700_000_000_000 + Double($0) * 3_600_007 }
        let expected = try millis.map { try formatter.icuFormat(millis: $0) }
        #expect(formatter.cloneCount == 1)
        // Contention forced, not hoped for: each holder thread takes a clone and keeps it until
        // released, and the next holder starts only once the previous one holds its clone, so
        // it finds every clone busy and adds one.
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let indexes = Locked<[Int]>([])
        for holder in 0..<4 {
            Thread {
                let index = try? formatter.withClone(wait: false) {
                    held.signal()
                    release.wait()
                }
                indexes.withLock { $0.append(index ?? -1) }
                finished.signal()
            }.start()
            held.wait()
            #expect(formatter.cloneCount == holder + 1)
        }
        // Every clone is held and the bound is reached: one more contender adds none.
        #expect(try formatter.withClone(wait: false) {} == nil)
        #expect(formatter.cloneCount == 4)
        // A format call made now waits for a clone, and gets the right text once one is free.
        let waited = Locked<String?>(nil)
        Thread {
            waited.withLock { $0 = try? formatter.icuFormat(millis: millis[5]) }
            finished.signal()
        }.start()
        for _ in 0..<4 { release.signal() }
        for _ in 0..<5 { finished.wait() }
        #expect(indexes.withLock { $0.sorted() } == [0, 1, 2, 3])
        #expect(waited.withLock { $0 } == expected[5])
        // Threads sharing the grown formatter: every result right, and no clone past the bound.
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var bad = 0
            for _ in 0..<50 {
                for index in millis.indices where (try? formatter.icuFormat(millis: millis[index])) != expected[index] { bad += 1 }
            }
            mismatches.withLock { $0 += bad }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(formatter.cloneCount == 4)
    }
}
