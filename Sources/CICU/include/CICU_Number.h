// Number formatting through ICU's UNumberFormatter (number skeletons).
//
// Why: unumf_* is renamed per ICU version; the shim keeps the formatter behind an opaque
// handle and writes results as UTF-8 into the caller's buffer (retry on overflow), read from
// ICU's result in place: Swift's strings are UTF-8, so no UTF-16 crosses the boundary.
#ifndef CICU_NUMBER_H
#define CICU_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CICUNumberFormatter CICUNumberFormatter;

/// Opens a formatter for an ICU number skeleton (UTF-16, e.g. "currency/EUR .00") and an
/// ICU locale id. On failure returns NULL with `*status` set (U_NUMBER_SKELETON_SYNTAX_ERROR for
/// a bad skeleton) and `*errorOffset` the UTF-16 offset ICU points at (or -1).
CICUNumberFormatter *CICU_numberFormatterOpen(const uint16_t *skeleton, int32_t skeletonLength,
                                              const char *localeID, int32_t *errorOffset,
                                              int32_t *status);
void CICU_numberFormatterClose(CICUNumberFormatter *formatter);

/// Whether the 3 UTF-16 units are an ISO 4217 code ICU's currency data has in use in some
/// region at some time (`ucurr_isAvailable` over all dates). Why: `ucurr_*` is renamed per ICU
/// version; Parlance's strict currency codes reject unassigned codes such as `XYZ`.
bool CICU_currencyIsAvailable(const uint16_t *code);

/// Formats an integer as UTF-8; returns its length in bytes (U_BUFFER_OVERFLOW_ERROR with the
/// length needed when `capacity` is short).
int32_t CICU_numberFormatInt64(const CICUNumberFormatter *formatter, int64_t value, char *out,
                               int32_t capacity, int32_t *status);
/// Formats a binary double.
int32_t CICU_numberFormatDouble(const CICUNumberFormatter *formatter, double value, char *out,
                                int32_t capacity, int32_t *status);
/// Formats a decimal string exactly (ICU's decimal number syntax: "1234.5", "-1e3", any length),
/// never through a binary double.
int32_t CICU_numberFormatDecimal(const CICUNumberFormatter *formatter, const char *decimal,
                                 int32_t decimalLength, char *out, int32_t capacity,
                                 int32_t *status);


// ── Compiled number formats: what the Swift compiler reads from ICU ──

/// Field ids of `CICU_numberFormatFields` (ICU's UNumberFormatFields values).
#define CICU_NUMBER_FIELD_INTEGER 0
#define CICU_NUMBER_FIELD_FRACTION 1
#define CICU_NUMBER_FIELD_DECIMAL_SEPARATOR 2
#define CICU_NUMBER_FIELD_GROUPING_SEPARATOR 6
#define CICU_NUMBER_FIELD_PERCENT 8
#define CICU_NUMBER_FIELD_CURRENCY 7
#define CICU_NUMBER_FIELD_SIGN 10

/// Formats a binary double as UTF-16 and reports ICU's number fields in it: up to
/// `fieldCapacity` triples (field id, start, limit; UTF-16 offsets) in `fields`, their count in
/// `*fieldCount`. Returns the text's length (U_BUFFER_OVERFLOW_ERROR when `capacity` is short).
/// Why: the compiled number formatter reads the separators, digits and affixes
/// exactly as this formatter writes them from such probes.
int32_t CICU_numberFormatFields(const CICUNumberFormatter *formatter, double value, uint16_t *out,
                                int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                                int32_t *fieldCount, int32_t *status);

/// The fraction digits and rounding increment ICU's `currency/XXX` precision (usage standard)
/// uses for the ISO code in 3 UTF-16 units (`ucurr_getDefaultFractionDigitsForUsage`,
/// `ucurr_getRoundingIncrementForUsage`). Returns false on an ICU error.
bool CICU_currencyStandardRounding(const uint16_t *code, int32_t *fractionDigits, double *increment);

/// The ISO code of the locale's currency (`ucurr_forLocale`) into `out` (4 units, NUL-ended);
/// returns false when the locale has none.
bool CICU_currencyForLocale(const char *localeID, uint16_t *out);

// ── end compiled number formats ──

#ifdef __cplusplus
}
#endif

#endif  // CICU_NUMBER_H
