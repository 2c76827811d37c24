// Raw ICU loops for `parlance bench` (see CICUBench.h).
// qsort_r (glibc) for the sort loop.
#define _GNU_SOURCE
#include "CICUBench.h"
#include <unicode/utypes.h>

// From the shim (CICU/internal.h): the ICU object behind a plural-rules handle.
const struct UPluralRules *CICU_pluralRulesICU(const struct CICUPluralRules *rules);

#include <unicode/ubrk.h>
#include <unicode/ucol.h>
#include <unicode/udat.h>
#include <unicode/ufieldpositer.h>
#include <unicode/uformattedvalue.h>
#include <unicode/udateintervalformat.h>
#include <unicode/umsg.h>
#include <unicode/unumberrangeformatter.h>
#include <unicode/udatpg.h>
#include <unicode/uchar.h>
#include <unicode/ulistformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/utf16.h>

#include <stdlib.h>
#include <string.h>

int64_t CICU_benchPluralSelectIntegers(const CICUPluralRules *rules, const int64_t *values,
                                       int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    const UPluralRules *icu = (const UPluralRules *)CICU_pluralRulesICU(rules);
    int64_t checksum = 0;
    UChar keyword[16];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode status = U_ZERO_ERROR;
        checksum += uplrules_select(icu, (double)values[i & (count - 1)], keyword, 16, &status);
    }
    return checksum;
}

int64_t CICU_benchPluralSelectDecimals(const CICUPluralRules *rules, const char *const *decimals,
                                       const int32_t *fractionDigits, int32_t count,
                                       int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    int64_t checksum = 0;
    uint16_t keyword[16];
    for (int64_t i = 0; i < iterations; i++) {
        int32_t status = 0;
        int32_t index = (int32_t)(i & (count - 1));
        checksum += CICU_pluralRulesSelectDecimal(rules, decimals[index], (int32_t)strlen(decimals[index]),
                                                  fractionDigits[index], keyword, 16, &status);
    }
    return checksum;
}

int64_t CICU_benchNumberDouble(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *values, int32_t count, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter =
        unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, localeID, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    if (U_FAILURE(status) || count <= 0 || (count & (count - 1)) != 0) {
        if (result != NULL) unumf_closeResult(result);
        if (formatter != NULL) unumf_close(formatter);
        return -1;
    }
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        unumf_formatDouble(formatter, values[i & (count - 1)], result, &st);
        checksum += unumf_resultToString(result, out, 256, &st);
    }
    unumf_closeResult(result);
    unumf_close(formatter);
    return checksum;
}

// udat_format over `millis` (a power of 2 of them) `iterations` times; closes `format`.
static int64_t formatDates(UDateFormat *format, const double *millis, int32_t count, int64_t iterations) {
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += udat_format(format, millis[i & (count - 1)], out, 256, NULL, &st);
    }
    udat_close(format);
    return checksum;
}

// A UDateFormat in UTC for ICU's best pattern for a skeleton (as the shim opens one); NULL with
// *status set when ICU refuses.
static UDateFormat *openSkeletonFormat(const char *localeID, const uint16_t *skeleton,
                                       int32_t skeletonLength, UErrorCode *status) {
    UDateTimePatternGenerator *generator = udatpg_open(localeID, status);
    UChar pattern[256];
    int32_t patternLength = udatpg_getBestPattern(generator, (const UChar *)skeleton, skeletonLength,
                                                  pattern, 256, status);
    udatpg_close(generator);
    static const UChar utc[] = {'U', 'T', 'C'};
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, localeID, utc, 3, pattern,
                                    patternLength, status);
    if (U_FAILURE(*status) && format != NULL) {
        udat_close(format);
        return NULL;
    }
    return format;
}

int64_t CICU_benchDateSkeleton(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *millis, int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = openSkeletonFormat(localeID, skeleton, skeletonLength, &status);
    if (U_FAILURE(status)) return -1;
    return formatDates(format, millis, count, iterations);
}

int64_t CICU_benchDateStyles(const char *localeID, int32_t dateStyle, int32_t timeStyle,
                             const double *millis, int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C'};
    UDateFormat *format = udat_open((UDateFormatStyle)timeStyle, (UDateFormatStyle)dateStyle, localeID,
                                    utc, 3, NULL, 0, &status);
    if (U_FAILURE(status)) return -1;
    return formatDates(format, millis, count, iterations);
}

int64_t CICU_benchRelativeDays(const char *localeID, const double *values, int32_t count,
                               int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    UErrorCode status = U_ZERO_ERROR;
    URelativeDateTimeFormatter *formatter =
        ureldatefmt_open(localeID, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += ureldatefmt_formatNumeric(formatter, values[i & (count - 1)], UDAT_REL_UNIT_DAY, out, 256, &st);
    }
    ureldatefmt_close(formatter);
    return checksum;
}

int64_t CICU_benchList(const char *localeID, const uint16_t *const *items, const int32_t *lengths,
                       int32_t count, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UListFormatter *formatter =
        ulistfmt_openForType(localeID, ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, &status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    UChar out[512];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += ulistfmt_format(formatter, (const UChar *const *)items, lengths, count, out, 512, &st);
    }
    ulistfmt_close(formatter);
    return checksum;
}

int64_t CICU_benchBaseDirection(const uint16_t *text, int32_t length, int64_t iterations) {
    int64_t checksum = 0;
    for (int64_t n = 0; n < iterations; n++) {
        int depth = 0;
        int direction = 0;
        for (int32_t i = 0; i < length && direction == 0;) {
            UChar32 c;
            U16_NEXT(text, i, length, c);
            switch (u_charDirection(c)) {
            case U_LEFT_TO_RIGHT_ISOLATE:
            case U_RIGHT_TO_LEFT_ISOLATE:
            case U_FIRST_STRONG_ISOLATE: depth++; break;
            case U_POP_DIRECTIONAL_ISOLATE: if (depth > 0) depth--; break;
            case U_BLOCK_SEPARATOR: direction = 3; break;
            case U_LEFT_TO_RIGHT: if (depth == 0) direction = 1; break;
            case U_RIGHT_TO_LEFT:
            case U_RIGHT_TO_LEFT_ARABIC: if (depth == 0) direction = 2; break;
            default: break;
            }
        }
        checksum += direction;
    }
    return checksum;
}

// MARK: - Message, plural range, date interval

int64_t CICU_benchMessagePlural(const char *localeID, const uint16_t *pattern, int32_t patternLength,
                                const double *values, int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UMessageFormat *format = umsg_open((const UChar *)pattern, patternLength, localeID, NULL, &status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += umsg_format(format, out, 256, &st, values[i & (count - 1)]);
    }
    umsg_close(format);
    return checksum;
}

int64_t CICU_benchPluralRange(const char *localeID, const char *const *starts, const char *const *ends,
                              int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UNumberRangeFormatter *formatter = unumrf_openForSkeletonWithCollapseAndIdentityFallback(
        NULL, 0, UNUM_RANGE_COLLAPSE_AUTO, UNUM_IDENTITY_FALLBACK_APPROXIMATELY, localeID, NULL, &status);
    UPluralRules *rules = uplrules_openForType(localeID, UPLURAL_TYPE_CARDINAL, &status);
    UFormattedNumberRange *result = unumrf_openResult(&status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    UChar out[32];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        const char *start = starts[i & (count - 1)];
        const char *end = ends[i & (count - 1)];
        unumrf_formatDecimalRange(formatter, start, (int32_t)strlen(start), end, (int32_t)strlen(end), result, &st);
        checksum += uplrules_selectForRange(rules, result, out, 32, &st);
    }
    unumrf_closeResult(result);
    uplrules_close(rules);
    unumrf_close(formatter);
    return checksum;
}

int64_t CICU_benchDateInterval(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *millis, int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C'};
    UDateIntervalFormat *format = udtitvfmt_open(localeID, (const UChar *)skeleton, skeletonLength, utc, 3, &status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        double start = millis[i & (count - 1)];
        checksum += udtitvfmt_format(format, start, start + 3 * 86400000.0, out, 256, NULL, &st);
    }
    udtitvfmt_close(format);
    return checksum;
}

int64_t CICU_benchNumberParts(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                              const double *values, int32_t count, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter =
        unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, localeID, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    UConstrainedFieldPosition *position = ucfpos_open(&status);
    if (U_FAILURE(status) || count <= 0 || (count & (count - 1)) != 0) {
        if (position != NULL) ucfpos_close(position);
        if (result != NULL) unumf_closeResult(result);
        if (formatter != NULL) unumf_close(formatter);
        return -1;
    }
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        unumf_formatDouble(formatter, values[i & (count - 1)], result, &st);
        const UFormattedValue *value = unumf_resultAsValue(result, &st);
        ucfpos_reset(position, &st);
        while (ufmtval_nextPosition(value, position, &st)) {
            int32_t start = 0, limit = 0;
            ucfpos_getIndexes(position, &start, &limit, &st);
            checksum += ucfpos_getField(position, &st) + limit - start;
        }
        int32_t length = 0;
        const UChar *text = ufmtval_getString(value, &length, &st);
        if (length <= 256) memcpy(out, text, (size_t)length * sizeof(UChar));
        checksum += length;
    }
    ucfpos_close(position);
    unumf_closeResult(result);
    unumf_close(formatter);
    return checksum;
}

int64_t CICU_benchDateParts(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                            const double *millis, int32_t count, int64_t iterations) {
    if (count <= 0 || (count & (count - 1)) != 0) return -1;  // a power of 2, indexed as the Swift loops do
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = openSkeletonFormat(localeID, skeleton, skeletonLength, &status);
    UFieldPositionIterator *positions = ufieldpositer_open(&status);
    if (U_FAILURE(status)) {
        if (positions != NULL) ufieldpositer_close(positions);
        if (format != NULL) udat_close(format);
        return -1;
    }
    int64_t checksum = 0;
    UChar out[256];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += udat_formatForFields(format, millis[i & (count - 1)], out, 256, positions, &st);
        int32_t start = 0, limit = 0, field;
        while ((field = ufieldpositer_next(positions, &start, &limit)) >= 0) checksum += field + limit - start;
    }
    ufieldpositer_close(positions);
    udat_close(format);
    return checksum;
}

int64_t CICU_benchCollateCompare(const char *localeID, const char *a, const char *b, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(localeID, &status);
    if (U_FAILURE(status)) return -1;
    int64_t checksum = 0;
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        checksum += ucol_strcollUTF8(collator, a, -1, b, -1, &st);
    }
    ucol_close(collator);
    return checksum;
}

// One string of the sort: where its units start and how many there are.
typedef struct {
    const UChar *units;
    int32_t length;
} BenchString;

static int compareWithCollator(const void *lhs, const void *rhs, void *collator) {
    const BenchString *a = lhs, *b = rhs;
    return ucol_strcoll((const UCollator *)collator, a->units, a->length, b->units, b->length);
}

int64_t CICU_benchCollateSort(const char *localeID, const uint16_t *joined, const int32_t *lengths,
                              int32_t count, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(localeID, &status);
    if (U_FAILURE(status) || count <= 0) {
        if (collator != NULL) ucol_close(collator);
        return -1;
    }
    BenchString *given = malloc(sizeof(BenchString) * (size_t)count);
    BenchString *sorted = malloc(sizeof(BenchString) * (size_t)count);
    const UChar *cursor = (const UChar *)joined;
    for (int32_t i = 0; i < count; i++) {
        given[i].units = cursor;
        given[i].length = lengths[i];
        cursor += lengths[i];
    }
    int64_t checksum = 0;
    for (int64_t n = 0; n < iterations; n++) {
        memcpy(sorted, given, sizeof(BenchString) * (size_t)count);
        qsort_r(sorted, (size_t)count, sizeof(BenchString), compareWithCollator, collator);
        checksum += sorted[0].length + sorted[count - 1].length;
    }
    free(sorted);
    free(given);
    ucol_close(collator);
    return checksum;
}

int64_t CICU_benchSortKey(const char *localeID, const uint16_t *joined, const int32_t *lengths,
                          int32_t count, int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(localeID, &status);
    if (U_FAILURE(status) || count <= 0 || (count & (count - 1)) != 0) {
        if (collator != NULL) ucol_close(collator);
        return -1;
    }
    const UChar **starts = malloc(sizeof(UChar *) * (size_t)count);
    const UChar *cursor = (const UChar *)joined;
    for (int32_t i = 0; i < count; i++) {
        starts[i] = cursor;
        cursor += lengths[i];
    }
    int64_t checksum = 0;
    uint8_t key[512];
    for (int64_t i = 0; i < iterations; i++) {
        int32_t index = (int32_t)(i & (count - 1));
        checksum += ucol_getSortKey(collator, starts[index], lengths[index], key, 512);
    }
    free(starts);
    ucol_close(collator);
    return checksum;
}

int64_t CICU_benchWordBreak(const char *localeID, const uint16_t *text, int32_t length,
                            int64_t iterations) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *words = ubrk_open(UBRK_WORD, localeID, NULL, 0, &status);
    if (U_FAILURE(status)) return -1;
    int64_t wordLike = 0;
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode st = U_ZERO_ERROR;
        ubrk_setText(words, (const UChar *)text, length, &st);
        ubrk_first(words);
        while (ubrk_next(words) != UBRK_DONE) {
            if (ubrk_getRuleStatus(words) != UBRK_WORD_NONE) wordLike++;
        }
    }
    ubrk_close(words);
    return wordLike;
}
