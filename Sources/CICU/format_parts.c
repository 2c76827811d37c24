// Formatted values with their fields (CICU_Parts.h): the shared copy of a UFormattedValue's
// text and field positions, and the per-service calls that produce one.
#include "CICU.h"
#include "CICU_Parts.h"
#include "internal.h"

#include <unicode/uformattedvalue.h>

_Static_assert(CICU_FIELD_CATEGORY_DATE == UFIELD_CATEGORY_DATE, "date");
_Static_assert(CICU_FIELD_CATEGORY_NUMBER == UFIELD_CATEGORY_NUMBER, "number");
_Static_assert(CICU_FIELD_CATEGORY_LIST == UFIELD_CATEGORY_LIST, "list");
_Static_assert(CICU_FIELD_CATEGORY_RELATIVE_DATETIME == UFIELD_CATEGORY_RELATIVE_DATETIME, "relative");
_Static_assert(CICU_FIELD_CATEGORY_LIST_SPAN == UFIELD_CATEGORY_LIST_SPAN, "list span");
_Static_assert(CICU_FIELD_CATEGORY_DATE_INTERVAL_SPAN == UFIELD_CATEGORY_DATE_INTERVAL_SPAN, "interval span");
_Static_assert(CICU_FIELD_CATEGORY_NUMBER_RANGE_SPAN == UFIELD_CATEGORY_NUMBER_RANGE_SPAN, "range span");

int32_t CICU_copyFormattedValue(const UFormattedValue *value, uint16_t *out, int32_t capacity,
                                int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                UErrorCode *status) {
    *fieldCount = 0;
    if (U_FAILURE(*status)) return 0;
    UConstrainedFieldPosition *position = ucfpos_open(status);
    if (U_FAILURE(*status)) return 0;
    int32_t count = 0;
    while (U_SUCCESS(*status) && ufmtval_nextPosition(value, position, status)) {
        if (count < fieldCapacity) {
            int32_t start = 0, limit = 0;
            ucfpos_getIndexes(position, &start, &limit, status);
            fields[4 * count] = ucfpos_getCategory(position, status);
            fields[4 * count + 1] = ucfpos_getField(position, status);
            fields[4 * count + 2] = start;
            fields[4 * count + 3] = limit;
        }
        count++;
    }
    ucfpos_close(position);
    if (U_FAILURE(*status)) return 0;
    *fieldCount = count;
    int32_t length = 0;
    const UChar *text = ufmtval_getString(value, &length, status);
    if (U_FAILURE(*status)) return 0;
    int32_t needed = CICU_copyOut(text, length, out, capacity, status);
    if (U_SUCCESS(*status) && count > fieldCapacity) *status = U_BUFFER_OVERFLOW_ERROR;
    return needed;
}
