#if Translation
import Testing

@testable import ParlanceTranslation

/// The memory cache's keyed hash, checked against the reference vectors of the SipHash paper
/// (Aumasson and Bernstein, "SipHash: a fast short-input PRF", appendix A: key 00…0f, message
/// 00…(n-1)), for SipHash-2-4, the same code with the rounds the paper uses.
@Suite struct SipHashTests {
    let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)

    func sipHash24(_ bytes: [UInt8], splitAt split: Int? = nil) -> UInt64 {
        var hasher = SipHash(key: key, compressionRounds: 2, finalizationRounds: 4)
        bytes.withUnsafeBytes { buffer in
            let cut = split ?? buffer.count
            hasher.append(UnsafeRawBufferPointer(rebasing: buffer[0..<cut]))
            hasher.append(UnsafeRawBufferPointer(rebasing: buffer[cut...]))
        }
        return hasher.finalize()
    }

    @Test func referenceVectors() {
        // The paper's 15-byte example, and the first, 8-byte and 63-byte entries of its vector
        // table (vectors.h of the reference implementation).
        #expect(sipHash24(Array(0..<15)) == 0xa129_ca61_49be_45e5)
        #expect(sipHash24([]) == 0x726f_db47_dd0e_0e31)
        #expect(sipHash24(Array(0..<8)) == 0x93f5_f579_9a93_2462)
        #expect(sipHash24(Array(0..<63)) == 0x958a_324c_eb06_4572)
    }

    @Test func feedingInPiecesGivesTheSameHash() {
        let bytes = (0..<63).map { UInt8($0) }
        let whole = sipHash24(bytes)
        for split in 0...bytes.count { #expect(sipHash24(bytes, splitAt: split) == whole) }
        var hasher = SipHash(key: key, compressionRounds: 2, finalizationRounds: 4)
        hasher.append("Grüße, ")
        hasher.append("Welt")
        var whole2 = SipHash(key: key, compressionRounds: 2, finalizationRounds: 4)
        whole2.append("Grüße, Welt")
        #expect(hasher.finalize() == whole2.finalize())
    }
}
#endif
