// Collators (UCollator) and collation-based search (UStringSearch) behind a handle.
//
// A UCollator is configured once, in CICU_collatorOpen, before its handle is returned; after
// that only const calls reach it (ucol_strcollUTF8, ucol_getSortKey, ucol_getAttribute,
// ucol_clone, and ucol_openElements and ucol_getContractionsAndExpansions for the
// first-primary table, made once and published with an atomic compare-and-swap), which ICU
// documents as safe on a collator shared between threads (ucol_setAttribute is not, and is
// never called on a shared handle). A search clones the collator and opens its own
// UStringSearch, both private to the call.
#include "CICU.h"
#include "CICU_Collation.h"
#include "internal.h"

#include <unicode/uloc.h>
#include <unicode/ucol.h>
#include <unicode/usearch.h>

#include <unicode/uchar.h>
#include <unicode/uset.h>
#include <unicode/utf16.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CICU_COLLATION_PRIMARY == UCOL_PRIMARY, "primary");
_Static_assert(CICU_COLLATION_SECONDARY == UCOL_SECONDARY, "secondary");
_Static_assert(CICU_COLLATION_TERTIARY == UCOL_TERTIARY, "tertiary");
_Static_assert(CICU_COLLATION_QUATERNARY == UCOL_QUATERNARY, "quaternary");
_Static_assert(CICU_COLLATION_IDENTICAL == UCOL_IDENTICAL, "identical");

// The code points below this limit (ASCII, Latin-1, Latin Extended-A and -B) may decide a
// comparison by their first primary weights (see FirstPrimaries).
enum { FirstPrimaryLimit = CICU_COLLATION_FIRST_PRIMARY_LIMIT };

// What a collator's first code point decides, made from ICU's own answers when the collator is
// first used for a comparison (see buildFirstPrimaries):
//
// ICU compares two strings level by level: first the sequences of their non-zero primary
// weights (after variable weights are shifted away when alternate handling is "shifted", and
// with the collator's script reordering), and only when those are equal the lower levels. When
// the first code point of a string maps to collation elements of which exactly one has a
// non-zero primary weight P, and nothing after it can change those elements, P is the first
// primary weight of the string. Two strings whose first primaries differ are then ordered by
// them, whatever the strength, case level, case order or French secondary order.
//
// `primary[c]` is the first primary of code point c as ICU writes it in a sort key (reordered,
// up to four bytes, big-endian, zero-padded, so that integers compare as ICU compares the
// weights), or 0 when c does not decide alone: it has no non-zero primary (ignorable, or
// variable and shifted) or more than one (an expansion), it is a digit (with numeric ordering a
// digit's primary depends on the digits after it), or it has a non-zero leading combining
// class. Nothing after c can change its elements when the next code point is ASCII and does
// not continue a contraction (or prefix mapping) that starts with c: `contracting[c]` holds
// those ASCII code points, as a 128-bit mask, for the code points that start one. An ASCII
// code point has combining class 0, so it neither reorders with c in normalization nor
// extends a contraction discontiguously.
typedef struct {
    uint32_t primary[FirstPrimaryLimit];
    uint64_t contracting[FirstPrimaryLimit][2];
} FirstPrimaries;

struct CICUCollator {
    UCollator *collator;
    // Made on first use (NULL until then); `noFirstPrimaries` when it cannot be made.
    _Atomic(FirstPrimaries *) firstPrimaries;
};

// Stands for a table that could not be made: comparisons go to ICU.
static FirstPrimaries noFirstPrimaries;

// Whether a text length is one the shim passes to ICU (0 … CICU_COLLATION_MAX_TEXT_LENGTH,
// with a pointer unless empty); sets U_ILLEGAL_ARGUMENT_ERROR otherwise.
static bool textFits(const char *text, int32_t length, UErrorCode *status) {
    if (U_FAILURE(*status)) return false;
    if (length < 0 || length > CICU_COLLATION_MAX_TEXT_LENGTH || (text == NULL && length > 0)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return false;
    }
    return true;
}

// The value of an attribute keyword of `localeID` (ICU's legacy keyword names and values,
// e.g. colnumeric=yes) as a UColAttributeValue, or UCOL_DEFAULT when it is absent or not one
// of the values ICU accepts for it.
static UColAttributeValue keywordValue(const char *localeID, const char *keyword) {
    char value[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getKeywordValue(localeID, keyword, value, (int32_t)sizeof value, &status);
    if (U_FAILURE(status) || length <= 0 || length >= (int32_t)sizeof value) return UCOL_DEFAULT;
    value[length] = 0;
    if (strcmp(keyword, "colnumeric") == 0) {
        if (strcmp(value, "yes") == 0 || strcmp(value, "true") == 0) return UCOL_ON;
        if (strcmp(value, "no") == 0 || strcmp(value, "false") == 0) return UCOL_OFF;
    } else if (strcmp(keyword, "colcasefirst") == 0) {
        if (strcmp(value, "upper") == 0) return UCOL_UPPER_FIRST;
        if (strcmp(value, "lower") == 0) return UCOL_LOWER_FIRST;
        if (strcmp(value, "no") == 0 || strcmp(value, "false") == 0) return UCOL_OFF;
    } else if (strcmp(keyword, "colstrength") == 0) {
        if (strcmp(value, "primary") == 0 || strcmp(value, "level1") == 0) return UCOL_PRIMARY;
        if (strcmp(value, "secondary") == 0 || strcmp(value, "level2") == 0) return UCOL_SECONDARY;
        if (strcmp(value, "tertiary") == 0 || strcmp(value, "level3") == 0) return UCOL_TERTIARY;
        if (strcmp(value, "quaternary") == 0 || strcmp(value, "level4") == 0) return UCOL_QUATERNARY;
        if (strcmp(value, "identical") == 0 || strcmp(value, "identic") == 0) return UCOL_IDENTICAL;
    }
    return UCOL_DEFAULT;
}

// Opens the collator of `localeID` when ICU rejects one of its attribute keywords: the id
// keeps its language, script, region, variants and `collation` keyword, loses every other
// keyword, and the valid values of colnumeric, colstrength and colcasefirst are applied.
static UCollator *openIgnoringBadKeywords(const char *localeID, UErrorCode *status) {
    // The base name and one collation keyword fit in the id's own length plus the keyword.
    char base[ULOC_FULLNAME_CAPACITY + 64];
    int32_t length = uloc_getBaseName(localeID, base, ULOC_FULLNAME_CAPACITY, status);
    if (U_FAILURE(*status) || length >= ULOC_FULLNAME_CAPACITY) {
        if (U_SUCCESS(*status)) *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    base[length] = 0;
    char type[64];
    UErrorCode typeStatus = U_ZERO_ERROR;
    int32_t typeLength = uloc_getKeywordValue(localeID, "collation", type, (int32_t)sizeof type, &typeStatus);
    if (U_SUCCESS(typeStatus) && typeLength > 0 && typeLength < (int32_t)sizeof type) {
        type[typeLength] = 0;
        uloc_setKeywordValue("collation", type, base, (int32_t)sizeof base, status);
        if (U_FAILURE(*status)) return NULL;
    }
    UCollator *collator = ucol_open(base, status);
    if (U_FAILURE(*status)) {
        if (collator != NULL) ucol_close(collator);
        return NULL;
    }
    static const struct {
        const char *keyword;
        UColAttribute attribute;
    } keywords[] = {
        {"colnumeric", UCOL_NUMERIC_COLLATION},
        {"colstrength", UCOL_STRENGTH},
        {"colcasefirst", UCOL_CASE_FIRST},
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        UColAttributeValue value = keywordValue(localeID, keywords[i].keyword);
        if (value != UCOL_DEFAULT) ucol_setAttribute(collator, keywords[i].attribute, value, status);
    }
    if (U_FAILURE(*status)) {
        ucol_close(collator);
        return NULL;
    }
    return collator;
}

CICUCollator *CICU_collatorOpen(const char *localeID, int32_t strength, int32_t numeric,
                                int32_t caseFirst, int32_t shifted, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    bool strengthValid = strength == CICU_COLLATION_DEFAULT ||
                         (strength >= UCOL_PRIMARY && strength <= UCOL_QUATERNARY) ||
                         strength == UCOL_IDENTICAL;
    if (!strengthValid || numeric < -1 || numeric > 1 || caseFirst < -1 || caseFirst > 2 ||
        shifted < -1 || shifted > 1) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    UErrorCode openStatus = U_ZERO_ERROR;
    UCollator *collator = ucol_open(localeID, &openStatus);
    if (openStatus == U_ILLEGAL_ARGUMENT_ERROR) {
        // An attribute keyword with a value ICU does not accept ("-u-kn-maybe").
        if (collator != NULL) ucol_close(collator);
        openStatus = U_ZERO_ERROR;
        collator = openIgnoringBadKeywords(localeID, &openStatus);
    }
    if (U_FAILURE(openStatus)) {
        if (collator != NULL) ucol_close(collator);
        *st = openStatus;
        return NULL;
    }
    if (strength != CICU_COLLATION_DEFAULT) {
        ucol_setAttribute(collator, UCOL_STRENGTH, (UColAttributeValue)strength, st);
    }
    if (numeric != CICU_COLLATION_DEFAULT) {
        ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, st);
    }
    if (caseFirst != CICU_COLLATION_DEFAULT) {
        UColAttributeValue value = caseFirst == CICU_COLLATION_CASE_FIRST_UPPER   ? UCOL_UPPER_FIRST
                                   : caseFirst == CICU_COLLATION_CASE_FIRST_LOWER ? UCOL_LOWER_FIRST
                                                                                  : UCOL_OFF;
        ucol_setAttribute(collator, UCOL_CASE_FIRST, value, st);
    }
    if (shifted != CICU_COLLATION_DEFAULT) {
        ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, shifted ? UCOL_SHIFTED : UCOL_NON_IGNORABLE,
                          st);
    }
    if (U_FAILURE(*st)) {
        ucol_close(collator);
        return NULL;
    }
    CICUCollator *handle = malloc(sizeof(CICUCollator));
    if (handle == NULL) {
        ucol_close(collator);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->collator = collator;
    atomic_init(&handle->firstPrimaries, NULL);
    if (*st == U_ZERO_ERROR) *st = openStatus;  // keep ICU's fallback warnings
    return handle;
}

void CICU_collatorClose(CICUCollator *collator) {
    if (collator == NULL) return;
    ucol_close(collator->collator);
    FirstPrimaries *table = atomic_load(&collator->firstPrimaries);
    if (table != &noFirstPrimaries) free(table);
    free(collator);
}

void CICU_collatorAttributes(const CICUCollator *collator, int32_t *values, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return;
    if (collator == NULL || values == NULL) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return;
    }
    const UCollator *c = collator->collator;
    values[0] = (int32_t)ucol_getAttribute(c, UCOL_STRENGTH, st);
    values[1] = ucol_getAttribute(c, UCOL_NUMERIC_COLLATION, st) == UCOL_ON ? 1 : 0;
    UColAttributeValue caseFirst = ucol_getAttribute(c, UCOL_CASE_FIRST, st);
    values[2] = caseFirst == UCOL_UPPER_FIRST   ? CICU_COLLATION_CASE_FIRST_UPPER
                : caseFirst == UCOL_LOWER_FIRST ? CICU_COLLATION_CASE_FIRST_LOWER
                                                : CICU_COLLATION_CASE_FIRST_OFF;
    values[3] = ucol_getAttribute(c, UCOL_ALTERNATE_HANDLING, st) == UCOL_SHIFTED ? 1 : 0;
}

// The first primary of code point `c` when it decides alone (see FirstPrimaries), else 0.
static uint32_t singlePrimary(const UCollator *collator, UChar32 c, UErrorCode *status) {
    if (u_charType(c) == U_DECIMAL_DIGIT_NUMBER ||
        u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0) {
        return 0;
    }
    UChar text[2];
    int32_t length = 0;
    U16_APPEND_UNSAFE(text, length, c);
    // Its collation elements, one or two 32-bit halves each (a second half is marked as a
    // continuation): exactly one element may have a non-zero primary.
    UCollationElements *elements = ucol_openElements(collator, text, length, status);
    if (U_FAILURE(*status)) {
        if (elements != NULL) ucol_closeElements(elements);
        return 0;
    }
    int primaries = 0;
    for (;;) {
        int32_t element = ucol_next(elements, status);
        if (U_FAILURE(*status) || element == UCOL_NULLORDER) break;
        bool continuation = ((uint32_t)element & 0xC0) == 0xC0;
        if (!continuation && ((uint32_t)element >> 16) != 0) primaries++;
    }
    ucol_closeElements(elements);
    if (U_FAILURE(*status) || primaries != 1) return 0;
    // The sort key's primary level (the bytes before the first level separator, 01, or before
    // the terminating 00 at primary strength) is that element's primary as ICU orders it:
    // reordered, empty when it is variable and shifted.
    uint8_t key[64];
    int32_t keyLength = ucol_getSortKey(collator, text, length, key, (int32_t)sizeof key);
    if (keyLength <= 0 || keyLength > (int32_t)sizeof key) return 0;
    uint32_t primary = 0;
    int32_t count = 0;
    while (count < keyLength && key[count] > 1) {
        if (count == 4) return 0;
        primary |= (uint32_t)key[count] << (24 - 8 * count);
        count++;
    }
    // The primary level ends with a level separator, or with the key's terminating zero byte
    // at primary strength.
    if (count == 0 || count >= keyLength || (key[count] != 1 && !(key[count] == 0 && count == keyLength - 1))) {
        return 0;
    }
    return primary;
}

// The table of `collator` (see FirstPrimaries), or NULL when ICU fails.
static FirstPrimaries *buildFirstPrimaries(const UCollator *collator) {
    FirstPrimaries *table = calloc(1, sizeof(FirstPrimaries));
    if (table == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    for (UChar32 c = 0; c < FirstPrimaryLimit && U_SUCCESS(status); c++) {
        table->primary[c] = singlePrimary(collator, c, &status);
    }
    // Every contraction and prefix mapping, of the tailoring and of the root collation.
    USet *contractions = uset_openEmpty();
    if (U_SUCCESS(status)) ucol_getContractionsAndExpansions(collator, contractions, NULL, true, &status);
    int32_t items = U_SUCCESS(status) ? uset_getItemCount(contractions) : 0;
    for (int32_t i = 0; i < items && U_SUCCESS(status); i++) {
        UChar string[64];
        UChar32 start = 0, end = 0;
        int32_t length = uset_getItem(contractions, i, &start, &end, string, 64, &status);
        // A string too long for the buffer (none is) leaves the table unmade.
        if (U_FAILURE(status)) break;
        if (length < 2) continue;
        int32_t offset = 0;
        UChar32 first = 0, second = 0;
        U16_NEXT(string, offset, length, first);
        if (first < 0 || first >= FirstPrimaryLimit) continue;
        if (offset >= length) {
            table->primary[first] = 0;
            continue;
        }
        U16_NEXT(string, offset, length, second);
        if (second >= 0 && second < 0x80) table->contracting[first][second >> 6] |= 1ull << (second & 63);
    }
    uset_close(contractions);
    // A check of the table against ICU: each code point that decides, compared alone with the
    // next one that decides, orders as ucol_strcoll orders them.
    UChar32 previous = -1;
    for (UChar32 c = 0; c < FirstPrimaryLimit && U_SUCCESS(status); c++) {
        if (table->primary[c] == 0) continue;
        if (previous >= 0 && table->primary[previous] != table->primary[c]) {
            UChar left[1] = {(UChar)previous};
            UChar right[1] = {(UChar)c};
            UCollationResult expected = table->primary[previous] < table->primary[c] ? UCOL_LESS : UCOL_GREATER;
            if (ucol_strcoll(collator, left, 1, right, 1) != expected) status = U_INTERNAL_PROGRAM_ERROR;
        }
        previous = c;
    }
    if (U_FAILURE(status)) {
        free(table);
        return NULL;
    }
    return table;
}

// The table of `collator`, made on first use (an empty one when ICU fails); two threads may
// both make it, and the first stored is kept.
static const FirstPrimaries *firstPrimaries(const CICUCollator *collator) {
    CICUCollator *handle = (CICUCollator *)collator;
    FirstPrimaries *table = atomic_load_explicit(&handle->firstPrimaries, memory_order_acquire);
    if (table != NULL) return table;
    FirstPrimaries *made = buildFirstPrimaries(collator->collator);
    if (made == NULL) made = &noFirstPrimaries;
    FirstPrimaries *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&handle->firstPrimaries, &expected, made,
                                                memory_order_acq_rel, memory_order_acquire)) {
        return made;
    }
    if (made != &noFirstPrimaries) free(made);
    return expected;
}

const uint32_t *CICU_collatorFirstPrimaries(const CICUCollator *collator,
                                            const uint64_t **contracting) {
    if (collator == NULL) return NULL;
    const FirstPrimaries *table = firstPrimaries(collator);
    if (contracting != NULL) *contracting = &table->contracting[0][0];
    return table->primary;
}

int32_t CICU_collatorCompareUTF8(const CICUCollator *collator, const char *a, int32_t aLength,
                                 const char *b, int32_t bLength, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (collator == NULL && U_SUCCESS(*st)) *st = U_ILLEGAL_ARGUMENT_ERROR;
    if (!textFits(a, aLength, st) || !textFits(b, bLength, st)) return 0;
    // An empty Swift buffer may come without a pointer; ICU is always given one.
    static const char empty[1] = {0};
    UCollationResult result =
        ucol_strcollUTF8(collator->collator, a ? a : empty, aLength, b ? b : empty, bLength, st);
    if (U_FAILURE(*st)) return 0;
    return result == UCOL_LESS ? -1 : result == UCOL_GREATER ? 1 : 0;
}

// `text` (UTF-8, `length` bytes, already bounded) as UTF-16 in `stack` when it has room for
// `length` units, else in a new buffer (the caller frees it when it differs from `stack`).
static UChar *widen(const char *text, int32_t length, UChar *stack, int32_t stackCapacity,
                    int32_t *units, UErrorCode *status) {
    if (U_FAILURE(*status)) return NULL;
    UChar *buffer = stack;
    if (length > stackCapacity) {
        buffer = malloc((size_t)length * sizeof(UChar));
        if (buffer == NULL) {
            *status = U_MEMORY_ALLOCATION_ERROR;
            return NULL;
        }
    }
    *units = length > 0 ? CICU_widenUTF8(text, length, buffer) : 0;
    return buffer;
}

int32_t CICU_collatorSortKey(const CICUCollator *collator, const char *text, int32_t length,
                             uint8_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (collator == NULL && U_SUCCESS(*st)) *st = U_ILLEGAL_ARGUMENT_ERROR;
    if (!textFits(text, length, st)) return 0;
    if (capacity < 0 || (out == NULL && capacity > 0)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UChar stack[256];
    int32_t units = 0;
    UChar *wide = widen(text, length, stack, 256, &units, st);
    if (wide == NULL) return 0;
    // ICU writes the key and its terminating zero byte when they fit, and returns the full
    // length either way (a preflight with capacity 0).
    int32_t needed = ucol_getSortKey(collator->collator, wide, units, out, capacity);
    if (wide != stack) free(wide);
    if (needed <= 0) {
        *st = U_INTERNAL_PROGRAM_ERROR;
        return 0;
    }
    int32_t keyLength = needed - 1;
    if (needed > capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return keyLength + 1;  // room for the terminating byte ICU writes
    }
    return keyLength;
}

int32_t CICU_collatorSearch(const CICUCollator *collator, const char *pattern,
                            int32_t patternLength, const char *text, int32_t textLength,
                            int32_t limit, int32_t *ranges, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (collator == NULL && U_SUCCESS(*st)) *st = U_ILLEGAL_ARGUMENT_ERROR;
    if (!textFits(pattern, patternLength, st) || !textFits(text, textLength, st)) return 0;
    if (patternLength == 0 || capacity < 0 || (ranges == NULL && capacity > 0)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    if (textLength == 0) return 0;
    UChar patternStack[128];
    UChar textStack[512];
    int32_t patternUnits = 0;
    int32_t textUnits = 0;
    UChar *widePattern = widen(pattern, patternLength, patternStack, 128, &patternUnits, st);
    UChar *wideText = widen(text, textLength, textStack, 512, &textUnits, st);
    UCollator *clone = U_SUCCESS(*st) ? ucol_clone(collator->collator, st) : NULL;
    UStringSearch *search = NULL;
    if (U_SUCCESS(*st)) {
        search = usearch_openFromCollator(widePattern, patternUnits, wideText, textUnits, clone, NULL, st);
    }
    int32_t count = 0;
    if (U_SUCCESS(*st)) {
        for (int32_t start = usearch_first(search, st); U_SUCCESS(*st) && start != USEARCH_DONE;
             start = usearch_next(search, st)) {
            int32_t matched = usearch_getMatchedLength(search);
            if (count < capacity) {
                ranges[2 * count] = start;
                ranges[2 * count + 1] = start + matched;
            }
            count++;
            if (limit > 0 && count >= limit) break;
        }
    }
    if (search != NULL) usearch_close(search);
    if (clone != NULL) ucol_close(clone);
    if (widePattern != NULL && widePattern != patternStack) free(widePattern);
    if (wideText != NULL && wideText != textStack) free(wideText);
    if (U_FAILURE(*st)) return 0;
    if (count > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return count;
}
