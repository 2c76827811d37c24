// Raw ICU in a tight C loop: the floor that `parlance bench` compares Parlance against.
//
// Each function repeats one ICU call `iterations` times on the inputs given (cycling through
// them), with the same buffers and result objects the shim itself uses, and returns a checksum
// of the output lengths so the work cannot be optimized away.
#ifndef CICU_BENCH_H
#define CICU_BENCH_H

#include <stdint.h>

#include "CICU.h"

#ifdef __cplusplus
extern "C" {
#endif

/// uplrules_select on integers (as doubles), cycling through `values`.
int64_t CICU_benchPluralSelectIntegers(const CICUPluralRules *rules, const int64_t *values,
                                       int32_t count, int64_t iterations);
/// unumf_formatDecimal + uplrules_selectFormatted on decimal strings with their visible
/// fraction digits (the exact-decimal path), cycling through NUL-terminated `decimals`.
int64_t CICU_benchPluralSelectDecimals(const CICUPluralRules *rules, const char *const *decimals,
                                       const int32_t *fractionDigits, int32_t count,
                                       int64_t iterations);

/// unumf_formatDouble + unumf_resultToString for a skeleton and locale, cycling through
/// `values`. Returns -1 if ICU cannot open the formatter.
int64_t CICU_benchNumberDouble(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *values, int32_t count, int64_t iterations);
/// udatpg_getBestPattern once, then udat_format in UTC, cycling through `millis`.
int64_t CICU_benchDateSkeleton(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *millis, int32_t count, int64_t iterations);
/// udat_open for date and time styles (UDateFormatStyle values) in UTC, then udat_format,
/// cycling through `millis`.
int64_t CICU_benchDateStyles(const char *localeID, int32_t dateStyle, int32_t timeStyle,
                             const double *millis, int32_t count, int64_t iterations);
/// ureldatefmt_formatNumeric (long style) for day offsets, cycling through `values`.
int64_t CICU_benchRelativeDays(const char *localeID, const double *values, int32_t count,
                               int64_t iterations);
/// ulistfmt_format ("and", wide) on `count` items given as one buffer with lengths.
int64_t CICU_benchList(const char *localeID, const uint16_t *const *items, const int32_t *lengths,
                       int32_t count, int64_t iterations);
/// The first strong direction of a UTF-16 text, skipping isolates (u_charDirection per code
/// point, as Parlance's Bidi.baseDirection does).
int64_t CICU_benchBaseDirection(const uint16_t *text, int32_t length, int64_t iterations);

/// umsg_format of a one-argument plural pattern (numbered {0}), cycling through `values`.
int64_t CICU_benchMessagePlural(const char *localeID, const uint16_t *pattern, int32_t patternLength,
                                const double *values, int32_t count, int64_t iterations);
/// unumrf_formatDecimalRange + uplrules_selectForRange over decimal pairs.
int64_t CICU_benchPluralRange(const char *localeID, const char *const *starts, const char *const *ends,
                              int32_t count, int64_t iterations);
/// udtitvfmt_format in UTC of [m, m + 3 days], cycling through `millis`.
int64_t CICU_benchDateInterval(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                               const double *millis, int32_t count, int64_t iterations);

/// unumf_formatDouble, then every field position (ufmtval_nextPosition) and the text: what a
/// `formatToParts` over ICU costs at the least, cycling through `values`.
int64_t CICU_benchNumberParts(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                              const double *values, int32_t count, int64_t iterations);
/// udat_formatForFields with a field iterator (best pattern for a skeleton, in UTC), every
/// field read, cycling through `millis`.
int64_t CICU_benchDateParts(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                            const double *millis, int32_t count, int64_t iterations);

/// ucol_strcollUTF8 of two NUL-terminated UTF-8 strings, `iterations` times. Returns -1 if ICU
/// cannot open the collator.
int64_t CICU_benchCollateCompare(const char *localeID, const char *a, const char *b, int64_t iterations);
/// Sorts `count` UTF-16 strings (one buffer cut by `lengths`) `iterations` times with qsort and
/// ucol_strcoll, each time from their given order; returns a checksum of the sorted order.
int64_t CICU_benchCollateSort(const char *localeID, const uint16_t *joined, const int32_t *lengths,
                              int32_t count, int64_t iterations);
/// ucol_getSortKey over `count` UTF-16 strings (one buffer cut by `lengths`), cycling.
int64_t CICU_benchSortKey(const char *localeID, const uint16_t *joined, const int32_t *lengths,
                          int32_t count, int64_t iterations);
/// A word break iterator over a UTF-16 text, `iterations` times: ubrk_setText, then every
/// boundary with its rule status; returns the number of word-like segments seen.
int64_t CICU_benchWordBreak(const char *localeID, const uint16_t *text, int32_t length,
                            int64_t iterations);

#ifdef __cplusplus
}
#endif

#endif  // CICU_BENCH_H
