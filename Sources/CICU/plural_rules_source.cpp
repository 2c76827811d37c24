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

// PluralRules::getAvailableLocales (C++ only): every locale with plural data of its own,
// which includes languages ICU has no other data for (jbo, ars, …).
extern "C" int32_t CICU_pluralRulesAvailableLocales(char *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    icu::StringEnumeration *locales = icu::PluralRules::getAvailableLocales(*st);
    if (U_FAILURE(*st)) return 0;
    int32_t total = 0;
    const char *locale;
    int32_t length = 0;
    while ((locale = locales->next(&length, *st)) != nullptr && U_SUCCESS(*st)) {
        int32_t start = total > 0 ? total + 1 : 0;  // after a separating space
        if (start + length <= capacity) {
            if (total > 0) out[total] = ' ';
            memcpy(out + start, locale, static_cast<size_t>(length));
        }
        total = start + length;
    }
    delete locales;
    if (U_SUCCESS(*st) && total > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    if (total < capacity) out[total] = 0;  // NUL-terminated when there is room, like ICU's output
    return total;
}
