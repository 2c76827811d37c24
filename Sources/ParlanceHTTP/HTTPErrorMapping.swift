public import Parlance

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How Parlance's error codes become HTTP statuses, shared by `parlance serve` and the
/// Hummingbird and Vapor middleware.
///
/// | status | codes |
/// |---|---|
/// | 400 | `bad-request` (a request that is not valid HTTP or whose body cannot be read), `invalid-json`, `missing-field`, `invalid-argument`, `invalid-locale`, `invalid-number`, `invalid-skeleton`, `invalid-time`, `invalid-time-zone`, `invalid-message`, `missing-argument`, any other `invalid-…`/`missing-…` code |
/// | 401 | `unauthorized` |
/// | 403 | `forbidden` |
/// | 404 | `unknown-op`, `missing-key`, `not-found`, `no-catalog` |
/// | 405 | `method-not-allowed` |
/// | 408 | `request-timeout` |
/// | 409 | `duplicate-proposal`, `proposal-not-open`, `conflict` |
/// | 413 | `payload-too-large` |
/// | 415 | `unsupported-media-type` |
/// | 500 | `internal`, `invalid-file`, `invalid-format` (the server's own catalog is at fault), any other code |
/// | 503 | `store-unavailable` (a database the request needs is down or does not answer in time) |
///
/// ```swift
/// HTTPErrorMapping.status(for: "invalid-locale")   // 400
/// HTTPErrorMapping.status(for: ParlanceError(.missingKey, "…"))   // 404
/// ```
public enum HTTPErrorMapping {
    /// The HTTP status for an error code of the batch protocol or of `ParlanceError`.
    public static func status(for code: String) -> Int {
        switch code {
        case "bad-request": return 400
        case "unauthorized": return 401
        case "forbidden": return 403
        case "unknown-op", "missing-key", "not-found", "no-catalog": return 404
        case "method-not-allowed": return 405
        case "request-timeout": return 408
        case "duplicate-proposal", "proposal-not-open", "conflict": return 409
        case "payload-too-large": return 413
        case "unsupported-media-type": return 415
        case "internal", "invalid-file", "invalid-format": return 500
        case "store-unavailable": return 503
        default:
            return code.hasPrefix("invalid-") || code.hasPrefix("missing-") ? 400 : 500
        }
    }

    /// The HTTP status for a library error.
    public static func status(for error: ParlanceError) -> Int {
        status(for: error.code.rawValue)
    }

    /// The JSON error body `{"error":{"code":…,"message":…}}` (UTF-8, no trailing newline).
    ///
    /// ```swift
    /// String(decoding: HTTPErrorMapping.body(code: "not-found", message: "no route"), as: UTF8.self)
    /// // {"error":{"code":"not-found","message":"no route"}}
    /// ```
    public static func body(code: String, message: String) -> [UInt8] {
        var out = Array(#"{"error":{"code":"#.utf8)
        appendJSONString(code, to: &out)
        out.append(contentsOf: #","message":"#.utf8)
        appendJSONString(message, to: &out)
        out.append(contentsOf: "}}".utf8)
        return out
    }

    /// The JSON error body for a library error.
    public static func body(for error: ParlanceError) -> [UInt8] {
        body(code: error.code.rawValue, message: error.message)
    }

    /// Appends `text` as a JSON string literal (``JSONStringLiteral``'s escapes: RFC 8259's,
    /// plus U+2028 and U+2029; non-ASCII as UTF-8).
    package static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        JSONStringLiteral.append(text, to: &out)
    }
}
