extension ParlanceError.Code {
    /// A store the request needs (a database) cannot be reached or does not answer in time
    /// (HTTP 503 with `Retry-After`); the same request may succeed later.
    public static let storeUnavailable = ParlanceError.Code(rawValue: "store-unavailable")
}

/// Runs `body` with a deadline: the caller gets `body`'s result, or `onTimeout()` once
/// `deadline` has passed, whichever comes first.
///
/// `body` runs in a task of its own that is cancelled at the deadline but never awaited past
/// it: work that ignores cancellation (a query on a connection whose server stopped answering)
/// cannot hold the caller. A cancelled caller gets `CancellationError` at once.
package func withDeadline<Result: Sendable>(
    _ deadline: Duration, onTimeout: @escaping @Sendable () -> any Error, _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let race = DeadlineRace<Result>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            race.install(continuation)
            let work = Task {
                do {
                    race.finish(.success(try await body()))
                } catch {
                    race.finish(.failure(error))
                }
            }
            let timer = Task {
                // A cancelled sleep means the work finished first.
                guard (try? await Task.sleep(for: deadline)) != nil else { return }
                race.finish(.failure(onTimeout()))
            }
            race.track(work: work, timer: timer)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The one continuation of ``withDeadline(_:onTimeout:_:)``, resumed by whichever of the work,
/// the timer and the caller's cancellation comes first; the other two are cancelled.
private final class DeadlineRace<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, any Error>?
        var outcome: Swift.Result<Result, any Error>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private let state = Locked(State())

    func install(_ continuation: CheckedContinuation<Result, any Error>) {
        let early = state.withLock { state -> Swift.Result<Result, any Error>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func track(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let finished = state.withLock { state -> Bool in
            state.work = work
            state.timer = timer
            return state.outcome != nil
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ outcome: Swift.Result<Result, any Error>) {
        let (continuation, work, timer) = state.withLock { state -> (CheckedContinuation<Result, any Error>?, Task<Void, Never>?, Task<Void, Never>?) in
            guard state.outcome == nil else { return (nil, nil, nil) }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.work, state.timer)
        }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(with: outcome)
    }
}
