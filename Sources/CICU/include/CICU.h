// CICU: Parlance's own small C ABI over the system ICU.
//
// Why this shim exists: Debian's ICU renames every C symbol with its major version
// (`uplrules_select_72`, through U_ICU_ENTRY_POINT_RENAME), which Swift cannot import through
// the macros, and several features (PluralRules::getRules, LocaleMatcher) exist only in C++.
// This header is the whole surface Swift sees: it includes no ICU header, every symbol is
// prefixed `CICU_`, ICU objects live behind opaque handles, and every fallible call reports
// ICU's UErrorCode as a plain `int32_t` status (0 = success, < 0 = warning, > 0 = failure).
//
// Strings cross the boundary as NUL-terminated UTF-8 (`const char *`) going in, and as UTF-16
// (`uint16_t`) buffers coming out: functions that produce text take `(out, capacity)` and
// return the full length needed. When the buffer is too small they report
// CICU_STATUS_BUFFER_OVERFLOW and the caller retries with the returned length: text is never
// truncated silently.
#ifndef CICU_H
#define CICU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Status

/// ICU's U_ZERO_ERROR.
#define CICU_STATUS_OK 0
/// ICU's U_ILLEGAL_ARGUMENT_ERROR.
#define CICU_STATUS_ILLEGAL_ARGUMENT 1
/// ICU's U_MISSING_RESOURCE_ERROR.
#define CICU_STATUS_MISSING_RESOURCE 2
/// ICU's U_INVALID_FORMAT_ERROR.
#define CICU_STATUS_INVALID_FORMAT 3
/// ICU's U_BUFFER_OVERFLOW_ERROR: retry with the length the call returned.
#define CICU_STATUS_BUFFER_OVERFLOW 15
/// ICU's U_UNSUPPORTED_ERROR.
#define CICU_STATUS_UNSUPPORTED 16
/// ICU's U_USING_DEFAULT_WARNING: the data came from the root locale.
#define CICU_STATUS_USING_DEFAULT_WARNING (-127)
/// ICU's U_USING_FALLBACK_WARNING: the data came from a parent locale.
#define CICU_STATUS_USING_FALLBACK_WARNING (-128)
/// ICU's U_NUMBER_SKELETON_SYNTAX_ERROR (its value depends on ICU's enum, so it is a constant).
extern const int32_t CICU_STATUS_NUMBER_SKELETON_SYNTAX_ERROR;

/// ICU's symbolic name of a status, e.g. "U_ILLEGAL_ARGUMENT_ERROR". Never NULL.
const char *CICU_statusName(int32_t status);

/// The shim's transcoding of ICU's UTF-16 output into UTF-8 (what every `...UTF8` output of the
/// shim goes through): a lone surrogate becomes U+FFFD. Returns the UTF-8 length; when more than
/// `capacity`, reports U_BUFFER_OVERFLOW_ERROR. Exported so tests can check it directly.
int32_t CICU_utf16ToUTF8(const uint16_t *text, int32_t length, char *out, int32_t capacity,
                         int32_t *status);

// MARK: - Versions

/// ICU's version, e.g. "72.1".
const char *CICU_icuVersion(void);
/// The CLDR version of ICU's data, e.g. "42.0".
const char *CICU_cldrVersion(void);
/// The Unicode version ICU implements, e.g. "15.0".
const char *CICU_unicodeVersion(void);

// MARK: - Locale identifiers

/// The longest locale id, in bytes before its NUL, that the shim hands to an ICU service: 156,
/// ULOC_FULLNAME_CAPACITY (157) less the NUL. ICU 72 copies ids into fixed 157-byte buffers in
/// places without a check: PluralRules::getRuleFromResource (behind uplrules_openForType)
/// strcpy's a locale's base name into `char parentLocaleName[ULOC_FULLNAME_CAPACITY]`, which
/// aborts the process (`*** buffer overflow detected ***`) for a base name of 157 bytes or
/// more. Every shim function that takes a locale id refuses a longer one with
/// CICU_STATUS_ILLEGAL_ARGUMENT (or its documented failure value) before calling ICU.
#define CICU_LOCALE_ID_MAX_LENGTH 156
/// The longest text CICU_localeFromLanguageTag and CICU_localeCanonicalize parse: the input a
/// caller gives, before its canonical length is known (Parlance's LocaleLimits.inputBytes).
#define CICU_LOCALE_INPUT_MAX_LENGTH 256
/// The longest variant field (the `_`-separated variants of an id) CICU_localeToLanguageTag
/// passes to uloc_toLanguageTag: 145. ICU 72 writes variants that are not BCP 47 variants as
/// `-x-lvariant-…` into a 157-byte stack buffer; past 157 bytes it keeps counting but stops
/// copying, then appends as many bytes as it counted, so the tag ends in bytes read from beyond
/// the buffer. `-x-lvariant-` takes 12 bytes, so 145 bytes of variants always fit.
#define CICU_LOCALE_VARIANT_MAX_LENGTH 145

/// Converts a BCP 47 tag to an ICU locale id (uloc_forLanguageTag). `parsedLength` receives how
/// many bytes of `tag` were consumed (ICU stops at the first subtag it cannot use).
int32_t CICU_localeFromLanguageTag(const char *tag, char *out, int32_t capacity,
                                   int32_t *parsedLength, int32_t *status);
/// Canonicalizes an ICU locale id (uloc_canonicalize).
int32_t CICU_localeCanonicalize(const char *localeID, char *out, int32_t capacity,
                                int32_t *status);
/// Converts an ICU locale id to a BCP 47 tag (uloc_toLanguageTag, strict when `strict`).
int32_t CICU_localeToLanguageTag(const char *localeID, char *out, int32_t capacity, bool strict,
                                 int32_t *status);
/// How many locales ICU ships data for (uloc_countAvailable).
int32_t CICU_availableLocaleCount(void);
/// The ICU id of available locale `index`, or NULL when out of range.
const char *CICU_availableLocale(int32_t index);

// MARK: - Plural rules (uplrules_*, PluralRules)

typedef struct CICUPluralRules CICUPluralRules;

/// Opens the cardinal (`ordinal == false`) or ordinal plural rules of an ICU locale id.
/// Returns NULL on failure with `*status` set. Close with CICU_pluralRulesClose.
CICUPluralRules *CICU_pluralRulesOpen(const char *localeID, bool ordinal, int32_t *status);
void CICU_pluralRulesClose(CICUPluralRules *rules);
/// The category keyword ICU selects for a binary double (uplrules_select): the raw ICU path
/// that benchmarks compare against. Writes UTF-16, returns its length.
int32_t CICU_pluralRulesSelectDouble(const CICUPluralRules *rules, double number, uint16_t *out,
                                     int32_t capacity, int32_t *status);
/// The category keyword ICU selects for an exact decimal string shown with exactly
/// `fractionDigits` visible fraction digits (0...CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS is
/// cached, more is formatted on the fly), through unumf_formatDecimal and
/// uplrules_selectFormatted, so that "1.0" and "1" select differently as CLDR requires.
int32_t CICU_pluralRulesSelectDecimal(const CICUPluralRules *rules, const char *decimal,
                                      int32_t decimalLength, int32_t fractionDigits,
                                      uint16_t *out, int32_t capacity, int32_t *status);
#define CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS 15
/// The locale's category keywords separated by spaces (uplrules_getKeywords), in ICU's order.
int32_t CICU_pluralRulesKeywords(const CICUPluralRules *rules, uint16_t *out, int32_t capacity,
                                 int32_t *status);
/// The rule text ICU compiled (PluralRules::getRules, C++ only), e.g.
/// "one: i  in 1..1 and v  in 0..0; other: ".
int32_t CICU_pluralRulesSource(const CICUPluralRules *rules, uint16_t *out, int32_t capacity,
                               int32_t *status);

/// Every locale with plural data of its own (PluralRules::getAvailableLocales, C++ only), as
/// ICU ids separated by spaces.
int32_t CICU_pluralRulesAvailableLocales(char *out, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_H
