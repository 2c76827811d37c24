#if Server
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes the catalog files that answers name relative to the catalog root, so that no answer
/// shows where the catalog lives on the server: `/srv/app/Resources/fr.lproj/Shop.strings:3:1`
/// becomes `fr.lproj/Shop.strings:3:1`, and the root itself (`the catalog "/srv/app/Resources"`)
/// becomes `.`.
///
/// The catalog names its files by the directory it was opened with, so the directory as the
/// server was given it (and its absolute, standardized form) is what is removed. The text is
/// JSON: the directory is looked for in its JSON-escaped form, and only where a path can start
/// (after a quote, a space, a parenthesis or at the start), never inside another word.
struct CatalogPathScrubber: Sendable {
    /// JSON-escaped forms of the directory, longest first.
    private let roots: [[UInt8]]

    init(directory: String?) {
        guard let directory, !directory.isEmpty else {
            roots = []
            return
        }
        var forms: Set<String> = []
        for form in [directory, URL(fileURLWithPath: directory).standardizedFileURL.path] {
            var trimmed = Substring(form)
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            // The file system root would match every absolute path: nothing to hide there.
            if !trimmed.isEmpty, trimmed != "/" { forms.insert(String(trimmed)) }
        }
        roots = forms.map(Self.escaped).sorted { $0.count > $1.count }
    }

    /// `text` with every catalog path made relative to the catalog root.
    func scrub(_ text: String) -> String {
        guard !roots.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var changed = false
        var index = 0
        scan: while index < bytes.count {
            if index == 0 || Self.boundaries.contains(bytes[index - 1]) {
                for root in roots where Self.matches(bytes, at: index, root) {
                    let end = index + root.count
                    if end < bytes.count, bytes[end] == UInt8(ascii: "/") {
                        // A file under the root: keep the part after `root/`.
                        index = end + 1
                        changed = true
                        continue scan
                    }
                    if end == bytes.count || Self.terminators.contains(bytes[end]) {
                        // The root itself.
                        out.append(UInt8(ascii: "."))
                        index = end
                        changed = true
                        continue scan
                    }
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// Bytes after which a path can start: a quote (plain or JSON-escaped), a space, `(`.
    private static let boundaries: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: "'")]
    /// Bytes that can end a path that names the root itself.
    private static let terminators: Set<UInt8> = [
        UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: ")"), UInt8(ascii: "'"), UInt8(ascii: ":"),
        UInt8(ascii: ","),
    ]

    private static func matches(_ bytes: [UInt8], at index: Int, _ root: [UInt8]) -> Bool {
        guard index + root.count <= bytes.count else { return false }
        for offset in 0..<root.count where bytes[index + offset] != root[offset] { return false }
        return true
    }

    /// The text as it appears inside a JSON string (quotes, backslashes and control characters
    /// escaped, as every JSON writer of the server escapes them).
    private static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}
#endif
