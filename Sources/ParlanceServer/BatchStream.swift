#if Server
import Hummingbird
import NIOCore
import Parlance
import ParlanceHTTP

/// `POST /v1/batch`: JSON Lines in, one answer line out per non-blank line, written as each
/// line arrives (a client may send a line and wait for its answer on the same request).
///
/// Budgets: a line longer than `maxBatchLineSize` gets a `payload-too-large` error line (the
/// run goes on with the next line); past `maxBatchBodySize` bytes or `batchTimeout` an error
/// line ends the stream; a body that stops arriving is cut by the connection's idle timeout.
struct BatchStream: Sendable {
    static let mediaTypes = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-lines"]

    let adapter: BatchAdapter
    let metrics: ServerMetrics
    let configuration: ParlanceServerConfiguration
    let defaultLocale: LocaleID?
    /// Removes the catalog's location on the server from error lines.
    let paths: CatalogPathScrubber

    func run(_ body: RequestBody, writer: inout any ResponseBodyWriter) async throws {
        let start = ContinuousClock.now
        var line: [UInt8] = []
        var oversized = false
        var total = 0
        var lines = 0
        defer { metrics.batchLines.increment(by: lines) }
        for try await buffer in body {
            total += buffer.readableBytes
            if total > configuration.maxBatchBodySize {
                try await writer.write(
                    Self.errorLine("payload-too-large", "the batch body is larger than \(configuration.maxBatchBodySize) bytes; the stream ends here"))
                try await writer.finish(nil)
                return
            }
            if ContinuousClock.now - start > configuration.batchTimeout {
                try await writer.write(
                    Self.errorLine("request-timeout", "the batch stream lasted longer than \(configuration.batchTimeout); the stream ends here"))
                try await writer.finish(nil)
                return
            }
            var out = ByteBuffer()
            for byte in buffer.readableBytesView {
                if byte == UInt8(ascii: "\n") {
                    if let answer = answer(line, oversized: oversized) {
                        out.writeBytes(answer)
                        lines += 1
                    }
                    line.removeAll(keepingCapacity: true)
                    oversized = false
                } else if !oversized {
                    line.append(byte)
                    if line.count > configuration.maxBatchLineSize {
                        oversized = true
                        line.removeAll()
                    }
                }
            }
            if out.readableBytes > 0 { try await writer.write(out) }
        }
        if let answer = answer(line, oversized: oversized) {
            try await writer.write(ByteBuffer(bytes: answer))
            lines += 1
        }
        try await writer.finish(nil)
    }

    /// The answer line (with its newline) to one request line, nil for a blank line.
    private func answer(_ bytes: [UInt8], oversized: Bool) -> [UInt8]? {
        if oversized {
            return Self.errorLineBytes("payload-too-large", "the line is longer than \(configuration.maxBatchLineSize) bytes")
        }
        var slice = bytes[...]
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        guard let text = String(validating: slice, as: UTF8.self) else {
            return Self.errorLineBytes("invalid-json", "the line is not UTF-8")
        }
        guard let answer = adapter.answer(line: text, defaultLocale: defaultLocale).map(paths.scrub) else { return nil }
        return Array(answer.utf8) + [UInt8(ascii: "\n")]
    }

    static func errorLineBytes(_ code: String, _ message: String) -> [UInt8] {
        HTTPErrorMapping.body(code: code, message: message) + [UInt8(ascii: "\n")]
    }

    static func errorLine(_ code: String, _ message: String) -> ByteBuffer {
        ByteBuffer(bytes: errorLineBytes(code, message))
    }
}
#endif
