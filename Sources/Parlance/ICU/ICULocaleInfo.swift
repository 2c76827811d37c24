internal import CICU

/// Owner of the shim's display names of every kind (`uldn_*`, `ucurr_getName`,
/// `udatpg_getFieldDisplayName`), locale information (`ucal_*` week data,
/// `udatpg_getDefaultHourCycle`, calendars, collations, numbering systems, time zones of a
/// region) and supported values. Every other file reaches them here.
///
/// The shim opens and closes its ICU objects within each call and keeps no state, so every
/// function here is safe to call from any thread.
package enum ICULocaleInfo {
    /// What ``displayName(_:of:in:style:dialect:noSubstitute:capitalization:)`` names.
    package enum NameType {
        case language, region, script, currency, calendar, dateTimeField, unit, numberingSystem

        var icu: CICUDisplayNameType {
            switch self {
            case .language: CICUDisplayNameTypeLanguage
            case .region: CICUDisplayNameTypeRegion
            case .script: CICUDisplayNameTypeScript
            case .currency: CICUDisplayNameTypeCurrency
            case .calendar: CICUDisplayNameTypeCalendar
            case .dateTimeField: CICUDisplayNameTypeDateTimeField
            case .unit: CICUDisplayNameTypeUnit
            case .numberingSystem: CICUDisplayNameTypeNumberingSystem
            }
        }
    }

    /// The longest code other than a locale id that the shim names
    /// (`CICU_DISPLAY_CODE_MAX_LENGTH`).
    package static let displayCodeMaxLength = Int(CICU_DISPLAY_CODE_MAX_LENGTH)

    /// The name of `code` in `displayLocale` (an ICU id), or nil when `noSubstitute` and ICU
    /// has no name for it. The code must have been validated for its type; a unit ICU does not
    /// know throws `CICU_STATUS_ILLEGAL_ARGUMENT` (``isIllegalArgument``).
    package static func displayName(
        _ type: NameType, of code: String, in displayLocale: String, style: DisplayNames.Style, dialect: Bool,
        noSubstitute: Bool, capitalization: DisplayNameCapitalization
    ) throws(ICUStatusError) -> String? {
        let icuStyle: CICUDisplayNameStyle =
            switch style {
            case .long: CICUDisplayNameStyleLong
            case .short: CICUDisplayNameStyleShort
            case .narrow: CICUDisplayNameStyleNarrow
            }
        do {
            return try ICUOutput.utf16 { out, capacity, status in
                CICU_displayName(
                    displayLocale, type.icu, code, icuStyle, dialect, noSubstitute, capitalization.icu, out, capacity, status)
            }
        } catch {
            if noSubstitute, error.status == CICU_STATUS_MISSING_RESOURCE { return nil }
            throw error
        }
    }

    /// Whether a status is `U_ILLEGAL_ARGUMENT_ERROR`.
    package static func isIllegalArgument(_ error: ICUStatusError) -> Bool {
        error.status == CICU_STATUS_ILLEGAL_ARGUMENT
    }

    /// The week data ICU's calendar has for a locale: first day in ICU's numbering
    /// (1 = Sunday), minimal days in the first week, and a mask with bit d set for each weekend
    /// day d (ICU's numbering).
    package static func weekData(_ id: String) throws(ICUStatusError) -> (firstDay: Int, minimalDays: Int, weekendMask: Int) {
        var firstDay: Int32 = 0
        var minimalDays: Int32 = 0
        var mask: Int32 = 0
        var status: Int32 = 0
        let ok = CICU_localeWeekInfo(id, &firstDay, &minimalDays, &mask, &status)
        guard ok else { throw ICUStatusError(status: status > 0 ? status : CICU_STATUS_ILLEGAL_ARGUMENT) }
        return (Int(firstDay), Int(minimalDays), Int(mask))
    }

    /// The locale's default hour cycle (11, 12, 23 or 24).
    package static func defaultHourCycle(_ id: String) throws(ICUStatusError) -> Int {
        var status: Int32 = 0
        let cycle = CICU_localeDefaultHourCycle(id, &status)
        try ICUStatusError.check(status)
        return Int(cycle)
    }

    /// The lists ``values(_:of:)`` reads.
    package enum LocaleList {
        case calendars, collations, numberingSystems

        var icu: CICULocaleList {
            switch self {
            case .calendars: CICULocaleListCalendars
            case .collations: CICULocaleListCollations
            case .numberingSystems: CICULocaleListNumberingSystems
            }
        }
    }

    /// A locale's calendars, collations or numbering systems as BCP 47 types, in ICU's order.
    package static func values(_ list: LocaleList, of id: String) throws(ICUStatusError) -> [String] {
        words(try ICUOutput.utf8 { out, capacity, status in CICU_localeValues(id, list.icu, out, capacity, status) })
    }

    /// The canonical location zones of a region, in ICU's order.
    package static func timeZones(ofRegion region: String) throws(ICUStatusError) -> [String] {
        words(
            try ICUOutput.utf8(initialCapacity: 1024) { out, capacity, status in
                CICU_regionTimeZones(region, out, capacity, status)
            })
    }

    /// The keys ``supportedValues(_:)`` lists.
    package enum SupportedKey {
        case calendar, collation, currency, numberingSystem, timeZone

        var icu: CICUSupportedKey {
            switch self {
            case .calendar: CICUSupportedKeyCalendar
            case .collation: CICUSupportedKeyCollation
            case .currency: CICUSupportedKeyCurrency
            case .numberingSystem: CICUSupportedKeyNumberingSystem
            case .timeZone: CICUSupportedKeyTimeZone
            }
        }
    }

    /// Every value ICU supports for a key, in ICU's order (unsorted).
    package static func supportedValues(_ key: SupportedKey) throws(ICUStatusError) -> [String] {
        words(
            try ICUOutput.utf8(initialCapacity: 8192) { out, capacity, status in
                CICU_supportedValues(key.icu, out, capacity, status)
            })
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}
