import FuzzSupport
import Parlance

@testable import ParlanceLocalization

/// `.strings` bytes (any encoding the reader detects) through ``StringsFile``.
///
/// Contract: the file is read or refused with ``ParlanceError/Code/invalidFile`` whose message
/// starts with the file's name and a line ≥ 1; every kept diagnostic names the file and a line
/// ≥ 1; the entries, written back as `parlance convert` writes `.strings` literals, read back
/// to the same entries with no diagnostic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzStrings"
    let name = "fuzz.strings"
    let file: StringsFile
    do {
        file = try StringsFile(bytes: Fuzz.bytes(start, count), file: name)
    } catch {
        let failure = Fuzz.expectError(error, codes: [.invalidFile], target, "reading")
        Fuzz.check(failure.message.hasPrefix(name + ":"), target, "the error does not name the file first: \(failure.message)")
        return 0
    }
    for diagnostic in file.diagnostics {
        Fuzz.check(diagnostic.file == name, target, "a diagnostic names \(diagnostic.file)")
        Fuzz.check(diagnostic.line >= 1 && diagnostic.column >= 0, target, "a diagnostic without a line: \(diagnostic)")
        Fuzz.check(!diagnostic.message.isEmpty, target, "a diagnostic without a message: \(diagnostic)")
    }
    let entries = file.entries
    Fuzz.check(Set(file.keys) == Set(entries.keys), target, "keys \(file.keys) and entries \(entries.keys.sorted()) disagree")
    for key in entries.keys {
        Fuzz.check(file.lines[key].map { $0 >= 1 } ?? false, target, "the key \(key.debugDescription) has no line ≥ 1")
    }
    // Written back as `parlance convert` writes it, then read again: the same entries.
    var text = ""
    for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
        text += CatalogEscaping.stringsQuoted(key) + " = " + CatalogEscaping.stringsQuoted(value) + ";\n"
    }
    let again: StringsFile
    do {
        again = try StringsFile(bytes: Array(text.utf8), file: name)
    } catch {
        Fuzz.fail(target, "the written entries do not read back: \(error)\n\(text)")
    }
    Fuzz.check(again.diagnostics.isEmpty, target, "the written entries read back with diagnostics \(again.diagnostics)\n\(text)")
    Fuzz.check(again.entries == entries, target, "the written entries read back as \(again.entries), not \(entries)")
    return 0
}
