import Testing

@testable import Parlance

@Suite("ICU output decoding")
struct ICUOutputTests {
    static let samples: [[UInt16]] = [
        [], Array("1.234,5".utf16), Array("1\u{202F}234,5\u{00A0}€".utf16), Array("١٬٢٣٤٫٥".utf16),
        Array("𝟙𝟚 👍🏽 日本".utf16), [0xD800], [0xDC00, 0x41], [0x41, 0xD83D], [0xD83D, 0xD83D, 0xDE00], [0xFFFF, 0x7F, 0x80, 0x7FF, 0x800],
    ]

    @Test("the fast transcoder equals String(decoding:as: UTF16.self), lone surrogates included", arguments: samples)
    func transcoder(_ units: [UInt16]) {
        let fast = units.withUnsafeBufferPointer { ICUOutput.makeString($0) }
        #expect(fast == String(decoding: units, as: UTF16.self))
        #expect(Array(fast.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
    }

    @Test("every BMP code unit and a sweep of pairs")
    func sweep() {
        var units: [UInt16] = []
        for unit in UInt16(0)...UInt16.max { units.append(unit) }
        for high in stride(from: UInt16(0xD800), through: 0xDBFF, by: 37) {
            units.append(high)
            units.append(0xDC00 + high % 0x400)
        }
        let fast = units.withUnsafeBufferPointer { ICUOutput.makeString($0) }
        #expect(Array(fast.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
    }
}
