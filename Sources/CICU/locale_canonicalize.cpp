// CLDR alias canonicalization exists only in ICU's C++ API (icu::Locale::canonicalize, since
// ICU 67); uloc_canonicalize keeps deprecated codes such as "iw".
#include "CICU_Locale.h"
#include "internal.h"

#include <unicode/locid.h>

#include <cstring>

extern "C" int32_t CICU_localeCanonicalizeAliases(const char *localeID, char *out,
                                                  int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    icu::Locale locale(localeID);
    if (locale.isBogus()) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    locale.canonicalize(*st);
    if (U_FAILURE(*st)) return 0;
    const char *name = locale.getName();
    int32_t length = static_cast<int32_t>(strlen(name));
    if (length > capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    memcpy(out, name, static_cast<size_t>(length));
    if (length < capacity) out[length] = 0;
    return length;
}
