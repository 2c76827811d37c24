// Display names of every kind, locale information (week, hour cycle, calendars, collations,
// numbering systems, time zones) and the values ICU supports per key.
//
// Why: uldn_*, ucurr_*, udatpg_*, ucal_*, ucol_* and unumsys_* are renamed per ICU version in the
// system library. Every function bounds its ids and codes before ICU reads them, opens what it
// needs and closes it before returning: no state is kept, so every call is thread-safe.
#include "CICU_LocaleInfo.h"
#include "internal.h"

#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udatpg.h>
#include <unicode/udisplaycontext.h>
#include <unicode/uenum.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>
#include <unicode/ustring.h>

#include <string.h>

_Static_assert(CICU_STATUS_MISSING_RESOURCE == U_MISSING_RESOURCE_ERROR, "U_MISSING_RESOURCE_ERROR");

// MARK: - Display names

// Whether `code` is a string of at most `maxLength` bytes (NULL or longer sets
// U_ILLEGAL_ARGUMENT_ERROR): CICU_localeIDFits, which reads no further than maxLength + 1 bytes.
static bool codeFits(const char *code, int32_t maxLength, UErrorCode *status) {
    return CICU_localeIDFits(code, maxLength, status);
}

// The UDisplayContext of a capitalization context; false for an unknown one.
static bool capitalizationContext(CICUCapitalization capitalization, UDisplayContext *context) {
    switch (capitalization) {
    case CICUCapitalizationNone: *context = UDISPCTX_CAPITALIZATION_NONE; return true;
    case CICUCapitalizationMiddleOfSentence: *context = UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE; return true;
    case CICUCapitalizationBeginningOfSentence: *context = UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE; return true;
    case CICUCapitalizationUIListOrMenu: *context = UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU; return true;
    case CICUCapitalizationStandalone: *context = UDISPCTX_CAPITALIZATION_FOR_STANDALONE; return true;
    }
    return false;
}

// Opens ICU's display names for a locale with the given contexts.
static ULocaleDisplayNames *openNames(const char *displayLocaleID, bool dialectNames, bool shortNames,
                                      bool noSubstitute, CICUCapitalization capitalization,
                                      UErrorCode *status) {
    UDisplayContext contexts[] = {
        dialectNames ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES,
        UDISPCTX_CAPITALIZATION_NONE,
        shortNames ? UDISPCTX_LENGTH_SHORT : UDISPCTX_LENGTH_FULL,
        noSubstitute ? UDISPCTX_NO_SUBSTITUTE : UDISPCTX_SUBSTITUTE,
    };
    if (!capitalizationContext(capitalization, &contexts[1])) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    ULocaleDisplayNames *names = uldn_openForContext(displayLocaleID, contexts, 4, status);
    if (U_FAILURE(*status)) {
        if (names != NULL) uldn_close(names);
        return NULL;
    }
    return names;
}

// A uldn result: with UDISPCTX_NO_SUBSTITUTE, uldn reports a name it does not have as
// U_ILLEGAL_ARGUMENT_ERROR (its "bogus" result) or an empty string; both become
// U_MISSING_RESOURCE_ERROR, the shim's "no name". The inputs were checked before, so ICU has
// no other reason for U_ILLEGAL_ARGUMENT_ERROR.
static int32_t noName(int32_t length, bool noSubstitute, UErrorCode *status) {
    if (!noSubstitute) return length;
    if (*status == U_ILLEGAL_ARGUMENT_ERROR || (U_SUCCESS(*status) && length == 0)) {
        *status = U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    return length;
}

// The name of a locale id through open display names. uldn names the empty language after
// CLDR's "root" locale ("root (Croatia)"); ICU's own tests (loctest.cpp) and
// uloc_getDisplayName say "Unknown language (Croatia)". For an id whose language is empty or
// "und", the leading root name is replaced by the name of the language "und" (in the same
// contexts).
static int32_t localeName(const ULocaleDisplayNames *names, const char *displayLocaleID,
                          const char *localeID, bool noSubstitute, uint16_t *out, int32_t capacity,
                          UErrorCode *st) {
    char language[ULOC_LANG_CAPACITY] = {0};
    UErrorCode languageStatus = U_ZERO_ERROR;
    uloc_getLanguage(localeID, language, ULOC_LANG_CAPACITY, &languageStatus);
    bool unknownLanguage = U_SUCCESS(languageStatus) && (language[0] == 0 || strcmp(language, "und") == 0);
    if (!unknownLanguage) {
        int32_t length = uldn_localeDisplayName(names, localeID, (UChar *)out, capacity, st);
        return noName(length, noSubstitute, st);
    }
    UChar full[512], rootName[128], undName[128];
    int32_t fullLength = uldn_localeDisplayName(names, localeID, full, 512, st);
    fullLength = noName(fullLength, noSubstitute, st);
    if (U_FAILURE(*st)) return 0;
    UErrorCode rootStatus = U_ZERO_ERROR, undStatus = U_ZERO_ERROR;
    int32_t rootLength = uldn_localeDisplayName(names, "root", rootName, 128, &rootStatus);
    int32_t undLength = uldn_languageDisplayName(names, "und", undName, 128, &undStatus);
    if (fullLength > 512 || U_FAILURE(rootStatus) || U_FAILURE(undStatus) || rootLength > 128 || undLength > 128 ||
        rootLength > fullLength || u_strncmp(full, rootName, rootLength) != 0) {
        // No "root" prefix to replace (or names too long for these buffers): ICU's own name,
        // from uloc_getDisplayName where ICU substitutes (it names "und" alone
        // "Unknown language"), else from uldn.
        *st = U_ZERO_ERROR;
        if (noSubstitute) {
            int32_t length = uldn_localeDisplayName(names, localeID, (UChar *)out, capacity, st);
            return noName(length, noSubstitute, st);
        }
        return uloc_getDisplayName(localeID, displayLocaleID, (UChar *)out, capacity, st);
    }
    int32_t length = undLength + (fullLength - rootLength);
    if (length > capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    u_memcpy((UChar *)out, undName, undLength);
    u_memcpy((UChar *)out + undLength, full + rootLength, fullLength - rootLength);
    if (length < capacity) out[length] = 0;
    return length;
}

int32_t CICU_localeDisplayName(const char *displayLocaleID, const char *localeID,
                               bool dialectNames, CICUCapitalization capitalization,
                               uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(displayLocaleID, CICU_LOCALE_ID_MAX_LENGTH, st) ||
        !CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) {
        return 0;
    }
    ULocaleDisplayNames *names = openNames(displayLocaleID, dialectNames, false, false, capitalization, st);
    if (names == NULL) return 0;
    int32_t length = localeName(names, displayLocaleID, localeID, false, out, capacity, st);
    uldn_close(names);
    return length;
}

// ECMA-402's date-time field names and ICU's pattern generator fields.
static const struct {
    const char *name;
    UDateTimePatternField field;
} dateTimeFields[] = {
    {"era", UDATPG_ERA_FIELD},
    {"year", UDATPG_YEAR_FIELD},
    {"quarter", UDATPG_QUARTER_FIELD},
    {"month", UDATPG_MONTH_FIELD},
    {"weekOfYear", UDATPG_WEEK_OF_YEAR_FIELD},
    {"weekday", UDATPG_WEEKDAY_FIELD},
    {"day", UDATPG_DAY_FIELD},
    {"dayPeriod", UDATPG_DAYPERIOD_FIELD},
    {"hour", UDATPG_HOUR_FIELD},
    {"minute", UDATPG_MINUTE_FIELD},
    {"second", UDATPG_SECOND_FIELD},
    {"timeZoneName", UDATPG_ZONE_FIELD},
};

static int32_t dateTimeFieldName(const char *displayLocaleID, const char *code, CICUDisplayNameStyle style,
                                 bool noSubstitute, uint16_t *out, int32_t capacity, UErrorCode *st) {
    int32_t index = -1;
    for (int32_t i = 0; i < (int32_t)(sizeof dateTimeFields / sizeof dateTimeFields[0]); i++) {
        if (strcmp(dateTimeFields[i].name, code) == 0) {
            index = i;
            break;
        }
    }
    if (index < 0) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UDateTimePGDisplayWidth width = style == CICUDisplayNameStyleLong    ? UDATPG_WIDE
                                    : style == CICUDisplayNameStyleShort ? UDATPG_ABBREVIATED
                                                                         : UDATPG_NARROW;
    UDateTimePatternGenerator *generator = udatpg_open(displayLocaleID, st);
    if (U_FAILURE(*st)) {
        if (generator != NULL) udatpg_close(generator);
        return 0;
    }
    int32_t length = udatpg_getFieldDisplayName(generator, dateTimeFields[index].field, width, (UChar *)out,
                                                capacity, st);
    udatpg_close(generator);
    if (*st == U_STRING_NOT_TERMINATED_WARNING) *st = U_ZERO_ERROR;
    if (U_SUCCESS(*st) && length == 0 && noSubstitute) *st = U_MISSING_RESOURCE_ERROR;
    return length;
}

static int32_t currencyName(const char *displayLocaleID, const char *code, CICUDisplayNameStyle style,
                            bool noSubstitute, uint16_t *out, int32_t capacity, UErrorCode *st) {
    // ucurr_getName wants the code in UTF-16 and upper case (ISO 4217 codes are 3 letters;
    // the caller has checked; longer text is refused here too).
    UChar currency[4];
    int32_t codeLength = (int32_t)strlen(code);
    if (codeLength != 3) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    for (int32_t i = 0; i < 3; i++) {
        char c = code[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (c < 'A' || c > 'Z') {
            *st = U_ILLEGAL_ARGUMENT_ERROR;
            return 0;
        }
        currency[i] = (UChar)c;
    }
    currency[3] = 0;
    UCurrNameStyle nameStyle = style == CICUDisplayNameStyleLong    ? UCURR_LONG_NAME
                               : style == CICUDisplayNameStyleShort ? UCURR_SYMBOL_NAME
                                                                    : UCURR_NARROW_SYMBOL_NAME;
    int32_t length = 0;
    UBool isChoiceFormat = false;
    const UChar *name = ucurr_getName(currency, displayLocaleID, nameStyle, &isChoiceFormat, &length, st);
    if (U_FAILURE(*st)) return 0;
    // ucurr_getName returns the code it was given (this very buffer) when it has no name.
    if (name == currency && noSubstitute) {
        *st = U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    *st = U_ZERO_ERROR;  // drop ICU's fallback warnings: the name is what it is
    return CICU_copyOut(name, length, out, capacity, st);
}

int32_t CICU_displayName(const char *displayLocaleID, CICUDisplayNameType type, const char *code,
                         CICUDisplayNameStyle style, bool dialectNames, bool noSubstitute,
                         CICUCapitalization capitalization, uint16_t *out, int32_t capacity,
                         int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(displayLocaleID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    int32_t codeMax = type == CICUDisplayNameTypeLanguage ? CICU_LOCALE_ID_MAX_LENGTH : CICU_DISPLAY_CODE_MAX_LENGTH;
    if (!codeFits(code, codeMax, st)) return 0;
    if (style != CICUDisplayNameStyleLong && style != CICUDisplayNameStyleShort && style != CICUDisplayNameStyleNarrow) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    switch (type) {
    case CICUDisplayNameTypeCurrency:
        return currencyName(displayLocaleID, code, style, noSubstitute, out, capacity, st);
    case CICUDisplayNameTypeDateTimeField:
        return dateTimeFieldName(displayLocaleID, code, style, noSubstitute, out, capacity, st);
    case CICUDisplayNameTypeUnit: {
        int32_t length = CICU_unitDisplayName(displayLocaleID, code, style, out, capacity, status);
        if (*st == U_MISSING_RESOURCE_ERROR && !noSubstitute) {
            // No name: the identifier itself, as ICU substitutes codes elsewhere.
            *st = U_ZERO_ERROR;
            UChar units[CICU_DISPLAY_CODE_MAX_LENGTH];
            int32_t unitLength = (int32_t)strlen(code);
            for (int32_t i = 0; i < unitLength; i++) units[i] = (UChar)(unsigned char)code[i];
            return CICU_copyOut(units, unitLength, out, capacity, st);
        }
        return length;
    }
    case CICUDisplayNameTypeLanguage:
    case CICUDisplayNameTypeNumberingSystem:
    case CICUDisplayNameTypeRegion:
    case CICUDisplayNameTypeScript:
    case CICUDisplayNameTypeCalendar:
        break;
    default:
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // uldn has full and short names only: "narrow" takes the short ones, as ECMA-402
    // implementations over ICU do.
    ULocaleDisplayNames *names = openNames(displayLocaleID, dialectNames, style != CICUDisplayNameStyleLong,
                                           noSubstitute, capitalization, st);
    if (names == NULL) return 0;
    int32_t length = 0;
    switch (type) {
    case CICUDisplayNameTypeLanguage:
        length = localeName(names, displayLocaleID, code, noSubstitute, out, capacity, st);
        break;
    case CICUDisplayNameTypeRegion:
        length = noName(uldn_regionDisplayName(names, code, (UChar *)out, capacity, st), noSubstitute, st);
        break;
    case CICUDisplayNameTypeScript:
        length = noName(uldn_scriptDisplayName(names, code, (UChar *)out, capacity, st), noSubstitute, st);
        break;
    case CICUDisplayNameTypeCalendar: {
        // ICU's display data is keyed by ICU's legacy calendar names ("gregorian" for BCP 47
        // "gregory", "ethiopic-amete-alem" for "ethioaa").
        const char *legacy = uloc_toLegacyType("calendar", code);
        if (legacy == NULL) {
            *st = U_ILLEGAL_ARGUMENT_ERROR;
            break;
        }
        length = noName(uldn_keyValueDisplayName(names, "calendar", legacy, (UChar *)out, capacity, st),
                        noSubstitute, st);
        break;
    }
    case CICUDisplayNameTypeNumberingSystem: {
        // ICU's display data is keyed by ICU's names ("traditional" for BCP 47 "traditio").
        const char *legacy = uloc_toLegacyType("numbers", code);
        if (legacy == NULL) {
            *st = U_ILLEGAL_ARGUMENT_ERROR;
            break;
        }
        length = noName(uldn_keyValueDisplayName(names, "numbers", legacy, (UChar *)out, capacity, st),
                        noSubstitute, st);
        break;
    }
    default:
        break;
    }
    uldn_close(names);
    if (*st == U_STRING_NOT_TERMINATED_WARNING) *st = U_ZERO_ERROR;
    return length;
}

// MARK: - Space-separated lists

// Appends words to a caller's buffer, separated by single spaces, counting what does not fit
// so that the caller learns the length it needs.
typedef struct {
    char *out;
    int32_t capacity;
    int32_t length;
} WordList;

static void appendWord(WordList *list, const char *word, int32_t wordLength) {
    if (word == NULL || wordLength <= 0) return;
    if (list->length > 0) {
        if (list->length < list->capacity) list->out[list->length] = ' ';
        list->length++;
    }
    for (int32_t i = 0; i < wordLength; i++) {
        if (list->length + i < list->capacity) list->out[list->length + i] = word[i];
    }
    list->length += wordLength;
}

static int32_t finishList(WordList *list, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    if (list->length > list->capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
    } else if (list->length < list->capacity) {
        list->out[list->length] = 0;
    }
    return list->length;
}

// The BCP 47 form of an ICU keyword value ("gregorian" → "gregory", "phonebook" → "phonebk").
static const char *unicodeType(const char *keyword, const char *value) {
    const char *type = uloc_toUnicodeLocaleType(keyword, value);
    return type != NULL ? type : value;
}

// Appends every value of an enumeration in BCP 47 form, leaving out "standard" and "search"
// when `skipStandardAndSearch` (collations).
static void appendEnumeration(WordList *list, UEnumeration *values, const char *keyword,
                              bool skipStandardAndSearch, UErrorCode *status) {
    if (values == NULL || U_FAILURE(*status)) return;
    int32_t length = 0;
    const char *value;
    while ((value = uenum_next(values, &length, status)) != NULL && U_SUCCESS(*status)) {
        if (skipStandardAndSearch && (strcmp(value, "standard") == 0 || strcmp(value, "search") == 0)) continue;
        const char *type = keyword != NULL ? unicodeType(keyword, value) : value;
        appendWord(list, type, (int32_t)strlen(type));
    }
}

// MARK: - Locale information

bool CICU_localeWeekInfo(const char *localeID, int32_t *firstDay, int32_t *minimalDays,
                         int32_t *weekendMask, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return false;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UCalendar *calendar = ucal_open(utc, -1, localeID, UCAL_DEFAULT, st);
    if (U_FAILURE(*st)) {
        if (calendar != NULL) ucal_close(calendar);
        return false;
    }
    *firstDay = ucal_getAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK);
    *minimalDays = ucal_getAttribute(calendar, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK);
    int32_t mask = 0;
    for (int32_t day = UCAL_SUNDAY; day <= UCAL_SATURDAY; day++) {
        UCalendarWeekdayType kind = ucal_getDayOfWeekType(calendar, (UCalendarDaysOfWeek)day, st);
        if (U_SUCCESS(*st) && kind != UCAL_WEEKDAY) mask |= 1 << day;
    }
    ucal_close(calendar);
    *weekendMask = mask;
    return U_SUCCESS(*st);
}

int32_t CICU_localeDefaultHourCycle(const char *localeID, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    UDateTimePatternGenerator *generator = udatpg_open(localeID, st);
    if (U_FAILURE(*st)) {
        if (generator != NULL) udatpg_close(generator);
        return 0;
    }
    UDateFormatHourCycle cycle = udatpg_getDefaultHourCycle(generator, st);
    udatpg_close(generator);
    if (U_FAILURE(*st)) return 0;
    switch (cycle) {
    case UDAT_HOUR_CYCLE_11: return 11;
    case UDAT_HOUR_CYCLE_12: return 12;
    case UDAT_HOUR_CYCLE_23: return 23;
    case UDAT_HOUR_CYCLE_24: return 24;
    }
    *st = U_INTERNAL_PROGRAM_ERROR;
    return 0;
}

int32_t CICU_localeValues(const char *localeID, CICULocaleList which, char *out, int32_t capacity,
                          int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    const char *keyword;
    switch (which) {
    case CICULocaleListCalendars: keyword = "calendar"; break;
    case CICULocaleListCollations: keyword = "collation"; break;
    case CICULocaleListNumberingSystems: keyword = "numbers"; break;
    default: *st = U_ILLEGAL_ARGUMENT_ERROR; return 0;
    }
    WordList list = {out, capacity, 0};
    // A keyword in the id is the one value (the id fits ULOC_FULLNAME_CAPACITY, so its value does).
    char value[ULOC_FULLNAME_CAPACITY];
    UErrorCode valueStatus = U_ZERO_ERROR;
    int32_t valueLength = uloc_getKeywordValue(localeID, keyword, value, (int32_t)sizeof value, &valueStatus);
    if (U_SUCCESS(valueStatus) && valueStatus != U_STRING_NOT_TERMINATED_WARNING && valueLength > 0) {
        const char *type = unicodeType(keyword, value);
        appendWord(&list, type, (int32_t)strlen(type));
        return finishList(&list, st);
    }
    switch (which) {
    case CICULocaleListCalendars: {
        UEnumeration *values = ucal_getKeywordValuesForLocale("calendar", localeID, true, st);
        appendEnumeration(&list, values, "calendar", false, st);
        if (values != NULL) uenum_close(values);
        break;
    }
    case CICULocaleListCollations: {
        UEnumeration *values = ucol_getKeywordValuesForLocale("collation", localeID, true, st);
        appendEnumeration(&list, values, "collation", true, st);
        if (values != NULL) uenum_close(values);
        break;
    }
    case CICULocaleListNumberingSystems: {
        UNumberingSystem *system = unumsys_open(localeID, st);
        if (U_SUCCESS(*st)) {
            const char *name = unumsys_getName(system);
            if (name != NULL) appendWord(&list, name, (int32_t)strlen(name));
        }
        if (system != NULL) unumsys_close(system);
        break;
    }
    }
    return finishList(&list, st);
}

int32_t CICU_regionTimeZones(const char *region, char *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!codeFits(region, 3, st)) return 0;
    WordList list = {out, capacity, 0};
    UEnumeration *zones = ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION, region, NULL, st);
    appendEnumeration(&list, zones, NULL, false, st);
    if (zones != NULL) uenum_close(zones);
    return finishList(&list, st);
}

// MARK: - Supported values

int32_t CICU_supportedValues(CICUSupportedKey key, char *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    WordList list = {out, capacity, 0};
    UEnumeration *values = NULL;
    switch (key) {
    case CICUSupportedKeyCalendar:
        values = ucal_getKeywordValuesForLocale("calendar", "", false, st);
        appendEnumeration(&list, values, "calendar", false, st);
        break;
    case CICUSupportedKeyCollation:
        values = ucol_getKeywordValues("collation", st);
        appendEnumeration(&list, values, "collation", true, st);
        break;
    case CICUSupportedKeyCurrency:
        values = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, st);
        appendEnumeration(&list, values, NULL, false, st);
        break;
    case CICUSupportedKeyNumberingSystem: {
        values = unumsys_openAvailableNames(st);
        if (values == NULL || U_FAILURE(*st)) break;
        int32_t length = 0;
        const char *name;
        while ((name = uenum_next(values, &length, st)) != NULL && U_SUCCESS(*st)) {
            UErrorCode systemStatus = U_ZERO_ERROR;
            UNumberingSystem *system = unumsys_openByName(name, &systemStatus);
            bool simple = U_SUCCESS(systemStatus) && !unumsys_isAlgorithmic(system);
            if (system != NULL) unumsys_close(system);
            if (simple) appendWord(&list, name, length);
        }
        break;
    }
    case CICUSupportedKeyTimeZone:
        values = ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION, NULL, NULL, st);
        appendEnumeration(&list, values, NULL, false, st);
        break;
    default:
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    if (values != NULL) uenum_close(values);
    return finishList(&list, st);
}
