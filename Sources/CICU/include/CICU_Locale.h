// Locale identifiers beyond parsing: CLDR canonicalization, likely subtags, subtags and
// keywords, direction, display names and ICU's LocaleMatcher.
//
// Why: uloc_* and uldn_* are renamed per ICU version in the system library, and two features
// exist only in ICU's C++ API: full CLDR alias canonicalization (icu::Locale::canonicalize,
// which maps iw → he, sh → sr_Latn, art_lojban → jbo; uloc_canonicalize does not) and
// icu::LocaleMatcher. Ids cross as NUL-terminated ICU locale ids (char), results come back as
// char ids or UTF-16 display text, with the usual (out, capacity) → needed-length contract.
#ifndef CICU_LOCALE_H
#define CICU_LOCALE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// CLDR alias canonicalization of an ICU locale id (icu::Locale::canonicalize, C++ only):
/// deprecated language, script, region and variant codes and legacy tags are replaced.
int32_t CICU_localeCanonicalizeAliases(const char *localeID, char *out, int32_t capacity,
                                       int32_t *status);
/// Adds likely subtags (uloc_addLikelySubtags): "zh_TW" → "zh_Hant_TW".
int32_t CICU_localeAddLikelySubtags(const char *localeID, char *out, int32_t capacity,
                                    int32_t *status);
/// Removes likely subtags (uloc_minimizeSubtags): "zh_Hant_TW" → "zh_TW".
int32_t CICU_localeMinimizeSubtags(const char *localeID, char *out, int32_t capacity,
                                   int32_t *status);

/// Which subtag CICU_localeSubtag reads.
typedef enum CICULocaleSubtag {
    CICULocaleSubtagLanguage = 0,  // uloc_getLanguage
    CICULocaleSubtagScript = 1,    // uloc_getScript
    CICULocaleSubtagRegion = 2,    // uloc_getCountry
    CICULocaleSubtagVariant = 3,   // uloc_getVariant (variants joined by '_')
} CICULocaleSubtag;

/// One subtag of an ICU locale id, "" when absent.
int32_t CICU_localeSubtag(const char *localeID, CICULocaleSubtag which, char *out,
                          int32_t capacity, int32_t *status);
/// The value of an ICU keyword ("calendar", "numbers", "hours", …), "" when absent.
int32_t CICU_localeKeywordValue(const char *localeID, const char *keyword, char *out,
                                int32_t capacity, int32_t *status);
/// Whether the locale's script (given or from likely subtags) is right-to-left
/// (uloc_isRightToLeft).
bool CICU_localeIsRightToLeft(const char *localeID);

/// Capitalization contexts for display names (UDisplayContext values of ICU's
/// UDISPCTX_TYPE_CAPITALIZATION, restated and checked at compile time).
typedef enum CICUCapitalization {
    CICUCapitalizationNone = 0,               // UDISPCTX_CAPITALIZATION_NONE (ICU's default)
    CICUCapitalizationMiddleOfSentence = 1,   // UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE
    CICUCapitalizationBeginningOfSentence = 2,// UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE
    CICUCapitalizationUIListOrMenu = 3,       // UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU
    CICUCapitalizationStandalone = 4,         // UDISPCTX_CAPITALIZATION_FOR_STANDALONE
} CICUCapitalization;

/// The display name of `localeID` written in `displayLocaleID` (uldn_openForContext +
/// uldn_localeDisplayName) with ULDN_STANDARD_NAMES ("English (United Kingdom)"), or
/// ULDN_DIALECT_NAMES when `dialectNames` ("British English").
int32_t CICU_localeDisplayName(const char *displayLocaleID, const char *localeID,
                               bool dialectNames, CICUCapitalization capitalization,
                               uint16_t *out, int32_t capacity, int32_t *status);

/// An icu::LocaleMatcher over a fixed list of supported locales, with ICU's default settings
/// (the default locale is the first supported one).
typedef struct CICULocaleMatcher CICULocaleMatcher;

/// Builds a matcher for `count` supported ICU locale ids. NULL with `*status` on failure.
CICULocaleMatcher *CICU_localeMatcherOpen(const char *const *supported, int32_t count,
                                          int32_t *status);
void CICU_localeMatcherClose(CICULocaleMatcher *matcher);
/// The index in the supported list of the best match for the desired ICU locale ids in
/// preference order (LocaleMatcher::getBestMatchResult), or -1 when the matcher returned its
/// default locale because nothing matched.
int32_t CICU_localeMatcherBestIndex(const CICULocaleMatcher *matcher, const char *const *desired,
                                    int32_t count, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_LOCALE_H
