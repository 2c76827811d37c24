// PluralRules::getRules exists only in ICU's C++ API.
//
// A UPluralRules* is an icu::PluralRules* (ICU's upluralrules.cpp casts it the same way), so
// the rule text ICU compiled for a locale is read from the handle the C side already holds.
#include "CICU.h"
#include "internal.h"

#include <unicode/plurrule.h>
#include <unicode/upluralrules.h>

extern "C" int32_t CICU_pluralRulesSource(const CICUPluralRules *handle, uint16_t *out,
                                          int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    const icu::PluralRules *rules = reinterpret_cast<const icu::PluralRules *>(CICU_pluralRulesICU(handle));
    icu::UnicodeString source = rules->getRules();
    return CICU_copyOut(reinterpret_cast<const UChar *>(source.getBuffer()), source.length(), out,
                        capacity, st);
}
