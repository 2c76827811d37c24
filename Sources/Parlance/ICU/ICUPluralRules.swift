internal import CICU

/// Owns an ICU plural-rules object (`UPluralRules`) through the shim.
///
/// `Sendable` notes: ICU's `PluralRules` is immutable after creation and its const methods
/// (`select`, `getKeywords`, `getRules`) are thread-safe; the shim's per-handle memo of number
/// formatters is installed with atomic compare-and-swap and `UNumberFormatter` is thread-safe.
/// The `UFormattedNumber` result is the calling thread's own (reused, closed at thread exit).
package final class ICUPluralRules: @unchecked Sendable {
    private let handle: OpaquePointer
    package let locale: LocaleID
    package let type: PluralRuleType

    package init(locale: LocaleID, type: PluralRuleType) throws(ParlanceError) {
        var status: Int32 = 0
        guard let handle = CICU_pluralRulesOpen(locale.identifier, type == .ordinal, &status), status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(
                .internal, "ICU cannot open the \(type) plural rules of \(locale)")
        }
        self.handle = handle
        self.locale = locale
        self.type = type
    }

    deinit { CICU_pluralRulesClose(handle) }

    /// Scoped access to the shim handle (it stays valid for the duration of `body`).
    package func withHandle<R>(_ body: (OpaquePointer) -> R) -> R {
        withExtendedLifetime(self) { body(handle) }
    }

    /// The rule text ICU compiled for the locale.
    package func source() throws(ParlanceError) -> String {
        do {
            return try ICUOutput.utf16 { CICU_pluralRulesSource(handle, $0, $1, $2) }
        } catch {
            throw error.parlanceError(.internal, "ICU cannot print the plural rules of \(locale)")
        }
    }

    /// ICU's category keywords, in ICU's order.
    package func keywords() throws(ParlanceError) -> [String] {
        do {
            return try ICUOutput.utf16 { CICU_pluralRulesKeywords(handle, $0, $1, $2) }
                .split(separator: " ").map(String.init)
        } catch {
            throw error.parlanceError(.internal, "ICU cannot list the plural categories of \(locale)")
        }
    }

    /// `uplrules_select` on a binary double: the raw ICU call.
    package func select(_ number: Double) -> String {
        (try? ICUOutput.utf16 { CICU_pluralRulesSelectDouble(handle, number, $0, $1, $2) }) ?? "other"
    }

    /// ICU's category for a plain decimal string (`[-]digits[.digits]`, no exponent) with its
    /// written fraction digits visible.
    package func select(decimal: String) throws(ParlanceError) -> String {
        // Only `[-]digits[.digits]`: the fraction digits counted here are the ones ICU shows.
        let parts = decimal.drop(while: { $0 == "-" }).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard decimal.filter({ $0 == "-" }).count <= 1, !decimal.dropFirst().contains("-"),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw ParlanceError(.invalidNumber, "\(quoted(decimal)) is not a plain decimal [-]digits[.digits]")
        }
        let fractionDigits = parts.count == 2 ? parts[1].count : 0
        do {
            return try ICUOutput.utf16 { out, capacity, status in
                CICU_pluralRulesSelectDecimal(
                    handle, decimal, Int32(decimal.utf8.count), Int32(fractionDigits), out, capacity, status)
            }
        } catch {
            throw error.parlanceError(.invalidNumber, "ICU cannot select a plural category for \(quoted(decimal))")
        }
    }
}

extension ICUPluralRules {
    /// The ids of the locales with plural data, joined as the shim writes them ("" on failure).
    static var availableLocalesJoined: String {
        (try? ICUOutput.utf8 { CICU_pluralRulesAvailableLocales($0, $1, $2) }) ?? ""
    }
}
