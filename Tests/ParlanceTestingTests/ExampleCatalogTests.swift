import Foundation
import Testing

@testable import parlance

/// The showcase and the benchmark run on embedded data; the README's commands and the tests
/// use `Tests/SampleCatalog`. They must be the same files, byte for byte.
@Suite("The embedded sample catalog is Tests/SampleCatalog")
struct ExampleCatalogTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/SampleCatalog")

    @Test func embeddedFilesEqualTheRepositoryFiles() throws {
        let embedded = parlance.SampleCatalog.files
        for (path, bytes) in embedded {
            let onDisk = try Data(contentsOf: Self.directory.appendingPathComponent(path))
            #expect(Array(onDisk) == bytes, "\(path) differs from the embedded copy")
        }
        // And nothing on disk that the showcase does not have.
        let listed = try FileManager.default.subpathsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") || $0.hasSuffix(".xcstrings") }
        #expect(Set(listed) == Set(embedded.map(\.path)))
        #expect(embedded.count == 12)
    }
}
