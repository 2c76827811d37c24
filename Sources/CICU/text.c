// Break iterators (ubrk) and full case mapping (u_strToUpper/Lower/Title) behind the shim.
//
// Why: ubrk_* and u_strTo* are renamed per ICU version. A UBreakIterator is stateful (its text
// and position) and not thread-safe: a handle is either a prototype, opened once per locale and
// kind, never given text and cloned under its own lock, or a clone owned by one iteration at a
// time, which the prototype keeps for the next iteration when it ends.
#include "CICU_Text.h"
#include "internal.h"

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CICU_BREAK_GRAPHEME == UBRK_CHARACTER && CICU_BREAK_WORD == UBRK_WORD &&
                   CICU_BREAK_LINE == UBRK_LINE && CICU_BREAK_SENTENCE == UBRK_SENTENCE,
               "UBreakIteratorType values restated in CICU_Text.h");
_Static_assert(CICU_WORD_NONE == UBRK_WORD_NONE && CICU_WORD_NONE_LIMIT == UBRK_WORD_NONE_LIMIT &&
                   CICU_WORD_NUMBER == UBRK_WORD_NUMBER && CICU_WORD_LETTER == UBRK_WORD_LETTER &&
                   CICU_WORD_KANA == UBRK_WORD_KANA && CICU_WORD_IDEO == UBRK_WORD_IDEO &&
                   CICU_WORD_IDEO_LIMIT == UBRK_WORD_IDEO_LIMIT,
               "UWordBreak values restated in CICU_Text.h");

// How many idle clones a prototype keeps for later iterations.
enum { IdleClones = 4 };

struct CICUBreakIterator {
    UBreakIterator *iterator;
    // A prototype: cloned under `lock`, never given text; `idle` holds clones that finished an
    // iteration (NULL for an empty slot), each taken and put back with one atomic exchange.
    // A clone: iterated by one owner, with its text widened into `units`.
    bool isPrototype;
    pthread_mutex_t lock;  // initialized for prototypes only
    _Atomic(struct CICUBreakIterator *) idle[IdleClones];
    // A clone's text: the UTF-16 units ICU reads (`capacity` allocated), whether every unit
    // is ASCII (then a UTF-16 offset is the UTF-8 offset), and the last boundary returned in
    // both encodings.
    UChar *units;
    int32_t capacity;
    int32_t length;
    bool isASCII;
    int32_t lastUnits;
    int32_t lastBytes;
};

static CICUBreakIterator *wrap(UBreakIterator *iterator, bool isPrototype, UErrorCode *status) {
    CICUBreakIterator *handle = calloc(1, sizeof(CICUBreakIterator));
    if (handle == NULL) {
        ubrk_close(iterator);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->iterator = iterator;
    handle->isPrototype = isPrototype;
    if (isPrototype) pthread_mutex_init(&handle->lock, NULL);
    for (int i = 0; i < IdleClones; i++) atomic_init(&handle->idle[i], NULL);
    return handle;
}

CICUBreakIterator *CICU_breakIteratorOpen(const char *localeID, int32_t kind, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    if (kind < UBRK_CHARACTER || kind > UBRK_SENTENCE) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, localeID, NULL, 0, st);
    if (U_FAILURE(*st)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return wrap(iterator, true, st);
}

CICUBreakIterator *CICU_breakIteratorAcquire(CICUBreakIterator *prototype, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return NULL;
    if (prototype == NULL || !prototype->isPrototype) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    for (int i = 0; i < IdleClones; i++) {
        CICUBreakIterator *idle = atomic_exchange(&prototype->idle[i], NULL);
        if (idle != NULL) return idle;
    }
    // ICU documents no thread safety for cloning one iterator from several threads at once
    // (the copy reads the prototype's state): the lock makes each clone a sole reader.
    pthread_mutex_lock(&prototype->lock);
    UBreakIterator *clone = ubrk_clone(prototype->iterator, st);
    pthread_mutex_unlock(&prototype->lock);
    if (U_FAILURE(*st)) {
        if (clone != NULL) ubrk_close(clone);
        return NULL;
    }
    return wrap(clone, false, st);
}

void CICU_breakIteratorRelease(CICUBreakIterator *prototype, CICUBreakIterator *iterator) {
    if (iterator == NULL) return;
    if (prototype != NULL && prototype->isPrototype && !iterator->isPrototype) {
        for (int i = 0; i < IdleClones; i++) {
            CICUBreakIterator *expected = NULL;
            if (atomic_compare_exchange_strong(&prototype->idle[i], &expected, iterator)) return;
        }
    }
    CICU_breakIteratorClose(iterator);
}

void CICU_breakIteratorClose(CICUBreakIterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    if (iterator->isPrototype) {
        pthread_mutex_destroy(&iterator->lock);
        for (int i = 0; i < IdleClones; i++) CICU_breakIteratorClose(atomic_exchange(&iterator->idle[i], NULL));
    }
    free(iterator->units);
    free(iterator);
}

// Whether the `length` bytes at `text` are all ASCII, eight at a time (stopping at the first
// word with a byte that is not).
static bool isASCII(const uint8_t *text, int32_t length) {
    int32_t i = 0;
    uint64_t high = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, text + i, 8);
        if ((word & 0x8080808080808080ull) != 0) return false;
    }
    for (; i < length; i++) high |= text[i];
    return (high & 0x8080808080808080ull) == 0;
}

void CICU_breakIteratorSetUTF8(CICUBreakIterator *iterator, const char *text, int32_t length,
                               int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return;
    if (iterator == NULL || iterator->isPrototype || length < 0 || length > CICU_TEXT_MAX_LENGTH ||
        (text == NULL && length > 0)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return;
    }
    // UTF-16 never needs more units than UTF-8 has bytes.
    if (length > iterator->capacity || iterator->units == NULL) {
        int32_t capacity = length > 64 ? length : 64;
        UChar *units = malloc(sizeof(UChar) * (size_t)capacity);
        if (units == NULL) {
            *st = U_MEMORY_ALLOCATION_ERROR;
            return;
        }
        free(iterator->units);
        iterator->units = units;
        iterator->capacity = capacity;
    }
    const uint8_t *bytes = (const uint8_t *)text;
    iterator->isASCII = length == 0 || isASCII(bytes, length);
    if (iterator->isASCII) {
        for (int32_t i = 0; i < length; i++) iterator->units[i] = bytes[i];
        iterator->length = length;
    } else {
        iterator->length = CICU_widenUTF8(text, length, iterator->units);
    }
    iterator->lastUnits = 0;
    iterator->lastBytes = 0;
    ubrk_setText(iterator->iterator, iterator->units, iterator->length, st);
    if (U_SUCCESS(*st)) ubrk_first(iterator->iterator);
}

// The next boundary as CICU_breakIteratorNextUTF8 gives it, for an iterator with text.
static inline int32_t nextUTF8(CICUBreakIterator *iterator, int32_t *utf16Offset,
                               int32_t *ruleStatus) {
    int32_t boundary = ubrk_next(iterator->iterator);
    if (boundary == UBRK_DONE || boundary < iterator->lastUnits || boundary > iterator->length) return -1;
    *ruleStatus = ubrk_getRuleStatus(iterator->iterator);
    int32_t bytes = iterator->lastBytes;
    if (iterator->isASCII) {
        bytes = boundary;
    } else {
        // The UTF-8 length of each unit: 1 below U+0080, 2 below U+0800, 3 above, and 2 for
        // each half of a surrogate pair (4 for the pair; ICU never breaks inside one, and
        // widened UTF-8 holds no lone surrogate). Without branches, so that the compiler can
        // sum several units at a time.
        const UChar *units = iterator->units;
        int32_t extra = 0;
        for (int32_t i = iterator->lastUnits; i < boundary; i++) {
            UChar unit = units[i];
            extra += (unit >= 0x80) + (unit >= 0x800) - ((unit & 0xF800) == 0xD800);
        }
        bytes += boundary - iterator->lastUnits + extra;
    }
    iterator->lastUnits = boundary;
    iterator->lastBytes = bytes;
    *utf16Offset = boundary;
    return bytes;
}

int32_t CICU_breakIteratorNextUTF8(CICUBreakIterator *iterator, int32_t *utf16Offset,
                                   int32_t *ruleStatus) {
    if (iterator == NULL || iterator->isPrototype || iterator->units == NULL) return -1;
    int32_t units = 0;
    int32_t status = 0;
    int32_t bytes = nextUTF8(iterator, &units, &status);
    if (bytes < 0) return -1;
    if (utf16Offset != NULL) *utf16Offset = units;
    if (ruleStatus != NULL) *ruleStatus = status;
    return bytes;
}

int32_t CICU_breakIteratorNextBatch(CICUBreakIterator *iterator, int32_t *bytes, int32_t *units,
                                    int32_t *statuses) {
    if (iterator == NULL || iterator->isPrototype || iterator->units == NULL || bytes == NULL ||
        units == NULL || statuses == NULL) {
        return 0;
    }
    int32_t count = 0;
    while (count < CICU_BREAK_BATCH) {
        int32_t next = nextUTF8(iterator, &units[count], &statuses[count]);
        if (next < 0) break;
        bytes[count++] = next;
    }
    return count;
}

int32_t CICU_breakBoundariesUTF16(const char *localeID, int32_t kind, const uint16_t *text,
                                  int32_t length, int32_t *boundaries, int32_t *statuses,
                                  int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    if (kind < UBRK_CHARACTER || kind > UBRK_SENTENCE || length < 0 || (text == NULL && length > 0) ||
        capacity < 0 || (capacity > 0 && (boundaries == NULL || statuses == NULL))) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    static const UChar empty[1] = {0};
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, localeID,
                                         length > 0 ? (const UChar *)text : empty, length, st);
    if (U_FAILURE(*st)) {
        if (iterator != NULL) ubrk_close(iterator);
        return 0;
    }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        if (count < capacity) {
            boundaries[count] = boundary;
            statuses[count] = ubrk_getRuleStatus(iterator);
        }
        count++;
    }
    ubrk_close(iterator);
    if (count > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return count;
}

int32_t CICU_widenUTF8Copy(const char *text, int32_t length, uint16_t *out) {
    if (text == NULL || out == NULL || length <= 0) return 0;
    return CICU_widenUTF8(text, length, (UChar *)out);
}

// MARK: - Case mapping

// Text up to this many UTF-16 units is widened and mapped on the stack.
enum { StackUnits = 256 };

int32_t CICU_caseMapUTF8(const char *localeID, int32_t mapping, const char *text, int32_t length,
                         char *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    if (mapping < CICU_CASE_UPPER || mapping > CICU_CASE_TITLE || length < 0 ||
        length > CICU_TEXT_MAX_LENGTH || (text == NULL && length > 0) || capacity < 0) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // UTF-16 never needs more units than UTF-8 has bytes.
    UChar stackSource[StackUnits];
    UChar *source = length <= StackUnits ? stackSource : malloc(sizeof(UChar) * (size_t)length);
    if (source == NULL) {
        *st = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    int32_t sourceLength = length > 0 ? CICU_widenUTF8(text, length, source) : 0;

    // The mapped text is usually as long as the source; a mapping that grows it (ß → SS,
    // ΐ → Ϊ́) costs a second, exactly sized round. A full case mapping writes at most three
    // units per unit, so the needed length always fits an int32_t.
    UChar stackMapped[StackUnits];
    UChar *mapped = stackMapped;
    int32_t mappedCapacity = StackUnits;
    int32_t mappedLength = 0;
    for (int round = 0; round < 2; round++) {
        UErrorCode mapStatus = U_ZERO_ERROR;
        switch (mapping) {
        case CICU_CASE_UPPER:
            mappedLength = u_strToUpper(mapped, mappedCapacity, source, sourceLength, localeID,
                                        &mapStatus);
            break;
        case CICU_CASE_LOWER:
            mappedLength = u_strToLower(mapped, mappedCapacity, source, sourceLength, localeID,
                                        &mapStatus);
            break;
        default:
            // NULL: ICU opens the locale's word break iterator for this call itself.
            mappedLength = u_strToTitle(mapped, mappedCapacity, source, sourceLength, NULL,
                                        localeID, &mapStatus);
            break;
        }
        if (mapStatus == U_BUFFER_OVERFLOW_ERROR && round == 0 && mappedLength > mappedCapacity) {
            mapped = malloc(sizeof(UChar) * (size_t)mappedLength);
            if (mapped == NULL) {
                *st = U_MEMORY_ALLOCATION_ERROR;
                break;
            }
            mappedCapacity = mappedLength;
            continue;
        }
        // U_STRING_NOT_TERMINATED_WARNING (the result fills the buffer exactly) is success.
        if (U_FAILURE(mapStatus)) *st = mapStatus;
        break;
    }
    int32_t result = 0;
    if (U_SUCCESS(*st)) result = CICU_copyOutUTF8(mapped, mappedLength, out, capacity, st);
    if (mapped != stackMapped && mapped != NULL) free(mapped);
    if (source != stackSource) free(source);
    return result;
}
