#if YAML
import Foundation
import Logging
import Parlance
import ParlanceLocalization
import ParlanceYAML
import Testing

/// A swift-log handler that keeps the messages it receives.
final class MessageRecorder: LogHandler, @unchecked Sendable {
    // `Sendable` notes: the messages are behind the lock; `metadata` and `logLevel` are set
    // before the logger is shared.
    private let lock = NSLock()
    private var messages: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { messages.append(event.message.description) }
    }

    var recorded: [String] { lock.withLock { messages } }
}

@Suite("YAML catalog problems are logged once per catalog load")
struct YAMLLoggingTests {
    @Test("a null value: one warning, however many lookups reach the key")
    func nullLoggedOnce() throws {
        YAMLCatalog.register()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-yaml-log-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "en:\n  greeting: Hello\n  nothing: ~\nde:\n  greeting: Hallo\n".write(toFile: directory + "/app.yml", atomically: true, encoding: .utf8)
        let recorder = MessageRecorder()
        try CatalogRuntime.$logger.withValue(Logger(label: "test", factory: { _ in recorder })) {
            let catalog = try Catalog(directory: directory)
            for locale in ["en", "de", "de-AT", "en-GB", "fr"] {
                _ = try? catalog.localizedString("nothing", locale: LocaleID(locale))
                _ = try? catalog.localizedString("greeting", locale: LocaleID(locale))
            }
            #expect(catalog.diagnostics.filter { $0.key == "nothing" }.count == 1)
            catalog.loadAllLocales()
            _ = catalog.diagnostics
        }
        let nulls = recorder.recorded.filter { $0.contains("no value (null)") }
        #expect(nulls.count == 1, "\(recorder.recorded)")
        #expect(nulls.first?.hasPrefix(directory + "/app.yml:3:") == true, "\(nulls)")
    }
}
#endif
