#if Server
package import Hummingbird
import NIOCore
package import Parlance

/// Reading untrusted request bodies: media type, size and time budgets.
package enum RequestBodies {
    package static func failure(_ code: String, _ message: String) -> ParlanceError {
        ParlanceError(ParlanceError.Code(rawValue: code), message)
    }

    /// Throws `unsupported-media-type` unless the `Content-Type` is one of `accepted`
    /// (parameters such as `charset=utf-8` allowed; case-insensitive).
    package static func requireMediaType(_ request: Request, _ accepted: [String]) throws(ParlanceError) {
        let raw = request.headers[.contentType] ?? ""
        let essence = raw.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard accepted.contains(essence) else {
            let shown = raw.isEmpty ? "no Content-Type" : "Content-Type \(quoted(String(raw.prefix(100))))"
            throw failure("unsupported-media-type", "\(shown); send \(accepted.joined(separator: " or "))")
        }
    }

    /// The whole body as UTF-8 text, within `limit` bytes and `timeout`.
    ///
    /// A declared `Content-Length` over the limit is refused before a byte is read; a chunked
    /// body (no length declared) is read until it passes the limit, and refused then.
    /// - Throws: `payload-too-large` (413), `request-timeout` (408), `invalid-json` for bytes
    ///   that are not UTF-8.
    package static func text(of request: Request, limit: Int, timeout: Duration) async throws(ParlanceError) -> String {
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
        let buffer = try outcome.get()
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw failure("invalid-json", "the body is not UTF-8")
        }
        return text
    }
}
#endif
