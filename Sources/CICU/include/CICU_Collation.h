// Collation (ucol) and collation-based string search (usearch) behind a handle.
//
// Why: ucol_* and usearch_* are renamed per ICU version (`ucol_open_72`), which Swift cannot
// import. Text goes in as UTF-8 with an explicit byte length (at most
// CICU_COLLATION_MAX_TEXT_LENGTH bytes, checked before ICU sees it); sort keys come out as bytes
// and search matches as UTF-16 offsets, with the usual (out, capacity) → needed-length contract
// and CICU_STATUS_BUFFER_OVERFLOW on a short buffer.
#ifndef CICU_COLLATION_H
#define CICU_COLLATION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The longest text, in UTF-8 bytes, that a compare, sort key or search call passes to ICU:
/// 16 MiB. A longer text is refused with CICU_STATUS_ILLEGAL_ARGUMENT before ICU sees it (its
/// UTF-16 form and sort key must fit ICU's int32_t lengths with room to spare).
#define CICU_COLLATION_MAX_TEXT_LENGTH 16777216

/// An option left as the locale (its keywords or CLDR tailoring) sets it.
#define CICU_COLLATION_DEFAULT (-1)
/// Strengths, ICU's UColAttributeValue values for UCOL_STRENGTH.
#define CICU_COLLATION_PRIMARY 0
#define CICU_COLLATION_SECONDARY 1
#define CICU_COLLATION_TERTIARY 2
#define CICU_COLLATION_QUATERNARY 3
#define CICU_COLLATION_IDENTICAL 15
/// Case first values (UCOL_CASE_FIRST): off, lower first, upper first.
#define CICU_COLLATION_CASE_FIRST_OFF 0
#define CICU_COLLATION_CASE_FIRST_LOWER 1
#define CICU_COLLATION_CASE_FIRST_UPPER 2

typedef struct CICUCollator CICUCollator;

/// Opens a collator for an ICU locale id (ucol_open): its `collation` keyword (`-u-co-`)
/// selects the tailoring, and its `colnumeric` (`-u-kn-`), `colstrength` (`-u-ks-`) and
/// `colcasefirst` (`-u-kf-`) keywords set attributes. A keyword value ICU rejects is ignored
/// (as ECMA-402 ignores unsupported values): the collator is then opened from the id with its
/// attribute keywords removed and the valid ones among kn, ks and kf applied. Then each option
/// that is not CICU_COLLATION_DEFAULT overrides: `strength` (CICU_COLLATION_PRIMARY …
/// IDENTICAL), `numeric` (0 or 1), `caseFirst` (CICU_COLLATION_CASE_FIRST_*), `shifted` (1:
/// alternate handling "shifted", punctuation and spaces ignorable; 0: "non-ignorable"). The
/// attributes are set here, once, before the handle is shared; nothing changes them after.
/// Close with CICU_collatorClose.
CICUCollator *CICU_collatorOpen(const char *localeID, int32_t strength, int32_t numeric,
                                int32_t caseFirst, int32_t shifted, int32_t *status);
void CICU_collatorClose(CICUCollator *collator);

/// The collator's effective attributes after opening (ucol_getAttribute): `values[0]` strength,
/// `values[1]` numeric (0/1), `values[2]` case first (CICU_COLLATION_CASE_FIRST_*), `values[3]`
/// shifted (0/1).
void CICU_collatorAttributes(const CICUCollator *collator, int32_t *values, int32_t *status);

/// Compares two UTF-8 strings (ucol_strcollUTF8): -1, 0 or 1. Thread-safe: a const call on
/// an immutable collator.
int32_t CICU_collatorCompareUTF8(const CICUCollator *collator, const char *a, int32_t aLength,
                                 const char *b, int32_t bLength, int32_t *status);

/// The code points CICU_collatorFirstPrimaries covers: U+0000 up to this limit (ASCII, Latin-1,
/// Latin Extended-A and -B).
#define CICU_COLLATION_FIRST_PRIMARY_LIMIT 0x250

/// What the first code point of a string decides, from ICU's own collation elements and sort
/// keys (see collation.c for the reasoning), made on the first call and kept with the collator
/// (thread-safe): for each code point c below CICU_COLLATION_FIRST_PRIMARY_LIMIT, the first
/// primary weight of a string that starts with c, as ICU orders primaries, or 0 when c does
/// not decide alone. When the next code point is ASCII and its bit is not set in
/// `(*contracting)[2 * c + next / 64]` (bit `next % 64`), it does not change that weight.
/// Two strings whose first weights so found differ are ordered by them, at any strength and
/// options. Never NULL for a collator (a table of zeros when ICU fails).
const uint32_t *CICU_collatorFirstPrimaries(const CICUCollator *collator,
                                            const uint64_t **contracting);

/// The sort key of a UTF-8 string (ucol_getSortKey over its UTF-16 form), without ICU's
/// terminating zero byte (a key has no zero byte inside, so comparing keys bytewise, a shorter
/// prefix first, orders as CICU_collatorCompareUTF8 does). Returns the key's length. When the
/// key and ICU's terminating byte do not fit in `capacity`, reports CICU_STATUS_BUFFER_OVERFLOW
/// and returns the capacity to retry with (the key's length + 1).
int32_t CICU_collatorSortKey(const CICUCollator *collator, const char *text, int32_t length,
                             uint8_t *out, int32_t capacity, int32_t *status);

/// The longest text, in UTF-8 bytes, that CICU_collatorTableSortKey writes a key for.
#define CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH 256
/// The room CICU_collatorTableSortKey needs for the key of a text of `length` bytes: at most
/// five bytes per code point on the primary level (a compression terminator and four weight
/// bytes) and three on each of two lower levels, and the separators and run bytes at the end.
#define CICU_COLLATION_TABLE_KEY_CAPACITY(length) (11 * (length) + 8)
/// CICU_COLLATION_TABLE_KEY_CAPACITY as a function, for Swift.
static inline int32_t CICU_collationTableKeyCapacity(int32_t length) {
    return CICU_COLLATION_TABLE_KEY_CAPACITY(length);
}

/// ICU's sort key of a UTF-8 string, without the terminating zero byte, written from a table
/// of ICU's collation elements (see collation.c) made once the collator has been asked for 64
/// keys (-1 before: making it costs milliseconds) and kept with the collator (thread-safe; the
/// table is checked against ucol_getSortKey when it is made): for
/// a text of at most CICU_COLLATION_TABLE_KEY_MAX_TEXT_LENGTH bytes whose code points are all
/// below CICU_COLLATION_FIRST_PRIMARY_LIMIT, each mapping to at most one collation element
/// with no contraction or prefix mapping between two of them, at strength primary, secondary
/// or tertiary without case level or French secondary order. Returns the key's length, or -1
/// when the table does not decide the text (the caller asks ICU). `out` has room for
/// CICU_COLLATION_TABLE_KEY_CAPACITY(length) bytes.
int32_t CICU_collatorTableSortKey(const CICUCollator *collator, const char *text, int32_t length,
                                  uint8_t *out, int32_t capacity);

/// How many code points below CICU_COLLATION_FIRST_PRIMARY_LIMIT the sort key table writes
/// (0 when the collator's options are left to ICU), and how many listed pairs of adjacent
/// code points it leaves to ICU (for the verification sweep's report); it makes the table when
/// it is not made yet.
void CICU_collatorTableSortKeyCoverage(const CICUCollator *collator, int32_t *written, int32_t *pairs);

/// Finds `pattern` in `text` (both UTF-8) with the collator's rules and strength (usearch on a
/// private clone of the collator, so that searches never share ICU's mutable search state),
/// non-overlapping, left to right. Writes each match as a pair (start, end) of UTF-16 offsets
/// into `ranges` (`capacity` pairs) and returns how many matches there are; stops after
/// `limit` matches when `limit` > 0. When there are more than `capacity`, reports
/// CICU_STATUS_BUFFER_OVERFLOW with the count to retry with. An empty pattern is
/// CICU_STATUS_ILLEGAL_ARGUMENT.
int32_t CICU_collatorSearch(const CICUCollator *collator, const char *pattern,
                            int32_t patternLength, const char *text, int32_t textLength,
                            int32_t limit, int32_t *ranges, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_COLLATION_H
