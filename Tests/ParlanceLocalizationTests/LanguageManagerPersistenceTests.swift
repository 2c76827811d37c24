import Foundation
import Logging
@_spi(ParlanceInternals) import Parlance
import ParlanceTestSupport
import Synchronization
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

    @Test("a save removes what saves killed with -9 left, and keeps a running process's temporary file")
    func killedSavesLeaveNothingBehind() throws {
        let scratch = Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let path = scratch.path + "/language.json"
        // Real processes killed with -9 half way through writing a temporary file: one named
        // after its process (as earlier saves named them), one with the name every save now
        // uses.
        let shell = URL(fileURLWithPath: "/bin/sh")
        let killed = try ChildProcess.run(shell, ["-c", #"printf '{"langu' > "$0.$$.4242.tmp"; echo $$; kill -9 $$"#, path])
        #expect(killed.status == SIGKILL)
        let deadPID = try #require(pid_t(killed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let killedAgain = try ChildProcess.run(shell, ["-c", #"printf '{"language":"d' > "$0.tmp"; kill -9 $$"#, path])
        #expect(killedAgain.status == SIGKILL)
        // A temporary file of a process that still runs (this test's parent) is not touched.
        let live = "\(path).\(getppid()).7.tmp"
        try "{".write(toFile: live, atomically: false, encoding: .utf8)
        let names = { Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)) }
        #expect(try names() == ["language.json.\(deadPID).4242.tmp", "language.json.tmp", "language.json.\(getppid()).7.tmp"])

        let store = FileLanguagePreferenceStore(path: path)
        try store.save(.language(ManagerFixture.locale("de")))
        #expect(try names() == ["language.json", "language.json.\(getppid()).7.tmp"])
        #expect(try store.load() == .language(ManagerFixture.locale("de")))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"language\":\"de\",\"version\":1}\n")
        // Many saves, from threads at once, keep one file: the temporary name is reused.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                try FileLanguagePreferenceStore(path: path).save(index.isMultiple(of: 2) ? .system : .language(ManagerFixture.locale("fr")))
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try names() == ["language.json", "language.json.\(getppid()).7.tmp"])
        #expect([.system, .language(ManagerFixture.locale("fr"))].contains(try store.load()))
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
