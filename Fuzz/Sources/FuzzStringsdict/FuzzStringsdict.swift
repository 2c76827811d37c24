import FuzzSupport
import Parlance
import ParlanceLocalization

/// `.stringsdict` bytes, an XML or a binary property list (`bplist00…`), through
/// ``StringsdictFile``, then every entry evaluated.
///
/// Contract: the file is read or refused with ``ParlanceError/Code/invalidFile`` naming the file
/// (and a line ≥ 1 for XML); an entry that cannot be used is a diagnostic naming the file and
/// its key, never the end of the whole file; every entry read evaluates to text or a typed
/// `invalid-argument`/`missing-argument` error for every plural category.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsdict(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzStringsdict"
    let name = "fuzz.stringsdict"
    let bytes = Fuzz.bytes(start, count)
    let binary = bytes.starts(with: Array("bplist".utf8))
    let file: StringsdictFile
    do {
        file = try StringsdictFile(bytes: bytes, file: name)
    } catch {
        Fuzz.expectFileError(error, file: name, lines: !binary, target)
        return 0
    }
    Fuzz.checkDiagnostics(file.diagnostics, file: name, lines: !binary, target)
    for diagnostic in file.diagnostics {
        Fuzz.check(diagnostic.key != nil, target, "an entry's diagnostic names no key: \(diagnostic)")
    }
    for (key, value) in file.entries.prefix(Fuzz.evaluatedEntries) {
        Fuzz.evaluate(value, key: key, target)
    }
    return 0
}
