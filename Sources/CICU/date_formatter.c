// Dates: time-zone validation (ucal), best patterns (udatpg) and UDateFormat behind a handle.
//
// UDateFormat is not thread-safe (udat_format sets the time on its own calendar). A handle
// therefore holds clones, each behind its own mutex: a thread starts at "its" clone and takes
// the first free one, so threads formatting with the same cached formatter do not queue on one
// lock (no global lock on the hot path), and cloning per call is avoided. Clones are made only
// when threads contend: a handle starts with one, and a thread that finds every existing clone
// locked adds one, up to CICU_DATE_CLONES (a formatter used from one thread at a time, the
// common case, keeps a single UDateFormat: a clone costs tens of kilobytes).
#include "CICU.h"
#include "CICU_Format.h"
#include "CICU_Parts.h"
#include "internal.h"

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ufieldpositer.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CICU_DATE_STYLE_NONE == UDAT_NONE, "UDAT_NONE");
_Static_assert(CICU_DATE_STYLE_FULL == UDAT_FULL, "UDAT_FULL");
_Static_assert(CICU_DATE_STYLE_LONG == UDAT_LONG, "UDAT_LONG");
_Static_assert(CICU_DATE_STYLE_MEDIUM == UDAT_MEDIUM, "UDAT_MEDIUM");
_Static_assert(CICU_DATE_STYLE_SHORT == UDAT_SHORT, "UDAT_SHORT");

// ICU's Calendar::MIN_MILLIS and MAX_MILLIS (calendar.cpp), which no C header exports.
const double CICU_DATE_MIN_MILLIS = -184303902528000000.0;
const double CICU_DATE_MAX_MILLIS = 183882168921600000.0;

int32_t CICU_timeZoneCanonicalID(const uint16_t *zone, int32_t zoneLength, uint16_t *out,
                                 int32_t capacity, bool *isSystemID, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    UBool system = false;
    int32_t length = ucal_getCanonicalTimeZoneID((const UChar *)zone, zoneLength, (UChar *)out,
                                                 capacity, &system, st);
    if (isSystemID != NULL) *isSystemID = system;
    return length;
}

int32_t CICU_dateBestPattern(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                             uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    UDateTimePatternGenerator *generator = udatpg_open(localeID, st);
    if (U_FAILURE(*st)) return 0;
    int32_t length = udatpg_getBestPattern(generator, (const UChar *)skeleton, skeletonLength,
                                           (UChar *)out, capacity, st);
    udatpg_close(generator);
    return length;
}

// Clones per handle at most: enough for the cores a server typically runs formatting on at once.
#define CICU_DATE_CLONES 4

struct CICUDateFormatter {
    // How many clones exist (1 … CICU_DATE_CLONES); clones[i].format is set before `count`
    // passes i (release), and read only at indexes below a count loaded with acquire.
    atomic_int count;
    // Serializes adding a clone.
    pthread_mutex_t growLock;
    struct {
        UDateFormat *format;
        pthread_mutex_t lock;
    } clones[CICU_DATE_CLONES];
    // What opened the first formatter, so that a new clone is opened afresh instead of copied
    // from clone 0: copying needs clone 0's lock, which a thread that grows the handle (every
    // clone being busy) would otherwise wait for.
    char *locale;
    UChar *pattern;  // NULL for styles
    int32_t patternLength;
    UChar *zone;
    int32_t zoneLength;
    int32_t dateStyle, timeStyle;
};

static UChar *copyUnits(const uint16_t *units, int32_t length) {
    UChar *copy = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
    if (copy != NULL && length > 0) memcpy(copy, units, sizeof(UChar) * (size_t)length);
    return copy;
}

static CICUDateFormatter *wrap(UDateFormat *format, const char *localeID, const uint16_t *pattern,
                               int32_t patternLength, const uint16_t *zone, int32_t zoneLength,
                               int32_t dateStyle, int32_t timeStyle, UErrorCode *st) {
    if (U_FAILURE(*st)) {
        if (format != NULL) udat_close(format);
        return NULL;
    }
    CICUDateFormatter *handle = calloc(1, sizeof(CICUDateFormatter));
    if (handle != NULL) {
        handle->locale = strdup(localeID);
        handle->zone = copyUnits(zone, zoneLength);
        handle->pattern = pattern != NULL ? copyUnits(pattern, patternLength) : NULL;
    }
    if (handle == NULL || handle->locale == NULL || handle->zone == NULL ||
        (pattern != NULL && handle->pattern == NULL)) {
        if (handle != NULL) {
            free(handle->locale);
            free(handle->zone);
            free(handle->pattern);
            free(handle);
        }
        udat_close(format);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->patternLength = patternLength;
    handle->zoneLength = zoneLength;
    handle->dateStyle = dateStyle;
    handle->timeStyle = timeStyle;
    handle->clones[0].format = format;
    for (int i = 0; i < CICU_DATE_CLONES; i++) pthread_mutex_init(&handle->clones[i].lock, NULL);
    pthread_mutex_init(&handle->growLock, NULL);
    atomic_init(&handle->count, 1);
    return handle;
}

// Adds a clone (a formatter opened afresh, as the first was) for a thread that found every
// clone locked, and returns its index locked by the caller; or a clone that came free
// meanwhile. -1 when the bound is reached or ICU cannot open one (the caller then waits for a
// clone instead).
static int growClone(CICUDateFormatter *handle) {
    pthread_mutex_lock(&handle->growLock);
    int count = atomic_load_explicit(&handle->count, memory_order_acquire);
    // Another thread may have added one, or a clone may have come free, while this one waited.
    for (int i = 0; i < count; i++) {
        if (pthread_mutex_trylock(&handle->clones[i].lock) == 0) {
            pthread_mutex_unlock(&handle->growLock);
            return i;
        }
    }
    if (count >= CICU_DATE_CLONES) {
        pthread_mutex_unlock(&handle->growLock);
        return -1;
    }
    // Opened afresh as the first one was (a copy of a clone would need that clone's lock).
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *clone =
        handle->pattern != NULL
            ? udat_open(UDAT_PATTERN, UDAT_PATTERN, handle->locale, handle->zone, handle->zoneLength,
                        handle->pattern, handle->patternLength, &status)
            : udat_open((UDateFormatStyle)handle->timeStyle, (UDateFormatStyle)handle->dateStyle,
                        handle->locale, handle->zone, handle->zoneLength, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (clone != NULL) udat_close(clone);
        pthread_mutex_unlock(&handle->growLock);
        return -1;
    }
    pthread_mutex_lock(&handle->clones[count].lock);  // not yet visible to other threads: free
    handle->clones[count].format = clone;
    atomic_store_explicit(&handle->count, count + 1, memory_order_release);
    pthread_mutex_unlock(&handle->growLock);
    return count;
}

// The clone a thread tries first: threads are spread over the clones in turn.
static int homeClone(void) {
    static atomic_uint nextThread;
    static _Thread_local int home = -1;
    if (home < 0) home = (int)(atomic_fetch_add(&nextThread, 1) % CICU_DATE_CLONES);
    return home;
}

// Locks a free clone, preferring the calling thread's own, or adds one when every clone is
// locked and the bound allows; returns its index, or -1 when every clone is locked and no
// clone can be added.
static int tryLockClone(CICUDateFormatter *handle) {
    int count = atomic_load_explicit(&handle->count, memory_order_acquire);
    int start = homeClone() % count;
    for (int i = 0; i < count; i++) {
        int index = (start + i) % count;
        if (pthread_mutex_trylock(&handle->clones[index].lock) == 0) return index;
    }
    if (count < CICU_DATE_CLONES) return growClone(handle);
    return -1;
}

// Locks a clone: a free one (or a new one) if there is one, else waits for the thread's own.
static int lockClone(CICUDateFormatter *handle) {
    int index = tryLockClone(handle);
    if (index >= 0) return index;
    int count = atomic_load_explicit(&handle->count, memory_order_acquire);
    int start = homeClone() % count;
    pthread_mutex_lock(&handle->clones[start].lock);
    return start;
}

int32_t CICU_dateFormatterWithClone(CICUDateFormatter *handle, bool wait, void (*body)(void *),
                                    void *context) {
    int index = wait ? lockClone(handle) : tryLockClone(handle);
    if (index < 0) return -1;
    body(context);
    pthread_mutex_unlock(&handle->clones[index].lock);
    return index;
}

int32_t CICU_dateFormatterCloneCount(CICUDateFormatter *handle) {
    return atomic_load_explicit(&handle->count, memory_order_acquire);
}

CICUDateFormatter *CICU_dateFormatterOpenPattern(const char *localeID, const uint16_t *pattern,
                                                 int32_t patternLength, const uint16_t *zone,
                                                 int32_t zoneLength, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, localeID, (const UChar *)zone,
                                    zoneLength, (const UChar *)pattern, patternLength, st);
    return wrap(format, localeID, pattern, patternLength, zone, zoneLength, 0, 0, st);
}

CICUDateFormatter *CICU_dateFormatterOpenStyles(const char *localeID, int32_t dateStyle,
                                                int32_t timeStyle, const uint16_t *zone,
                                                int32_t zoneLength, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    if (dateStyle < UDAT_NONE || dateStyle > UDAT_SHORT || timeStyle < UDAT_NONE ||
        timeStyle > UDAT_SHORT || (dateStyle == UDAT_NONE && timeStyle == UDAT_NONE)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    UDateFormat *format = udat_open((UDateFormatStyle)timeStyle, (UDateFormatStyle)dateStyle,
                                    localeID, (const UChar *)zone, zoneLength, NULL, 0, st);
    return wrap(format, localeID, NULL, 0, zone, zoneLength, dateStyle, timeStyle, st);
}

void CICU_dateFormatterClose(CICUDateFormatter *handle) {
    if (handle == NULL) return;
    int count = atomic_load_explicit(&handle->count, memory_order_acquire);
    for (int i = 0; i < CICU_DATE_CLONES; i++) {
        if (i < count && handle->clones[i].format != NULL) udat_close(handle->clones[i].format);
        pthread_mutex_destroy(&handle->clones[i].lock);
    }
    pthread_mutex_destroy(&handle->growLock);
    free(handle->locale);
    free(handle->pattern);
    free(handle->zone);
    free(handle);
}

int32_t CICU_dateFormat(CICUDateFormatter *handle, double millis, uint16_t *out, int32_t capacity,
                        int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    if (!(millis >= CICU_DATE_MIN_MILLIS && millis <= CICU_DATE_MAX_MILLIS)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int clone = lockClone(handle);
    int32_t length = udat_format(handle->clones[clone].format, millis, (UChar *)out, capacity, NULL, st);
    pthread_mutex_unlock(&handle->clones[clone].lock);
    return length;
}

int32_t CICU_dateFormatterPattern(CICUDateFormatter *handle, uint16_t *out, int32_t capacity,
                                  int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    int clone = lockClone(handle);
    int32_t length = udat_toPattern(handle->clones[clone].format, false, (UChar *)out, capacity, st);
    pthread_mutex_unlock(&handle->clones[clone].lock);
    return length;
}

void CICU_calendarLocalFields(const uint16_t *zone, int32_t zoneLength, double millis,
                              int32_t *fields, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return;
    UCalendar *calendar = ucal_open((const UChar *)zone, zoneLength, "root", UCAL_GREGORIAN, st);
    if (U_FAILURE(*st)) return;
    ucal_setMillis(calendar, millis, st);
    fields[0] = ucal_get(calendar, UCAL_JULIAN_DAY, st);
    fields[1] = ucal_get(calendar, UCAL_EXTENDED_YEAR, st);
    fields[2] = ucal_get(calendar, UCAL_MONTH, st) + 1;
    ucal_close(calendar);
}

int32_t CICU_dateFormatParts(CICUDateFormatter *handle, double millis, uint16_t *out,
                             int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                             int32_t *fieldCount, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    if (U_FAILURE(*st)) return 0;
    if (!(millis >= CICU_DATE_MIN_MILLIS && millis <= CICU_DATE_MAX_MILLIS)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UFieldPositionIterator *positions = ufieldpositer_open(st);
    if (U_FAILURE(*st)) return 0;
    int clone = lockClone(handle);
    int32_t length = udat_formatForFields(handle->clones[clone].format, millis, (UChar *)out,
                                          capacity, positions, st);
    pthread_mutex_unlock(&handle->clones[clone].lock);
    int32_t count = 0;
    if (U_SUCCESS(*st) || *st == U_BUFFER_OVERFLOW_ERROR) {
        int32_t start = 0, limit = 0, field;
        while ((field = ufieldpositer_next(positions, &start, &limit)) >= 0) {
            if (count < fieldCapacity) {
                fields[4 * count] = CICU_FIELD_CATEGORY_DATE;
                fields[4 * count + 1] = field;
                fields[4 * count + 2] = start;
                fields[4 * count + 3] = limit;
            }
            count++;
        }
    }
    ufieldpositer_close(positions);
    *fieldCount = count;
    if (U_SUCCESS(*st) && count > fieldCapacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return length;
}
