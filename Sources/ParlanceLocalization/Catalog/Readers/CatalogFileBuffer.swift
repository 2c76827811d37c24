#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes in an anonymous memory mapping of their own, for a reader that goes through
/// them once: ``release(below:)`` gives back the pages the reader has passed, so that a 70 MB
/// String Catalog is not held whole while its entries are built (peak memory stays under three
/// times the file's size).
///
/// The file is read with `read(2)` into the mapping, not mapped itself: a file truncated by
/// another process while it is read gives fewer bytes (and a located JSON error, or fewer
/// entries), never a `SIGBUS`. Pages given back read as zeros, so the owner must not read
/// below the released offset again.
///
/// `@unchecked Sendable`: a file parsed in two halves at once gives back each half's pages
/// from its own thread; ``release(below:)`` is called by the first half's thread only and
/// ``releaseSecondHalf(from:below:)`` by the second's only, each with its own watermark, over
/// ranges that do not overlap.
final class CatalogFileBuffer: @unchecked Sendable {
    /// The file's bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer
    private let mappedLength: Int
    /// Bytes below this offset have been given back.
    private(set) var released = 0
    /// The second half's watermark (0: nothing given back yet).
    private(set) var secondReleased = 0
    /// How many bytes of the second half have been given back.
    var secondReleasedBytes: Int {
        guard secondReleased > 0 else { return 0 }
        return max(secondReleased - (secondStart ?? secondReleased), 0)
    }
    /// Where the second half's first whole page begins (set by its first release).
    private var secondStart: Int?

    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
    /// The default of ``releaseStep``: a megabyte.
    static let defaultReleaseStep = 1 << 20
    /// Pages are given back in steps of at least this many bytes (one `madvise` per step).
    let releaseStep: Int

    /// Reads `path`; pages are given back in steps of at least `releaseStep` bytes (a
    /// megabyte; tests take smaller steps so that small files span several).
    ///
    /// - Throws: the file's ``CatalogDiagnostic`` when it cannot be opened or read.
    init(reading path: String, releaseStep: Int = CatalogFileBuffer.defaultReleaseStep) throws(CatalogDiagnostic) {
        self.releaseStep = max(releaseStep, Self.pageSize)
        func failure(_ call: String) -> CatalogDiagnostic { CatalogFileSystem.unreadable(path, call) }
        let (descriptor, size) = try CatalogFileSystem.open(path)
        defer { close(descriptor) }
        var contents: [UInt8]?
        var mapping: (base: UnsafeMutableRawPointer, length: Int, count: Int)?
        if size > 0, let mapped = Self.map(size) {
            var total = 0
            var readFailed = false
            while total < size {
                let count = read(descriptor, mapped + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    readFailed = true
                    break
                }
                if count == 0 { break }
                total += count
            }
            var extra: UInt8 = 0
            if readFailed {
                munmap(mapped, size)
                throw failure("read")
            } else if total == size, read(descriptor, &extra, 1) == 1 {
                // The file grew since fstat: read it whole the ordinary way.
                munmap(mapped, size)
                contents = try CatalogFileSystem.read(path)
            } else {
                mapping = (mapped, size, total)
            }
        } else {
            contents = try CatalogFileSystem.read(path)
        }
        if let contents {
            let length = max(contents.count, 1)
            guard let mapped = Self.map(length) else { throw failure("mmap") }
            contents.withUnsafeBytes { mapped.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            mapping = (mapped, length, contents.count)
        }
        guard let mapping else { throw failure("read") }
        self.base = mapping.base
        self.mappedLength = mapping.length
        self.bytes = UnsafeBufferPointer(start: mapping.base.assumingMemoryBound(to: UInt8.self), count: mapping.count)
    }

    private static func map(_ length: Int) -> UnsafeMutableRawPointer? {
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        return mapped
    }

    deinit { munmap(base, mappedLength) }

    /// Gives back the whole pages below `offset` (a reader's position it will not go back
    /// before), in steps of ``releaseStep`` bytes.
    func release(below offset: Int) {
        giveBack(below: offset, from: &released)
    }

    /// ``release(below:)`` for the second half of a file parsed in two halves: the whole
    /// pages from `start` (where the half begins, rounded up to a page) below `offset`.
    func releaseSecondHalf(from start: Int, below offset: Int) {
        if secondReleased == 0 {
            secondReleased = (start + Self.pageSize - 1) / Self.pageSize * Self.pageSize
            secondStart = secondReleased
        }
        giveBack(below: offset, from: &secondReleased)
    }

    /// Drops the whole pages from `watermark` below `offset` from memory once they make a
    /// step, and moves the watermark there; the pages read as zeros afterwards.
    private func giveBack(below offset: Int, from watermark: inout Int) {
        let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        guard end - watermark >= releaseStep else { return }
        #if canImport(Darwin)
        _ = madvise(base + watermark, end - watermark, MADV_FREE)
        #else
        _ = madvise(base + watermark, end - watermark, MADV_DONTNEED)
        #endif
        watermark = end
    }
}
