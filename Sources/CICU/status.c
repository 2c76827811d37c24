// Status codes, versions and process-wide ICU settings.
#include "CICU.h"
#include "internal.h"

#include <unicode/uclean.h>
#include <unicode/uloc.h>
#include <unicode/ucal.h>
#include <unicode/ulocdata.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

#include <stdio.h>

// The status macros in CICU.h restate ICU's enum values: check them at compile time.
_Static_assert(CICU_STATUS_OK == U_ZERO_ERROR, "U_ZERO_ERROR");
_Static_assert(CICU_STATUS_ILLEGAL_ARGUMENT == U_ILLEGAL_ARGUMENT_ERROR, "U_ILLEGAL_ARGUMENT_ERROR");
_Static_assert(CICU_STATUS_MISSING_RESOURCE == U_MISSING_RESOURCE_ERROR, "U_MISSING_RESOURCE_ERROR");
_Static_assert(CICU_STATUS_INVALID_FORMAT == U_INVALID_FORMAT_ERROR, "U_INVALID_FORMAT_ERROR");
_Static_assert(CICU_STATUS_BUFFER_OVERFLOW == U_BUFFER_OVERFLOW_ERROR, "U_BUFFER_OVERFLOW_ERROR");
_Static_assert(CICU_STATUS_UNSUPPORTED == U_UNSUPPORTED_ERROR, "U_UNSUPPORTED_ERROR");
_Static_assert(CICU_STATUS_USING_DEFAULT_WARNING == U_USING_DEFAULT_WARNING, "U_USING_DEFAULT_WARNING");
_Static_assert(CICU_STATUS_USING_FALLBACK_WARNING == U_USING_FALLBACK_WARNING, "U_USING_FALLBACK_WARNING");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is UTF-16");

const int32_t CICU_STATUS_NUMBER_SKELETON_SYNTAX_ERROR = U_NUMBER_SKELETON_SYNTAX_ERROR;

const char *CICU_statusName(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t CICU_utf16ToUTF8(const uint16_t *text, int32_t length, char *out, int32_t capacity,
                         int32_t *status) {
    return CICU_copyOutUTF8((const UChar *)text, length, out, capacity, (UErrorCode *)status);
}

// Results must never depend on the process environment (LANG, LC_*): ICU falls back to the
// default locale before root when a locale has no data, so the default is pinned to root
// once, when the library is loaded, before any other ICU call of ours can run.
// The same for TZ: formats that take no zone (MessageFormat's date and time arguments) use
// ICU's default zone, pinned to UTC as the batch protocol requires.
__attribute__((constructor)) static void CICU_pinDefaultLocale(void) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_setDefault("und", &status);
    static const UChar utc[] = {'E', 't', 'c', '/', 'U', 'T', 'C', 0};
    status = U_ZERO_ERROR;
    ucal_setDefaultTimeZone(utc, &status);
}

static char icuVersion[U_MAX_VERSION_STRING_LENGTH];
static char cldrVersion[U_MAX_VERSION_STRING_LENGTH];
static char unicodeVersion[U_MAX_VERSION_STRING_LENGTH];

__attribute__((constructor)) static void CICU_readVersions(void) {
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, icuVersion);
    UErrorCode status = U_ZERO_ERROR;
    ulocdata_getCLDRVersion(info, &status);
    if (U_SUCCESS(status)) u_versionToString(info, cldrVersion);
    u_getUnicodeVersion(info);
    u_versionToString(info, unicodeVersion);
}

const char *CICU_icuVersion(void) { return icuVersion; }
const char *CICU_cldrVersion(void) { return cldrVersion; }
const char *CICU_unicodeVersion(void) { return unicodeVersion; }
