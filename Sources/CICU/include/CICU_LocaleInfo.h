// Display names of every kind (languages, regions, scripts, currencies, calendars, date-time
// fields), the week, hour cycle, calendars, collations, numbering systems and time zones of a
// locale, and the values ICU supports for each Unicode locale key.
//
// Why: uldn_*, ucurr_*, udatpg_*, ucal_*, ucol_* and unumsys_* are renamed per ICU version in
// the system library. Ids and codes cross as NUL-terminated ASCII (char) and are bounded here
// before ICU reads them; names come back as UTF-16 and lists as space-separated ASCII, with the
// usual (out, capacity) → needed-length contract.
#ifndef CICU_LOCALE_INFO_H
#define CICU_LOCALE_INFO_H

#include <stdbool.h>
#include <stdint.h>

#include "CICU_Locale.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The longest code (region, script, currency, calendar type, date-time field) the display-name
/// function hands to ICU, in bytes before its NUL; a language code is a locale id and is bounded
/// by CICU_LOCALE_ID_MAX_LENGTH instead. Longer codes are refused with
/// CICU_STATUS_ILLEGAL_ARGUMENT before ICU sees them.
#define CICU_DISPLAY_CODE_MAX_LENGTH 64

/// What CICU_displayName names.
typedef enum CICUDisplayNameType {
    CICUDisplayNameTypeLanguage = 0,       // a locale id (uldn_localeDisplayName)
    CICUDisplayNameTypeRegion = 1,         // "US", "419" (uldn_regionDisplayName)
    CICUDisplayNameTypeScript = 2,         // "Hant" (uldn_scriptDisplayName)
    CICUDisplayNameTypeCurrency = 3,       // "EUR" (ucurr_getName)
    CICUDisplayNameTypeCalendar = 4,       // a BCP 47 calendar type, "gregory" (uldn_keyValueDisplayName)
    CICUDisplayNameTypeDateTimeField = 5,  // an ECMA-402 field name, "weekOfYear" (udatpg_getFieldDisplayName)
    CICUDisplayNameTypeUnit = 6,           // a simple CLDR unit, "meter" (MeasureFormat::getUnitDisplayName)
    CICUDisplayNameTypeNumberingSystem = 7,// a numbering system, "arab" (uldn_keyValueDisplayName "numbers")
} CICUDisplayNameType;

/// ECMA-402's display-name styles.
typedef enum CICUDisplayNameStyle {
    CICUDisplayNameStyleLong = 0,
    CICUDisplayNameStyleShort = 1,
    CICUDisplayNameStyleNarrow = 2,
} CICUDisplayNameStyle;

/// The name of `code` written in `displayLocaleID`.
///
/// Styles: languages, regions and scripts take ICU's full names for "long" and its short
/// names (UDISPCTX_LENGTH_SHORT: "English (US)", "US") for "short" and "narrow"; currencies take
/// the long name, the symbol ("$") and the narrow symbol (UCURR_LONG_NAME, UCURR_SYMBOL_NAME,
/// UCURR_NARROW_SYMBOL_NAME); calendars have one name (CLDR's short names where the style is
/// not "long" and CLDR has one), and so do numbering systems; date-time fields take the wide,
/// abbreviated and narrow names; units take the names of CLDR's long, short and narrow unit
/// lengths ("meters", "m", "m").
/// `dialectNames` applies to languages (ULDN_DIALECT_NAMES, "British English").
///
/// When `noSubstitute` and ICU has no name for the code (UDISPCTX_NO_SUBSTITUTE for uldn, the
/// code itself returned by ucurr_getName, an empty field name), the result is empty with
/// CICU_STATUS_MISSING_RESOURCE; without it, ICU substitutes the code as it does. A code over
/// its bound, or a date-time field that is not one of ECMA-402's twelve, is
/// CICU_STATUS_ILLEGAL_ARGUMENT.
int32_t CICU_displayName(const char *displayLocaleID, CICUDisplayNameType type, const char *code,
                         CICUDisplayNameStyle style, bool dialectNames, bool noSubstitute,
                         CICUCapitalization capitalization, uint16_t *out, int32_t capacity,
                         int32_t *status);

/// The name of a simple unit ("meter", "fluid-ounce") through MeasureFormat::getUnitDisplayName
/// (C++ only) with the width of `style` (UMEASFMT_WIDTH_WIDE, SHORT, NARROW). An identifier
/// ICU does not parse is CICU_STATUS_ILLEGAL_ARGUMENT; an empty name is
/// CICU_STATUS_MISSING_RESOURCE. CICU_displayName calls this for CICUDisplayNameTypeUnit.
int32_t CICU_unitDisplayName(const char *displayLocaleID, const char *unit, CICUDisplayNameStyle style,
                             uint16_t *out, int32_t capacity, int32_t *status);

/// The week of a locale's region (ucal_open with the locale, in UTC):
/// `firstDay` as ICU counts (1 = Sunday … 7 = Saturday, ucal_getAttribute
/// UCAL_FIRST_DAY_OF_WEEK), `minimalDays` (UCAL_MINIMAL_DAYS_IN_FIRST_WEEK) and `weekendMask`
/// with bit d set (d in 1…7, ICU's numbering) when ucal_getDayOfWeekType says day d is not a
/// weekday. False with `*status` on failure.
bool CICU_localeWeekInfo(const char *localeID, int32_t *firstDay, int32_t *minimalDays,
                         int32_t *weekendMask, int32_t *status);

/// The locale's default hour cycle from its date-time pattern generator
/// (udatpg_getDefaultHourCycle): 11, 12, 23 or 24, 0 with `*status` on failure.
int32_t CICU_localeDefaultHourCycle(const char *localeID, int32_t *status);

/// Which list CICU_localeValues gives.
typedef enum CICULocaleList {
    /// ucal_getKeywordValuesForLocale("calendar", commonly used), preferred first.
    CICULocaleListCalendars = 0,
    /// ucol_getKeywordValuesForLocale("collation") without "standard" and "search".
    CICULocaleListCollations = 1,
    /// The default numbering system (unumsys_open → unumsys_getName).
    CICULocaleListNumberingSystems = 2,
} CICULocaleList;

/// A locale's values for one key, as BCP 47 types (uloc_toUnicodeLocaleType: "gregory",
/// "phonebk") separated by single spaces, in ICU's order. When the id has the key's keyword
/// (`@calendar=`, `@collation=`, `@numbers=`), the list is that one value.
int32_t CICU_localeValues(const char *localeID, CICULocaleList which, char *out, int32_t capacity,
                          int32_t *status);

/// The canonical location time zones of a region (ucal_openTimeZoneIDEnumeration with
/// UCAL_ZONE_TYPE_CANONICAL_LOCATION; CLDR's ids, e.g. "Asia/Calcutta"), separated by spaces
/// in ICU's order; empty for a region without zones. `region` is at most 3 bytes.
int32_t CICU_regionTimeZones(const char *region, char *out, int32_t capacity, int32_t *status);

/// The keys CICU_supportedValues lists.
typedef enum CICUSupportedKey {
    /// ucal_getKeywordValuesForLocale("calendar", "", all values).
    CICUSupportedKeyCalendar = 0,
    /// ucol_getKeywordValues("collation") without "standard" and "search".
    CICUSupportedKeyCollation = 1,
    /// ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED).
    CICUSupportedKeyCurrency = 2,
    /// unumsys_openAvailableNames, without the algorithmic systems (unumsys_isAlgorithmic).
    CICUSupportedKeyNumberingSystem = 3,
    /// ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION) of every region.
    CICUSupportedKeyTimeZone = 4,
} CICUSupportedKey;

/// Every value ICU supports for a key, as BCP 47 types separated by single spaces, in ICU's
/// order (unsorted, possibly with duplicates: the caller sorts).
int32_t CICU_supportedValues(CICUSupportedKey key, char *out, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_LOCALE_INFO_H
