#if Translation
/// SipHash (Aumasson and Bernstein) over byte buffers, keyed per cache: the memory cache's
/// table is filled with user content, so its hash must be keyed to keep anyone from choosing
/// texts that collide. The standard library's `Hasher` is the same function (SipHash-1-3), but
/// feeding it raw bytes goes through a non-inlinable path that took a fifth of a cache hit;
/// this one runs inline over 8-byte words.
///
/// `compressionRounds`/`finalizationRounds` are 1/3 for the cache (SipHash-1-3, as `Hasher`)
/// and 2/4 in the tests, which check the reference vectors of the SipHash paper.
struct SipHash {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64
    /// Bytes not yet compressed (fewer than 8), low byte first.
    private var tail: UInt64 = 0
    private var tailCount = 0
    private var length = 0
    private let compressionRounds: Int
    private let finalizationRounds: Int

    init(key: (UInt64, UInt64), compressionRounds: Int = 1, finalizationRounds: Int = 3) {
        v0 = key.0 ^ 0x736f_6d65_7073_6575
        v1 = key.1 ^ 0x646f_7261_6e64_6f6d
        v2 = key.0 ^ 0x6c79_6765_6e65_7261
        v3 = key.1 ^ 0x7465_6462_7974_6573
        self.compressionRounds = compressionRounds
        self.finalizationRounds = finalizationRounds
    }

    @inline(__always)
    private mutating func round() {
        v0 &+= v1
        v1 = v1.rotateLeft(13) ^ v0
        v0 = v0.rotateLeft(32)
        v2 &+= v3
        v3 = v3.rotateLeft(16) ^ v2
        v0 &+= v3
        v3 = v3.rotateLeft(21) ^ v0
        v2 &+= v1
        v1 = v1.rotateLeft(17) ^ v2
        v2 = v2.rotateLeft(32)
    }

    @inline(__always)
    private mutating func compress(_ word: UInt64) {
        v3 ^= word
        for _ in 0..<compressionRounds { round() }
        v0 ^= word
    }

    /// Feeds bytes (any number of calls; the result depends only on the concatenation).
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        length &+= count
        while tailCount != 0, index < count {
            tail |= UInt64(bytes[index]) << UInt64(8 * tailCount)
            index += 1
            tailCount += 1
            if tailCount == 8 {
                compress(tail)
                tail = 0
                tailCount = 0
            }
        }
        while count - index >= 8 {
            compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < count {
            tail |= UInt64(bytes[index]) << UInt64(8 * tailCount)
            index += 1
            tailCount += 1
        }
    }

    /// Feeds a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
            var copy = string
            copy.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The 64-bit hash of everything fed.
    mutating func finalize() -> UInt64 {
        compress(tail | UInt64(truncatingIfNeeded: length) << 56)
        v2 ^= 0xff
        for _ in 0..<finalizationRounds { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotateLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
#endif
