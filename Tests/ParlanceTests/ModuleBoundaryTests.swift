import Foundation
import Testing

/// The modules' roles, checked on the source tree: only `Sources/Parlance/ICU/` (and the
/// bench-only target) touches the C shim, bench code stays out of the libraries, and
/// cross-module internals are `package`, not `@_spi public`.
@Suite("Module boundaries")
struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func files(under directory: URL, extensions: Set<String>) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }
    }

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(sources.path.count + 1))
    }

    @Test("no Swift file outside Sources/Parlance/ICU/ (and the bench target) uses CICU")
    func shimOnlyInICU() throws {
        let swiftFiles = Self.files(under: Self.sources, extensions: ["swift"])
        #expect(swiftFiles.count > 50)
        var offenders: [String] = []
        for file in swiftFiles {
            let path = Self.relative(file)
            if path.hasPrefix("Parlance/ICU/") || path.hasPrefix("ParlanceVerification/") { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("CICU") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test("every ICU owner file imports the shim; bench code lives only in the bench targets")
    func benchSeparated() throws {
        let owners = Self.files(under: Self.sources.appendingPathComponent("Parlance/ICU"), extensions: ["swift"])
        #expect(owners.count >= 8)
        let shim = Self.files(under: Self.sources.appendingPathComponent("CICU"), extensions: ["c", "cpp", "h"])
        for file in shim {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("CICU_bench"), "\(Self.relative(file)) has bench code")
        }
        let library = Self.files(under: Self.sources.appendingPathComponent("Parlance"), extensions: ["swift"])
        for file in library {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("RawICUBench"), "\(Self.relative(file)) has bench code")
            #expect(!text.contains("@_spi("), "\(Self.relative(file)) declares SPI; use `package`")
        }
    }

    @Test("the batch engine has no public declarations")
    func batchIsPackage() throws {
        let batch = Self.files(under: Self.sources.appendingPathComponent("ParlanceBatch"), extensions: ["swift"])
        for file in batch {
            let text = try String(contentsOf: file, encoding: .utf8)
            let publicLines = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("public ") }
            #expect(publicLines.isEmpty, "\(Self.relative(file)): \(publicLines)")
        }
    }
}
