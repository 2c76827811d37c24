import Parlance

/// A registration for change callbacks; ``cancel()`` ends it.
///
/// ```swift
/// let observation = manager.observe { change in print(change.current.locale) }
/// observation.cancel()
/// ```
public struct LanguageObservation: Sendable, Hashable {
    let id: UInt64
    let manager: LanguageManager

    /// Stops the callbacks. A change already under way may still be delivered once.
    public func cancel() {
        _ = manager.shared.withLock { $0.callbacks.removeValue(forKey: id) }
    }

    public static func == (lhs: LanguageObservation, rhs: LanguageObservation) -> Bool {
        lhs.id == rhs.id && lhs.manager === rhs.manager
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(ObjectIdentifier(manager))
    }
}

extension LanguageManager {
    /// Calls `callback` for every later change of the manager's language, once per change
    /// and in the order the changes happened.
    ///
    /// Callbacks run synchronously on the thread of a `setLanguage(_:matching:persist:)`
    /// call, after the new language is in effect, never two at once. A callback may itself
    /// call `setLanguage`: that change is delivered after the current one finishes.
    /// Per-request languages (``withLanguage(_:operation:)-(LanguageState,_)``) are not changes.
    ///
    /// ```swift
    /// let observation = manager.observe { change in
    ///     print("now \(change.current.locale), \(change.current.direction)")
    /// }
    /// ```
    @discardableResult
    public func observe(_ callback: @escaping @Sendable (LanguageChange) -> Void) -> LanguageObservation {
        let id = shared.withLock { shared in
            shared.nextObserverID += 1
            shared.callbacks[shared.nextObserverID] = callback
            return shared.nextObserverID
        }
        return LanguageObservation(id: id, manager: self)
    }

    /// A stream of the changes after this call, each once and in order. The stream buffers
    /// without bound; it ends when the consumer cancels or drops it.
    ///
    /// ```swift
    /// Task {
    ///     for await change in manager.changes() { relayout(change.current.direction) }
    /// }
    /// ```
    public func changes() -> AsyncStream<LanguageChange> {
        let (stream, continuation) = AsyncStream<LanguageChange>.makeStream(bufferingPolicy: .unbounded)
        let id = shared.withLock { shared in
            shared.nextObserverID += 1
            shared.streams[shared.nextObserverID] = continuation
            return shared.nextObserverID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.shared.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Delivers queued changes in order. One thread delivers at a time; others (and a
    /// callback that switches again) only queue and return.
    func deliverPendingChanges() {
        let start = shared.withLock { shared in
            if shared.delivering || shared.pending.isEmpty { return false }
            shared.delivering = true
            return true
        }
        guard start else { return }
        while true {
            let next = shared.withLock { shared in
                if shared.pending.isEmpty {
                    shared.delivering = false
                    return nil
                        as (
                            change: LanguageChange, callbacks: [@Sendable (LanguageChange) -> Void],
                            streams: [AsyncStream<LanguageChange>.Continuation]
                        )?
                }
                return shared.pending.removeFirst()
            }
            guard let next else { return }
            for continuation in next.streams { continuation.yield(next.change) }
            for callback in next.callbacks { callback(next.change) }
        }
    }
}
