internal import CICU

/// Owner of ICU's bidi services (`ubidi_*`, and `u_charDirection` in a C loop).
///
/// `UBiDi` objects are stateful and not thread-safe: the shim opens and closes one per call.
package enum ICUBidi {
    /// `UBIDI_DEFAULT_LTR`: the paragraph level from the first strong character, else LTR.
    package static var defaultLeftToRight: UInt8 { UInt8(CICU_BIDI_DEFAULT_LTR) }
    /// The status that asks for a larger buffer.
    package static var bufferOverflow: Int32 { CICU_STATUS_BUFFER_OVERFLOW }

    /// The first strong direction of UTF-8 text outside isolates, across paragraphs:
    /// 1 left to right, 2 right to left, 0 none.
    package static func firstStrong(utf8 bytes: UnsafeBufferPointer<CChar>) -> Int32 {
        CICU_bidiFirstStrongUTF8(bytes.baseAddress, Int32(bytes.count))
    }

    /// The level runs of UTF-16 text (`ubidi_setPara` + `ubidi_getLogicalRun`); returns the
    /// run count, with `bufferOverflow` in `status` when more than `capacity`.
    package static func logicalRuns(
        _ text: UnsafeBufferPointer<UInt16>, paragraphLevel: UInt8, starts: inout [Int32], lengths: inout [Int32],
        levels: inout [UInt8], capacity: Int, direction: inout Int32, resolvedLevel: inout UInt8, status: inout Int32
    ) -> Int32 {
        CICU_bidiLogicalRuns(
            text.baseAddress, Int32(text.count), paragraphLevel, &starts, &lengths, &levels, Int32(capacity),
            &direction, &resolvedLevel, &status)
    }
}
