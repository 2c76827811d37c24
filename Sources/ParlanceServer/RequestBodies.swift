#if Server
package import Hummingbird
package import NIOCore
package import Parlance

/// Reading untrusted request bodies: media type, size and time budgets.
package enum RequestBodies {
    package static func failure(_ code: String, _ message: String) -> ParlanceError {
        ParlanceError(ParlanceError.Code(rawValue: code), message)
    }

    /// Throws `unsupported-media-type` unless `contentType` (the header's value) is one of
    /// `accepted` (lowercase media types; parameters such as `charset=utf-8` allowed; compared
    /// case-insensitively).
    package static func requireMediaType(_ contentType: String?, _ accepted: [String]) throws(ParlanceError) {
        guard let contentType, accepted.contains(where: { mediaType(of: contentType, is: $0) }) else {
            let shown = contentType.map { "Content-Type \(quoted(String($0.prefix(100))))" } ?? "no Content-Type"
            throw failure("unsupported-media-type", "\(shown); send \(accepted.joined(separator: " or "))")
        }
    }

    /// Whether a `Content-Type` value's media type (before any `;`, spaces and tabs around it
    /// ignored) is `expected`, ASCII case-insensitively; `expected` is lowercase.
    package static func mediaType(of contentType: String, is expected: String) -> Bool {
        var contentType = contentType
        var expected = expected
        return contentType.withUTF8 { value in
            expected.withUTF8 { wanted in
                let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                var start = 0
                var end = value.firstIndex(of: UInt8(ascii: ";")) ?? value.count
                while start < end, blank(value[start]) { start += 1 }
                while end > start, blank(value[end - 1]) { end -= 1 }
                guard end - start == wanted.count else { return false }
                // ASCII lowercase (`A`–`Z` only): a media type is ASCII, so no other byte can match.
                for offset in 0..<wanted.count {
                    let byte = value[start + offset]
                    let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                    guard lowered == wanted[offset] else { return false }
                }
                return true
            }
        }
    }

    /// The whole body as UTF-8 text, within `limit` bytes and `timeout`.
    /// - Throws: as ``buffer(of:limit:timeout:)``; `invalid-json` for bytes that are not UTF-8.
    package static func text(of request: Request, limit: Int, timeout: Duration) async throws(ParlanceError) -> String {
        let buffer = try await buffer(of: request, limit: limit, timeout: timeout)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw failure("invalid-json", "the body is not UTF-8")
        }
        return text
    }

    /// The whole body, within `limit` bytes and `timeout`.
    ///
    /// A declared `Content-Length` over the limit is refused before a byte is read; a chunked
    /// body (no length declared) is read until it passes the limit, and refused then.
    /// - Throws: `payload-too-large` (413), `request-timeout` (408).
    package static func buffer(of request: Request, limit: Int, timeout: Duration) async throws(ParlanceError) -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw failure("payload-too-large", "the body has \(declared) bytes; the limit is \(limit)")
        }
        let body = request.body
        let outcome: Result<ByteBuffer, ParlanceError> = await withTaskGroup(of: Result<ByteBuffer, ParlanceError>.self) { group in
            group.addTask {
                do {
                    return .success(try await body.collect(upTo: limit))
                } catch is NIOTooManyBytesError {
                    return .failure(failure("payload-too-large", "the body is larger than the limit of \(limit) bytes"))
                } catch let error as HTTPError where error.status == .contentTooLarge {
                    return .failure(failure("payload-too-large", "the body is larger than the limit of \(limit) bytes"))
                } catch {
                    return .failure(failure("bad-request", "the body could not be read"))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .failure(failure("request-timeout", "the body did not arrive within \(timeout)"))
            }
            let first = await group.next() ?? .failure(failure("internal", "no body reader finished"))
            group.cancelAll()
            return first
        }
        return try outcome.get()
    }
}
#endif
