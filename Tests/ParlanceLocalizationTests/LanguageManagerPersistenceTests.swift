import Foundation
import Logging
@_spi(ParlanceInternals) import Parlance
import Testing

@testable import ParlanceLocalization

@Suite("LanguageManager: persistence")
struct LanguageManagerPersistenceTests {
    /// A fresh temporary folder for one test, removed when the test's `Scratch` value goes.
    final class Scratch {
        let path = NSTemporaryDirectory() + "parlance-store-\(UUID().uuidString)"
        init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit {
            chmod(path, 0o755)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func choiceSurvivesARestart() throws {
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path + "/nested/dir/language.json"
        let store = FileLanguagePreferenceStore(path: path)
        #expect(try store.load() == nil)
        let first = ManagerFixture.manager(environment: ["LANG": "fr_FR.UTF-8"], store: store)
        #expect(first.choice == .system)
        try first.setLanguage("pt-BR")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\"language\":\"pt-BR\",\"version\":1}\n")
        // A new process: a new manager over the same file.
        let second = ManagerFixture.manager(environment: ["LANG": "fr_FR.UTF-8"], store: FileLanguagePreferenceStore(path: path))
        #expect(second.choice == .language(ManagerFixture.locale("pt-BR")))
        #expect(second.string("greeting") == "Olá")
        try second.setLanguage(.system)
        let third = ManagerFixture.manager(environment: ["LANG": "fr_FR.UTF-8"], store: FileLanguagePreferenceStore(path: path))
        #expect(third.choice == .system)
        #expect(third.effectiveLocale == ManagerFixture.locale("fr"))
        // No temporary files are left behind.
        let directory = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["language.json"])
    }

    @Test(arguments: [
        "not json at all",
        "{\"language\": 42}",
        "{\"language\": \"en US\"}",
        "[\"fr\"]",
        "{\"language\":\"fr\"",
        "",
    ])
    func corruptFileFallsBackToSystemWithAWarning(contents: String) throws {
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path + "/language.json"
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        let handler = RecordingLogHandler()
        let manager = ManagerFixture.manager(
            environment: ["LANG": "de_DE.UTF-8"], store: FileLanguagePreferenceStore(path: path),
            logger: Logger(label: "test", factory: { _ in handler }))
        #expect(manager.choice == .system)
        #expect(manager.effectiveLocale == ManagerFixture.locale("de"))
        let records = handler.records.withLock { $0 }
        #expect(records.count == 1)
        #expect(records.first?.level == .warning)
        #expect(records.first?.metadata?["error"]?.description.contains(path) == true)
        // The next choice repairs the file.
        try manager.setLanguage("ja")
        #expect(try FileLanguagePreferenceStore(path: path).load() == .language(ManagerFixture.locale("ja")))
    }

    @Test func unreadableFileFallsBackToSystemWithAWarning() throws {
        // A directory where the file should be: open succeeds, read fails with EISDIR.
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path + "/language.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let handler = RecordingLogHandler()
        let manager = ManagerFixture.manager(
            environment: [:], store: FileLanguagePreferenceStore(path: path),
            logger: Logger(label: "test", factory: { _ in handler }))
        #expect(manager.choice == .system)
        #expect(manager.effectiveLocale == ManagerFixture.locale("en"))
        #expect(handler.records.withLock { $0.map(\.level) } == [.warning])
    }

    @Test func unwritableDirectoryIsATypedErrorAndChangesNothing() throws {
        // A regular file where the directory should be: unwritable for every user, root included.
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let blocker = scratch.path + "/not-a-directory"
        try "x".write(toFile: blocker, atomically: false, encoding: .utf8)
        let manager = ManagerFixture.manager(
            environment: ["LANG": "es_ES.UTF-8"],
            store: FileLanguagePreferenceStore(path: blocker + "/language.json"))
        let before = manager.state
        do {
            try manager.setLanguage("ar")
            Issue.record("saving under a regular file must fail")
        } catch let error as ParlanceError {
            #expect(error.code == .invalidFile)
            #expect(error.message.contains(blocker))
        }
        #expect(manager.state == before)
        #expect(manager.effectiveLocale == ManagerFixture.locale("es"))
        // For this process only, it still switches.
        try manager.setLanguage("ar", persist: false)
        #expect(manager.direction == .rightToLeft)
    }

    @Test func readOnlyDirectoryIsATypedError() throws {
        // Permission bits do not stop root; the test is meaningful only for other users.
        guard geteuid() != 0 else { return }
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let directory = scratch.path
        chmod(directory, 0o555)
        defer { chmod(directory, 0o755) }
        let manager = ManagerFixture.manager(store: FileLanguagePreferenceStore(path: directory + "/language.json"))
        #expect(throws: ParlanceError.self) { try manager.setLanguage("fr") }
        #expect(manager.choice == .system)
    }

    @Test func storedLanguageNoLongerSupportedIsNegotiatedWithAWarning() throws {
        let handler = RecordingLogHandler()
        let manager = ManagerFixture.manager(
            store: MemoryLanguagePreferenceStore(.language(ManagerFixture.locale("fr-CA"))),
            logger: Logger(label: "test", factory: { _ in handler }))
        #expect(manager.effectiveLocale == ManagerFixture.locale("fr"))
        #expect(manager.choice == .language(ManagerFixture.locale("fr-CA")))
        #expect(handler.records.withLock { $0.count } == 1)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            FileLanguagePreferenceStore.defaultPath(application: "app", environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"])
                == "/cfg/app/language.json")
        #expect(
            FileLanguagePreferenceStore.defaultPath(application: "app", environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.config/app/language.json")
    }
}
