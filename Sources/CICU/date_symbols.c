// Dates compiled into Swift: the inputs a compiled formatter needs, read from ICU once per
// locale or zone. ICU stays the reference: what is read here is exactly what
// SimpleDateFormat itself formats with (the locale's DateFormatSymbols, the digits of its
// default numbering system, the zone's offsets from its own rules).
#include "CICU.h"
#include "CICU_Format.h"
#include "internal.h"

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/unumsys.h>
#include <unicode/ures.h>

#include <stdlib.h>
#include <string.h>

_Static_assert(CICU_DATE_SYMBOL_ERAS == UDAT_ERAS, "UDAT_ERAS");
_Static_assert(CICU_DATE_SYMBOL_MONTHS == UDAT_MONTHS, "UDAT_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_SHORT_MONTHS == UDAT_SHORT_MONTHS, "UDAT_SHORT_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_WEEKDAYS == UDAT_WEEKDAYS, "UDAT_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_SHORT_WEEKDAYS == UDAT_SHORT_WEEKDAYS, "UDAT_SHORT_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_AM_PMS == UDAT_AM_PMS, "UDAT_AM_PMS");
_Static_assert(CICU_DATE_SYMBOL_ERA_NAMES == UDAT_ERA_NAMES, "UDAT_ERA_NAMES");
_Static_assert(CICU_DATE_SYMBOL_NARROW_MONTHS == UDAT_NARROW_MONTHS, "UDAT_NARROW_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_NARROW_WEEKDAYS == UDAT_NARROW_WEEKDAYS, "UDAT_NARROW_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_MONTHS == UDAT_STANDALONE_MONTHS, "UDAT_STANDALONE_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_SHORT_MONTHS == UDAT_STANDALONE_SHORT_MONTHS, "UDAT_STANDALONE_SHORT_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_NARROW_MONTHS == UDAT_STANDALONE_NARROW_MONTHS, "UDAT_STANDALONE_NARROW_MONTHS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_WEEKDAYS == UDAT_STANDALONE_WEEKDAYS, "UDAT_STANDALONE_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_SHORT_WEEKDAYS == UDAT_STANDALONE_SHORT_WEEKDAYS, "UDAT_STANDALONE_SHORT_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_NARROW_WEEKDAYS == UDAT_STANDALONE_NARROW_WEEKDAYS, "UDAT_STANDALONE_NARROW_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_SHORTER_WEEKDAYS == UDAT_SHORTER_WEEKDAYS, "UDAT_SHORTER_WEEKDAYS");
_Static_assert(CICU_DATE_SYMBOL_STANDALONE_SHORTER_WEEKDAYS == UDAT_STANDALONE_SHORTER_WEEKDAYS, "UDAT_STANDALONE_SHORTER_WEEKDAYS");

struct CICUDateSymbols {
    UDateFormat *format;
};

CICUDateSymbols *CICU_dateSymbolsOpen(const char *localeID, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    static const UChar pattern[] = {'y', 0};
    // A pattern formatter of the locale: SimpleDateFormat(pattern, locale) loads the same
    // DateFormatSymbols (for the locale's calendar) as the skeleton and style formatters do.
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, localeID, utc, 3, pattern, 1, st);
    if (U_FAILURE(*st)) {
        if (format != NULL) udat_close(format);
        return NULL;
    }
    CICUDateSymbols *symbols = calloc(1, sizeof(CICUDateSymbols));
    if (symbols == NULL) {
        udat_close(format);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    symbols->format = format;
    return symbols;
}

void CICU_dateSymbolsClose(CICUDateSymbols *symbols) {
    if (symbols == NULL) return;
    udat_close(symbols->format);
    free(symbols);
}

int32_t CICU_dateSymbolsCount(const CICUDateSymbols *symbols, int32_t type) {
    return udat_countSymbols(symbols->format, (UDateFormatSymbolType)type);
}

int32_t CICU_dateSymbol(const CICUDateSymbols *symbols, int32_t type, int32_t index, uint16_t *out,
                        int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    return udat_getSymbols(symbols->format, (UDateFormatSymbolType)type, index, (UChar *)out, capacity, st);
}

int32_t CICU_dateSymbolsCalendarType(const CICUDateSymbols *symbols, char *out, int32_t capacity,
                                     int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    const char *type = ucal_getType(udat_getCalendar(symbols->format), st);
    if (U_FAILURE(*st) || type == NULL) return 0;
    int32_t length = (int32_t)strlen(type);
    if (length >= capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return length + 1;
    }
    memcpy(out, type, (size_t)length + 1);
    return length;
}

int32_t CICU_dateNumberingDigits(const char *localeID, uint16_t *out, int32_t capacity,
                                 bool *algorithmic, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    UNumberingSystem *system = unumsys_open(localeID, st);
    if (U_FAILURE(*st)) return 0;
    *algorithmic = unumsys_isAlgorithmic(system) || unumsys_getRadix(system) != 10;
    int32_t length = unumsys_getDescription(system, (UChar *)out, capacity, st);
    unumsys_close(system);
    return length;
}

int32_t CICU_timeZoneOffsets(const uint16_t *zone, int32_t zoneLength, double start, double end,
                             bool keepEveryTransition, double *transitions, int32_t *offsets,
                             int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    UCalendar *calendar = ucal_open((const UChar *)zone, zoneLength, "root", UCAL_GREGORIAN, st);
    if (U_FAILURE(*st)) return 0;
    int32_t count = 0;
    double at = start;
    for (;;) {
        ucal_setMillis(calendar, at, st);
        int32_t offset = ucal_get(calendar, UCAL_ZONE_OFFSET, st) + ucal_get(calendar, UCAL_DST_OFFSET, st);
        if (U_FAILURE(*st)) break;
        // Transitions that change only the raw/DST split keep the total: one entry serves both.
        // Past the buffer, every transition is counted: an upper bound the caller retries with.
        if (count == 0 || count > capacity || keepEveryTransition || offsets[count - 1] != offset) {
            if (count < capacity) {
                transitions[count] = at;
                offsets[count] = offset;
            }
            count++;
        }
        UDate next = 0;
        if (!ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, &next, st) || U_FAILURE(*st) || next >= end) break;
        at = next;
    }
    ucal_close(calendar);
    if (U_SUCCESS(*st) && count > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return count;
}

bool CICU_timeZoneHasTransition(const uint16_t *zone, int32_t zoneLength, double start,
                                int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return false;
    UCalendar *calendar = ucal_open((const UChar *)zone, zoneLength, "root", UCAL_GREGORIAN, st);
    if (U_FAILURE(*st)) return false;
    ucal_setMillis(calendar, start, st);
    UDate next = 0;
    bool has = U_SUCCESS(*st) && ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, &next, st);
    ucal_close(calendar);
    return has;
}

// "YYYY-MM-DD HH:MM" (UTC), as metaZones.txt writes its dates, to ms since 1970.
static bool parseMetazoneDate(const UChar *text, int32_t length, double *millis) {
    if (length != 16) return false;
    int32_t value[5] = {0};
    const int32_t starts[5] = {0, 5, 8, 11, 14};
    const int32_t widths[5] = {4, 2, 2, 2, 2};
    for (int field = 0; field < 5; field++) {
        for (int i = 0; i < widths[field]; i++) {
            UChar c = text[starts[field] + i];
            if (c < '0' || c > '9') return false;
            value[field] = value[field] * 10 + (c - '0');
        }
    }
    // Days from civil (proleptic Gregorian; H. Hinnant's algorithm).
    int64_t y = value[0] - (value[1] <= 2 ? 1 : 0);
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t m = value[1];
    int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + value[2] - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    int64_t days = era * 146097 + doe - 719468;
    *millis = (double)(days * 86400000LL + (int64_t)value[3] * 3600000LL + (int64_t)value[4] * 60000LL);
    return true;
}

int32_t CICU_timeZoneMetazoneBoundaries(const uint16_t *canonicalZone, int32_t zoneLength,
                                        bool *hasMapping, double *out, int32_t capacity,
                                        int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *hasMapping = false;
    if (U_FAILURE(*st)) return 0;
    char key[128];
    if (zoneLength <= 0 || zoneLength >= (int32_t)sizeof(key)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // The resource keys write the zone id with ':' for '/'.
    for (int32_t i = 0; i < zoneLength; i++) {
        uint16_t c = canonicalZone[i];
        if (c == 0 || c >= 0x80) {
            *st = U_ILLEGAL_ARGUMENT_ERROR;
            return 0;
        }
        key[i] = c == '/' ? ':' : (char)c;
    }
    key[zoneLength] = 0;
    UResourceBundle *bundle = ures_openDirect(NULL, "metaZones", st);
    UResourceBundle *info = ures_getByKey(bundle, "metazoneInfo", NULL, st);
    int32_t count = 0;
    if (U_SUCCESS(*st)) {
        UErrorCode zoneStatus = U_ZERO_ERROR;
        UResourceBundle *zone = ures_getByKey(info, key, NULL, &zoneStatus);
        if (U_SUCCESS(zoneStatus)) {
            int32_t mappings = ures_getSize(zone);
            *hasMapping = mappings > 0;
            for (int32_t i = 0; i < mappings && U_SUCCESS(*st); i++) {
                UResourceBundle *mapping = ures_getByIndex(zone, i, NULL, st);
                int32_t size = U_SUCCESS(*st) ? ures_getSize(mapping) : 0;
                for (int32_t j = 1; j < size && j < 3 && U_SUCCESS(*st); j++) {
                    int32_t length = 0;
                    const UChar *text = ures_getStringByIndex(mapping, j, &length, st);
                    double millis = 0;
                    if (U_FAILURE(*st)) break;
                    if (!parseMetazoneDate(text, length, &millis)) {
                        *st = U_INVALID_FORMAT_ERROR;
                        break;
                    }
                    if (count < capacity) out[count] = millis;
                    count++;
                }
                ures_close(mapping);
            }
        }
        ures_close(zone);
    }
    ures_close(info);
    ures_close(bundle);
    if (U_SUCCESS(*st) && count > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return count;
}
