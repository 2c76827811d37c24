#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BatchEngine {
    /// Answers the request lines read from the file descriptor `input` until end of input,
    /// writing each answer line to `output` with its own `write(2)`: an answer is out of the
    /// process (the protocol's flush) before the next line is answered.
    ///
    /// Lines are what `readLine(strippingNewline: true)` returns: split at `\n`, a `\r` before
    /// the `\n` dropped, a last line without `\n` answered too, ill-formed UTF-8 read as U+FFFD.
    /// Input is read in large chunks; a line longer than the buffer grows it.
    package func run(input: Int32, output: Int32) {
        var capacity = 64 * 1024
        var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        var start = 0  // the first byte of the line being read
        var end = 0  // one past the last byte read
        var searched = 0  // bytes before this were searched for a newline
        var answer: [UInt8] = []
        answer.reserveCapacity(4096)

        func answerLine(_ count: Int) {
            answer.removeAll(keepingCapacity: true)
            guard respond(utf8: UnsafeBufferPointer(start: storage + start, count: count), into: &answer) else { return }
            answer.append(UInt8(ascii: "\n"))
            answer.withUnsafeBytes { Self.writeAll(output, $0) }
        }

        while true {
            while searched < end, let found = memchr(storage + searched, 0x0A, end - searched) {
                let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var lineEnd = newline
                if lineEnd > start, storage[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                answerLine(lineEnd - start)
                start = newline + 1
                searched = start
            }
            searched = end
            if start > 0 {
                // Keep the partial line at the front of the buffer.
                memmove(storage, storage + start, end - start)
                end -= start
                searched -= start
                start = 0
            }
            if end == capacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                grown.update(from: storage, count: end)
                storage.deallocate()
                storage = grown
                capacity *= 2
            }
            let count = read(input, storage + end, capacity - end)
            if count > 0 {
                end += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                // End of input (or a read error, which ends the input as it does for readLine).
                if end > start { answerLine(end - start) }
                return
            }
        }
    }

    /// Writes all of `bytes` (retrying after a signal or a short write); a write error drops
    /// the rest of this answer, as `print` to a closed stream does.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, base, remaining)
            if written > 0 {
                base += written
                remaining -= written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
