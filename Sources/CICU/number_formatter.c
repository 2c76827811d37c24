// Number formatting: UNumberFormatter behind an opaque handle.
//
// UNumberFormatter is immutable and thread-safe once built; the UFormattedNumber result each
// call needs is mutable, so every thread keeps one of its own (created on first use, reused
// for every later call on that thread, closed when the thread exits) instead of allocating
// one per call.
#include "CICU.h"
#include "CICU_Number.h"
#include "internal.h"

#include <unicode/ucurr.h>
#include <unicode/uformattedvalue.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>

#include <pthread.h>
#include <stdlib.h>

struct CICUNumberFormatter {
    UNumberFormatter *formatter;
};

CICU_DEFINE_THREAD_RESULT(resultForThread, UFormattedNumber, unumf_openResult, unumf_closeResult)

UFormattedNumber *CICU_threadFormattedNumber(UErrorCode *status) { return resultForThread(status); }

CICUNumberFormatter *CICU_numberFormatterOpen(const uint16_t *skeleton, int32_t skeletonLength,
                                              const char *localeID, int32_t *errorOffset,
                                              int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (errorOffset != NULL) *errorOffset = -1;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    UParseError parseError;
    parseError.offset = -1;
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocaleWithError(
        (const UChar *)skeleton, skeletonLength, localeID, &parseError, st);
    if (U_FAILURE(*st)) {
        if (errorOffset != NULL) *errorOffset = parseError.offset;
        if (formatter != NULL) unumf_close(formatter);
        return NULL;
    }
    CICUNumberFormatter *handle = malloc(sizeof(CICUNumberFormatter));
    if (handle == NULL) {
        unumf_close(formatter);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->formatter = formatter;
    return handle;
}

void CICU_numberFormatterClose(CICUNumberFormatter *handle) {
    if (handle == NULL) return;
    unumf_close(handle->formatter);
    free(handle);
}

// The result's text as UTF-8, read in place (ufmtval_getString aliases ICU's own buffer;
// unumf_resultToString would copy it out as UTF-16 first).
static int32_t copyResult(UFormattedNumber *result, char *out, int32_t capacity,
                          UErrorCode *status) {
    int32_t length = 0;
    const UChar *text = ufmtval_getString(unumf_resultAsValue(result, status), &length, status);
    return CICU_copyOutUTF8(text, length, out, capacity, status);
}

int32_t CICU_numberFormatInt64(const CICUNumberFormatter *handle, int64_t value, char *out,
                               int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    UFormattedNumber *result = resultForThread(st);
    if (U_FAILURE(*st)) return 0;
    unumf_formatInt(handle->formatter, value, result, st);
    return copyResult(result, out, capacity, st);
}

int32_t CICU_numberFormatDouble(const CICUNumberFormatter *handle, double value, char *out,
                                int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    UFormattedNumber *result = resultForThread(st);
    if (U_FAILURE(*st)) return 0;
    unumf_formatDouble(handle->formatter, value, result, st);
    return copyResult(result, out, capacity, st);
}

int32_t CICU_numberFormatDecimal(const CICUNumberFormatter *handle, const char *decimal,
                                 int32_t decimalLength, char *out, int32_t capacity,
                                 int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    UFormattedNumber *result = resultForThread(st);
    if (U_FAILURE(*st)) return 0;
    unumf_formatDecimal(handle->formatter, decimal, decimalLength, result, st);
    return copyResult(result, out, capacity, st);
}

bool CICU_currencyIsAvailable(const uint16_t *code) {
    UChar iso[4] = {code[0], code[1], code[2], 0};
    UErrorCode status = U_ZERO_ERROR;
    // From the earliest to the latest date ICU's calendar knows.
    UBool available = ucurr_isAvailable(iso, -184303902528000000.0, 183882168921600000.0, &status);
    return U_SUCCESS(status) && available;
}

// ── Compiled number formats ──

_Static_assert(CICU_NUMBER_FIELD_INTEGER == UNUM_INTEGER_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_FRACTION == UNUM_FRACTION_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_DECIMAL_SEPARATOR == UNUM_DECIMAL_SEPARATOR_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_GROUPING_SEPARATOR == UNUM_GROUPING_SEPARATOR_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_PERCENT == UNUM_PERCENT_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_CURRENCY == UNUM_CURRENCY_FIELD, "field ids mirror ICU's");
_Static_assert(CICU_NUMBER_FIELD_SIGN == UNUM_SIGN_FIELD, "field ids mirror ICU's");

int32_t CICU_numberFormatFields(const CICUNumberFormatter *handle, double value, uint16_t *out,
                                int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                                int32_t *fieldCount, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    UFormattedNumber *result = resultForThread(st);
    if (U_FAILURE(*st)) return 0;
    unumf_formatDouble(handle->formatter, value, result, st);
    const UFormattedValue *formatted = unumf_resultAsValue(result, st);
    if (U_FAILURE(*st)) return 0;
    UConstrainedFieldPosition *position = ucfpos_open(st);
    if (U_FAILURE(*st)) return 0;
    ucfpos_constrainCategory(position, UFIELD_CATEGORY_NUMBER, st);
    int32_t count = 0;
    while (U_SUCCESS(*st) && ufmtval_nextPosition(formatted, position, st)) {
        if (count < fieldCapacity) {
            int32_t start = 0, limit = 0;
            ucfpos_getIndexes(position, &start, &limit, st);
            fields[3 * count] = ucfpos_getField(position, st);
            fields[3 * count + 1] = start;
            fields[3 * count + 2] = limit;
        }
        count++;
    }
    ucfpos_close(position);
    *fieldCount = count < fieldCapacity ? count : fieldCapacity;
    int32_t length = 0;
    const UChar *text = ufmtval_getString(formatted, &length, st);
    return CICU_copyOut(text, length, out, capacity, st);
}

bool CICU_currencyStandardRounding(const uint16_t *code, int32_t *fractionDigits, double *increment) {
    UChar iso[4] = {code[0], code[1], code[2], 0};
    UErrorCode status = U_ZERO_ERROR;
    *fractionDigits = ucurr_getDefaultFractionDigitsForUsage(iso, UCURR_USAGE_STANDARD, &status);
    *increment = ucurr_getRoundingIncrementForUsage(iso, UCURR_USAGE_STANDARD, &status);
    return U_SUCCESS(status);
}

bool CICU_currencyForLocale(const char *localeID, uint16_t *out) {
    UErrorCode status = U_ZERO_ERROR;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, &status)) return false;
    UChar buffer[8];
    int32_t length = ucurr_forLocale(localeID, buffer, 8, &status);
    if (U_FAILURE(status) || length != 3) return false;
    for (int i = 0; i < 3; i++) out[i] = buffer[i];
    out[3] = 0;
    return true;
}

int32_t CICU_numberFormatParts(const CICUNumberFormatter *handle, const char *decimal,
                               int32_t decimalLength, double value, uint16_t *out,
                               int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                               int32_t *fieldCount, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    *fieldCount = 0;
    UFormattedNumber *result = resultForThread(st);
    if (U_FAILURE(*st)) return 0;
    if (decimal != NULL) {
        unumf_formatDecimal(handle->formatter, decimal, decimalLength, result, st);
    } else {
        unumf_formatDouble(handle->formatter, value, result, st);
    }
    const UFormattedValue *formatted = unumf_resultAsValue(result, st);
    return CICU_copyFormattedValue(formatted, out, capacity, fields, fieldCapacity, fieldCount, st);
}
