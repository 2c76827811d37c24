internal import CICU

/// One part of a MessageFormat pattern as ICU's `MessagePattern` parses it: what the message
/// plan compiler reads (the shim returns ICU's own parts, so syntax and apostrophe quoting are
/// ICU's).
struct MessagePatternPart: Sendable {
    /// ICU's `UMessagePatternPartType` (the shim checks the values against ICU's enum).
    enum Kind: Int32, Sendable {
        case msgStart = 0, msgLimit, skipSyntax, insertChar, replaceNumber, argStart, argLimit, argNumber, argName, argType, argStyle,
            argSelector, argInt, argDouble
    }

    /// ICU's `UMessagePatternArgType`, for `argStart` and `argLimit` parts.
    enum ArgumentKind: Int32, Sendable {
        case noType = 0, simple, choice, plural, select, selectOrdinal
    }

    var type: Kind
    var argType: ArgumentKind
    /// Where the part is in the pattern, in UTF-16 units.
    var index: Int32
    var length: Int32
    /// For a `…Start` part, the index of its `…Limit` part; else -1.
    var limitPart: Int32
    /// The value of an `argInt` or `argDouble` part; the offset of a plural's `argStart`; else 0.
    var number: Double

    /// The parts of a pattern (UTF-16), or nil when ICU does not parse it.
    static func parts(of units: [UInt16]) -> [MessagePatternPart]? {
        var capacity = max(16, units.count / 2)
        for _ in 0..<2 {
            var status: Int32 = 0
            var parts = [CICUMessagePart](repeating: CICUMessagePart(), count: capacity)
            let count = units.withUnsafeBufferPointer { buffer in
                parts.withUnsafeMutableBufferPointer { out in
                    CICU_messagePatternParts(buffer.baseAddress, Int32(buffer.count), out.baseAddress, Int32(out.count), &status)
                }
            }
            if status == CICU_STATUS_BUFFER_OVERFLOW {
                capacity = Int(count)
                continue
            }
            guard status <= 0, count >= 2 else { return nil }
            var result: [MessagePatternPart] = []
            result.reserveCapacity(Int(count))
            for part in parts.prefix(Int(count)) {
                guard let type = Kind(rawValue: part.type), let argType = ArgumentKind(rawValue: part.argType) else { return nil }
                result.append(
                    MessagePatternPart(
                        type: type, argType: argType, index: part.index, length: part.length, limitPart: part.limitPart, number: part.number))
            }
            return result
        }
        return nil
    }
}
