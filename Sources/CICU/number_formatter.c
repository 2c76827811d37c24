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
    if (U_FAILURE(*st)) return NULL;
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
