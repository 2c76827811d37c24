import Foundation
import Testing

/// The clean catalog under `Fixtures/Lint/Clean` and copies of it broken as a translator would.
enum LintFixtures {
    static let clean: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Lint/Clean").path

    /// The example catalog shipped at `Tests/SampleCatalog` (the README's `parlance lint` runs on it).
    static let sampleCatalog: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleCatalog").path

    /// A fresh copy of the clean catalog (or of another fixture directory) in a temporary directory.
    static func copy(_ source: String = clean) throws -> String {
        let target = FileManager.default.temporaryDirectory
            .appendingPathComponent("parlance-lint-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    /// Replaces `old` (which must occur) by `new` in a UTF-8 file, or a UTF-16LE one with `utf16`.
    static func edit(_ directory: String, _ file: String, _ old: String, _ new: String, utf16: Bool = false) throws {
        let path = directory + "/" + file
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var text =
            utf16
            ? String(decoding: Array(data.dropFirst(2)).withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }, as: UTF16.self)
            : String(decoding: data, as: UTF8.self)
        guard text.contains(old) else { throw EditError(message: "\(file) does not contain \(old)") }
        text = text.replacingOccurrences(of: old, with: new)
        if utf16 {
            var bytes: [UInt8] = [0xFF, 0xFE]
            for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } else {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    struct EditError: Error { var message: String }
}
