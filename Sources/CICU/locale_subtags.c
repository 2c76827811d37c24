// Likely subtags, subtags, keywords, direction and display names of ICU locale ids.
//
// Why: uloc_* and uldn_* are renamed per ICU version in the system library.
#include "CICU_Locale.h"
#include "internal.h"

#include <unicode/udisplaycontext.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include <string.h>

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

int32_t CICU_localeDisplayName(const char *displayLocaleID, const char *localeID,
                               bool dialectNames, CICUCapitalization capitalization,
                               uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(displayLocaleID, CICU_LOCALE_ID_MAX_LENGTH, st) ||
        !CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) {
        return 0;
    }
    UDisplayContext contexts[] = {
        dialectNames ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES,
        UDISPCTX_CAPITALIZATION_NONE,
    };
    switch (capitalization) {
    case CICUCapitalizationNone: break;
    case CICUCapitalizationMiddleOfSentence: contexts[1] = UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE; break;
    case CICUCapitalizationBeginningOfSentence: contexts[1] = UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE; break;
    case CICUCapitalizationUIListOrMenu: contexts[1] = UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU; break;
    case CICUCapitalizationStandalone: contexts[1] = UDISPCTX_CAPITALIZATION_FOR_STANDALONE; break;
    default: *st = U_ILLEGAL_ARGUMENT_ERROR; return 0;
    }
    ULocaleDisplayNames *names = uldn_openForContext(displayLocaleID, contexts, 2, st);
    if (U_FAILURE(*st)) return 0;
    // uldn names the empty language after CLDR's "root" locale ("root (Croatia)"); ICU's own
    // tests (loctest.cpp) and uloc_getDisplayName say "Unknown language (Croatia)". For an id
    // whose language is empty or "und", the leading root name is replaced by the name of the
    // language "und" (in the same capitalization context).
    char language[ULOC_LANG_CAPACITY] = {0};
    UErrorCode languageStatus = U_ZERO_ERROR;
    uloc_getLanguage(localeID, language, ULOC_LANG_CAPACITY, &languageStatus);
    bool unknownLanguage = U_SUCCESS(languageStatus) && (language[0] == 0 || strcmp(language, "und") == 0);
    if (!unknownLanguage) {
        int32_t length = uldn_localeDisplayName(names, localeID, (UChar *)out, capacity, st);
        uldn_close(names);
        return length;
    }
    UChar full[512], rootName[128], undName[128];
    int32_t fullLength = uldn_localeDisplayName(names, localeID, full, 512, st);
    UErrorCode rootStatus = U_ZERO_ERROR, undStatus = U_ZERO_ERROR;
    int32_t rootLength = uldn_localeDisplayName(names, "root", rootName, 128, &rootStatus);
    int32_t undLength = uldn_languageDisplayName(names, "und", undName, 128, &undStatus);
    uldn_close(names);
    if (U_FAILURE(*st)) return 0;
    if (fullLength > 512 || U_FAILURE(rootStatus) || U_FAILURE(undStatus) || rootLength > 128 || undLength > 128 ||
        rootLength > fullLength || u_strncmp(full, rootName, rootLength) != 0) {
        // No "root" prefix to replace (or names too long for these buffers): ICU's plain API.
        *st = U_ZERO_ERROR;
        return uloc_getDisplayName(localeID, displayLocaleID, (UChar *)out, capacity, st);
    }
    int32_t length = undLength + (fullLength - rootLength);
    if (length > capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    u_memcpy((UChar *)out, undName, undLength);
    u_memcpy((UChar *)out + undLength, full + rootLength, fullLength - rootLength);
    if (length < capacity) out[length] = 0;
    return length;
}
