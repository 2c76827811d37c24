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
#include <unicode/unorm2.h>
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
    // Made once the collator has written `SortKeyTableWarmUp` keys through ICU (NULL until
    // then); `noSortKeyTable` when it cannot be made.
    _Atomic(struct SortKeyTable *) sortKeyTable;
    // Keys asked of the table before it was made.
    atomic_int keysBeforeTable;
};

// Making the table costs 8–60 ms (the enumeration of the collator's contractions takes most
// of it): a collator that writes a few keys writes them through ICU, and one that writes many
// (a sort, a server's collator) makes the table after this many.
enum { SortKeyTableWarmUp = 64 };

// Stands for a table that could not be made: comparisons go to ICU.
static FirstPrimaries noFirstPrimaries;

struct SortKeyTable;
static void freeSortKeyTable(struct SortKeyTable *table);

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
    atomic_init(&handle->sortKeyTable, NULL);
    atomic_init(&handle->keysBeforeTable, 0);
    if (*st == U_ZERO_ERROR) *st = openStatus;  // keep ICU's fallback warnings
    return handle;
}

void CICU_collatorClose(CICUCollator *collator) {
    if (collator == NULL) return;
    ucol_close(collator->collator);
    FirstPrimaries *table = atomic_load(&collator->firstPrimaries);
    if (table != &noFirstPrimaries) free(table);
    freeSortKeyTable(atomic_load(&collator->sortKeyTable));
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


// Sort keys written from a table of ICU's collation elements.
//
// ICU writes a sort key (CollationKeys::writeSortKeyUpToQuaternary, then a terminating 00) from
// the string's collation elements (CEs), 64 bits each: a 32-bit primary weight, a 16-bit
// secondary and a 16-bit tertiary weight whose top two bits are case bits. The primary level
// comes first, each primary's lead byte omitted while it repeats and the lead byte is
// "compressible" (with a terminator byte 03 or FF when the lead byte changes); then, after a
// level separator 01, the secondary level, in which runs of the common weight 05 are written
// as one byte; then 01 and the tertiary level, written the same way with the case bits moved
// as the case order says. Alternate handling "shifted" drops variable CEs (spaces and
// punctuation, primaries up to the variable top) and the primary ignorables that follow them
// from the first three levels.
//
// SortKeyTable holds, for each code point below SortKeyLimit that maps to at most
// SortKeyMaxCEs CEs, those CEs as the key writer uses them: the primary as it appears in
// ICU's key (reordered), whether its lead byte is compressible, whether it is shifted away,
// and the secondary and tertiary weights (from ucol_next, whose two 32-bit halves hold the
// whole CE apart from the quaternary bits, which the first three levels do not use). A
// primary is taken from ICU's key of a code point whose only CE has it, and its lead byte's
// compressibility from ICU's key of that code point twice (the second lead byte is omitted or
// not); a CE whose primary no such code point has is left to ICU. writeTableKey writes ICU's
// key from the table for a text of such code points, at strength primary to tertiary, without
// case level or French secondary order; anything else is left to ICU.
//
// Each code point of such a text maps to its own CEs, as alone, when the text is in FCD (ICU
// normalizes nothing) and no contraction or prefix mapping spans two of its code points. All
// code points below U+0250 have leading combining class 0, so any text of them is in FCD and
// no discontiguous contraction (which skips combining marks) matches. A contraction or prefix
// mapping between two of them is one of the strings ucol_getContractionsAndExpansions lists
// (with canonical closure, so a precomposed letter that completes one is listed too): each two
// adjacent code points of those strings are kept in `pairs` and left to ICU. A code point
// whose canonical decomposition ends in a code point that such a string continues after is
// left to ICU (ICU may match from the end of its decomposition), and so are digits when
// numeric ordering is on (ICU makes one CE of a digit sequence).
//
// The table is checked against ICU when it is made: the key of each code point alone and
// twice must be ICU's, or the code point is left to ICU.
enum { SortKeyLimit = CICU_COLLATION_FIRST_PRIMARY_LIMIT, SortKeyMaxCEs = 4 };

// Code point flags.
enum {
    KeySimple = 1,        // written from the table
    KeyContracting = 2,   // starts a pair listed in `pairs`
};

// CE flags.
enum {
    CECompressible = 1,  // its primary lead byte is compressible
    CEVariable = 2,      // variable, and alternate handling is shifted: dropped
};

typedef struct {
    // The primary weight as ICU writes it (after script reordering), 0 for none.
    uint32_t primary;
    // The secondary weight (high 16 bits) and the tertiary weight with case bits (low 16).
    uint32_t lower32;
    uint32_t flags;
} TableCE;

typedef struct SortKeyTable {
    // 1, 2 or 3: the levels written (strength primary, secondary, tertiary); 0 when the
    // collator's options are not ones the table writes, so that every key comes from ICU.
    int32_t levels;
    // CollationSettings::getTertiaryMask: the case bits are kept with a case order.
    uint32_t tertiaryMask;
    bool upperFirst;
    int32_t pairCount;
    // Two adjacent code points of a contraction or prefix mapping, `first << 16 | second`,
    // sorted.
    uint32_t *pairs;
    uint8_t flags[SortKeyLimit];
    // The code point's CEs, non-zero ones only (a completely ignorable code point has none).
    uint8_t ceCount[SortKeyLimit];
    TableCE ces[SortKeyLimit][SortKeyMaxCEs];
} SortKeyTable;

// Stands for a table that could not be made: every key comes from ICU.
static SortKeyTable noSortKeyTable;

static void freeSortKeyTable(SortKeyTable *table) {
    if (table == NULL || table == &noSortKeyTable) return;
    free(table->pairs);
    free(table);
}

// ICU's constants for the key writer (collation.h, collationkeys.h).
enum {
    LevelSeparatorByte = 1,
    MergeSeparatorByte = 2,
    PrimaryCompressionLowByte = 3,
    PrimaryCompressionHighByte = 0xFF,
    CommonWeight16 = 0x0500,
    NoCEWeight16 = 0x0100,
    SecCommonLow = 0x05,
    SecCommonMiddle = 0x25,
    SecCommonHigh = 0x45,
    SecCommonMaxCount = 0x21,
    TerOnlyCommonLow = 0x05,
    TerOnlyCommonMiddle = 0x65,
    TerOnlyCommonHigh = 0xC5,
    TerOnlyCommonMaxCount = 0x61,
    TerLowerFirstCommonLow = 0x05,
    TerLowerFirstCommonMiddle = 0x25,
    TerLowerFirstCommonHigh = 0x45,
    TerLowerFirstCommonMaxCount = 0x21,
    TerUpperFirstCommonLow = 0x85,
    TerUpperFirstCommonMiddle = 0xA5,
    TerUpperFirstCommonHigh = 0xC5,
    TerUpperFirstCommonMaxCount = 0x21,
};
// The end of the CEs (Collation::NO_CE): primary 1, secondary and tertiary 0100.
#define NoCELower32 0x01000100u

// The code point below SortKeyLimit at text[*i] (advanced past it), or -1.
static inline int32_t nextTableCodePoint(const uint8_t *text, int32_t length, int32_t *i) {
    uint8_t lead = text[*i];
    if (lead < 0x80) {
        *i += 1;
        return lead;
    }
    if (lead >= 0xC2 && lead < 0xE0 && *i + 1 < length && (text[*i + 1] & 0xC0) == 0x80) {
        int32_t c = ((lead & 0x1F) << 6) | (text[*i + 1] & 0x3F);
        if (c >= SortKeyLimit) return -1;
        *i += 2;
        return c;
    }
    return -1;
}

static bool isListedPair(const SortKeyTable *table, int32_t first, int32_t second) {
    uint32_t pair = (uint32_t)first << 16 | (uint32_t)second;
    int32_t low = 0, high = table->pairCount;
    while (low < high) {
        int32_t middle = (low + high) / 2;
        if (table->pairs[middle] < pair) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low < table->pairCount && table->pairs[low] == pair;
}

// The state of writeTableKey between CEs: the three levels written so far, and the runs of
// common weights and the primary compression in progress.
typedef struct {
    uint8_t *primaries;
    uint8_t *secondaries;
    uint8_t *tertiaries;
    uint32_t prevReorderedPrimary;
    int32_t commonSecondaries;
    int32_t commonTertiaries;
    bool afterVariable;
} KeyWriter;

static inline uint8_t *appendWeight16(uint8_t *out, uint32_t weight) {
    *out++ = (uint8_t)(weight >> 8);
    if ((uint8_t)weight != 0) *out++ = (uint8_t)weight;
    return out;
}

// One CE (primary `p` as written, `lower32`, CE flags `flags`) as
// CollationKeys::writeSortKeyUpToQuaternary writes it on the first three levels, without
// case level or backward secondary.
static inline void writeCE(const SortKeyTable *table, KeyWriter *w, uint32_t p, uint32_t lower32,
                           uint32_t flags) {
    // A variable CE and the primary ignorables after it are dropped.
    if ((flags & CEVariable) != 0) {
        w->afterVariable = true;
        return;
    }
    if (p == 0 && w->afterVariable) return;
    w->afterVariable = false;
    if (p > 1) {
        bool compressible = (flags & CECompressible) != 0;
        uint32_t p1 = p >> 24;
        uint8_t *out = w->primaries;
        if (!compressible || p1 != (w->prevReorderedPrimary >> 24)) {
            if (w->prevReorderedPrimary != 0) {
                if (p < w->prevReorderedPrimary) {
                    if (p1 > MergeSeparatorByte) *out++ = PrimaryCompressionLowByte;
                } else {
                    *out++ = PrimaryCompressionHighByte;
                }
            }
            *out++ = (uint8_t)p1;
            w->prevReorderedPrimary = compressible ? p : 0;
        }
        uint8_t p2 = (uint8_t)(p >> 16);
        if (p2 != 0) {
            *out++ = p2;
            uint8_t p3 = (uint8_t)(p >> 8);
            if (p3 != 0) {
                *out++ = p3;
                uint8_t p4 = (uint8_t)p;
                if (p4 != 0) *out++ = p4;
            }
        }
        w->primaries = out;
    }
    if (lower32 == 0) return;
    if (table->levels >= 2) {
        uint32_t s = lower32 >> 16;
        if (s == 0) {
            // secondary ignorable
        } else if (s == CommonWeight16) {
            ++w->commonSecondaries;
        } else {
            uint8_t *out = w->secondaries;
            if (w->commonSecondaries != 0) {
                int32_t common = w->commonSecondaries - 1;
                while (common >= SecCommonMaxCount) {
                    *out++ = SecCommonMiddle;
                    common -= SecCommonMaxCount;
                }
                *out++ = (uint8_t)(s < CommonWeight16 ? SecCommonLow + common : SecCommonHigh - common);
                w->commonSecondaries = 0;
            }
            w->secondaries = appendWeight16(out, s);
        }
    }
    if (table->levels >= 3) {
        const uint32_t tertiaryMask = table->tertiaryMask;
        uint32_t t = lower32 & tertiaryMask;
        if (t == CommonWeight16) {
            ++w->commonTertiaries;
            return;
        }
        uint8_t *out = w->tertiaries;
        int32_t common = w->commonTertiaries - 1;
        if ((tertiaryMask & 0x8000) == 0) {
            // No case bits: lead bytes 06..3F move to C6..FF.
            if (w->commonTertiaries != 0) {
                while (common >= TerOnlyCommonMaxCount) {
                    *out++ = TerOnlyCommonMiddle;
                    common -= TerOnlyCommonMaxCount;
                }
                *out++ = (uint8_t)(t < CommonWeight16 ? TerOnlyCommonLow + common : TerOnlyCommonHigh - common);
            }
            if (t > CommonWeight16) t += 0xC000;
        } else if (!table->upperFirst) {
            // Lower case first: lead bytes 06..BF move to 46..FF.
            if (w->commonTertiaries != 0) {
                while (common >= TerLowerFirstCommonMaxCount) {
                    *out++ = TerLowerFirstCommonMiddle;
                    common -= TerLowerFirstCommonMaxCount;
                }
                *out++ = (uint8_t)(t < CommonWeight16 ? TerLowerFirstCommonLow + common
                                                      : TerLowerFirstCommonHigh - common);
            }
            if (t > CommonWeight16) t += 0x4000;
        } else {
            // Upper case first: the case bits of primary and secondary CEs are inverted.
            if (t <= NoCEWeight16) {
                // separators unchanged
            } else if (lower32 > 0xFFFF) {
                t ^= 0xC000;
                if (t < (TerUpperFirstCommonHigh << 8)) t -= 0x4000;
            } else {
                t += 0x4000;
            }
            if (w->commonTertiaries != 0) {
                while (common >= TerUpperFirstCommonMaxCount) {
                    *out++ = TerUpperFirstCommonMiddle;
                    common -= TerUpperFirstCommonMaxCount;
                }
                *out++ = (uint8_t)(t < (TerUpperFirstCommonLow << 8) ? TerUpperFirstCommonLow + common
                                                                      : TerUpperFirstCommonHigh - common);
            }
        }
        w->commonTertiaries = 0;
        w->tertiaries = appendWeight16(out, t);
    }
}

// ICU's sort key of UTF-8 `text` (without the terminating 00) written to `out`, which has
// room for CICU_COLLATION_TABLE_KEY_CAPACITY(length) bytes; -1 when the table does not
// decide the text.
static int32_t writeTableKey(const SortKeyTable *table, const uint8_t *text, int32_t length,
                             uint8_t *out) {
    if (table->levels == 0 || length > CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH) return -1;
    // At most three bytes per CE on each of these levels (a run byte and a weight), and two
    // more at the end (a run byte and the level's 01).
    uint8_t secondaries[3 * SortKeyMaxCEs * CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH + 2];
    uint8_t tertiaries[3 * SortKeyMaxCEs * CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH + 2];
    KeyWriter w = {out, secondaries, tertiaries, 0, 0, 0, false};
    int32_t i = 0;
    while (i < length) {
        int32_t c = nextTableCodePoint(text, length, &i);
        if (c < 0) return -1;
        uint8_t flags = table->flags[c];
        if ((flags & KeySimple) == 0) return -1;
        if ((flags & KeyContracting) != 0 && i < length) {
            int32_t j = i;
            int32_t next = nextTableCodePoint(text, length, &j);
            if (next < 0 || isListedPair(table, c, next)) return -1;
        }
        const TableCE *ces = table->ces[c];
        for (int32_t k = 0; k < table->ceCount[c]; k++) writeCE(table, &w, ces[k].primary, ces[k].lower32, ces[k].flags);
    }
    writeCE(table, &w, 1, NoCELower32, 0);
    // Each lower level after a separator, without its last byte (the end's 01).
    uint8_t *end = w.primaries;
    if (table->levels >= 2) {
        *end++ = LevelSeparatorByte;
        size_t count = (size_t)(w.secondaries - secondaries) - 1;
        memcpy(end, secondaries, count);
        end += count;
    }
    if (table->levels >= 3) {
        *end++ = LevelSeparatorByte;
        size_t count = (size_t)(w.tertiaries - tertiaries) - 1;
        memcpy(end, tertiaries, count);
        end += count;
    }
    return (int32_t)(end - out);
}

// The bytes of the primary level of ICU's key `key` (`length` bytes with the terminating
// 00): those before the first level separator or the terminator, at most four, big-endian
// in `primary`; -1 when there are more.
static int32_t primaryLevel(const uint8_t *key, int32_t length, uint32_t *primary) {
    int32_t count = 0;
    *primary = 0;
    while (count < length && key[count] > LevelSeparatorByte) {
        if (count == 4) return -1;
        *primary |= (uint32_t)key[count] << (24 - 8 * count);
        count++;
    }
    return count;
}

// Whether the table writes ICU's key for `text` (UTF-16, at most 8 units, its code points
// below SortKeyLimit), or leaves it to ICU.
static bool tableKeyMatches(const UCollator *collator, const SortKeyTable *table,
                            const UChar *text, int32_t units) {
    uint8_t utf8[16];
    int32_t length = 0;
    for (int32_t k = 0; k < units && k < 8; k++) {
        UChar c = text[k];
        if (c < 0x80) {
            utf8[length++] = (uint8_t)c;
        } else {
            utf8[length++] = (uint8_t)(0xC0 | (c >> 6));
            utf8[length++] = (uint8_t)(0x80 | (c & 0x3F));
        }
    }
    uint8_t expected[512];
    uint8_t written[CICU_COLLATION_TABLE_KEY_CAPACITY(16)];
    int32_t expectedLength = ucol_getSortKey(collator, text, units, expected, (int32_t)sizeof expected);
    if (expectedLength <= 0 || expectedLength > (int32_t)sizeof expected) return false;
    int32_t writtenLength = writeTableKey(table, utf8, length, written);
    if (writtenLength < 0) return true;  // left to ICU
    return writtenLength == expectedLength - 1 && memcmp(written, expected, (size_t)writtenLength) == 0;
}

static int compareWords(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a;
    uint32_t y = *(const uint32_t *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

// The contractions and prefix mappings of `collator`: `pairs` and the KeyContracting flags of
// `table`, and in `starters` every code point that a listed string continues after.
static void addContractionPairs(const UCollator *collator, SortKeyTable *table, USet *starters,
                                UErrorCode *status) {
    USet *contractions = uset_openEmpty();
    ucol_getContractionsAndExpansions(collator, contractions, NULL, true, status);
    int32_t items = U_SUCCESS(*status) ? uset_getItemCount(contractions) : 0;
    int32_t capacity = 0;
    for (int32_t i = 0; i < items && U_SUCCESS(*status); i++) {
        UChar string[64];
        UChar32 start = 0, end = 0;
        int32_t length = uset_getItem(contractions, i, &start, &end, string, 64, status);
        if (U_FAILURE(*status)) break;
        int32_t offset = 0;
        UChar32 previous = -1;
        while (offset < length) {
            UChar32 c = 0;
            U16_NEXT(string, offset, length, c);
            if (previous >= 0) {
                uset_add(starters, previous);
                if (previous < SortKeyLimit && c >= 0 && c < SortKeyLimit) {
                    if (table->pairCount == capacity) {
                        capacity = capacity == 0 ? 64 : capacity * 2;
                        uint32_t *grown = realloc(table->pairs, sizeof(uint32_t) * (size_t)capacity);
                        if (grown == NULL) {
                            *status = U_MEMORY_ALLOCATION_ERROR;
                            break;
                        }
                        table->pairs = grown;
                    }
                    table->pairs[table->pairCount++] = (uint32_t)previous << 16 | (uint32_t)c;
                    table->flags[previous] |= KeyContracting;
                }
            }
            previous = c;
        }
    }
    uset_close(contractions);
    if (table->pairCount > 1) qsort(table->pairs, (size_t)table->pairCount, sizeof(uint32_t), compareWords);
}

// The CEs of code point `c` alone, non-zero ones only, as 64-bit CEs put together from
// ucol_next's halves (a first half holds the primary's high 16 bits and the secondary's and
// tertiary's high bytes; a continuation the primary's low 16 bits, the secondary's low byte
// and the tertiary's low six bits). Returns how many (at most `capacity` are kept), -1 when
// ICU fails.
static int32_t codePointCEs(const UCollator *collator, UChar32 c, uint64_t *ces, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar text[2];
    int32_t length = 0;
    U16_APPEND_UNSAFE(text, length, c);
    UCollationElements *elements = ucol_openElements(collator, text, length, &status);
    if (U_FAILURE(status)) {
        if (elements != NULL) ucol_closeElements(elements);
        return -1;
    }
    int32_t count = 0;
    uint32_t first = 0;
    bool pending = false;
    for (;;) {
        int32_t element = ucol_next(elements, &status);
        if (U_FAILURE(status)) break;
        uint32_t half = (uint32_t)element;
        bool end = element == UCOL_NULLORDER;
        bool continuation = !end && (half & 0xC0) == 0xC0;
        if (pending) {
            uint32_t second = continuation ? half : 0;
            uint32_t primary = (first & 0xFFFF0000u) | (second >> 16);
            uint32_t lower32 = ((first & 0xFF00) | ((second & 0xFF00) >> 8)) << 16 | (first & 0xFF) << 8 | (second & 0x3F);
            uint64_t ce = (uint64_t)primary << 32 | lower32;
            if (ce != 0) {
                if (count < capacity) ces[count] = ce;
                count++;
            }
            pending = false;
            if (continuation) continue;
        } else if (continuation) {
            status = U_INTERNAL_PROGRAM_ERROR;
            break;
        }
        if (end) break;
        first = half;
        pending = true;
    }
    ucol_closeElements(elements);
    return U_FAILURE(status) ? -1 : count;
}

// A primary weight as ICU's keys have it: `raw` (from ucol_next) → `written` (reordered).
typedef struct {
    uint32_t raw;
    uint32_t written;
} KnownPrimary;

static int compareKnownPrimaries(const void *a, const void *b) {
    return compareWords(&((const KnownPrimary *)a)->raw, &((const KnownPrimary *)b)->raw);
}

// The table of `collator` (see SortKeyTable), or NULL when ICU fails.
static SortKeyTable *buildSortKeyTable(const UCollator *collator) {
    SortKeyTable *table = calloc(1, sizeof(SortKeyTable));
    if (table == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UColAttributeValue strength = ucol_getAttribute(collator, UCOL_STRENGTH, &status);
    bool caseLevel = ucol_getAttribute(collator, UCOL_CASE_LEVEL, &status) == UCOL_ON;
    bool backwards = ucol_getAttribute(collator, UCOL_FRENCH_COLLATION, &status) == UCOL_ON;
    UColAttributeValue caseFirst = ucol_getAttribute(collator, UCOL_CASE_FIRST, &status);
    bool shifted = ucol_getAttribute(collator, UCOL_ALTERNATE_HANDLING, &status) == UCOL_SHIFTED;
    bool numeric = ucol_getAttribute(collator, UCOL_NUMERIC_COLLATION, &status) == UCOL_ON;
    uint32_t variableTop = ucol_getVariableTop(collator, &status);
    if (U_FAILURE(status)) {
        free(table);
        return NULL;
    }
    // Quaternary and identical levels, the case level and French secondary order are ICU's.
    if (strength > UCOL_TERTIARY || caseLevel || backwards) return table;
    table->tertiaryMask = caseFirst == UCOL_OFF ? 0x3F3F : 0xFF3F;
    table->upperFirst = caseFirst == UCOL_UPPER_FIRST;
    USet *starters = uset_openEmpty();
    addContractionPairs(collator, table, starters, &status);
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    uint64_t (*raw)[SortKeyMaxCEs] = calloc(SortKeyLimit, sizeof *raw);
    int8_t *rawCount = calloc(SortKeyLimit, 1);
    KnownPrimary *known = calloc(SortKeyLimit, sizeof(KnownPrimary));
    // Per raw primary lead byte: 0 unknown, 1 compressible, 2 not, 3 contradictory.
    uint8_t *leadBytes = calloc(256, 1);
    if (U_SUCCESS(status) && (raw == NULL || rawCount == NULL || known == NULL || leadBytes == NULL)) {
        status = U_MEMORY_ALLOCATION_ERROR;
    }
    int32_t knownCount = 0;
    // Each code point's CEs; the written primary and lead byte compressibility of each code
    // point with a single CE that has a primary, from ICU's keys.
    for (UChar32 c = 0; c < SortKeyLimit && U_SUCCESS(status); c++) {
        rawCount[c] = -1;
        if (numeric && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) continue;
        UErrorCode decompositionStatus = U_ZERO_ERROR;
        UChar decomposition[32];
        int32_t decompositionLength = unorm2_getDecomposition(nfd, c, decomposition, 32, &decompositionStatus);
        if (U_FAILURE(decompositionStatus)) continue;
        if (decompositionLength > 0) {
            UChar32 last = 0;
            int32_t offset = decompositionLength;
            U16_PREV(decomposition, 0, offset, last);
            if (uset_contains(starters, last)) continue;
        }
        int32_t count = codePointCEs(collator, c, raw[c], SortKeyMaxCEs);
        if (count < 0 || count > SortKeyMaxCEs) continue;
        rawCount[c] = (int8_t)count;
        if (count != 1) continue;
        uint32_t rawPrimary = (uint32_t)(raw[c][0] >> 32);
        if (rawPrimary <= 0x02000000u || (shifted && rawPrimary <= variableTop)) continue;
        UChar text[2] = {(UChar)c, (UChar)c};
        uint8_t key[64];
        uint8_t twice[64];
        int32_t keyLength = ucol_getSortKey(collator, text, 1, key, (int32_t)sizeof key);
        int32_t twiceLength = ucol_getSortKey(collator, text, 2, twice, (int32_t)sizeof twice);
        if (keyLength <= 0 || keyLength > (int32_t)sizeof key || twiceLength <= 0 ||
            twiceLength > (int32_t)sizeof twice) {
            continue;
        }
        uint32_t written = 0;
        int32_t primaryLength = primaryLevel(key, keyLength, &written);
        if (primaryLength <= 0) continue;
        // Compressible when ICU's key of the code point twice omits the second lead byte.
        int32_t level = 0;
        while (level < twiceLength && twice[level] > LevelSeparatorByte) level++;
        uint8_t compressible;
        if (level == 2 * primaryLength - 1 && memcmp(twice, key, (size_t)primaryLength) == 0 &&
            memcmp(twice + primaryLength, key + 1, (size_t)(primaryLength - 1)) == 0) {
            compressible = 1;
        } else if (level == 2 * primaryLength && memcmp(twice, key, (size_t)primaryLength) == 0 &&
                   memcmp(twice + primaryLength, key, (size_t)primaryLength) == 0) {
            compressible = 2;
        } else {
            continue;
        }
        uint8_t *lead = &leadBytes[rawPrimary >> 24];
        *lead = *lead == 0 || *lead == compressible ? compressible : 3;
        known[knownCount++] = (KnownPrimary){rawPrimary, written};
    }
    qsort(known, (size_t)knownCount, sizeof(KnownPrimary), compareKnownPrimaries);
    // The entries: every CE's primary known (or shifted away, or none).
    for (UChar32 c = 0; c < SortKeyLimit && U_SUCCESS(status); c++) {
        int32_t count = rawCount[c];
        if (count < 0) continue;
        bool usable = true;
        for (int32_t k = 0; k < count && usable; k++) {
            uint64_t ce = raw[c][k];
            uint32_t rawPrimary = (uint32_t)(ce >> 32);
            TableCE entry = {0, (uint32_t)ce, 0};
            if (shifted && rawPrimary > 0x02000000u && rawPrimary <= variableTop) {
                entry.flags = CEVariable;
            } else if (rawPrimary != 0) {
                KnownPrimary probe = {rawPrimary, 0};
                const KnownPrimary *found =
                    bsearch(&probe, known, (size_t)knownCount, sizeof(KnownPrimary), compareKnownPrimaries);
                uint8_t lead = leadBytes[rawPrimary >> 24];
                if (found == NULL || lead == 0 || lead == 3) {
                    usable = false;
                    break;
                }
                entry.primary = found->written;
                if (lead == 1) entry.flags = CECompressible;
            }
            table->ces[c][k] = entry;
        }
        if (!usable) continue;
        table->ceCount[c] = (uint8_t)count;
        table->flags[c] |= KeySimple;
    }
    uset_close(starters);
    free(raw);
    free(rawCount);
    free(known);
    free(leadBytes);
    if (U_FAILURE(status)) {
        freeSortKeyTable(table);
        return NULL;
    }
    // The check: each code point alone and twice gives ICU's key, or is left to ICU.
    table->levels = (int32_t)strength + 1;
    for (UChar32 c = 0; c < SortKeyLimit; c++) {
        if ((table->flags[c] & KeySimple) == 0) continue;
        UChar text[2] = {(UChar)c, (UChar)c};
        if (!tableKeyMatches(collator, table, text, 1) || !tableKeyMatches(collator, table, text, 2)) {
            table->flags[c] = 0;
        }
    }
    return table;
}

// The table of `collator`, made on first use (an empty one when ICU fails); two threads may
// both make it, and the first stored is kept.
static const SortKeyTable *sortKeyTable(const CICUCollator *collator) {
    CICUCollator *handle = (CICUCollator *)collator;
    SortKeyTable *table = atomic_load_explicit(&handle->sortKeyTable, memory_order_acquire);
    if (table != NULL) return table;
    SortKeyTable *made = buildSortKeyTable(collator->collator);
    if (made == NULL) made = &noSortKeyTable;
    SortKeyTable *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&handle->sortKeyTable, &expected, made,
                                                memory_order_acq_rel, memory_order_acquire)) {
        return made;
    }
    freeSortKeyTable(made);
    return expected;
}

int32_t CICU_collatorTableSortKey(const CICUCollator *collator, const char *text, int32_t length,
                                  uint8_t *out, int32_t capacity) {
    if (collator == NULL || length < 0 || length > CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH ||
        (text == NULL && length > 0) || out == NULL ||
        capacity < CICU_COLLATION_TABLE_KEY_CAPACITY(length)) {
        return -1;
    }
    CICUCollator *handle = (CICUCollator *)collator;
    if (atomic_load_explicit(&handle->sortKeyTable, memory_order_acquire) == NULL &&
        atomic_fetch_add_explicit(&handle->keysBeforeTable, 1, memory_order_relaxed) < SortKeyTableWarmUp) {
        return -1;
    }
    return writeTableKey(sortKeyTable(collator), (const uint8_t *)text, length, out);
}

void CICU_collatorTableSortKeyCoverage(const CICUCollator *collator, int32_t *written,
                                       int32_t *pairs) {
    const SortKeyTable *table = collator != NULL ? sortKeyTable(collator) : &noSortKeyTable;
    int32_t count = 0;
    for (int32_t c = 0; c < SortKeyLimit && table->levels > 0; c++) {
        if ((table->flags[c] & KeySimple) != 0) count++;
    }
    if (written != NULL) *written = count;
    if (pairs != NULL) *pairs = table->pairCount;
}
