internal import CICU

/// Owns an ICU number formatter (`UNumberFormatter`) compiled from a number skeleton.
///
/// `Sendable` notes: ICU documents `UNumberFormatter` (C++ `LocalizedNumberFormatter`) as
/// immutable and thread-safe; the mutable `UFormattedNumber` result is per thread inside the
/// shim.
///
/// Instances are cached per (locale, skeleton) by ``ICUNumberFormatter/cached(skeleton:locale:)``;
/// formatting never recompiles a skeleton.
package final class ICUNumberFormatter: @unchecked Sendable {
    let handle: OpaquePointer
    package let skeleton: String
    package let locale: LocaleID
    /// For the default skeleton (""), when it did not compile into ``compiled``, the texts of
    /// 0…999 composed from the locale's ten digits, when ICU writes integers below 1,000 as those
    /// digits alone (checked when the formatter is made): such integers, the common `%d` of a
    /// catalog, then skip ICU. Each text is a
    /// small string (at most 3 digits of at most 4 UTF-8 bytes), so the table is 16 KB with no
    /// further allocation. Nil for every other skeleton, and for a locale whose samples do not
    /// compose from its digits.
    private let smallIntegers: [String]?
    /// The skeleton compiled into Swift, used first for every finite value; nil when
    /// the skeleton or the locale's output is not covered (see ``fallback``).
    package let compiled: CompiledNumberFormat?
    /// ``compiled`` without a reference count: formatting calls it through
    /// `_withUnsafeGuaranteedRef`, which neither retains nor releases, so that threads sharing
    /// one formatter do not all write its count (``compiled`` keeps it alive).
    private let compiledRef: Unmanaged<CompiledNumberFormat>?
    /// Why there is no compiled path, when there is none.
    package let fallback: ICUNumberCompiler.Fallback?
    /// A compact skeleton (`compact-short`, `compact-long`) compiled into Swift, used first for
    /// every finite value below 10^15; nil for other skeletons and when the locale's output is
    /// not covered (see ``compactFallback``).
    package let compiledCompact: CompiledCompactFormat?
    /// ``compiledCompact`` without a reference count (as ``compiledRef``).
    private let compactRef: Unmanaged<CompiledCompactFormat>?
    /// Why a compact skeleton has no compiled path, when it has none (nil for other skeletons).
    package let compactFallback: ICUCompactCompiler.Fallback?
    /// The compiled parts (``compiledParts``), made and checked on first use.
    let partsSlot = CompiledPartsSlot<CompiledNumberParts>()

    /// Compiles `skeleton` for `locale`.
    ///
    /// - Throws: ``ParlanceError`` with ``ParlanceError/Code/invalidSkeleton`` when ICU rejects
    ///   the skeleton (the message points at the offending position).
    package init(skeleton: String, locale: LocaleID) throws(ParlanceError) {
        var status: Int32 = 0
        var offset: Int32 = -1
        let units = Array(skeleton.utf16)
        let opened = units.withUnsafeBufferPointer { buffer in
            CICU_numberFormatterOpen(buffer.baseAddress, Int32(buffer.count), locale.identifier, &offset, &status)
        }
        guard let opened, status <= 0 else {
            let icu = ICUStatusError(status: status)
            var message = "ICU rejects the number skeleton \(quoted(skeleton))"
            if offset >= 0 {
                let rest = String(decoding: units.dropFirst(Int(offset)), as: UTF16.self)
                message += " at offset \(offset) (\(quoted(rest)))"
            }
            throw icu.parlanceError(icu.isSkeletonSyntaxError || status == CICU_STATUS_ILLEGAL_ARGUMENT ? .invalidSkeleton : .internal, message)
        }
        self.handle = opened
        self.skeleton = skeleton
        self.locale = locale
        (self.compiled, self.fallback) = ICUNumberCompiler.compile(handle: opened, skeleton: skeleton)
        self.compiledRef = compiled.map { Unmanaged.passUnretained($0) }
        (self.compiledCompact, self.compactFallback) =
            ICUCompactCompiler.isCompact(skeleton) ? ICUCompactCompiler.compile(handle: opened, skeleton: skeleton, locale: locale) : (nil, nil)
        self.compactRef = compiledCompact.map { Unmanaged.passUnretained($0) }
        // The compiled formatter writes small integers itself; the 16 KB table is kept only for
        // a default skeleton that did not compile (most locales' defaults compile, so the
        // every-locale sweep keeps 12.9 MB fewer).
        self.smallIntegers =
            skeleton.isEmpty && compiled == nil
            ? Self.positionalDigits(opened).map { digits in (0..<1000).map { Self.compose(Int64($0), digits) } } : nil
    }

    /// The ten digits ICU writes for 0…9, if it writes integers below 1,000 as their digits
    /// (verified on samples, and over every locale ICU ships by a test); else nil.
    private static func positionalDigits(_ handle: OpaquePointer) -> [String]? {
        func icu(_ value: Int64) -> String? { try? ICUOutput.utf8 { CICU_numberFormatInt64(handle, value, $0, $1, $2) } }
        var digits: [String] = []
        for value in 0...9 {
            guard let digit = icu(Int64(value)), !digit.isEmpty else { return nil }
            digits.append(digit)
        }
        for sample: Int64 in [10, 11, 42, 99, 100, 101, 110, 305, 999] {
            guard icu(sample) == compose(sample, digits) else { return nil }
        }
        return digits
    }

    /// `value` (0…999) written with `digits`.
    private static func compose(_ value: Int64, _ digits: [String]) -> String {
        let v = Int(value)
        if v < 10 { return digits[v] }
        if v < 100 { return digits[v / 10] + digits[v % 10] }
        return digits[v / 100] + digits[v / 10 % 10] + digits[v % 10]
    }

    deinit { CICU_numberFormatterClose(handle) }

    private struct Key: Hashable, Sendable {
        var locale: String
        var skeleton: String
    }

    private static let cache = LRUCache<Key, ICUNumberFormatter>(capacity: 2048)

    /// A shared formatter for (skeleton, locale), compiled on first use.
    package static func cached(skeleton: String, locale: LocaleID) throws(ParlanceError) -> ICUNumberFormatter {
        try cache.value(for: Key(locale: locale.identifier, skeleton: skeleton)) { () throws(ParlanceError) in
            try ICUNumberFormatter(skeleton: skeleton, locale: locale)
        }
    }

    /// Drops every cached formatter.
    package static func resetCache() { cache.removeAll() }
    /// How many formatters are cached.
    package static var cachedCount: Int { cache.count }

    /// Formats an integer. Total: a valid formatter always formats an integer.
    package func format(_ value: Int64) -> String {
        if let smallIntegers, value >= 0, value < 1000 { return smallIntegers[Int(value)] }
        if let compiledRef { return compiledRef._withUnsafeGuaranteedRef { $0.format(value) } }
        // Integers below 2^53 are exact doubles, so the compact path reads the same digits.
        if let compactRef, value.magnitude < 1 << 53, let text = compactRef._withUnsafeGuaranteedRef({ $0.format(Double(value)) }) {
            return text
        }
        return formatThroughICU(value)
    }

    /// ``format(_:)-(Int64)`` always through ICU (the reference the small-integer path is tested against).
    package func formatThroughICU(_ value: Int64) -> String {
        (try? ICUOutput.utf8 { CICU_numberFormatInt64(handle, value, $0, $1, $2) }) ?? String(value)
    }

    /// Formats a binary double (NaN and infinities as ICU spells them in the locale): with the
    /// compiled skeleton when there is one, else with ICU.
    package func format(_ value: Double) -> String {
        if let compiledRef, let text = compiledRef._withUnsafeGuaranteedRef({ $0.format(value) }) { return text }
        if let compactRef, let text = compactRef._withUnsafeGuaranteedRef({ $0.format(value) }) { return text }
        return formatThroughICU(value)
    }

    /// ``format(_:)-(Double)`` always through ICU (the reference `--verify-numbers` compares against).
    package func formatThroughICU(_ value: Double) -> String {
        (try? ICUOutput.utf8 { CICU_numberFormatDouble(handle, value, $0, $1, $2) }) ?? value.description
    }

    /// Formats a decimal string exactly.
    ///
    /// - Throws: ``ParlanceError/Code/invalidNumber`` when ICU cannot read the decimal.
    package func format(decimal: String) throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf8 { out, capacity, status in
                CICU_numberFormatDecimal(handle, decimal, Int32(decimal.utf8.count), out, capacity, status)
            }
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot format the decimal \(quoted(decimal))")
        }
    }

    /// Formats a decimal string that ``DecimalString/validate(_:)`` accepted. ICU reads every
    /// such string (the bounds keep it within ICU's limits), so a failure here is a broken
    /// invariant of Parlance, not bad input.
    package func formatValidDecimal(_ decimal: String) -> String {
        do {
            return try format(decimal: decimal)
        } catch {
            preconditionFailure("ICU rejected a validated decimal \(quoted(decimal)): \(error)")
        }
    }

    /// Whether ICU knows `code` as an ISO 4217 currency in use somewhere at some time
    /// (`ucurr_isAvailable` over all dates): `EUR`, `DEM` yes; `XYZ` no.
    package static func isKnownCurrency(_ code: String) -> Bool {
        let units = Array(code.utf16)
        guard units.count == 3 else { return false }
        return units.withUnsafeBufferPointer { CICU_currencyIsAvailable($0.baseAddress) }
    }
}
