import FuzzSupport
import Parlance
import ParlanceLocalization
import ParlanceYAML

#if canImport(Glibc)
import Glibc
#endif

/// A YAML catalog (locale-keyed or Rails-i18n) through ``YAMLCatalog/read(file:budget:)``,
/// which reads files only: each input is written to one file in a private temporary folder.
///
/// Contract: reading never throws and never crashes; every diagnostic names the file, a line
/// ≥ 1 (0 only for a file-level refusal: unreadable, over budget) and a code; no key carries the
/// marker the reader uses internally for duplicate keys; every entry evaluates to text or a
/// typed `invalid-argument`/`missing-argument` error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzYAML"
    let path = YAMLFile.path
    let bytes = Fuzz.bytes(start, count)
    guard let handle = fopen(path, "wb") else { Fuzz.fail(target, "cannot write \(path)") }
    if !bytes.isEmpty { _ = fwrite(bytes, 1, bytes.count, handle) }
    fclose(handle)
    let read = YAMLCatalog.read(file: path)
    Fuzz.check(read.file == path, target, "the file is reported as \(read.file)")
    for diagnostic in read.diagnostics {
        Fuzz.check(diagnostic.file == path, target, "a diagnostic names \(diagnostic.file)")
        let fileLevel = diagnostic.line == 0 && diagnostic.column == 0
        Fuzz.check(diagnostic.line >= 1 || fileLevel, target, "a diagnostic without a line: \(diagnostic)")
        Fuzz.check(!diagnostic.message.isEmpty && !diagnostic.code.isEmpty, target, "a diagnostic without a message or code: \(diagnostic)")
    }
    let marker = "\u{2063}parlance-duplicate\u{2063}"
    let inputHasMarker = String(decoding: bytes, as: UTF8.self).contains(marker)
    var evaluated = 0
    for (section, entries) in read.entries {
        for entry in entries {
            Fuzz.check(
                inputHasMarker || !entry.key.contains(marker), target,
                "the duplicate-key marker leaked into the key \(entry.key.debugDescription) of \(section)")
            Fuzz.check(entry.location.line >= 1, target, "the entry \(entry.key.debugDescription) has no line")
            if evaluated < Fuzz.evaluatedEntries { Fuzz.evaluate(entry.value, key: entry.key, target) }
            evaluated += 1
        }
    }
    return 0
}

/// One file per process, in a folder of its own under `TMPDIR` (libFuzzer's jobs are processes).
enum YAMLFile {
    static let path: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/parlance-fuzz-yaml-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { Fuzz.fail("FuzzYAML", "mkdtemp failed") }
        return String(cString: made) + "/fuzz.yml"
    }()
}
