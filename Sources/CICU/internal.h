// Helpers shared by the shim's own C and C++ files; never seen by Swift.
#ifndef CICU_INTERNAL_H
#define CICU_INTERNAL_H

#include <unicode/utypes.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <stdint.h>

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

// UTF-16 `text` as UTF-8 in the caller's buffer (Swift strings are UTF-8, so Swift then only
// validates and copies the bytes): a lone surrogate becomes U+FFFD, as Swift's
// String(decoding:as:) would make it. Writes a terminating NUL when room remains. Returns the
// UTF-8 length the text needs; when that is more than `capacity`, reports
// U_BUFFER_OVERFLOW_ERROR so the caller can retry with that size (never truncates silently).
static inline int32_t CICU_copyOutUTF8(const UChar *text, int32_t length, char *out,
                                       int32_t capacity, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    uint8_t *bytes = (uint8_t *)out;
    int64_t needed = 0;
    int32_t i = 0;
    // The common case: an ASCII run, one byte per unit.
    while (i < length && text[i] < 0x80 && needed < capacity) bytes[needed++] = (uint8_t)text[i++];
    int fits = 1;
    while (i < length) {
        UChar32 c = text[i++];
        if (U16_IS_SURROGATE(c)) {
            if (U16_IS_SURROGATE_LEAD(c) && i < length && U16_IS_TRAIL(text[i])) {
                c = U16_GET_SUPPLEMENTARY(c, text[i]);
                i++;
            } else {
                c = 0xFFFD;
            }
        }
        int32_t size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (fits && needed + size <= capacity) {
            uint8_t *p = bytes + needed;
            switch (size) {
            case 1: p[0] = (uint8_t)c; break;
            case 2: p[0] = (uint8_t)(0xC0 | c >> 6); p[1] = (uint8_t)(0x80 | (c & 0x3F)); break;
            case 3:
                p[0] = (uint8_t)(0xE0 | c >> 12);
                p[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
                p[2] = (uint8_t)(0x80 | (c & 0x3F));
                break;
            default:
                p[0] = (uint8_t)(0xF0 | c >> 18);
                p[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
                p[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
                p[3] = (uint8_t)(0x80 | (c & 0x3F));
                break;
            }
        } else {
            fits = 0;
        }
        needed += size;
    }
    if (needed > INT32_MAX) {
        *status = U_INDEX_OUTOFBOUNDS_ERROR;
        return 0;
    }
    if (needed > capacity) {
        *status = U_BUFFER_OVERFLOW_ERROR;
    } else if (needed < capacity) {
        bytes[needed] = 0;
    }
    return (int32_t)needed;
}

// UTF-8 `text` decoded into UTF-16 at `out`, which has room for `length` units (UTF-16 never
// needs more units than UTF-8 has bytes); an ill-formed sequence (never from a Swift String)
// becomes U+FFFD. Returns the units written. ASCII is widened without a call.
static inline int32_t CICU_widenUTF8(const char *text, int32_t length, UChar *out) {
    const uint8_t *bytes = (const uint8_t *)text;
    int32_t i = 0;
    int32_t written = 0;
    while (i < length) {
        if (bytes[i] < 0x80) {
            out[written++] = bytes[i++];
            continue;
        }
        UChar32 c;
        U8_NEXT(bytes, i, length, c);
        if (c < 0) c = 0xFFFD;
        U16_APPEND_UNSAFE(out, written, c);
    }
    return written;
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
