import Testing

@testable import ParlanceLocalization

/// The quick UTF-8 check that catalog readers run before parsing agrees with Swift's own
/// `UTF8` decoder (the reference the scalar-by-scalar path uses) on every one- and two-byte
/// sequence, on three-byte sequences with every lead and second byte and the third bytes around
/// the continuation range, and on seeded random four-byte sequences, inside ASCII text that
/// the eight-byte fast path reads.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// What Swift's decoder says of `bytes`.
    static func decoderAccepts(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    static func quickAccepts(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { TextDecoding.isValidUTF8($0, from: 0) }
    }

    @Test func everySequenceOfUpToThreeBytes() {
        var disagreements: [[UInt8]] = []
        var accepted = 0
        let padding = Array("abcdefghij".utf8)
        for first in 0...255 {
            for second in -1...255 {
                // Third bytes only after a lead that needs them (the rest is covered by the
                // two-byte sequences followed by ASCII), around the continuation range 80…BF.
                let thirds: [Int] = (first >= 0xE0 && second >= 0) ? Array(0x70...0xC3) : [-1]
                for third in thirds {
                    var sequence = [UInt8(first)]
                    if second >= 0 { sequence.append(UInt8(second)) }
                    if third >= 0 { sequence.append(UInt8(third)) }
                    // Inside ASCII too (the eight-byte path), for the one- and two-byte ones.
                    for bytes in sequence.count < 3 ? [sequence, padding + sequence + padding] : [padding + sequence] {
                        let quick = Self.quickAccepts(bytes)
                        if quick != Self.decoderAccepts(bytes) { disagreements.append(bytes) }
                        if quick { accepted += 1 }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
        // Every ASCII byte, C2…DF with each continuation byte, and more: the check is not vacuous.
        #expect(accepted > 10_000)
    }

    @Test func seededFourByteSequences() {
        var generator = SeededGenerator(seed: 0x5EED_F00D)
        var disagreements: [[UInt8]] = []
        var accepted = 0
        for _ in 0..<100_000 {
            let lead = UInt8.random(in: 0xEE...0xF7, using: &generator)
            var bytes = Array("0123456789".utf8) + [lead]
            for _ in 0..<3 { bytes.append(UInt8.random(in: 0x70...0xC3, using: &generator)) }
            bytes += Array("xyz".utf8)
            let quick = Self.quickAccepts(bytes)
            if quick != Self.decoderAccepts(bytes) { disagreements.append(bytes) }
            if quick { accepted += 1 }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
        #expect(accepted > 200)
    }

    @Test func realTextAndItsErrors() throws {
        let text = Array("Grüße, 世界 🌍 — \u{10FFFF} and ASCII that runs on for a while".utf8)
        #expect(Self.quickAccepts(text))
        #expect(!Self.quickAccepts(text + [0xED, 0xA0, 0x80]))  // a surrogate
        #expect(!Self.quickAccepts(text + [0xC0, 0xAF]))  // an overlong '/'
        #expect(!Self.quickAccepts(text + [0xF4, 0x90, 0x80, 0x80]))  // past U+10FFFF
        #expect(!Self.quickAccepts(text + [0xE2, 0x82]))  // cut short at the end
        // The located error still comes from the scalar-by-scalar path.
        let error = #expect(throws: CatalogDiagnostic.self) {
            try TextDecoding.validatedUTF8(Array("a\nbc".utf8) + [0xFF], file: "x.strings")
        }
        #expect(error?.line == 2 && error?.column == 3)
    }
}

/// SplitMix64, so that the random sequences are the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
