internal import CICU

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw ICU called from C in a tight loop, through the shim: the floor `parlance bench`
/// compares Parlance's Swift API against. Not API for users.
package enum RawICUBench {
    /// Runs `uplrules_select` `iterations` times over `values`; returns a checksum.
    package static func pluralSelectIntegers(_ rules: PluralRules, values: [Int64], iterations: Int) -> Int64 {
        rules.withICUHandle { handle in
            values.withUnsafeBufferPointer {
                CICU_benchPluralSelectIntegers(handle, $0.baseAddress, Int32($0.count), Int64(iterations))
            }
        }
    }

    /// Runs ICU's exact-decimal selection (`unumf_formatDecimal` + `uplrules_selectFormatted`).
    package static func pluralSelectDecimals(_ rules: PluralRules, decimals: [String], iterations: Int) -> Int64 {
        let cStrings = decimals.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let digits = decimals.map { Int32($0.split(separator: ".").dropFirst().first?.count ?? 0) }
        return rules.withICUHandle { handle in
            cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { strings in
                digits.withUnsafeBufferPointer { fractionDigits in
                    CICU_benchPluralSelectDecimals(
                        handle, strings.baseAddress, fractionDigits.baseAddress, Int32(decimals.count), Int64(iterations))
                }
            }
        }
    }
}
