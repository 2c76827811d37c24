import FuzzSupport
import Parlance
import ParlanceLocalization

/// `.xcstrings` (String Catalog JSON) bytes through ``StringCatalogFile``, then every value
/// of every language evaluated.
///
/// Contract: the file is read or refused with ``ParlanceError/Code/invalidFile`` naming the
/// file and a line ≥ 1; every diagnostic names the file and a line ≥ 1; the keys listed are
/// the keys with values; every value evaluates to text or a typed
/// `invalid-argument`/`missing-argument` error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCStrings(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzXCStrings"
    let name = "fuzz.xcstrings"
    let file: StringCatalogFile
    do {
        file = try StringCatalogFile(bytes: Fuzz.bytes(start, count), file: name)
    } catch {
        Fuzz.expectFileError(error, file: name, lines: true, target)
        return 0
    }
    Fuzz.checkDiagnostics(file.diagnostics, file: name, lines: true, target)
    let keys = Set(file.keys)
    var evaluated = 0
    for (language, values) in file.localizations {
        for (key, value) in values {
            Fuzz.check(keys.contains(key), target, "the value of \(key.debugDescription) in \(language) is for a key the file does not list")
            Fuzz.check(file.value(forKey: key, language: language) == value, target, "value(forKey:language:) disagrees for \(key.debugDescription)")
            if evaluated < Fuzz.evaluatedEntries { Fuzz.evaluate(value, key: key, target) }
            evaluated += 1
        }
    }
    return 0
}
