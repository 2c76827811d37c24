import Foundation

/// The example catalog shipped in the repository at `Tests/SampleCatalog` (the files the
/// README's `parlance localize` and `parlance lint` commands use).
enum ExampleCatalog {
    static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog").path

    static func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: directory + "/" + path)))) ?? []
    }

    static func text(_ path: String) -> String { String(decoding: bytes(path), as: UTF8.self) }

    /// The `.strings` files (UTF-16 with a byte order mark).
    static let stringsFiles = ["en", "fr", "ru", "ar", "pl"].map { "\($0).lproj/Localizable.strings" }
    /// The `.stringsdict` files.
    static let stringsdictFiles = ["en", "ru", "ar", "pl", "cy", "ga"].map { "\($0).lproj/Localizable.stringsdict" }
    static var shopCatalog: String { text("Shop.xcstrings") }

    /// A fresh copy in a temporary directory (for tests that change files).
    static func copy() throws -> String {
        let target = NSTemporaryDirectory() + "parlance-example-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: directory, toPath: target)
        return target
    }
}
