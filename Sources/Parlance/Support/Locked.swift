#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`.
///
/// Parlance's shared state (caches, the language manager, the provider) uses this instead of
/// `Synchronization.Mutex`: on Linux `Mutex` locks with raw `futex` system calls that
/// ThreadSanitizer does not see, so TSan reported correctly locked accesses as races. A
/// pthread mutex is intercepted by TSan, which keeps `swift test --sanitize=thread` meaningful.
///
/// `Sendable` notes: the value is only reached inside `withLock`, under the mutex; the mutex
/// itself lives in a stable heap allocation owned by this object. The value's dynamic
/// exclusivity check is off (`@exclusivity(unchecked)`): the mutex already makes every access
/// exclusive, and the check's bookkeeping cost a tenth of a translation-cache hit.
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Protects `value` with a new mutex.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the mutex. Inlinable so that callers in other modules
    /// get a specialized, allocation-free lock/unlock.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    @usableFromInline func lock() { pthread_mutex_lock(mutex) }
    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
}
