// Text boundaries (UAX #29 and #14 through ICU's rule-based break iterators) and full,
// locale-sensitive case mapping.
//
// Why: ubrk_* and u_strTo* are renamed per ICU version (`ubrk_open_72`), which Swift cannot
// import. A UBreakIterator holds the text and position of one iteration and is not
// thread-safe, so the shim keeps a prototype per (locale, kind) that is never iterated, and
// every iteration runs on a clone of it made under the prototype's lock, which the prototype
// keeps for a later iteration when the iteration ends.
#ifndef CICU_TEXT_H
#define CICU_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Break iterators (ubrk)

/// Break iterator kinds, ICU's UBreakIteratorType values.
#define CICU_BREAK_GRAPHEME 0  // UBRK_CHARACTER: extended grapheme clusters
#define CICU_BREAK_WORD 1      // UBRK_WORD
#define CICU_BREAK_LINE 2      // UBRK_LINE: line-break opportunities
#define CICU_BREAK_SENTENCE 3  // UBRK_SENTENCE

/// Word rule-status ranges (UWordBreak): a word segment's status is in [NONE, NONE_LIMIT) when
/// it is not word-like (spaces, punctuation, symbols), else in one of the ranges below.
#define CICU_WORD_NONE 0
#define CICU_WORD_NONE_LIMIT 100
#define CICU_WORD_NUMBER 100
#define CICU_WORD_LETTER 200
#define CICU_WORD_KANA 300
#define CICU_WORD_IDEO 400
#define CICU_WORD_IDEO_LIMIT 500

/// The longest text, in UTF-16 units, the shim gives a break iterator or a case mapping:
/// 16,777,216 (2^24). Three times that (the most a full case mapping can grow UTF-16 text)
/// still fits an int32_t length. Longer text is refused with CICU_STATUS_ILLEGAL_ARGUMENT
/// before ICU sees it.
#define CICU_TEXT_MAX_LENGTH (1 << 24)

typedef struct CICUBreakIterator CICUBreakIterator;

/// Opens the prototype break iterator of a kind (CICU_BREAK_*) for an ICU locale id
/// (ubrk_open without text). It is never iterated: CICU_breakIteratorAcquire hands out the
/// iterators. Thread-safe to share. Close with CICU_breakIteratorClose (which closes the idle
/// iterators it keeps). When ICU's iterator is rule-based, the prototype also reads its
/// compiled rules (ubrk_getBinaryRules: the DFA over character categories that ICU runs), checks
/// them and keeps them for CICU_breakIteratorSetUTF8Rules.
CICUBreakIterator *CICU_breakIteratorOpen(const char *localeID, int32_t kind, int32_t *status);
/// An iterator of its own for one iteration: one that an earlier iteration gave back (taken
/// with an atomic exchange), else a new ubrk_clone of the prototype made under the
/// prototype's lock. Use it on one thread at a time; give it back with
/// CICU_breakIteratorRelease (or close it with CICU_breakIteratorClose).
CICUBreakIterator *CICU_breakIteratorAcquire(CICUBreakIterator *prototype, int32_t *status);
/// Gives an iterator from CICU_breakIteratorAcquire back to `prototype`, which keeps a few
/// for later iterations and closes the others. Thread-safe; the caller must not use
/// `iterator` afterwards.
void CICU_breakIteratorRelease(CICUBreakIterator *prototype, CICUBreakIterator *iterator);
/// Closes a prototype or an iterator; NULL is ignored.
void CICU_breakIteratorClose(CICUBreakIterator *iterator);
/// Sets the text of an iterator from CICU_breakIteratorAcquire, as UTF-8 (`length` bytes,
/// well-formed): the iterator widens it into UTF-16 units of its own, which ICU reads
/// (ubrk_setText), and moves to its start. `text` is not kept. A prototype, or text over
/// CICU_TEXT_MAX_LENGTH bytes, is refused with CICU_STATUS_ILLEGAL_ARGUMENT.
void CICU_breakIteratorSetUTF8(CICUBreakIterator *iterator, const char *text, int32_t length,
                               int32_t *status);
/// Sets the text of an iterator from CICU_breakIteratorAcquire, as UTF-8 (`length` bytes), for
/// boundaries found by ICU's compiled rules run in the shim over the UTF-8 itself (a copy of
/// it: `text` is not kept), ICU 72's DFA step for step, each boundary's UTF-16 offset counted
/// on the way: no widening. Segments of Thai text (in word and line iterators) are divided in
/// the shim by ICU 72's Thai dictionary engine, ported, over ICU's own Thai dictionary data,
/// when that loads and a check against ICU on a sample agrees. At the first character of any
/// other dictionary category (Lao, Khmer, Burmese, Chinese, Japanese, and Hangul for words,
/// which ICU hands to its dictionary engines) or of Thai without the engine, the iteration
/// hands the text to ICU, at the start of that character's segment, as
/// CICU_breakIteratorSetUTF8 would and goes on with ICU's boundaries after the last one given. An iterator whose prototype has no such rules sets
/// the text as CICU_breakIteratorSetUTF8 does. The boundaries are ICU's either way
/// (`parlance bench --verify-segmentation` compares them).
void CICU_breakIteratorSetUTF8Rules(CICUBreakIterator *iterator, const char *text, int32_t length,
                                    int32_t *status);
/// Whether a prototype (or an iterator of it) has compiled rules the shim runs.
bool CICU_breakIteratorHasRules(const CICUBreakIterator *iterator);
/// The paths an iteration takes (CICU_breakIteratorPath): ICU's iterator over widened text,
/// the shim's run of ICU's rules, the rules and then ICU from a dictionary character on, or
/// the rules with Thai segments divided by the shim's Thai engine (and no hand-over so far).
#define CICU_BREAK_PATH_ICU 0
#define CICU_BREAK_PATH_RULES 1
#define CICU_BREAK_PATH_RULES_THEN_ICU 2
#define CICU_BREAK_PATH_RULES_THAI 3
/// The path of an iterator's current text so far (CICU_BREAK_PATH_*; ICU for a prototype).
int32_t CICU_breakIteratorPath(const CICUBreakIterator *iterator);
/// The next boundary after the current one (ubrk_next) as a UTF-8 offset into the text given
/// to CICU_breakIteratorSetUTF8 or CICU_breakIteratorSetUTF8Rules, with its UTF-16 offset in
/// `*utf16Offset` and the rule status of the segment that ends there (ubrk_getRuleStatus) in
/// `*ruleStatus`; -1 when the text's end has been passed (or no text is set). On the rules
/// path both offsets are counted as the rules read the UTF-8; ICU's boundaries map to UTF-8
/// through a table of each unit's UTF-8 offset, filled while widening (none for ASCII text; for
/// text over 64 KiB, by counting the UTF-8 bytes of the units between boundaries: one pass over
/// the text in all).
int32_t CICU_breakIteratorNextUTF8(CICUBreakIterator *iterator, int32_t *utf16Offset,
                                   int32_t *ruleStatus);
/// How many boundaries CICU_breakIteratorNextBatch gives at most per call.
#define CICU_BREAK_BATCH 64
/// The next boundaries, at most CICU_BREAK_BATCH, as CICU_breakIteratorNextUTF8 gives them
/// one by one: their UTF-8 offsets in `bytes`, UTF-16 offsets in `units` and the rule statuses
/// of the segments ending there in `statuses` (each of room for CICU_BREAK_BATCH values).
/// Returns how many were written; 0 once the text's end has been passed (or no text is set).
/// Each boundary is after the one before it (and the first after the last of the previous
/// call), in both encodings.
int32_t CICU_breakIteratorNextBatch(CICUBreakIterator *iterator, int32_t *bytes, int32_t *units,
                                    int32_t *statuses);
/// An iterator's own buffers for CICU_breakIteratorNextBatch, of room for CICU_BREAK_BATCH
/// values each, which live as long as the iterator (NULL for a prototype or NULL): passing
/// them to CICU_breakIteratorNextBatch spares the caller an allocation per iteration.
void CICU_breakIteratorBuffers(CICUBreakIterator *iterator, int32_t **bytes, int32_t **units,
                               int32_t **statuses);

/// ICU's boundaries over UTF-16 text given as it is (no widening in the shim): a new iterator of
/// `kind` for `localeID` (ubrk_open), every boundary after the start (ubrk_next) into
/// `boundaries` and the rule status of the segment ending there into `statuses` (room for
/// `capacity` each). Returns how many there are; when more than `capacity`, reports
/// CICU_STATUS_BUFFER_OVERFLOW. The oracle of the segmenter's tests.
int32_t CICU_breakBoundariesUTF16(const char *localeID, int32_t kind, const uint16_t *text,
                                  int32_t length, int32_t *boundaries, int32_t *statuses,
                                  int32_t capacity, int32_t *status);
/// The shim's widening of UTF-8 into UTF-16 (what break iterators, sort keys and searches
/// read) into `out`, which has room for `length` units; returns the units written. For tests.
int32_t CICU_widenUTF8Copy(const char *text, int32_t length, uint16_t *out);
/// The break iterators' widening of UTF-8 into UTF-16 for text with bytes outside ASCII, as
/// CICU_widenUTF8Copy gives it, with the UTF-8 offset of each unit written into `offsets` (room
/// for `length` + 1; the text's length after the last unit; a trail surrogate gets its lead's
/// offset plus 2): returns the units written. For tests.
int32_t CICU_widenUTF8OffsetsCopy(const char *text, int32_t length, uint16_t *out,
                                  int32_t *offsets);

// MARK: - Case mapping (u_strToUpper, u_strToLower, u_strToTitle)

/// Case mappings.
#define CICU_CASE_UPPER 0
#define CICU_CASE_LOWER 1
#define CICU_CASE_TITLE 2

/// ICU's full, locale-sensitive case mapping of UTF-8 `text` (`length` bytes; any NUL inside
/// is text) into UTF-8 at `out`: u_strToUpper, u_strToLower, or u_strToTitle with the locale's
/// default word break iterator and default options (lower-cases the rest of each word; Dutch
/// "ij" becomes "IJ"). Only the language of `localeID` matters to ICU (tr, az, lt, el, nl
/// have rules of their own). Returns the UTF-8 length needed; when more than `capacity`,
/// reports CICU_STATUS_BUFFER_OVERFLOW. Text of more than CICU_TEXT_MAX_LENGTH bytes is
/// refused with CICU_STATUS_ILLEGAL_ARGUMENT.
int32_t CICU_caseMapUTF8(const char *localeID, int32_t mapping, const char *text, int32_t length,
                         char *out, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_TEXT_H
