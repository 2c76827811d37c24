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

#ifdef __cplusplus
}
#endif

#endif  // CICU_BENCH_H
