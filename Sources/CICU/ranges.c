// Number ranges (unumrf), plural ranges (uplrules_selectForRange) and date intervals
// (udtitvfmt) behind opaque handles.
//
// UNumberRangeFormatter is immutable and thread-safe once built; its UFormattedNumberRange
// result is mutable, so each call makes its own. UDateIntervalFormat keeps a date format and
// two calendars that formatting mutates; ICU itself formats every interval (format and
// formatToValue, under udtitvfmt_format and udtitvfmt_formatToResult) under one process-wide
// mutex (gFormatterMutex in dtitvfmt.cpp), so a handle is shared without a lock of its own.
#include "CICU_Message.h"
#include "CICU_Parts.h"
#include "internal.h"

#include <unicode/udateintervalformat.h>
#include <unicode/uformattedvalue.h>
#include <unicode/unumberrangeformatter.h>
#include <unicode/upluralrules.h>

#include <stdlib.h>

struct CICUNumberRangeFormatter {
    UNumberRangeFormatter *formatter;
};

CICUNumberRangeFormatter *CICU_numberRangeFormatterOpen(const uint16_t *skeleton,
                                                        int32_t skeletonLength,
                                                        const char *localeID,
                                                        int32_t *errorOffset, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (errorOffset != NULL) *errorOffset = -1;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    UParseError parseError;
    parseError.offset = -1;
    UNumberRangeFormatter *formatter = unumrf_openForSkeletonWithCollapseAndIdentityFallback(
        (const UChar *)skeleton, skeletonLength, UNUM_RANGE_COLLAPSE_AUTO,
        UNUM_IDENTITY_FALLBACK_APPROXIMATELY, localeID, &parseError, st);
    if (U_FAILURE(*st)) {
        if (errorOffset != NULL) *errorOffset = parseError.offset;
        if (formatter != NULL) unumrf_close(formatter);
        return NULL;
    }
    CICUNumberRangeFormatter *handle = malloc(sizeof(CICUNumberRangeFormatter));
    if (handle == NULL) {
        unumrf_close(formatter);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->formatter = formatter;
    return handle;
}

void CICU_numberRangeFormatterClose(CICUNumberRangeFormatter *formatter) {
    if (formatter == NULL) return;
    unumrf_close(formatter->formatter);
    free(formatter);
}

/// Formats into a fresh result (the caller closes it), NULL on failure.
static UFormattedNumberRange *formatRange(const CICUNumberRangeFormatter *formatter,
                                          const char *start, int32_t startLength, const char *end,
                                          int32_t endLength, UErrorCode *status) {
    UFormattedNumberRange *result = unumrf_openResult(status);
    if (U_FAILURE(*status)) {
        if (result != NULL) unumrf_closeResult(result);
        return NULL;
    }
    unumrf_formatDecimalRange(formatter->formatter, start, startLength, end, endLength, result,
                              status);
    if (U_FAILURE(*status)) {
        unumrf_closeResult(result);
        return NULL;
    }
    return result;
}

int32_t CICU_numberRangeFormatDecimal(const CICUNumberRangeFormatter *formatter,
                                      const char *start, int32_t startLength, const char *end,
                                      int32_t endLength, uint16_t *out, int32_t capacity,
                                      int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    UFormattedNumberRange *result = formatRange(formatter, start, startLength, end, endLength, st);
    if (result == NULL) return 0;
    const UFormattedValue *value = unumrf_resultAsValue(result, st);
    int32_t length = 0;
    const UChar *text = U_SUCCESS(*st) ? ufmtval_getString(value, &length, st) : NULL;
    int32_t written = U_SUCCESS(*st) ? CICU_copyOut(text, length, out, capacity, st) : 0;
    unumrf_closeResult(result);
    return written;
}

int32_t CICU_pluralRulesSelectRange(const CICUPluralRules *rules,
                                    const CICUNumberRangeFormatter *formatter, const char *start,
                                    int32_t startLength, const char *end, int32_t endLength,
                                    char *keyword, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    UFormattedNumberRange *result = formatRange(formatter, start, startLength, end, endLength, st);
    if (result == NULL) return 0;
    UChar units[16];
    int32_t length =
        uplrules_selectForRange(CICU_pluralRulesICU(rules), result, units, 16, st);
    unumrf_closeResult(result);
    if (U_FAILURE(*st)) return 0;
    if (length >= capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    for (int32_t i = 0; i < length; i++) keyword[i] = (char)units[i];
    keyword[length] = 0;
    return length;
}

struct CICUDateIntervalFormatter {
    UDateIntervalFormat *formatter;
};

CICUDateIntervalFormatter *CICU_dateIntervalFormatterOpen(const char *localeID,
                                                          const uint16_t *skeleton,
                                                          int32_t skeletonLength,
                                                          const uint16_t *zone, int32_t zoneLength,
                                                          int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    UDateIntervalFormat *formatter = udtitvfmt_open(localeID, (const UChar *)skeleton, skeletonLength,
                                                    (const UChar *)zone, zoneLength, st);
    if (U_FAILURE(*st)) {
        if (formatter != NULL) udtitvfmt_close(formatter);
        return NULL;
    }
    CICUDateIntervalFormatter *handle = malloc(sizeof(CICUDateIntervalFormatter));
    if (handle == NULL) {
        udtitvfmt_close(formatter);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->formatter = formatter;
    return handle;
}

void CICU_dateIntervalFormatterClose(CICUDateIntervalFormatter *formatter) {
    if (formatter == NULL) return;
    udtitvfmt_close(formatter->formatter);
    free(formatter);
}

int32_t CICU_dateIntervalFormat(CICUDateIntervalFormatter *formatter, double from, double to,
                                uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    return udtitvfmt_format(formatter->formatter, from, to, (UChar *)out, capacity, NULL, st);
}

int32_t CICU_numberRangeFormatParts(const CICUNumberRangeFormatter *formatter,
                                    const char *start, int32_t startLength, const char *end,
                                    int32_t endLength, uint16_t *out, int32_t capacity,
                                    int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                    int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    if (U_FAILURE(*st)) return 0;
    UFormattedNumberRange *result = formatRange(formatter, start, startLength, end, endLength, st);
    if (result == NULL) return 0;
    const UFormattedValue *formatted = unumrf_resultAsValue(result, st);
    int32_t length =
        CICU_copyFormattedValue(formatted, out, capacity, fields, fieldCapacity, fieldCount, st);
    unumrf_closeResult(result);
    return length;
}

int32_t CICU_dateIntervalFormatParts(CICUDateIntervalFormatter *formatter, double from,
                                     double to, uint16_t *out, int32_t capacity, int32_t *fields,
                                     int32_t fieldCapacity, int32_t *fieldCount,
                                     int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    if (U_FAILURE(*st)) return 0;
    UFormattedDateInterval *result = udtitvfmt_openResult(st);
    if (U_FAILURE(*st)) return 0;
    udtitvfmt_formatToResult(formatter->formatter, from, to, result, st);
    const UFormattedValue *formatted = udtitvfmt_resultAsValue(result, st);
    int32_t length =
        CICU_copyFormattedValue(formatted, out, capacity, fields, fieldCapacity, fieldCount, st);
    udtitvfmt_closeResult(result);
    return length;
}
