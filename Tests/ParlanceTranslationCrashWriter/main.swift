#if Translation
// Used only by ParlanceTranslationTests (SQLiteCrashTests): writes batches of translations to
// a SQLite cache file until it is killed, printing "committed N" after each transaction.
//
//     ParlanceTranslationCrashWriter PATH WRITER-ID BATCH-SIZE
import Foundation
import ParlanceTranslation

let arguments = CommandLine.arguments
guard arguments.count == 4, let batchSize = Int(arguments[3]), batchSize > 0 else {
    FileHandle.standardError.write(Data("usage: ParlanceTranslationCrashWriter PATH WRITER-ID BATCH-SIZE\n".utf8))
    exit(2)
}
let path = arguments[1]
let writer = arguments[2]
do {
    // A long busy timeout: two writers share the file, and on a loaded CI machine (sanitizer
    // build, other jobs) the default 5 s wait for the other's lock has run out. What the test
    // checks is the file after SIGKILL, not how long a lock is waited for.
    let store = try SQLiteTranslationCacheStore(path: path, busyTimeout: .seconds(120), verifyIntegrity: false)
    let filler = String(repeating: "x", count: 200)
    var batch = 0
    while true {
        let now = Date()
        let entries = (0..<batchSize).map { index in
            TranslationCacheEntry(
                key: TranslationCacheKey(
                    sourceText: "\(writer)-\(batch)-\(index)", sourceLanguage: "en", targetLanguage: "de",
                    context: "", namespace: "crash-\(writer)", providerID: "batch-\(batch)"),
                text: "\(writer) \(batch) \(index) \(filler)", createdAt: now)
        }
        try store.writeSynchronously(entries)
        FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
        batch += 1
    }
} catch {
    FileHandle.standardError.write(Data("crash writer: \(error)\n".utf8))
    exit(1)
}
#endif
