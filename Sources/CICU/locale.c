// Locale identifiers: BCP 47 <-> ICU ids, canonical forms, the available locales.
//
// Why: uloc_* are renamed per ICU version in the system library; these wrappers give Swift
// fixed names and keep `char` buffers and UErrorCode on this side.
#include "CICU.h"

#include <unicode/uloc.h>

int32_t CICU_localeFromLanguageTag(const char *tag, char *out, int32_t capacity,
                                   int32_t *parsedLength, int32_t *status) {
    return uloc_forLanguageTag(tag, out, capacity, parsedLength, (UErrorCode *)status);
}

int32_t CICU_localeCanonicalize(const char *localeID, char *out, int32_t capacity,
                                int32_t *status) {
    return uloc_canonicalize(localeID, out, capacity, (UErrorCode *)status);
}

int32_t CICU_localeToLanguageTag(const char *localeID, char *out, int32_t capacity, bool strict,
                                 int32_t *status) {
    return uloc_toLanguageTag(localeID, out, capacity, strict ? 1 : 0, (UErrorCode *)status);
}

int32_t CICU_availableLocaleCount(void) { return uloc_countAvailable(); }

const char *CICU_availableLocale(int32_t index) {
    if (index < 0 || index >= uloc_countAvailable()) return NULL;
    return uloc_getAvailable(index);
}
