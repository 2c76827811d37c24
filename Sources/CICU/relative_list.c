// Relative times (URelativeDateTimeFormatter) and lists (UListFormatter) behind handles.
//
// ICU documents RelativeDateTimeFormatter as "mostly thread safe and immutable" (reldatefmt.h;
// the caveats are assignment and adopted pointers, neither used here). ListFormatter::format is
// a const method over immutable pattern data (listformatter.h documents FormattedList, not the
// formatter, as thread-safe), so both handles are shared without a lock; the concurrency tests
// and ThreadSanitizer runs cover them.
#include "CICU.h"
#include "CICU_Format.h"
#include "CICU_Parts.h"
#include "internal.h"

#include <unicode/udisplaycontext.h>
#include <unicode/uformattedvalue.h>
#include <unicode/ulistformatter.h>
#include <unicode/ureldatefmt.h>

#include <pthread.h>
#include <stdlib.h>

_Static_assert(CICU_RELATIVE_UNIT_YEAR == UDAT_REL_UNIT_YEAR, "year");
_Static_assert(CICU_RELATIVE_UNIT_QUARTER == UDAT_REL_UNIT_QUARTER, "quarter");
_Static_assert(CICU_RELATIVE_UNIT_MONTH == UDAT_REL_UNIT_MONTH, "month");
_Static_assert(CICU_RELATIVE_UNIT_WEEK == UDAT_REL_UNIT_WEEK, "week");
_Static_assert(CICU_RELATIVE_UNIT_DAY == UDAT_REL_UNIT_DAY, "day");
_Static_assert(CICU_RELATIVE_UNIT_HOUR == UDAT_REL_UNIT_HOUR, "hour");
_Static_assert(CICU_RELATIVE_UNIT_MINUTE == UDAT_REL_UNIT_MINUTE, "minute");
_Static_assert(CICU_RELATIVE_UNIT_SECOND == UDAT_REL_UNIT_SECOND, "second");
_Static_assert(CICU_RELATIVE_STYLE_LONG == UDAT_STYLE_LONG, "long");
_Static_assert(CICU_RELATIVE_STYLE_SHORT == UDAT_STYLE_SHORT, "short");
_Static_assert(CICU_RELATIVE_STYLE_NARROW == UDAT_STYLE_NARROW, "narrow");
_Static_assert(CICU_LIST_TYPE_AND == ULISTFMT_TYPE_AND, "and");
_Static_assert(CICU_LIST_TYPE_OR == ULISTFMT_TYPE_OR, "or");
_Static_assert(CICU_LIST_TYPE_UNITS == ULISTFMT_TYPE_UNITS, "units");
_Static_assert(CICU_LIST_WIDTH_WIDE == ULISTFMT_WIDTH_WIDE, "wide");
_Static_assert(CICU_LIST_WIDTH_SHORT == ULISTFMT_WIDTH_SHORT, "short");
_Static_assert(CICU_LIST_WIDTH_NARROW == ULISTFMT_WIDTH_NARROW, "narrow");

struct CICURelativeFormatter {
    URelativeDateTimeFormatter *formatter;
};

CICURelativeFormatter *CICU_relativeFormatterOpen(const char *localeID, int32_t style,
                                                  int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    if (style < UDAT_STYLE_LONG || style > UDAT_STYLE_NARROW) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    URelativeDateTimeFormatter *formatter = ureldatefmt_open(
        localeID, NULL, (UDateRelativeDateTimeFormatterStyle)style, UDISPCTX_CAPITALIZATION_NONE, st);
    if (U_FAILURE(*st)) {
        if (formatter != NULL) ureldatefmt_close(formatter);
        return NULL;
    }
    CICURelativeFormatter *handle = malloc(sizeof(CICURelativeFormatter));
    if (handle == NULL) {
        ureldatefmt_close(formatter);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->formatter = formatter;
    return handle;
}

void CICU_relativeFormatterClose(CICURelativeFormatter *handle) {
    if (handle == NULL) return;
    ureldatefmt_close(handle->formatter);
    free(handle);
}

// The calling thread's reusable list result: ulistfmt_formatStringsToResult moves each result
// into it, and ufmtval_getString then reads the text in place (no copy into an output buffer,
// as ulistfmt_format makes; both allocate the formatted list itself once per call).
CICU_DEFINE_THREAD_RESULT(listResultForThread, UFormattedList, ulistfmt_openResult, ulistfmt_closeResult)

int32_t CICU_relativeFormat(const CICURelativeFormatter *handle, double value, int32_t unit,
                            bool numericAuto, uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    if (unit < UDAT_REL_UNIT_YEAR || unit > UDAT_REL_UNIT_SECOND) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    if (numericAuto) {
        return ureldatefmt_format(handle->formatter, value, (URelativeDateTimeUnit)unit,
                                  (UChar *)out, capacity, st);
    }
    return ureldatefmt_formatNumeric(handle->formatter, value, (URelativeDateTimeUnit)unit,
                                     (UChar *)out, capacity, st);
}

struct CICUListFormatter {
    UListFormatter *formatter;
};

CICUListFormatter *CICU_listFormatterOpen(const char *localeID, int32_t type, int32_t width,
                                          int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    if (type < ULISTFMT_TYPE_AND || type > ULISTFMT_TYPE_UNITS || width < ULISTFMT_WIDTH_WIDE ||
        width > ULISTFMT_WIDTH_NARROW) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    UListFormatter *formatter = ulistfmt_openForType(localeID, (UListFormatterType)type,
                                                     (UListFormatterWidth)width, st);
    if (U_FAILURE(*st)) {
        if (formatter != NULL) ulistfmt_close(formatter);
        return NULL;
    }
    CICUListFormatter *handle = malloc(sizeof(CICUListFormatter));
    if (handle == NULL) {
        ulistfmt_close(formatter);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->formatter = formatter;
    return handle;
}

void CICU_listFormatterClose(CICUListFormatter *handle) {
    if (handle == NULL) return;
    ulistfmt_close(handle->formatter);
    free(handle);
}

// The start of each of `count` strings held in one UTF-16 buffer cut by `lengths`, in a new
// array the caller frees; NULL with *status set for a negative count or length, or no memory.
static const UChar **cutJoined(const uint16_t *joined, const int32_t *lengths, int32_t count,
                               UErrorCode *status) {
    if (count < 0) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    const UChar **strings = malloc(sizeof(UChar *) * (size_t)(count > 0 ? count : 1));
    if (strings == NULL) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    const UChar *cursor = (const UChar *)joined;
    for (int32_t i = 0; i < count; i++) {
        if (lengths[i] < 0) {
            free(strings);
            *status = U_ILLEGAL_ARGUMENT_ERROR;
            return NULL;
        }
        strings[i] = cursor;
        cursor += lengths[i];
    }
    return strings;
}

int32_t CICU_listFormat(const CICUListFormatter *handle, const uint16_t *joined,
                        const int32_t *lengths, int32_t count, uint16_t *out, int32_t capacity,
                        int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    const UChar **strings = cutJoined(joined, lengths, count, st);
    if (strings == NULL) return 0;
    int32_t length = ulistfmt_format(handle->formatter, strings, lengths, count, (UChar *)out,
                                     capacity, st);
    free(strings);
    return length;
}

int32_t CICU_listFormatUTF8(const CICUListFormatter *handle, const char *joined,
                            const int32_t *lengths, int32_t count, char *out, int32_t capacity,
                            int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    if (count < 0) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int64_t totalBytes = 0;
    for (int32_t i = 0; i < count; i++) {
        if (lengths[i] < 0) {
            *st = U_ILLEGAL_ARGUMENT_ERROR;
            return 0;
        }
        totalBytes += lengths[i];
    }
    if (totalBytes > INT32_MAX / 2) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UFormattedList *result = listResultForThread(st);
    if (U_FAILURE(*st)) return 0;
    // UTF-16 never needs more units than UTF-8 has bytes. Small lists stay on the stack.
    enum { StackItems = 16, StackUnits = 512 };
    UChar stackUnits[StackUnits];
    const UChar *stackStrings[StackItems];
    int32_t stackLengths[StackItems];
    UChar *units = totalBytes <= StackUnits ? stackUnits : malloc(sizeof(UChar) * (size_t)(totalBytes > 0 ? totalBytes : 1));
    const UChar **strings = count <= StackItems ? stackStrings : malloc(sizeof(UChar *) * (size_t)count);
    int32_t *unitLengths = count <= StackItems ? stackLengths : malloc(sizeof(int32_t) * (size_t)count);
    int32_t length = 0;
    if (units == NULL || strings == NULL || unitLengths == NULL) {
        *st = U_MEMORY_ALLOCATION_ERROR;
    } else {
        const char *source = joined;
        UChar *cursor = units;
        for (int32_t i = 0; i < count; i++) {
            int32_t written = CICU_widenUTF8(source, lengths[i], cursor);
            strings[i] = cursor;
            unitLengths[i] = written;
            cursor += written;
            source += lengths[i];
        }
        ulistfmt_formatStringsToResult(handle->formatter, strings, unitLengths, count, result, st);
        int32_t textLength = 0;
        const UChar *text = ufmtval_getString(ulistfmt_resultAsValue(result, st), &textLength, st);
        length = CICU_copyOutUTF8(text, textLength, out, capacity, st);
    }
    if (units != stackUnits) free(units);
    if (strings != stackStrings) free((void *)strings);
    if (unitLengths != stackLengths) free(unitLengths);
    return length;
}

int32_t CICU_relativeFormatParts(const CICURelativeFormatter *handle, double value, int32_t unit,
                                 bool numericAuto, uint16_t *out, int32_t capacity,
                                 int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                 int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    if (U_FAILURE(*st)) return 0;
    if (unit < UDAT_REL_UNIT_YEAR || unit > UDAT_REL_UNIT_SECOND) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UFormattedRelativeDateTime *result = ureldatefmt_openResult(st);
    if (U_FAILURE(*st)) return 0;
    if (numericAuto) {
        ureldatefmt_formatToResult(handle->formatter, value, (URelativeDateTimeUnit)unit, result, st);
    } else {
        ureldatefmt_formatNumericToResult(handle->formatter, value, (URelativeDateTimeUnit)unit,
                                          result, st);
    }
    const UFormattedValue *formatted = ureldatefmt_resultAsValue(result, st);
    int32_t length =
        CICU_copyFormattedValue(formatted, out, capacity, fields, fieldCapacity, fieldCount, st);
    ureldatefmt_closeResult(result);
    return length;
}

int32_t CICU_listFormatParts(const CICUListFormatter *handle, const uint16_t *joined,
                             const int32_t *lengths, int32_t count, uint16_t *out,
                             int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                             int32_t *fieldCount, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    if (U_FAILURE(*st)) return 0;
    const UChar **strings = cutJoined(joined, lengths, count, st);
    if (strings == NULL) return 0;
    int32_t length = 0;
    UFormattedList *result = ulistfmt_openResult(st);
    if (U_SUCCESS(*st)) {
        ulistfmt_formatStringsToResult(handle->formatter, strings, lengths, count, result, st);
        const UFormattedValue *formatted = ulistfmt_resultAsValue(result, st);
        length = CICU_copyFormattedValue(formatted, out, capacity, fields, fieldCapacity,
                                         fieldCount, st);
    }
    if (result != NULL) ulistfmt_closeResult(result);
    free(strings);
    return length;
}
