internal import CICU

/// Owner of ICU's full, locale-sensitive case mapping (`u_strToUpper`, `u_strToLower`,
/// `u_strToTitle` with the locale's default word break iterator).
///
/// Stateless: the shim makes every ICU object a call needs inside the call.
package enum ICUCaseMapping {
    /// The mappings, the shim's `CICU_CASE_*` values.
    package enum Mapping: Int32, Sendable {
        case upper = 0
        case lower = 1
        case title = 2
    }

    /// The longest text, in UTF-8 bytes, the shim maps (`CICU_TEXT_MAX_LENGTH`).
    package static var maximumLength: Int { Int(CICU_TEXT_MAX_LENGTH) }

    /// `text` mapped in `locale`: UTF-8 in and out, one transcoding each way inside the shim.
    /// The text must have at most ``maximumLength`` UTF-8 bytes (the shim refuses more).
    package static func map(_ text: String, _ mapping: Mapping, locale: LocaleID) throws(ICUStatusError) -> String {
        var text = text
        let byteCount = text.utf8.count
        let result: Result<String, ICUStatusError> = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { source in
                // Most mappings keep the length; a growing one costs a second, exactly sized round.
                do throws(ICUStatusError) {
                    return .success(
                        try ICUOutput.utf8(initialCapacity: min(byteCount + byteCount / 8 + 16, Int(Int32.max) - 1)) { out, capacity, status in
                            CICU_caseMapUTF8(locale.identifier, mapping.rawValue, source.baseAddress, Int32(source.count), out, capacity, status)
                        })
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}
