// Helpers shared by the shim's own C and C++ files; never seen by Swift.
#ifndef CICU_INTERNAL_H
#define CICU_INTERNAL_H

#include <unicode/utypes.h>
#include <unicode/ustring.h>

#include <string.h>

// Copies `length` UTF-16 units into the caller's buffer when they fit (plus a terminating NUL
// when room remains) and reports U_BUFFER_OVERFLOW_ERROR otherwise. Returns `length`, the size
// the caller needs, so it can retry: text is never truncated silently.
static inline int32_t CICU_copyOut(const UChar *text, int32_t length, uint16_t *out,
                                   int32_t capacity, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    if (length > capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return length;
    }
    if (length > 0) memcpy(out, text, (size_t)length * sizeof(UChar));
    if (length < capacity) out[length] = 0;
    return length;
}

struct UFormattedNumber;
#ifdef __cplusplus
extern "C" {
#endif
// The calling thread's reusable UFormattedNumber (the mutable result every number format
// needs): created on first use, closed when the thread exits (a pthread key destructor), so
// that neither a call nor a thread that comes and goes leaks one. NULL with *status set on
// failure.
struct UFormattedNumber *CICU_threadFormattedNumber(UErrorCode *status);
#ifdef __cplusplus
}
#endif

struct UPluralRules;
struct CICUPluralRules;
#ifdef __cplusplus
extern "C" {
#endif
// The ICU object behind a plural-rules handle, for the C++ part of the shim.
const struct UPluralRules *CICU_pluralRulesICU(const struct CICUPluralRules *rules);
#ifdef __cplusplus
}
#endif

#endif
