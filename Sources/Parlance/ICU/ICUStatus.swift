internal import CICU

/// A failure status reported by ICU through the shim, before it is given a public meaning.
///
/// ICU warnings (negative codes such as `U_USING_DEFAULT_WARNING`) count as success.
package struct ICUStatusError: Error, Hashable, Sendable {
    package let status: Int32

    package var name: String { String(cString: CICU_statusName(status)) }

    package static func check(_ status: Int32) throws(ICUStatusError) {
        if status > 0 { throw ICUStatusError(status: status) }
    }

    /// Maps this ICU failure to a public error of the given code.
    package func parlanceError(_ code: ParlanceError.Code, _ message: String) -> ParlanceError {
        ParlanceError(code, message, icuStatus: name)
    }

    package var isSkeletonSyntaxError: Bool {
        status == CICU_STATUS_NUMBER_SKELETON_SYNTAX_ERROR
    }
}

/// Calls the shim with output buffers, retrying on `U_BUFFER_OVERFLOW_ERROR`.
///
/// Every shim call that produces text takes `(out, capacity, &status)` and returns the length it
/// needs. The first attempt writes into a stack buffer; if ICU reports an overflow the call is
/// repeated with exactly the length ICU asked for, so text is never truncated.
package enum ICUOutput {
    /// Produces a `String` from a shim call writing UTF-16.
    @inline(__always)
    package static func utf16(
        _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) throws(ICUStatusError) -> String {
        try call(initialCapacity: 256, body, makeString)
    }

    /// Produces a `String` from a shim call writing UTF-8 (`char`) text: the bytes are validated
    /// and copied once (a small string needs no allocation). `initialCapacity` is the first
    /// round's buffer (on the stack); a longer text costs a second, exactly sized round.
    @inline(__always)
    package static func utf8(
        initialCapacity: Int = 160,
        _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) throws(ICUStatusError) -> String {
        try call(initialCapacity: initialCapacity, body) { buffer in
            // Through the uninitialized-capacity initializer rather than String(decoding:as:):
            // it repairs ill-formed UTF-8 the same way, but a short ASCII text (most numbers,
            // relative times) becomes a small string with only an ASCII check, not a full
            // validation pass.
            buffer.withMemoryRebound(to: UInt8.self) { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { target in
                    _ = target.initialize(fromContentsOf: bytes)
                    return bytes.count
                }
            }
        }
    }

    /// UTF-16 to a `String` through the shim's own transcoder (`CICU_utf16ToUTF8`, which every
    /// UTF-8 output of the shim uses), for tests; `capacity` bounds the first round.
    package static func shimTranscoded(_ units: UnsafeBufferPointer<UInt16>, capacity: Int = 160) throws(ICUStatusError) -> String {
        try utf8(initialCapacity: capacity) { CICU_utf16ToUTF8(units.baseAddress, Int32(units.count), $0, $1, $2) }
    }

    /// UTF-16 to a native (UTF-8) `String`, specialized for ICU's output: an ASCII fast path,
    /// then a direct transcoding in which a lone surrogate becomes U+FFFD, as
    /// `String(decoding:as:)` does, at a fraction of its generic cost.
    package static func makeString(_ units: UnsafeBufferPointer<UInt16>) -> String {
        var ascii = true
        for unit in units where unit >= 0x80 {
            ascii = false
            break
        }
        if ascii {
            return String(unsafeUninitializedCapacity: units.count) { bytes in
                for index in 0..<units.count { bytes[index] = UInt8(truncatingIfNeeded: units[index]) }
                return units.count
            }
        }
        return String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var out = 0
            var index = 0
            @inline(__always) func put(_ byte: UInt32) {
                bytes[out] = UInt8(truncatingIfNeeded: byte)
                out += 1
            }
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xF800 == 0xD800 {
                    // A surrogate: a high one followed by a low one is a pair, anything else U+FFFD.
                    if scalar < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                switch scalar {
                case ..<0x80:
                    put(scalar)
                case ..<0x800:
                    put(0xC0 | scalar >> 6)
                    put(0x80 | scalar & 0x3F)
                case ..<0x10000:
                    put(0xE0 | scalar >> 12)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                default:
                    put(0xF0 | scalar >> 18)
                    put(0x80 | scalar >> 12 & 0x3F)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                }
            }
            return out
        }
    }

    @inline(__always)
    private static func call<Unit>(
        initialCapacity: Int,
        _ body: (UnsafeMutablePointer<Unit>, Int32, UnsafeMutablePointer<Int32>) -> Int32,
        _ decode: (UnsafeBufferPointer<Unit>) -> String
    ) throws(ICUStatusError) -> String {
        var capacity = initialCapacity
        var status: Int32 = 0
        // Three rounds: the stack attempt, the exact size, and one more should the length ICU
        // needs change between calls (it never should); then the overflow is reported.
        for _ in 0..<3 {
            status = 0
            var needed: Int32 = 0
            // One unit more than announced, so ICU can NUL-terminate.
            let text: String? = withUnsafeTemporaryAllocation(of: Unit.self, capacity: capacity + 1) { buffer in
                needed = body(buffer.baseAddress!, Int32(capacity), &status)
                guard status <= 0, needed >= 0, Int(needed) <= capacity else { return nil }
                return decode(UnsafeBufferPointer(rebasing: buffer[..<Int(needed)]))
            }
            if let text { return text }
            guard status == CICU_STATUS_BUFFER_OVERFLOW || (status <= 0 && Int(needed) > capacity) else {
                throw ICUStatusError(status: status)
            }
            capacity = Int(needed)
        }
        throw ICUStatusError(status: CICU_STATUS_BUFFER_OVERFLOW)
    }
}
