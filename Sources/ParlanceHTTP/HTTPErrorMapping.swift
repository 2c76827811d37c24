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
/// | 400 | `invalid-json`, `missing-field`, `invalid-argument`, `invalid-locale`, `invalid-number`, `invalid-skeleton`, `invalid-time`, `invalid-time-zone`, `invalid-message`, `missing-argument`, any other `invalid-…`/`missing-…` code |
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

    /// Appends `text` as a JSON string literal (RFC 8259 escapes; non-ASCII as UTF-8).
    package static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
