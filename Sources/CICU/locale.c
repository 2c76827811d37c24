// Locale identifiers: BCP 47 <-> ICU ids, canonical forms, the available locales.
//
// Why: uloc_* are renamed per ICU version in the system library; these wrappers give Swift
// fixed names and keep `char` buffers and UErrorCode on this side. Each checks the length of
// the id it is given before ICU reads it (CICU_LOCALE_ID_MAX_LENGTH and friends in CICU.h).
#include "CICU.h"
#include "internal.h"

#include <unicode/uloc.h>

_Static_assert(CICU_LOCALE_ID_MAX_LENGTH == ULOC_FULLNAME_CAPACITY - 1,
               "the shim's id bound is ICU's full-name buffer less its NUL");

int32_t CICU_localeFromLanguageTag(const char *tag, char *out, int32_t capacity,
                                   int32_t *parsedLength, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (parsedLength != NULL) *parsedLength = 0;
    if (!CICU_localeIDFits(tag, CICU_LOCALE_INPUT_MAX_LENGTH, st)) return 0;
    return uloc_forLanguageTag(tag, out, capacity, parsedLength, st);
}

int32_t CICU_localeCanonicalize(const char *localeID, char *out, int32_t capacity,
                                int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_INPUT_MAX_LENGTH, st)) return 0;
    return uloc_canonicalize(localeID, out, capacity, st);
}

int32_t CICU_localeToLanguageTag(const char *localeID, char *out, int32_t capacity, bool strict,
                                 int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    // The variants must fit the buffer uloc_toLanguageTag writes `-x-lvariant-…` into (see
    // CICU_LOCALE_VARIANT_MAX_LENGTH); the id fits ULOC_FULLNAME_CAPACITY, so they fit here.
    char variant[ULOC_FULLNAME_CAPACITY];
    UErrorCode variantStatus = U_ZERO_ERROR;
    int32_t variantLength = uloc_getVariant(localeID, variant, (int32_t)sizeof variant, &variantStatus);
    if (U_FAILURE(variantStatus) || variantStatus == U_STRING_NOT_TERMINATED_WARNING ||
        variantLength > CICU_LOCALE_VARIANT_MAX_LENGTH) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    return uloc_toLanguageTag(localeID, out, capacity, strict ? 1 : 0, st);
}

int32_t CICU_availableLocaleCount(void) { return uloc_countAvailable(); }

const char *CICU_availableLocale(int32_t index) {
    if (index < 0 || index >= uloc_countAvailable()) return NULL;
    return uloc_getAvailable(index);
}
