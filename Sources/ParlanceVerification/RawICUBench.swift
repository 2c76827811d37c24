internal import CICUBench
package import Parlance

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

extension RawICUBench {
    /// unumf_formatDouble + unumf_resultToString in a C loop.
    package static func numberDouble(locale: LocaleID, skeleton: String, values: [Double], iterations: Int) -> Int64 {
        let units = Array(skeleton.utf16)
        return values.withUnsafeBufferPointer { values in
            CICU_benchNumberDouble(locale.identifier, units, Int32(units.count), values.baseAddress, Int32(values.count), Int64(iterations))
        }
    }

    /// udat_format with the best pattern for a skeleton, in UTC, in a C loop.
    package static func dateSkeleton(locale: LocaleID, skeleton: String, millis: [Double], iterations: Int) -> Int64 {
        let units = Array(skeleton.utf16)
        return millis.withUnsafeBufferPointer { millis in
            CICU_benchDateSkeleton(locale.identifier, units, Int32(units.count), millis.baseAddress, Int32(millis.count), Int64(iterations))
        }
    }

    /// unumf_formatDouble with every field position read, in a C loop (the parts of a number).
    package static func numberParts(locale: LocaleID, skeleton: String, values: [Double], iterations: Int) -> Int64 {
        let units = Array(skeleton.utf16)
        return values.withUnsafeBufferPointer { values in
            CICU_benchNumberParts(locale.identifier, units, Int32(units.count), values.baseAddress, Int32(values.count), Int64(iterations))
        }
    }

    /// udat_formatForFields with the best pattern for a skeleton, in UTC, in a C loop (the
    /// parts of a date).
    package static func dateParts(locale: LocaleID, skeleton: String, millis: [Double], iterations: Int) -> Int64 {
        let units = Array(skeleton.utf16)
        return millis.withUnsafeBufferPointer { millis in
            CICU_benchDateParts(locale.identifier, units, Int32(units.count), millis.baseAddress, Int32(millis.count), Int64(iterations))
        }
    }

    /// udat_format with date and time styles, in UTC, in a C loop.
    package static func dateStyles(
        locale: LocaleID, date: DateStyle, time: DateStyle, millis: [Double], iterations: Int
    ) -> Int64 {
        millis.withUnsafeBufferPointer { millis in
            CICU_benchDateStyles(locale.identifier, date.icuStyle, time.icuStyle, millis.baseAddress, Int32(millis.count), Int64(iterations))
        }
    }

    /// ureldatefmt_formatNumeric (day unit, long style) in a C loop.
    package static func relativeDays(locale: LocaleID, values: [Double], iterations: Int) -> Int64 {
        values.withUnsafeBufferPointer { values in
            CICU_benchRelativeDays(locale.identifier, values.baseAddress, Int32(values.count), Int64(iterations))
        }
    }

    /// ulistfmt_format ("and", wide) in a C loop.
    package static func list(locale: LocaleID, items: [String], iterations: Int) -> Int64 {
        let buffers = items.map { Array($0.utf16) }
        let lengths = buffers.map { Int32($0.count) }
        let pointers = buffers.map { buffer -> UnsafeMutablePointer<UInt16> in
            let pointer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(buffer.count, 1))
            pointer.initialize(from: buffer, count: buffer.count)
            return pointer
        }
        defer { pointers.forEach { $0.deallocate() } }
        let constPointers: [UnsafePointer<UInt16>?] = pointers.map { UnsafePointer($0) }
        return constPointers.withUnsafeBufferPointer { items in
            lengths.withUnsafeBufferPointer { lengths in
                CICU_benchList(locale.identifier, items.baseAddress, lengths.baseAddress, Int32(lengths.count), Int64(iterations))
            }
        }
    }

    /// The first-strong-direction scan with u_charDirection in a C loop.
    package static func baseDirection(of text: String, iterations: Int) -> Int64 {
        let units = Array(text.utf16)
        return CICU_benchBaseDirection(units, Int32(units.count), Int64(iterations))
    }

    /// `umsg_format` of a one-argument plural pattern (numbered `{0}`), in a C loop.
    package static func messagePlural(locale: LocaleID, pattern: String, values: [Double], iterations: Int) -> Int64 {
        let units = Array(pattern.utf16)
        return values.withUnsafeBufferPointer { values in
            CICU_benchMessagePlural(locale.identifier, units, Int32(units.count), values.baseAddress, Int32(values.count), Int64(iterations))
        }
    }

    /// `unumrf_formatDecimalRange` + `uplrules_selectForRange`, in a C loop.
    package static func pluralRange(locale: LocaleID, ranges: [(String, String)], iterations: Int) -> Int64 {
        let starts = ranges.map { strdup($0.0) }
        let ends = ranges.map { strdup($0.1) }
        defer {
            starts.forEach { free($0) }
            ends.forEach { free($0) }
        }
        let startPointers = starts.map { UnsafePointer($0) }
        let endPointers = ends.map { UnsafePointer($0) }
        return startPointers.withUnsafeBufferPointer { s in
            endPointers.withUnsafeBufferPointer { e in
                CICU_benchPluralRange(locale.identifier, s.baseAddress, e.baseAddress, Int32(ranges.count), Int64(iterations))
            }
        }
    }

    /// `udtitvfmt_format` in UTC of [m, m + 3 days], in a C loop.
    package static func dateInterval(locale: LocaleID, skeleton: String, millis: [Double], iterations: Int) -> Int64 {
        let units = Array(skeleton.utf16)
        return millis.withUnsafeBufferPointer { millis in
            CICU_benchDateInterval(locale.identifier, units, Int32(units.count), millis.baseAddress, Int32(millis.count), Int64(iterations))
        }
    }
}
extension RawICUBench {
    /// ucol_strcollUTF8 of two strings in a C loop.
    package static func collateCompare(locale: LocaleID, _ a: String, _ b: String, iterations: Int) -> Int64 {
        CICU_benchCollateCompare(locale.identifier, a, b, Int64(iterations))
    }

    /// qsort with ucol_strcoll of every string, from the given order, in a C loop.
    package static func collateSort(locale: LocaleID, _ strings: [String], iterations: Int) -> Int64 {
        let (joined, lengths) = utf16(strings)
        return CICU_benchCollateSort(locale.identifier, joined, lengths, Int32(lengths.count), Int64(iterations))
    }

    /// ucol_getSortKey over strings (a power of 2 of them) in a C loop.
    package static func sortKey(locale: LocaleID, _ strings: [String], iterations: Int) -> Int64 {
        let (joined, lengths) = utf16(strings)
        return CICU_benchSortKey(locale.identifier, joined, lengths, Int32(lengths.count), Int64(iterations))
    }

    /// A word break iterator over a text, every boundary and rule status, in a C loop.
    package static func wordBreak(locale: LocaleID, _ text: String, iterations: Int) -> Int64 {
        let units = Array(text.utf16)
        return CICU_benchWordBreak(locale.identifier, units, Int32(units.count), Int64(iterations))
    }

    /// Strings as one UTF-16 buffer and their lengths.
    private static func utf16(_ strings: [String]) -> ([UInt16], [Int32]) {
        var joined: [UInt16] = []
        var lengths: [Int32] = []
        for string in strings {
            let before = joined.count
            joined.append(contentsOf: string.utf16)
            lengths.append(Int32(joined.count - before))
        }
        return (joined, lengths)
    }
}
