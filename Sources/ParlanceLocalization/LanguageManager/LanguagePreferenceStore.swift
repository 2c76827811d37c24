import Foundation
import Parlance

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``LanguageManager`` keeps the user's choice between runs.
///
/// Implementations must be safe to call from any thread. ``LanguageManager`` calls `save`
/// from `LanguageManager.setLanguage(_:matching:persist:)` (one call at a time) and `load`
/// once, from its initializer.
///
/// ```swift
/// struct DatabaseLanguageStore: LanguagePreferenceStore {
///     func load() throws -> LanguageChoice? { … }
///     func save(_ choice: LanguageChoice) throws { … }
/// }
/// ```
public protocol LanguagePreferenceStore: Sendable {
    /// The stored choice, or nil when none was ever stored.
    /// - Throws: `ParlanceError` when the stored value cannot be read or understood; the
    ///   manager then logs a warning and follows the system.
    func load() throws -> LanguageChoice?
    /// Stores a choice, replacing the previous one.
    /// - Throws: `ParlanceError` when it cannot be stored; the manager's language is then
    ///   left unchanged.
    func save(_ choice: LanguageChoice) throws
}

/// A store in memory: for tests, previews and processes that must not write files.
///
/// ```swift
/// let store = MemoryLanguagePreferenceStore(.language(try LocaleID("fr")))
/// ```
public final class MemoryLanguagePreferenceStore: LanguagePreferenceStore {
    private let stored: Locked<LanguageChoice?>

    /// A store holding `choice` (nothing by default).
    public init(_ choice: LanguageChoice? = nil) { stored = Locked(choice) }

    /// The choice saved last, or nil.
    public func load() throws -> LanguageChoice? { stored.withLock { $0 } }

    /// Keeps `choice` in memory.
    public func save(_ choice: LanguageChoice) throws { stored.withLock { $0 = choice } }
}

/// The default store: a small JSON file, `{"language":"pt-BR","version":1}` or
/// `{"language":"system","version":1}`, written atomically.
///
/// Writes go to a temporary file in the same directory, which is flushed to disk (`fsync`)
/// and then renamed over the old file (`rename(2)` is atomic), so a crash or a concurrent
/// reader sees the old choice or the new one, never a partial file. Savers take an exclusive
/// `flock(2)` on the directory and write one temporary name, `<path>.tmp`, truncated on
/// open: a save killed half way leaves at most that one file, which the next save reuses.
/// A save also removes the `<path>.<pid>.<n>.tmp` files of processes that no longer run
/// (earlier versions named a temporary file after its process). A missing directory is
/// created. A missing file means "nothing stored"; a file that cannot be read or parsed is an
/// `ParlanceError/Code/invalidFile` error (``LanguageManager`` logs it and follows the system).
///
/// ```swift
/// let store = FileLanguagePreferenceStore(path: FileLanguagePreferenceStore.defaultPath(application: "myapp"))
/// // ~/.config/myapp/language.json (or $XDG_CONFIG_HOME/myapp/language.json)
/// ```
public struct FileLanguagePreferenceStore: LanguagePreferenceStore {
    /// The file's path.
    public let path: String

    /// The largest file read; a bigger one is corrupt, not a preference.
    static let maximumSize = 64 * 1024

    /// A store at `path`.
    ///
    /// ```swift
    /// let store = FileLanguagePreferenceStore(path: "/var/lib/myservice/language.json")
    /// ```
    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/<application>/language.json`, else `$HOME/.config/<application>/language.json`
    /// (the XDG Base Directory specification), else a path relative to the working directory.
    ///
    /// ```swift
    /// FileLanguagePreferenceStore.defaultPath(application: "parlance", environment: ["HOME": "/home/ana"])
    /// // "/home/ana/.config/parlance/language.json"
    /// ```
    public static func defaultPath(
        application: String,
        environment: [String: String] = SystemLanguages.processEnvironment
    ) -> String {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.config"
        } else {
            base = ".config"
        }
        return "\(base)/\(application)/language.json"
    }

    /// Reads the saved choice: nil when there is no file yet; a typed error when the file is
    /// unreadable or corrupt (the manager then falls back to `system` and logs a warning).
    public func load() throws -> LanguageChoice? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw ParlanceError(.invalidFile, "\(path): cannot read the language preference (\(Self.describe(code)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ParlanceError(.invalidFile, "\(path): cannot read the language preference (\(Self.describe(code)))")
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > Self.maximumSize {
                throw ParlanceError(.invalidFile, "\(path): the language preference file is larger than \(Self.maximumSize) bytes")
            }
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ParlanceError(.invalidFile, "\(path): the language preference is not JSON (\(bytes.count) bytes)")
        }
        guard let dictionary = object as? [String: Any], let language = dictionary["language"] as? String else {
            throw ParlanceError(.invalidFile, "\(path): the language preference has no \"language\" string")
        }
        do {
            return try LanguageChoice(parsing: language)
        } catch {
            throw ParlanceError(.invalidFile, "\(path): the stored language \(quoted(language)) is not a locale id")
        }
    }

    /// Writes the choice atomically (lock, temporary file, fsync, rename).
    public func save(_ choice: LanguageChoice) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ParlanceError(.invalidFile, "\(path): cannot create the directory \(quoted(directory)) for the language preference")
            }
        }
        let payload: [String: Any] = ["language": choice.description, "version": 1]
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        } catch {
            throw ParlanceError(.internal, "cannot encode the language preference: \(error)")
        }
        // The lock, on the directory itself (no lock file to leave behind), serializes savers
        // in this process (each save opens its own descriptor, and flock locks conflict
        // between descriptors) and in others; the kernel releases it when a saver dies,
        // however it dies.
        let lock = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock < 0 {
            throw ParlanceError(.invalidFile, "\(path): cannot lock the language preference (\(Self.describe(errno)))")
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw ParlanceError(.invalidFile, "\(path): cannot lock the language preference (\(Self.describe(code)))")
        }
        removeAbandonedTemporaryFiles()
        let temporary = temporaryPath
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            throw ParlanceError(.invalidFile, "\(path): cannot write the language preference (\(Self.describe(errno)))")
        }
        var failure: Int32?
        let bytes = [UInt8](data) + [0x0A]
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw ParlanceError(.invalidFile, "\(path): cannot write the language preference (\(Self.describe(failure)))")
        }
    }

    /// The one temporary name every save of this path writes (under the lock).
    var temporaryPath: String { path + ".tmp" }

    /// Removes `<name>.<pid>.<n>.tmp` files next to the preference whose process no longer
    /// runs: temporary files of saves killed before their rename, when temporary files were
    /// named after their process. A file of a live process (or of one this process cannot
    /// signal) is kept. Best effort: a directory that cannot be listed is left as it is.
    private func removeAbandonedTemporaryFiles() {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(prefix.count).dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil else { continue }
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
