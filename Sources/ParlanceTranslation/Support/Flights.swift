#if Translation
import Parlance

/// Concurrent identical calls share one execution: the first caller starts `work` in a task,
/// later callers with the same key wait for its result. A waiter that is cancelled stops
/// waiting at once (with ``ParlanceError/Code/cancelled``); when the last waiter leaves, the
/// shared task is cancelled.
final class Flights<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Flight: @unchecked Sendable {
        // Both reached only under `Flights.state`'s lock.
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// How many keys are in flight now.
    var count: Int { state.withLock { $0.flights.count } }

    /// The result of `work` for `key`, shared with concurrent callers of the same key;
    /// `joined` tells the caller whether it waited for another caller's call.
    func value(
        for key: Key, joined: @Sendable () -> Void = {},
        work: @escaping @Sendable () async -> Result<Value, ParlanceErrorBox>
    ) async throws -> Value {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let registration = state.withLock { state -> Registration in
                    if Task.isCancelled { return .cancelled }
                    if let flight = state.flights[key] {
                        flight.waiters[id] = continuation
                        return .joined
                    }
                    let flight = Flight()
                    flight.waiters[id] = continuation
                    state.flights[key] = flight
                    flight.task = Task { [self] in
                        let result = await work()
                        self.finish(key, flight, result)
                    }
                    return .leader
                }
                switch registration {
                case .cancelled: continuation.resume(throwing: ParlanceErrorBox.cancelled.error)
                case .joined: joined()
                case .leader: break
                }
            }
        } onCancel: {
            let (continuation, orphaned) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
                guard let flight = state.flights[key], let continuation = flight.waiters.removeValue(forKey: id) else { return (nil, nil) }
                guard flight.waiters.isEmpty else { return (continuation, nil) }
                state.flights[key] = nil
                return (continuation, flight.task)
            }
            orphaned?.cancel()
            continuation?.resume(throwing: ParlanceErrorBox.cancelled.error)
        }
    }

    private func finish(_ key: Key, _ flight: Flight, _ result: Result<Value, ParlanceErrorBox>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            if state.flights[key] === flight { state.flights[key] = nil }
            defer { flight.waiters = [:] }
            return Array(flight.waiters.values)
        }
        for waiter in waiters {
            switch result {
            case .success(let value): waiter.resume(returning: value)
            case .failure(let box): waiter.resume(throwing: box.error)
            }
        }
    }
}

/// How a caller entered a flight.
private enum Registration { case cancelled, joined, leader }

/// A ``ParlanceError`` as the failure of a `Result` (which needs an `Error`-typed failure).
struct ParlanceErrorBox: Error {
    var error: ParlanceError

    static let cancelled = ParlanceErrorBox(error: ParlanceError(.cancelled, "the translation was cancelled"))
}

/// At most `limit` bodies run at once; others wait in order. A waiter that is cancelled
/// leaves the queue with ``ParlanceError/Code/cancelled``.
final class ConcurrencyLimiter: Sendable {
    private struct State {
        var available: Int
        var queue: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    let limit: Int
    private let state: Locked<State>

    init(limit: Int) {
        self.limit = max(1, limit)
        state = Locked(State(available: max(1, limit)))
    }

    /// How many bodies are running now.
    var running: Int { state.withLock { limit - $0.available } }

    func withPermit<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        let id = state.withLock { state -> UInt64? in
            if state.available > 0 {
                state.available -= 1
                return nil
            }
            state.nextID &+= 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.queue.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: ParlanceErrorBox.cancelled.error) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
                return state.queue.remove(at: index).continuation
            }
            continuation?.resume(throwing: ParlanceErrorBox.cancelled.error)
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.queue.isEmpty {
                state.available += 1
                return nil
            }
            return state.queue.removeFirst().continuation
        }
        next?.resume()
    }
}

/// Runs `body`, or throws ``ParlanceError/Code/translationTimedOut`` after `timeout` and cancels
/// it (the body must honour cancellation for the call to return at the deadline).
func withTimeout<Result: Sendable>(
    _ timeout: Duration, what: String,
    _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw ParlanceError(.translationTimedOut, "\(what) did not answer within \(timeout)")
        }
        return value
    }
}
#endif
