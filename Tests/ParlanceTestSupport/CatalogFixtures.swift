// Catalog files written by tests: a one-key plural `.stringsdict` as Xcode writes it, and a
// temporary catalog directory built from relative paths and texts.
import Foundation

/// Catalog texts and directories for tests.
public enum CatalogFixture {
    /// A new empty directory under the temporary directory, named `parlance-<prefix>-<UUID>`.
    public static func scratchDirectory(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` as UTF-8 to `path`, creating its folders.
    public static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A `.stringsdict` with one key whose format is `%#@n@` and whose variable `n` is a plural
    /// of value type `type`, with `variants` (category, text) in the order given, laid out as
    /// Xcode writes it (tabs, one element a line), so that a test can compute a line from it.
    public static func pluralStringsdict(_ key: String, variants: [(String, String)], type: String = "d") -> String {
        let body = variants.map { "\t\t\t<key>\($0.0)</key>\n\t\t\t<string>\($0.1)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>\(key)</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>\(type)</string>
            \(body)
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>
            """
    }

    /// A new directory under the temporary directory (named `prefix` and a UUID) holding
    /// `files`: relative path (`ru.lproj/Localizable.stringsdict`) → UTF-8 text. The caller
    /// removes it.
    public static func directory(_ prefix: String, files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// The 1-based line of the first line of `text` that contains `needle` (0 when none does).
    public static func line(of needle: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1) + 1
    }
}
