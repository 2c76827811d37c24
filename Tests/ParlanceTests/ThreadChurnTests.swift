import Foundation
import Parlance
import Testing

/// Threads that come and go: each one's ICU result object is created on first use and closed by
/// the shim when the thread exits (a pthread key destructor), so formatting keeps working and
/// nothing is left behind per thread.
@Suite("Short-lived threads")
struct ThreadChurnTests {
    @Test("200 threads each format and plural-select once, then exit")
    func churn() throws {
        let number = try NumberFormat(locale: "de", options: .currency("EUR"))
        let rules = try PluralRules(locale: "lv")
        let expected = number.format(1234.5)
        let group = DispatchGroup()
        let results = Results()
        for index in 0..<200 {
            group.enter()
            let thread = Thread {
                let text = number.format(1234.5)
                let icu = try? rules.icuCategory(forDecimal: "0.\(index % 10)")
                results.add(text == expected && icu != nil)
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(results.all == 200)
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var good = 0
        func add(_ ok: Bool) { lock.withLock { if ok { good += 1 } } }
        var all: Int { lock.withLock { good } }
    }
}
