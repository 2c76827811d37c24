import Dispatch
package import Parlance

/// Runs `body` for each locale, the locales spread over every core, and merges the results
/// (under a lock, in no particular order) into `initial`: the frame of the `--verify-*` proofs.
func sweepLocales<Report: Sendable>(
    _ locales: [LocaleID], into initial: Report, _ body: @Sendable (LocaleID) -> Report, merge: @Sendable (inout Report, Report) -> Void
) -> Report {
    let state = Locked(initial)
    DispatchQueue.concurrentPerform(iterations: locales.count) { index in
        let report = body(locales[index])
        state.withLock { merge(&$0, report) }
    }
    return state.withLock { $0 }
}

/// Locales for a reduced proof in the tests: the named ones, then every n-th ICU locale
/// (sorted by id, from `offset`) until there are `count`.
package func sampleLocales(named: [String], count: Int, offset: Int) -> [LocaleID] {
    var locales = named.compactMap { try? LocaleID($0) }
    let all = LocaleID.availableLocales.sorted { $0.identifier < $1.identifier }
    let step = max(1, all.count / max(1, count - locales.count))
    for index in stride(from: offset, to: all.count, by: step) where locales.count < count {
        if !locales.contains(all[index]) { locales.append(all[index]) }
    }
    return locales
}
