// Formatted values with their fields: the text a formatter writes and, for each ICU field in it,
// its category, field id and UTF-16 range (`ufmtval_nextPosition` for the formatters that give
// an ICU `UFormattedValue`, `udat_formatForFields` for dates). Swift turns these spans into
// ECMA-402's typed parts (`formatToParts`); the shim reports them as ICU does.
#ifndef CICU_PARTS_H
#define CICU_PARTS_H

#include <stdbool.h>
#include <stdint.h>

#include "CICU.h"
#include "CICU_Format.h"
#include "CICU_Message.h"
#include "CICU_Number.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Field categories, ICU's UFieldCategory values.
#define CICU_FIELD_CATEGORY_DATE 1
#define CICU_FIELD_CATEGORY_NUMBER 2
#define CICU_FIELD_CATEGORY_LIST 3
#define CICU_FIELD_CATEGORY_RELATIVE_DATETIME 4
#define CICU_FIELD_CATEGORY_LIST_SPAN 0x1003
#define CICU_FIELD_CATEGORY_DATE_INTERVAL_SPAN 0x1005
#define CICU_FIELD_CATEGORY_NUMBER_RANGE_SPAN 0x1002

/// The most fields one formatted value reports through these calls; past it the call fails
/// with CICU_STATUS_BUFFER_OVERFLOW and `*fieldCount` holds the number needed.
///
/// Every function below writes the text as the shim's other formatters do (`out`, `capacity`,
/// returning the length needed) and the fields as quadruples (category, field, start, limit) in
/// `fields`, room for `fieldCapacity` of them, their number in `*fieldCount`. When either
/// buffer is short the status is CICU_STATUS_BUFFER_OVERFLOW and the caller retries with the
/// returned length and `*fieldCount`.

/// A number: exact decimal digits when `decimal` is not NULL, else the binary `value`.
int32_t CICU_numberFormatParts(const CICUNumberFormatter *formatter, const char *decimal,
                               int32_t decimalLength, double value, uint16_t *out,
                               int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                               int32_t *fieldCount, int32_t *status);

/// A date (UDate milliseconds). Thread-safe as CICU_dateFormat is (one of the handle's clones,
/// under its lock).
int32_t CICU_dateFormatParts(CICUDateFormatter *formatter, double millis, uint16_t *out,
                             int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                             int32_t *fieldCount, int32_t *status);

/// A relative time, as CICU_relativeFormat formats it.
int32_t CICU_relativeFormatParts(const CICURelativeFormatter *formatter, double value,
                                 int32_t unit, bool numericAuto, uint16_t *out, int32_t capacity,
                                 int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                 int32_t *status);

/// A list of `count` strings given as one UTF-16 buffer and their lengths, as CICU_listFormat.
int32_t CICU_listFormatParts(const CICUListFormatter *formatter, const uint16_t *joined,
                             const int32_t *lengths, int32_t count, uint16_t *out,
                             int32_t capacity, int32_t *fields, int32_t fieldCapacity,
                             int32_t *fieldCount, int32_t *status);

/// A number range between two decimal strings, as CICU_numberRangeFormatDecimal.
int32_t CICU_numberRangeFormatParts(const CICUNumberRangeFormatter *formatter,
                                    const char *start, int32_t startLength, const char *end,
                                    int32_t endLength, uint16_t *out, int32_t capacity,
                                    int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                    int32_t *status);

/// A date interval between two UDates, as CICU_dateIntervalFormat (under ICU's own lock).
int32_t CICU_dateIntervalFormatParts(CICUDateIntervalFormatter *formatter, double from,
                                     double to, uint16_t *out, int32_t capacity, int32_t *fields,
                                     int32_t fieldCapacity, int32_t *fieldCount,
                                     int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
