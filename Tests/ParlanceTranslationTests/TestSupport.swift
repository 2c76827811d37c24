#if Translation
import Foundation
import Logging
import Metrics
import Parlance
import ParlanceTranslation

/// A value behind an `NSLock` (a pthread mutex on Linux, visible to ThreadSanitizer).
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    var current: Value { withLock { $0 } }
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let date = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { date.current }
    func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var translationClock: TranslationClock { TranslationClock { [self] in self.now } }
}

/// A provider that counts its calls, can wait on a gate, fail, or hang.
final class ScriptedProvider: TranslationProvider, @unchecked Sendable {
    enum Behaviour: Sendable {
        case reverse  // translates by reversing the text (an independent, checkable rule)
        case fail
        case hang  // waits until cancelled
        case delay(Duration)  // reverses after a delay
    }
    let identifier: String
    private let behaviour: LockedBox<Behaviour>
    let calls = LockedBox(0)
    let batchCalls = LockedBox([Int]())
    let inFlight = LockedBox((now: 0, peak: 0))

    init(_ behaviour: Behaviour = .reverse, identifier: String = "scripted") {
        self.behaviour = LockedBox(behaviour)
        self.identifier = identifier
    }

    func set(_ behaviour: Behaviour) { self.behaviour.withLock { $0 = behaviour } }

    func translate(_ request: TranslationRequest) async throws -> TranslationResponse {
        calls.withLock { $0 += 1 }
        inFlight.withLock {
            $0.now += 1
            $0.peak = max($0.peak, $0.now)
        }
        defer { inFlight.withLock { $0.now -= 1 } }
        switch behaviour.current {
        case .reverse: break
        case .fail: throw ScriptedFailure()
        case .hang: try await Task.sleep(for: .seconds(3600))
        case .delay(let duration): try await Task.sleep(for: duration)
        }
        return TranslationResponse(text: String(request.sourceText.reversed()) + "@" + (request.targetLanguage?.languageTag ?? "?"))
    }

    func translate(batch requests: [TranslationRequest]) async throws -> [TranslationResponse] {
        batchCalls.withLock { $0.append(requests.count) }
        if case .fail = behaviour.current { throw ScriptedFailure() }
        return requests.map { TranslationResponse(text: String($0.sourceText.reversed()) + "@" + ($0.targetLanguage?.languageTag ?? "?")) }
    }
}

struct ScriptedFailure: Error, CustomStringConvertible {
    var description: String { "the scripted backend failed" }
}

/// The expected translation of ScriptedProvider.
func reversed(_ text: String, _ target: String) -> String { String(text.reversed()) + "@" + target }

/// A swift-metrics backend that records every value (a real MetricsFactory, for tests).
final class RecordingMetrics: MetricsFactory, @unchecked Sendable {
    final class Handler: CounterHandler, RecorderHandler, TimerHandler, @unchecked Sendable {
        let label: String
        let dimensions: [String: String]
        let values = LockedBox([Int64]())
        init(label: String, dimensions: [(String, String)]) {
            self.label = label
            self.dimensions = Dictionary(dimensions, uniquingKeysWith: { $1 })
        }
        func increment(by amount: Int64) { values.withLock { $0.append(amount) } }
        func reset() { values.withLock { $0 = [] } }
        func record(_ value: Int64) { values.withLock { $0.append(value) } }
        func record(_ value: Double) { values.withLock { $0.append(Int64(value)) } }
        func recordNanoseconds(_ duration: Int64) { values.withLock { $0.append(duration) } }
    }

    let handlers = LockedBox([Handler]())

    private func make(_ label: String, _ dimensions: [(String, String)]) -> Handler {
        let handler = Handler(label: label, dimensions: dimensions)
        handlers.withLock { $0.append(handler) }
        return handler
    }
    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler { make(label, dimensions) }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler { make(label, dimensions) }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { make(label, dimensions) }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}

    /// The sum of a counter's increments (over handlers matching the dimensions).
    func total(_ label: String, _ dimensions: [String: String] = [:]) -> Int64 {
        handlers.current.filter { handler in handler.label == label && dimensions.allSatisfy { handler.dimensions[$0.key] == $0.value } }
            .flatMap { $0.values.current }.reduce(0, +)
    }

    /// The values a timer recorded.
    func recorded(_ label: String) -> [Int64] {
        handlers.current.filter { $0.label == label }.flatMap { $0.values.current }
    }
}

/// A swift-log handler that keeps every record.
struct RecordingLogHandler: LogHandler {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
    }
    let records: LockedBox<[Record]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        records.withLock { $0.append(Record(level: event.level, message: event.message.description)) }
    }

    /// A logger writing into a fresh record list.
    static func logger() -> (Logger, LockedBox<[Record]>) {
        let records = LockedBox([Record]())
        return (Logger(label: "test", factory: { _ in RecordingLogHandler(records: records) }), records)
    }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory(_ name: String = "parlance-translation") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The build products directory (where the test bundle and the executables are).
func productsDirectory() -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("ParlanceTranslationCrashWriter").path) {
        directory = directory.deletingLastPathComponent()
    }
    return directory
}
#endif
