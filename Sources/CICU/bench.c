// Raw ICU loops for `parlance bench` (see CICU_Bench.h).
#include "CICU_Bench.h"
#include "internal.h"

#include <unicode/upluralrules.h>

#include <string.h>

int64_t CICU_benchPluralSelectIntegers(const CICUPluralRules *rules, const int64_t *values,
                                       int32_t count, int64_t iterations) {
    const UPluralRules *icu = (const UPluralRules *)CICU_pluralRulesICU(rules);
    int64_t checksum = 0;
    UChar keyword[16];
    for (int64_t i = 0; i < iterations; i++) {
        UErrorCode status = U_ZERO_ERROR;
        checksum += uplrules_select(icu, (double)values[i % count], keyword, 16, &status);
    }
    return checksum;
}

int64_t CICU_benchPluralSelectDecimals(const CICUPluralRules *rules, const char *const *decimals,
                                       const int32_t *fractionDigits, int32_t count,
                                       int64_t iterations) {
    int64_t checksum = 0;
    uint16_t keyword[16];
    for (int64_t i = 0; i < iterations; i++) {
        int32_t status = 0;
        int32_t index = (int32_t)(i % count);
        checksum += CICU_pluralRulesSelectDecimal(rules, decimals[index], (int32_t)strlen(decimals[index]),
                                                  fractionDigits[index], keyword, 16, &status);
    }
    return checksum;
}
