import Parlance
import ParlanceLocalization

/// Checks shared by the catalog readers' targets.
extension Fuzz {
    /// A reader's refusal: ``ParlanceError/Code/invalidFile`` whose message starts with the
    /// file's name (and, for a text format, a line ≥ 1).
    public static func expectFileError(_ error: any Error, file: String, lines: Bool, _ target: String) {
        let failure = expectError(error, codes: [.invalidFile], target, "reading \(file)")
        check(failure.message.hasPrefix(file + ":"), target, "the error does not name the file first: \(failure.message)")
        if lines {
            let rest = failure.message.dropFirst(file.count + 1)
            let digits = rest.prefix(while: \.isNumber)
            check(Int(digits).map { $0 >= 1 } ?? false, target, "the error has no line ≥ 1: \(failure.message)")
        }
    }

    /// Every diagnostic names `file`, a line ≥ 1 (≥ 0 when the format has no lines) and says
    /// what is wrong.
    public static func checkDiagnostics(_ diagnostics: [CatalogDiagnostic], file: String, lines: Bool, _ target: String) {
        for diagnostic in diagnostics {
            check(diagnostic.file == file, target, "a diagnostic names \(diagnostic.file), not \(file)")
            check(diagnostic.line >= (lines ? 1 : 0) && diagnostic.column >= 0, target, "a diagnostic without a line: \(diagnostic)")
            check(!diagnostic.message.isEmpty && !diagnostic.code.isEmpty, target, "a diagnostic without a message or code: \(diagnostic)")
        }
    }

    /// How many entries of one input are evaluated: a file within the readers' budgets may hold
    /// 100,000 entries (an alias-expanded YAML sequence), and evaluating each in several
    /// locales would make one input take minutes without reaching more code.
    public static let evaluatedEntries = 48

    /// Numbers whose plural categories differ in the chosen languages (0, 1, 2, 3, 5, 11, 21,
    /// 100, 1.5, a million).
    public static let pluralSamples: [LocalizationArgument] = [0, 1, 2, 3, 5, 11, 21, 100, 1.5, 1_000_000]

    /// Evaluates a catalog value as an app would, with every sample number and with a text
    /// argument: each evaluation answers a string or throws ``ParlanceError`` with
    /// `invalid-argument` or `missing-argument` (a malformed format, a missing or mistyped
    /// argument), never anything else and never a crash.
    public static func evaluate(_ value: CatalogValue, key: String, _ target: String) {
        let codes: Set<ParlanceError.Code> = [.invalidArgument, .missingArgument]
        switch value {
        case .format(let format):
            for locale in locales.prefix(3) {
                for arguments in [[], [pluralSamples[3]], [LocalizationArgument.string("x"), 2, 2.5]] as [[LocalizationArgument]] {
                    do {
                        let text = try LocalizedFormatter(locale: locale).format(format, arguments: arguments)
                        check(!text.unicodeScalars.contains("\0") || format.unicodeScalars.contains("\0"), target, "a NUL appeared formatting \(key)")
                    } catch {
                        expectError(error, codes: codes, target, "formatting \(key.debugDescription) = \(format.debugDescription)")
                    }
                }
            }
        case .plural(let plural):
            for language in [locales[1], locales[2], locales[3]] {
                for sample in pluralSamples {
                    do {
                        _ = try plural.format(language: language, locale: language, arguments: [sample, sample, sample])
                    } catch {
                        expectError(error, codes: codes, target, "evaluating the plural \(key.debugDescription) for \(sample) in \(language)")
                    }
                }
            }
        case .device(let values):
            for (device, value) in values { evaluate(value, key: key + " (" + device + ")", target) }
        }
    }
}
