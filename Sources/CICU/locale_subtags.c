// Likely subtags, subtags, keywords and direction of ICU locale ids (display names are in
// locale_info.c).
//
// Why: uloc_* are renamed per ICU version in the system library.
#include "CICU_Locale.h"
#include "internal.h"

#include <unicode/uloc.h>

int32_t CICU_localeAddLikelySubtags(const char *localeID, char *out, int32_t capacity,
                                    int32_t *status) {
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, (UErrorCode *)status)) return 0;
    return uloc_addLikelySubtags(localeID, out, capacity, (UErrorCode *)status);
}

int32_t CICU_localeMinimizeSubtags(const char *localeID, char *out, int32_t capacity,
                                   int32_t *status) {
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, (UErrorCode *)status)) return 0;
    return uloc_minimizeSubtags(localeID, out, capacity, (UErrorCode *)status);
}

int32_t CICU_localeSubtag(const char *localeID, CICULocaleSubtag which, char *out,
                          int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    switch (which) {
    case CICULocaleSubtagLanguage: return uloc_getLanguage(localeID, out, capacity, st);
    case CICULocaleSubtagScript: return uloc_getScript(localeID, out, capacity, st);
    case CICULocaleSubtagRegion: return uloc_getCountry(localeID, out, capacity, st);
    case CICULocaleSubtagVariant: return uloc_getVariant(localeID, out, capacity, st);
    }
    *st = U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
}

int32_t CICU_localeKeywordValue(const char *localeID, const char *keyword, char *out,
                                int32_t capacity, int32_t *status) {
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, (UErrorCode *)status)) return 0;
    return uloc_getKeywordValue(localeID, keyword, out, capacity, (UErrorCode *)status);
}

bool CICU_localeIsRightToLeft(const char *localeID) {
    UErrorCode status = U_ZERO_ERROR;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, &status)) return false;
    return uloc_isRightToLeft(localeID) != 0;
}
