// ICU's compiled break rules run by the shim over UTF-8; never seen by Swift.
//
// A rule-based break iterator (RuleBasedBreakIterator) finds each boundary with a DFA over
// character categories: its binary rules (ubrk_getBinaryRules) hold the forward state table,
// the trie of each code point's category and the table of rule statuses. The shim reads them
// once per prototype, checks them, and runs the forward table itself over the text's UTF-8,
// as ICU 72's RuleBasedBreakIterator::handleNext runs it over UTF-16, counting UTF-16 units as
// it goes: no widening and no offset table. Characters of a dictionary category (Thai, Lao,
// Khmer, Burmese, Chinese, Japanese, and Hangul for words …) stop it: ICU hands their ranges
// to its dictionary engines, so the caller hands the rest of the text to ICU.
#ifndef CICU_BREAK_RULES_H
#define CICU_BREAK_RULES_H

#include <unicode/ubrk.h>

#include <stdbool.h>
#include <stdint.h>

// The compiled rules of one prototype, read-only and shared by its clones (reference counted,
// so that a clone may outlive its prototype).
typedef struct CICUBreakRules CICUBreakRules;

// The rules of `iterator` when it is rule-based and its binary rules are in a form the shim
// runs as ICU 72 does (checked in full here); NULL otherwise (not rule-based, such as a
// sentence iterator with `@ss=standard`; unexpected data; no memory): ICU alone then.
CICUBreakRules *CICU_breakRulesLoad(const UBreakIterator *iterator);
// Another owner of `rules` (NULL is ignored); returns `rules`.
CICUBreakRules *CICU_breakRulesRetain(CICUBreakRules *rules);
// Gives up one owner's share (NULL is ignored); the last one frees the rules.
void CICU_breakRulesRelease(CICUBreakRules *rules);

// One text's iteration on the rules: a copy of the UTF-8 text (the caller's bytes are not
// kept), the last boundary given (in UTF-8 bytes and UTF-16 units), and the positions that the
// look-ahead rules recorded (one byte and unit position per look-ahead slot, -1 for none),
// which carry from one boundary to the next within the text as ICU's do. A segment of Thai
// text that the Thai engine divides leaves its breaks in `pending` (UTF-16 offsets in
// `pendingUnits`, UTF-8 ones in `pendingBytes`, the next to give at `pendingNext`, all with
// the status `pendingStatus`), given before the rules run on; `chars` holds a run's
// characters for the engine; `dictionarySegments` counts the segments of the rules in which
// they read Thai dictionary characters (divided by the engine or left whole as ICU leaves them).
typedef struct {
    const CICUBreakRules *rules;
    uint8_t *text;
    int32_t length;
    int32_t capacity;
    int32_t bytes;
    int32_t units;
    int32_t *lookahead;  // 2 × slots: bytes, units
    int32_t slots;
    int32_t *pendingUnits;
    int32_t *pendingBytes;
    uint8_t *chars;
    int32_t pendingCapacity;  // of each of the three
    int32_t pendingCount;
    int32_t pendingNext;
    int32_t pendingStatus;
    int32_t dictionarySegments;
    bool thai;  // whether the text has met a dictionary character (then the Thai engine's loop runs)
} CICUBreakRulesCursor;

// Sets `cursor`'s text to a copy of `length` bytes of UTF-8 at `text` (ill-formed sequences
// read as U+FFFD, as the shim's widening reads them) for `rules`, at its start. Returns false
// when memory runs out (the cursor is then empty).
bool CICU_breakRulesCursorSet(CICUBreakRulesCursor *cursor, const CICUBreakRules *rules,
                              const char *text, int32_t length);
// Whether `rules` divide Thai text in the shim.
bool CICU_breakRulesDivideThai(const CICUBreakRules *rules);
// Frees the cursor's buffers.
void CICU_breakRulesCursorFree(CICUBreakRulesCursor *cursor);

// The next boundaries after the cursor's last one, at most `capacity`, as ICU's ubrk_next and
// ubrk_getRuleStatus give them: UTF-8 offsets in `bytes`, UTF-16 offsets in `units`, statuses
// in `statuses`. Returns how many; sets `*needsICU` when the rules cannot decide the next one
// (a dictionary character the shim does not divide, or a look-ahead position that does not
// advance; only ever at a boundary of the rules, never inside a divided segment): the
// boundaries from the cursor's last one on are then ICU's to find. 0 without `*needsICU`: the
// end.
int32_t CICU_breakRulesNext(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                            int32_t *statuses, int32_t capacity, bool *needsICU);

#endif
