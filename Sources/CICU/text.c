// Break iterators (ubrk) and full case mapping (u_strToUpper/Lower/Title) behind the shim.
//
// Why: ubrk_* and u_strTo* are renamed per ICU version. A UBreakIterator is stateful (its text
// and position) and not thread-safe: a handle is either a prototype, opened once per locale and
// kind, never given text and cloned under its own lock, or a clone owned by one iteration.
#include "CICU_Text.h"
#include "internal.h"

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

#include <stdlib.h>

_Static_assert(CICU_BREAK_GRAPHEME == UBRK_CHARACTER && CICU_BREAK_WORD == UBRK_WORD &&
                   CICU_BREAK_LINE == UBRK_LINE && CICU_BREAK_SENTENCE == UBRK_SENTENCE,
               "UBreakIteratorType values restated in CICU_Text.h");
_Static_assert(CICU_WORD_NONE == UBRK_WORD_NONE && CICU_WORD_NONE_LIMIT == UBRK_WORD_NONE_LIMIT &&
                   CICU_WORD_NUMBER == UBRK_WORD_NUMBER && CICU_WORD_LETTER == UBRK_WORD_LETTER &&
                   CICU_WORD_KANA == UBRK_WORD_KANA && CICU_WORD_IDEO == UBRK_WORD_IDEO &&
                   CICU_WORD_IDEO_LIMIT == UBRK_WORD_IDEO_LIMIT,
               "UWordBreak values restated in CICU_Text.h");

struct CICUBreakIterator {
    UBreakIterator *iterator;
    // A prototype: cloned under `lock`, never given text. A clone: iterated by one owner.
    bool isPrototype;
    pthread_mutex_t lock;  // initialized for prototypes only
};

static CICUBreakIterator *wrap(UBreakIterator *iterator, bool isPrototype, UErrorCode *status) {
    CICUBreakIterator *handle = malloc(sizeof(CICUBreakIterator));
    if (handle == NULL) {
        ubrk_close(iterator);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->iterator = iterator;
    handle->isPrototype = isPrototype;
    if (isPrototype) pthread_mutex_init(&handle->lock, NULL);
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

CICUBreakIterator *CICU_breakIteratorClone(CICUBreakIterator *prototype, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return NULL;
    if (prototype == NULL || !prototype->isPrototype) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
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

void CICU_breakIteratorClose(CICUBreakIterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    if (iterator->isPrototype) pthread_mutex_destroy(&iterator->lock);
    free(iterator);
}

void CICU_breakIteratorSetText(CICUBreakIterator *iterator, const uint16_t *text, int32_t length,
                               int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return;
    if (iterator == NULL || iterator->isPrototype || length < 0 || length > CICU_TEXT_MAX_LENGTH ||
        (text == NULL && length > 0)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return;
    }
    static const UChar empty[1] = {0};
    ubrk_setText(iterator->iterator, text == NULL ? empty : (const UChar *)text, length, st);
    if (U_SUCCESS(*st)) ubrk_first(iterator->iterator);
}

int32_t CICU_breakIteratorNext(CICUBreakIterator *iterator, int32_t *ruleStatus) {
    if (iterator == NULL || iterator->isPrototype) return -1;
    int32_t boundary = ubrk_next(iterator->iterator);
    if (boundary == UBRK_DONE) return -1;
    if (ruleStatus != NULL) *ruleStatus = ubrk_getRuleStatus(iterator->iterator);
    return boundary;
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
