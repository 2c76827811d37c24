import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each thread's last resolved chain: a server thread serves one locale and one table many
/// times in a row, and finding the chain there costs two string comparisons instead of a lock
/// and a hashed lookup of (table, locale) in the catalog's shared cache.
///
/// The memo names its catalog by a serial number that no other catalog runtime ever gets (not
/// by address, which a later runtime can reuse). It holds the chain strongly: one chain per
/// thread outlives its catalog until the thread's next lookup in another catalog or the
/// thread's end. Chains never change once made, so a memo is never stale. A thread whose
/// lookups alternate between locales updates its memo in place (no allocation per miss).
///
/// `@unchecked Sendable`: a memo is only ever reached through its own thread's slot (which is
/// also why its fields need no run-time exclusivity checks).
final class ChainMemo: @unchecked Sendable {
    @exclusivity(unchecked) private var runtime: UInt64
    @exclusivity(unchecked) private var table: String
    @exclusivity(unchecked) private var locale: String
    @exclusivity(unchecked) private var chain: ResolvedChain

    private init(runtime: UInt64, table: String, locale: String, chain: ResolvedChain) {
        self.runtime = runtime
        self.table = table
        self.locale = locale
        self.chain = chain
    }

    private static let nextSerial = Atomic<UInt64>(1)

    /// A serial number for a new catalog runtime.
    static func serial() -> UInt64 { nextSerial.add(1, ordering: .relaxed).oldValue }

    /// The thread-specific slot; its destructor releases the thread's memo when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            // Glibc passes an optional pointer, Darwin a non-optional one: widened to an
            // optional, the closure compiles against both.
            let pointer: UnsafeMutableRawPointer? = value
            guard let pointer else { return }
            Unmanaged<ChainMemo>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// This thread's chain for (runtime, table, locale), if it is the one it used last.
    static func chain(runtime: UInt64, table: String, locale: String) -> ResolvedChain? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let memo = Unmanaged<ChainMemo>.fromOpaque(pointer).takeUnretainedValue()
        guard memo.runtime == runtime, memo.table == table, memo.locale == locale else { return nil }
        return memo.chain
    }

    /// Makes `chain` this thread's last one.
    static func remember(runtime: UInt64, table: String, locale: String, chain: ResolvedChain) {
        if let pointer = pthread_getspecific(key) {
            let memo = Unmanaged<ChainMemo>.fromOpaque(pointer).takeUnretainedValue()
            memo.runtime = runtime
            memo.table = table
            memo.locale = locale
            memo.chain = chain
            return
        }
        let memo = Unmanaged.passRetained(ChainMemo(runtime: runtime, table: table, locale: locale, chain: chain))
        pthread_setspecific(key, memo.toOpaque())
    }
}
