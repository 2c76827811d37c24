// Helpers shared by the shim's own C and C++ files; never seen by Swift.
#ifndef CICU_INTERNAL_H
#define CICU_INTERNAL_H

#include <unicode/utypes.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <string.h>

#include "CICU.h"

// Whether `localeID` is a string of at most `maxLength` bytes (CICU_LOCALE_ID_MAX_LENGTH for
// an id an ICU service gets, CICU_LOCALE_INPUT_MAX_LENGTH for text an id converter parses),
// read no further than maxLength + 1 bytes. A NULL or longer id sets U_ILLEGAL_ARGUMENT_ERROR
// and returns false, so that the caller returns before ICU sees it; a failure already in
// `status` also returns false.
static inline bool CICU_localeIDFits(const char *localeID, int32_t maxLength, UErrorCode *status) {
    if (U_FAILURE(*status)) return false;
    if (localeID == NULL) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return false;
    }
    for (int32_t length = 0; localeID[length] != 0; length++) {
        if (length >= maxLength) {
            *status = U_ILLEGAL_ARGUMENT_ERROR;
            return false;
        }
    }
    return true;
}

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

// The UTF-8 form of one UTF-16 code point starting at text[*i] (advanced past it), written
// at `out` without a bounds check; a lone surrogate becomes U+FFFD. Returns the bytes written
// (at most 3 per unit consumed: a pair takes 2 units and 4 bytes).
static inline int32_t CICU_putUTF8(const UChar *text, int32_t *i, int32_t length, uint8_t *out) {
    UChar32 c = text[(*i)++];
    if (c < 0x80) {
        out[0] = (uint8_t)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (uint8_t)(0xC0 | c >> 6);
        out[1] = (uint8_t)(0x80 | (c & 0x3F));
        return 2;
    }
    if (U16_IS_SURROGATE(c)) {
        if (U16_IS_SURROGATE_LEAD(c) && *i < length && U16_IS_TRAIL(text[*i])) {
            c = U16_GET_SUPPLEMENTARY(c, text[*i]);
            (*i)++;
            out[0] = (uint8_t)(0xF0 | c >> 18);
            out[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F));
            out[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
            out[3] = (uint8_t)(0x80 | (c & 0x3F));
            return 4;
        }
        c = 0xFFFD;
    }
    out[0] = (uint8_t)(0xE0 | c >> 12);
    out[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F));
    out[2] = (uint8_t)(0x80 | (c & 0x3F));
    return 3;
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
    if ((int64_t)length * 3 > capacity) {
        // Perhaps too long: measure first (a UTF-8 length from each unit; a pair's two
        // surrogates count 2 + 2 = 4, a lone one 3 for its U+FFFD).
        int64_t needed = 0;
        for (int32_t i = 0; i < length; i++) {
            UChar c = text[i];
            if (c < 0x80) {
                needed += 1;
            } else if (c < 0x800) {
                needed += 2;
            } else if (U16_IS_LEAD(c) && i + 1 < length && U16_IS_TRAIL(text[i + 1])) {
                needed += 4;
                i++;
            } else {
                needed += 3;
            }
        }
        if (needed > INT32_MAX) {
            *status = U_INDEX_OUTOFBOUNDS_ERROR;
            return 0;
        }
        if (needed > capacity) {
            *status = U_BUFFER_OVERFLOW_ERROR;
            return (int32_t)needed;
        }
    }
    // It fits: no bounds checks per character.
    int32_t written = 0;
    int32_t i = 0;
    while (i < length) {
        if (text[i] < 0x80) {
            bytes[written++] = (uint8_t)text[i++];
        } else {
            written += CICU_putUTF8(text, &i, length, bytes + written);
        }
    }
    if (written < capacity) bytes[written] = 0;
    return written;
}

// UTF-8 `text` decoded into UTF-16 at `out`, which has room for `length` units (UTF-16 never
// needs more units than UTF-8 has bytes); an ill-formed sequence (never from a Swift String)
// becomes U+FFFD, as U8_NEXT decodes it. Returns the units written. ASCII is widened eight
// bytes at a time, and two- and three-byte sequences (the BMP) without a call.
static inline int32_t CICU_widenUTF8(const char *text, int32_t length, UChar *out) {
    const uint8_t *bytes = (const uint8_t *)text;
    int32_t i = 0;
    int32_t written = 0;
    while (i < length) {
        while (i + 8 <= length) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            if ((word & 0x8080808080808080ull) != 0) break;
            for (int k = 0; k < 8; k++) out[written + k] = bytes[i + k];
            i += 8;
            written += 8;
        }
        if (i >= length) break;
        uint8_t lead = bytes[i];
        if (lead < 0x80) {
            out[written++] = lead;
            i++;
            continue;
        }
        // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic …).
        if (lead >= 0xC2 && lead < 0xE0 && i + 1 < length && (bytes[i + 1] & 0xC0) == 0x80) {
            out[written++] = (UChar)(((lead & 0x1F) << 6) | (bytes[i + 1] & 0x3F));
            i += 2;
            continue;
        }
        // Three bytes (the rest of the BMP: Thai, CJK, punctuation …), neither overlong
        // (E0 80–9F) nor a surrogate (ED A0–BF), which U8_NEXT rejects.
        if (lead >= 0xE0 && lead < 0xF0 && i + 2 < length) {
            uint8_t second = bytes[i + 1];
            uint8_t third = bytes[i + 2];
            if ((second & 0xC0) == 0x80 && (third & 0xC0) == 0x80 && (lead != 0xE0 || second >= 0xA0) &&
                (lead != 0xED || second < 0xA0)) {
                out[written++] = (UChar)(((lead & 0x0F) << 12) | ((second & 0x3F) << 6) | (third & 0x3F));
                i += 3;
                continue;
            }
        }
        UChar32 c;
        U8_NEXT(bytes, i, length, c);
        if (c < 0) c = 0xFFFD;
        U16_APPEND_UNSAFE(out, written, c);
    }
    return written;
}

// Defines `static Type *name(UErrorCode *status)`: the calling thread's reusable ICU result
// object (UFormattedNumber, UFormattedList, …, the mutable part of a format call), made with
// `open` on first use and closed with `close` when the thread exits (a pthread key destructor),
// so that neither a call nor a thread that comes and goes leaks one. NULL with *status set on
// failure. The destructor clears the fast pointer, so a later call on the exiting thread (from
// another key's destructor) makes a new one instead of using a closed one.
#define CICU_DEFINE_THREAD_RESULT(name, Type, open, close)                          \
    static _Thread_local Type *name##Value = NULL;                                  \
    static pthread_key_t name##Key;                                                 \
    static pthread_once_t name##Once = PTHREAD_ONCE_INIT;                           \
    static void name##Close(void *result) {                                         \
        close((Type *)result);                                                      \
        name##Value = NULL;                                                         \
    }                                                                               \
    static void name##MakeKey(void) { pthread_key_create(&name##Key, name##Close); } \
    static Type *name(UErrorCode *status) {                                         \
        if (name##Value != NULL || U_FAILURE(*status)) return name##Value;          \
        pthread_once(&name##Once, name##MakeKey);                                   \
        Type *result = open(status);                                                \
        if (U_FAILURE(*status)) {                                                   \
            if (result != NULL) close(result);                                      \
            return NULL;                                                            \
        }                                                                           \
        pthread_setspecific(name##Key, result);                                     \
        name##Value = result;                                                       \
        return result;                                                              \
    }

#include <unicode/uformattedvalue.h>

// Copies a formatted value's text into `out` (as CICU_copyOut) and its field positions, every
// category, as quadruples (category, field, start, limit) into `fields` (room for
// `fieldCapacity`), their number in `*fieldCount`. A short buffer of either kind sets
// U_BUFFER_OVERFLOW_ERROR; the return value is the text's length and `*fieldCount` the number of
// fields, so that the caller can retry (format_parts.c).
#ifdef __cplusplus
extern "C" {
#endif
int32_t CICU_copyFormattedValue(const UFormattedValue *value, uint16_t *out, int32_t capacity,
                                int32_t *fields, int32_t fieldCapacity, int32_t *fieldCount,
                                UErrorCode *status);
#ifdef __cplusplus
}
#endif

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
