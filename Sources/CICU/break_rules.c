// ICU's compiled break rules, read from ubrk_getBinaryRules and run over UTF-8 (see
// break_rules.h).
//
// The binary form (ICU's RBBIDataHeader, format 6 as ICU 68 and later write it): a header of
// 20 32-bit words, then sections at the byte offsets it gives: the forward state table, the
// reverse table, the category trie (a serialized fast UCPTrie of 8- or 16-bit values), the
// rule source, and the rule-status table (int32 groups: a count, then that many statuses). A
// state table is 5 32-bit words (states, bytes per row, the first dictionary category, the
// look-ahead slots, flags) followed by its rows; a row is 3 + categories values of 8 or 16 bits
// (flag RowsOf8Bits): accepting (0 none, 1 a boundary here, > 1 the look-ahead slot whose
// recorded position is the boundary), look-ahead (> 1: record the current position in that
// slot), the rule-status group, then the next state per category. State 0 stops, state 1
// starts; category 1 is the end of the text, category 2 its start (when BeginningRequired).
#include "break_rules.h"
#include "internal.h"
#include "thai_break.h"

#include <unicode/ucptrie.h>
#include <unicode/ustring.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum {
    HeaderWords = 20,
    Magic = 0xB1A0,
    TableHeaderBytes = 20,
    // State table flags: LookAheadHardBreak is a rule-builder option that ICU 72's handleNext
    // does not read; BeginningRequired runs the start category first; RowsOf8Bits sizes rows.
    LookAheadHardBreak = 1,
    BeginningRequired = 2,
    RowsOf8Bits = 4,
    StopState = 0,
    StartState = 1,
    EndCategory = 1,
    BeginningCategory = 2,
};

// The header fields, by 32-bit word.
enum {
    WordMagic = 0,
    WordVersion = 1,
    WordLength = 2,
    WordCategories = 3,
    WordForward = 4,
    WordForwardLength = 5,
    WordTrie = 8,
    WordTrieLength = 9,
    WordStatus = 12,
    WordStatusLength = 13,
};

typedef int32_t (*RunFunction)(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                               int32_t *statuses, int32_t capacity, bool *needsICU);

struct CICUBreakRules {
    _Atomic int32_t owners;
    uint8_t *data;      // the binary rules (owned)
    UCPTrie *trie;      // opened over `data`
    const uint8_t *rows;  // the forward table's first row
    int32_t rowBytes;
    int32_t states;
    int32_t categories;
    int32_t dictionaryStart;  // categories at or above it are dictionary characters
    int32_t slots;            // look-ahead slots
    bool beginningRequired;
    // The rule status ubrk_getRuleStatus gives for each state's status group, and for group 0
    // (a boundary that no rule accepted).
    int32_t *stateStatus;
    int32_t defaultStatus;
    // The category of each ASCII character (one load instead of the trie's two).
    uint16_t asciiCategory[128];
    // The loop for text without Thai so far, and the one with the Thai engine (from the first
    // Thai dictionary character of a text on).
    RunFunction run;
    RunFunction runThai;
    // The Thai engine when the shim divides Thai text with these rules (NULL: ICU does), and
    // which of U+0E00–U+0E7F are in its set.
    const CICUThaiEngine *thai;
    bool thaiSet[128];
};

// Whether the well-formed UTF-8 sequence at text[i] (of `length` bytes) is a character of the
// Thai engine's set (U+0E00–U+0E7F: E0 B8 80–BF or E0 B9 80–BF); its offset from U+0E00 into
// `*index` when it is.
static inline bool thaiAt(const CICUBreakRules *rules, const uint8_t *text, int32_t i, int32_t length,
                          uint32_t *index) {
    if (i + 2 >= length || text[i] != 0xE0 || (text[i + 1] & 0xFE) != 0xB8 || (text[i + 2] & 0xC0) != 0x80) {
        return false;
    }
    *index = ((uint32_t)(text[i + 1] & 1) << 6) | (text[i + 2] & 0x3F);
    return rules->thaiSet[*index];
}

// Makes room for the breaks of a segment of `span` UTF-16 units in `cursor`; false when memory
// runs out.
static bool reservePending(CICUBreakRulesCursor *cursor, int32_t span) {
    if (span + 2 <= cursor->pendingCapacity) return true;
    int32_t capacity = span + 2 > 256 ? span + 2 : 256;
    int32_t *units = malloc(sizeof(int32_t) * (size_t)capacity);
    int32_t *bytes = malloc(sizeof(int32_t) * (size_t)capacity);
    uint8_t *chars = malloc((size_t)capacity);
    if (units == NULL || bytes == NULL || chars == NULL) {
        free(units);
        free(bytes);
        free(chars);
        return false;
    }
    free(cursor->pendingUnits);
    free(cursor->pendingBytes);
    free(cursor->chars);
    cursor->pendingUnits = units;
    cursor->pendingBytes = bytes;
    cursor->chars = chars;
    cursor->pendingCapacity = capacity;
    return true;
}

// Gives the cursor's pending breaks from output index `count` on, as many as fit in
// `capacity`, moving the cursor's last boundary to the last one given; returns the new count.
__attribute__((noinline)) static int32_t drainPending(CICUBreakRulesCursor *cursor, int32_t *outBytes,
                                                      int32_t *outUnits, int32_t *outStatuses, int32_t count,
                                                      int32_t capacity) {
    while (cursor->pendingNext < cursor->pendingCount && count < capacity) {
        int32_t next = cursor->pendingNext++;
        cursor->bytes = outBytes[count] = cursor->pendingBytes[next];
        cursor->units = outUnits[count] = cursor->pendingUnits[next];
        outStatuses[count] = cursor->pendingStatus;
        count++;
    }
    return count;
}

// What ICU 72 does with a segment of the rules that holds dictionary characters
// (DictionaryCache::populateDictionary, all of whose dictionary characters are Thai here): each
// run of Thai characters in [start, end) goes to the Thai engine, whose breaks collect in one
// list; when the engines count any word, the segment's start goes first and its end last, and
// the breaks after the start are the boundaries (ICU's DictionaryCache::following gives each
// the rule status of the segment's end). Leaves those boundaries in the cursor's pending list
// and returns how many; 0 when the rules' boundary stands alone (no word counted, or no break),
// -1 when memory runs out.
__attribute__((noinline)) static int32_t divideSegment(CICUBreakRulesCursor *cursor, int32_t start, int32_t startUnits, int32_t end,
                             int32_t endUnits) {
    const CICUBreakRules *const rules = cursor->rules;
    if (!reservePending(cursor, endUnits - startUnits)) return -1;
    const uint8_t *const text = cursor->text;
    const int32_t length = cursor->length;
    int32_t *const units = cursor->pendingUnits;
    int32_t *const bytes = cursor->pendingBytes;
    uint8_t *const chars = cursor->chars;
    int32_t used = 0;
    int32_t words = 0;
    int32_t i = start;
    int32_t u = startUnits;
    while (i < end) {
        uint32_t index;
        if (!thaiAt(rules, text, i, length, &index)) {
            // Another character: one code point on (an ill-formed sequence is one U+FFFD, as
            // the rules read it).
            UChar32 c;
            U8_NEXT(text, i, length, c);
            u += 1 + (c > 0xFFFF);
            continue;
        }
        // A run of the engine's characters, each three bytes and one unit, and the character
        // after it (the engine may look at it).
        const int32_t runBytes = i;
        const int32_t runUnits = u;
        int32_t count = 0;
        do {
            chars[count++] = (uint8_t)index;
            i += 3;
        } while (i < end && thaiAt(rules, text, i, length, &index));
        u += count;
        chars[count] = thaiAt(rules, text, i, length, &index) ? (uint8_t)index : 0xFF;
        const int32_t before = used;
        words += CICU_thaiDivide(rules->thai, chars, count, runUnits, units, &used);
        for (int32_t k = before; k < used; k++) bytes[k] = runBytes + 3 * (units[k] - runUnits);
    }
    if (words <= 0 || used == 0) return 0;
    // The engine's breaks lie after the segment's start and before its end: the end follows.
    if (endUnits > units[used - 1]) {
        units[used] = endUnits;
        bytes[used] = end;
        used++;
    }
    cursor->pendingCount = used;
    cursor->pendingNext = 0;
    return used;
}

static uint32_t word(const uint8_t *data, int32_t index) {
    uint32_t value;
    memcpy(&value, data + 4 * index, 4);
    return value;
}

// Whether [offset, offset + length) lies within `total` bytes and starts 4-byte aligned.
static bool sectionFits(uint32_t offset, uint32_t length, uint32_t total) {
    return offset % 4 == 0 && offset >= 4 * HeaderWords && offset <= total && length <= total - offset;
}

// The rule status of group `index` as getRuleStatus gives it (the group's last value), or
// false when the group does not lie within the table.
static bool groupStatus(const int32_t *table, int32_t entries, uint32_t index, int32_t *status) {
    if (index >= (uint32_t)entries) return false;
    int32_t count = table[index];
    if (count < 0 || (int64_t)index + count >= entries) return false;
    *status = table[index + (uint32_t)count];
    return true;
}

// The value of `row`'s field `field` (0 accepting, 1 look-ahead, 2 status group, 3 + c next
// state for category c).
static inline uint32_t rowField(const uint8_t *row, int32_t field, bool rows8) {
    if (rows8) return row[field];
    uint16_t value;
    memcpy(&value, row + 2 * field, 2);
    return value;
}

// The DFA loop, for each width of rows and trie values and with or without the Thai engine
// (parameters that each instantiation fixes, so that the compiler drops the other branches:
// the loop without the engine, which text without dictionary characters runs, keeps no note of
// Thai, and none of the engine's state ties up its registers).
//
// One boundary is ICU 72's handleNext from the last one: read the first code point; start in
// state 1 (with the start category first when BeginningRequired, which does not consume it);
// per code point, its category, the next state, then: an accepting state (1) makes the
// position after it the boundary found so far with its state's status (not in the start step);
// a completed look-ahead (> 1) ends the boundary at the position its slot recorded, when the
// slot holds one; a look-ahead state records the position after the code point in its slot;
// state 0 stops. At the text's end the end category runs once. When nothing was accepted, the
// boundary is one code point on with status group 0.
static inline __attribute__((always_inline)) int32_t
runRules(CICUBreakRulesCursor *cursor, int32_t *outBytes, int32_t *outUnits,
         int32_t *outStatuses, int32_t capacity, bool *needsICU, bool rows8, bool trie8, bool thai) {
    const CICUBreakRules *const rules = cursor->rules;
    const uint8_t *const text = cursor->text;
    const int32_t length = cursor->length;
    const uint8_t *const rowsStart = rules->rows;
    const size_t rowBytes = (size_t)rules->rowBytes;
    const uint32_t dictionaryStart = (uint32_t)rules->dictionaryStart;
    const UCPTrie *const trie = rules->trie;
    const int32_t *const stateStatus = rules->stateStatus;
    int32_t *const lookahead = cursor->lookahead;
    int32_t start = cursor->bytes;
    int32_t startUnits = cursor->units;
    int32_t count = 0;

// The next code point at byte `i` (advanced past it) into `c`, and its UTF-16 units added
// to `u`: ASCII by itself, else ICU's U8_NEXT with U+FFFD for an ill-formed sequence (as the
// shim's widening reads it).
#define NEXT_CODE_POINT(c, i, u)                                                                    \
    do {                                                                                            \
        uint8_t lead_ = text[i];                                                                    \
        if (lead_ < 0x80) {                                                                         \
            (c) = lead_;                                                                            \
            (i)++;                                                                                  \
            (u)++;                                                                                  \
        } else {                                                                                    \
            U8_NEXT(text, i, length, c);                                                            \
            if ((c) < 0) (c) = 0xFFFD;                                                              \
            (u) += 1 + ((c) > 0xFFFF);                                                              \
        }                                                                                           \
    } while (0)

// One transition on `category` and what the state reached does: an accepting state (1)
// makes the position after the code point the boundary so far (`accept`: not in the start
// step) with the state's status; a completed look-ahead (> 1) whose slot holds a position
// ends the run there (goto lookaheadEnd); a look-ahead state records the position in its slot.
#define STEP(category, accept)                                                                      \
    do {                                                                                            \
        state = rowField(row, 3 + (int32_t)(category), rows8);                                      \
        row = rowsStart + rowBytes * state;                                                         \
        uint32_t accepting_ = rowField(row, 0, rows8);                                              \
        if (accepting_ == 1) {                                                                      \
            if (accept) {                                                                           \
                resultBytes = i;                                                                    \
                resultUnits = u;                                                                    \
            }                                                                                       \
            status = stateStatus[state];                                                            \
        } else if (accepting_ > 1 && lookahead[2 * accepting_] >= 0) {                              \
            resultBytes = lookahead[2 * accepting_];                                                \
            resultUnits = lookahead[2 * accepting_ + 1];                                            \
            status = stateStatus[state];                                                            \
            goto lookaheadEnd;                                                                      \
        }                                                                                           \
        uint32_t slot_ = rowField(row, 1, rows8);                                                   \
        if (slot_ > 1) {                                                                            \
            lookahead[2 * slot_] = i;                                                               \
            lookahead[2 * slot_ + 1] = u;                                                           \
        }                                                                                           \
    } while (0)

    if (thai && cursor->pendingNext < cursor->pendingCount) {
        count = drainPending(cursor, outBytes, outUnits, outStatuses, 0, capacity);
        start = cursor->bytes;
        startUnits = cursor->units;
        if (cursor->pendingNext < cursor->pendingCount) return count;
    }
    while (count < capacity && start < length) {
        // `i` and `u` are the byte and unit positions after the code point `c` last read.
        int32_t i = start;
        int32_t u = startUnits;
        UChar32 c;
        NEXT_CODE_POINT(c, i, u);
        const int32_t firstEnd = i;
        const int32_t firstEndUnits = u;
        int32_t resultBytes = start;
        int32_t resultUnits = startUnits;
        int32_t status = rules->defaultStatus;
        // Whether the run has read a Thai dictionary character.
        bool thaiSegment = false;
        uint32_t state = StartState;
        const uint8_t *row = rowsStart + rowBytes * StartState;
        // The start step: the start category, without consuming the first code point (whose
        // end is the position it records).
        if (rules->beginningRequired) {
            STEP(BeginningCategory, false);
            if (state == StopState) goto end;
        }
        // A step per code point.
        for (;;) {
            uint32_t category;
            if (c < 0x80) {
                category = rules->asciiCategory[c];
            } else if (trie8) {
                category = UCPTRIE_FAST_GET(trie, UCPTRIE_8, c);
            } else {
                category = UCPTRIE_FAST_GET(trie, UCPTRIE_16, c);
            }
            if (__builtin_expect(category >= dictionaryStart, 0)) {
                // ICU subdivides this run with a dictionary: the shim's Thai engine when the
                // character is in its set, else ICU, which takes over at the segment's start.
                // The loop without the engine stops at the segment's start in either case
                // (CICU_breakRulesNext goes on from there with the engine's loop, when the
                // rules have the engine); the loop with it notes the character (as ICU counts
                // them) and divides the segment once its boundary is found.
                if (!thai || (uint32_t)(c - 0x0E00) >= 0x80 || !rules->thaiSet[c - 0x0E00]) {
                    *needsICU = true;
                    goto stop;
                }
                thaiSegment = true;
            }
            STEP(category, true);
            if (state == StopState) goto end;
            if (i >= length) break;
            NEXT_CODE_POINT(c, i, u);
        }
        // The end step, once, at the end of the text.
        STEP(EndCategory, true);
    end:
        // No rule accepted: one code point on, with status group 0.
        if (resultBytes == start) {
            resultBytes = firstEnd;
            resultUnits = firstEndUnits;
            status = rules->defaultStatus;
        }
        goto found;
    lookaheadEnd:
        // A slot recorded in an earlier boundary's run may lie before this one's start; ICU
        // would then give a boundary that does not advance, which the iteration cannot use:
        // ICU decides from here.
        if (resultBytes <= start || resultBytes > length) {
            *needsICU = true;
            goto stop;
        }
    found:
        // A segment whose run read Thai dictionary characters goes to the engine, out of the
        // way of the loop over other text.
        if (thai && __builtin_expect(thaiSegment, 0)) goto dictionary;
    give:
        outBytes[count] = resultBytes;
        outUnits[count] = resultUnits;
        outStatuses[count] = status;
        count++;
        start = resultBytes;
        startUnits = resultUnits;
        continue;
    dictionary:
        // Divided by the Thai engine when it spans more than one unit; without a break, the
        // rules' boundary stands.
        cursor->dictionarySegments++;
        if (resultUnits - startUnits <= 1) goto give;
        {
            int32_t divided = divideSegment(cursor, start, startUnits, resultBytes, resultUnits);
            if (divided < 0) {
                *needsICU = true;
                goto stop;
            }
            if (divided == 0) goto give;
            cursor->pendingStatus = status;
            cursor->bytes = start;
            cursor->units = startUnits;
            count = drainPending(cursor, outBytes, outUnits, outStatuses, count, capacity);
            start = cursor->bytes;
            startUnits = cursor->units;
            if (cursor->pendingNext < cursor->pendingCount) goto stop;
        }
    }
#undef STEP
stop:
#undef NEXT_CODE_POINT
    cursor->bytes = start;
    cursor->units = startUnits;
    return count;
}

static int32_t run8Rows8Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                             int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, true, true, false);
}

static int32_t runThai8Rows8Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                                 int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, true, true, true);
}

static int32_t run8Rows16Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                              int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, true, false, false);
}

static int32_t runThai8Rows16Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                                  int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, true, false, true);
}

static int32_t run16Rows8Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                              int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, false, true, false);
}

static int32_t runThai16Rows8Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                                  int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, false, true, true);
}

static int32_t run16Rows16Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                               int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, false, false, false);
}

static int32_t runThai16Rows16Trie(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                                   int32_t *statuses, int32_t capacity, bool *needsICU) {
    return runRules(cursor, bytes, units, statuses, capacity, needsICU, false, false, true);
}

static void freeRules(CICUBreakRules *rules) {
    if (rules == NULL) return;
    if (rules->trie != NULL) ucptrie_close(rules->trie);
    free(rules->stateStatus);
    free(rules->data);
    free(rules);
}

// Checks the binary rules in `rules->data` (`length` bytes) and fills in the rest of `rules`;
// false for anything the shim does not run exactly as ICU 72 does.
static bool readRules(CICUBreakRules *rules, uint32_t length) {
    const uint8_t *data = rules->data;
    if (length < 4 * HeaderWords || word(data, WordMagic) != Magic) return false;
    // Format version 6.0.0.0, as ICU 68 and later write it (bytes in memory order).
    static const uint8_t version[4] = {6, 0, 0, 0};
    if (memcmp(data + 4 * WordVersion, version, 4) != 0) return false;
    if (word(data, WordLength) != length) return false;
    uint32_t categories = word(data, WordCategories);
    if (categories <= BeginningCategory || categories > 0xFFFF) return false;
    uint32_t forward = word(data, WordForward);
    uint32_t forwardLength = word(data, WordForwardLength);
    uint32_t trieOffset = word(data, WordTrie);
    uint32_t trieLength = word(data, WordTrieLength);
    uint32_t statusOffset = word(data, WordStatus);
    uint32_t statusLength = word(data, WordStatusLength);
    if (!sectionFits(forward, forwardLength, length) || !sectionFits(trieOffset, trieLength, length) ||
        !sectionFits(statusOffset, statusLength, length) || forwardLength < TableHeaderBytes ||
        statusLength < 4 || trieLength > INT32_MAX) {
        return false;
    }

    // The forward table.
    const uint8_t *table = data + forward;
    uint32_t states = word(table, 0);
    uint32_t rowBytes = word(table, 1);
    uint32_t dictionaryStart = word(table, 2);
    uint32_t slots = word(table, 3);
    uint32_t flags = word(table, 4);
    if ((flags & ~(uint32_t)(LookAheadHardBreak | BeginningRequired | RowsOf8Bits)) != 0) return false;
    bool rows8 = (flags & RowsOf8Bits) != 0;
    uint32_t fieldBytes = rows8 ? 1 : 2;
    if (states < 2 || states > 0xFFFF || slots > 0xFFFF || rowBytes < fieldBytes * (3 + categories) ||
        rowBytes % fieldBytes != 0 || (uint64_t)rowBytes * states > forwardLength - TableHeaderBytes) {
        return false;
    }
    if (dictionaryStart > categories) dictionaryStart = categories;

    // The status table: every state's group, and group 0.
    const int32_t *statusTable = (const int32_t *)(data + statusOffset);
    int32_t entries = (int32_t)(statusLength / 4);
    if (!groupStatus(statusTable, entries, 0, &rules->defaultStatus)) return false;
    rules->stateStatus = malloc(sizeof(int32_t) * states);
    if (rules->stateStatus == NULL) return false;

    // Every row: next states within the table, look-ahead slots within the slots, a status
    // group within the status table.
    const uint8_t *rows = table + TableHeaderBytes;
    for (uint32_t state = 0; state < states; state++) {
        const uint8_t *row = rows + (size_t)rowBytes * state;
        uint32_t accepting = rowField(row, 0, rows8);
        uint32_t slot = rowField(row, 1, rows8);
        if ((accepting > 1 && accepting >= slots) || (slot > 1 && slot >= slots)) return false;
        if (!groupStatus(statusTable, entries, rowField(row, 2, rows8), &rules->stateStatus[state])) {
            return false;
        }
        for (uint32_t category = 0; category < categories; category++) {
            if (rowField(row, 3 + (int32_t)category, rows8) >= states) return false;
        }
    }

    // The trie: a fast trie of 8- or 16-bit values, each a category of the table.
    UErrorCode status = U_ZERO_ERROR;
    rules->trie = ucptrie_openFromBinary(UCPTRIE_TYPE_FAST, UCPTRIE_VALUE_BITS_ANY, data + trieOffset,
                                         (int32_t)trieLength, NULL, &status);
    if (U_FAILURE(status) || rules->trie == NULL) return false;
    UCPTrieValueWidth width = ucptrie_getValueWidth(rules->trie);
    if (width != UCPTRIE_VALUE_BITS_8 && width != UCPTRIE_VALUE_BITS_16) return false;
    if (ucptrie_getType(rules->trie) != UCPTRIE_TYPE_FAST) return false;
    for (UChar32 start = 0; start <= 0x10FFFF;) {
        uint32_t value;
        UChar32 end = ucptrie_getRange(rules->trie, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
        if (end < start || value >= categories) return false;
        start = end + 1;
    }
    for (int c = 0; c < 128; c++) rules->asciiCategory[c] = (uint16_t)ucptrie_get(rules->trie, c);

    rules->rows = rows;
    rules->rowBytes = (int32_t)rowBytes;
    rules->states = (int32_t)states;
    rules->categories = (int32_t)categories;
    rules->dictionaryStart = (int32_t)dictionaryStart;
    rules->slots = (int32_t)slots;
    rules->beginningRequired = (flags & BeginningRequired) != 0;
    bool trie8 = width == UCPTRIE_VALUE_BITS_8;
    rules->run = rows8 ? (trie8 ? run8Rows8Trie : run8Rows16Trie) : (trie8 ? run16Rows8Trie : run16Rows16Trie);
    rules->runThai = rows8 ? (trie8 ? runThai8Rows8Trie : runThai8Rows16Trie)
                           : (trie8 ? runThai16Rows8Trie : runThai16Rows16Trie);
    return true;
}

// A sample of Thai text for the check against ICU: sentences, words glued without spaces, the
// elision (ฯ) and repetition (ๆ) characters, runs of one to four characters, Thai digits, Latin
// letters and digits, punctuation and spaces.
static const char thaiSample[] =
    "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอนหรือวรรณยุกต์ เด็กๆ เล่นกันอยู่ที่สนามหญ้าหน้าบ้าน "
    "กรุงเทพฯ เป็นเมืองหลวงของประเทศไทย ฯลฯ สวัสดีครับ ขอบคุณมากค่ะ ไป มา ก ที่นี่ "
    "ปี ๒๕๖๗ (2024) มีคน 1,000 คนมาร่วมงานABCเพื่อเฉลิมฉลองวันสำคัญ! คอมพิวเตอร์โน้ตบุ๊กรุ่นใหม่ๆๆ";

// Whether the shim's rules with the Thai engine give ICU's boundaries over the sample (both
// offsets and the statuses), every Thai segment divided in the shim.
static bool agreesWithICU(const CICUBreakRules *rules, UBreakIterator *prototype) {
    enum { SampleUnits = sizeof(thaiSample), Batch = 16 };
    const int32_t length = (int32_t)(sizeof(thaiSample) - 1);
    UChar units[SampleUnits];
    int32_t unitCount = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(units, SampleUnits, &unitCount, thaiSample, length, &status);
    UBreakIterator *icu = U_SUCCESS(status) ? ubrk_clone(prototype, &status) : NULL;
    if (icu == NULL || U_FAILURE(status)) {
        if (icu != NULL) ubrk_close(icu);
        return false;
    }
    ubrk_setText(icu, units, unitCount, &status);
    CICUBreakRulesCursor cursor;
    memset(&cursor, 0, sizeof(cursor));
    bool same = U_SUCCESS(status) && CICU_breakRulesCursorSet(&cursor, rules, thaiSample, length);
    if (same) ubrk_first(icu);
    int32_t lastBytes = 0;
    int32_t lastUnits = 0;
    while (same) {
        int32_t bytes[Batch];
        int32_t shimUnits[Batch];
        int32_t statuses[Batch];
        bool needsICU = false;
        int32_t count = CICU_breakRulesNext(&cursor, bytes, shimUnits, statuses, Batch, &needsICU);
        if (needsICU) same = false;
        for (int32_t k = 0; k < count && same; k++) {
            // ICU's boundary and status, and the UTF-16 length of the UTF-8 up to the shim's.
            int32_t boundary = ubrk_next(icu);
            int32_t between = 0;
            UErrorCode measure = U_ZERO_ERROR;
            u_strFromUTF8(NULL, 0, &between, thaiSample + lastBytes, bytes[k] - lastBytes, &measure);
            same = boundary == shimUnits[k] && ubrk_getRuleStatus(icu) == statuses[k] &&
                   bytes[k] > lastBytes && lastUnits + between == shimUnits[k];
            lastBytes = bytes[k];
            lastUnits = shimUnits[k];
        }
        if (count == 0) {
            same = same && ubrk_next(icu) == UBRK_DONE && lastBytes == length && cursor.dictionarySegments > 0;
            break;
        }
    }
    CICU_breakRulesCursorFree(&cursor);
    ubrk_close(icu);
    return same;
}

// Lets `rules` divide Thai text with the shim's Thai engine when the engine loads, every
// character of its set is of a dictionary category of the rules (so that the rules stop on
// each, as ICU's engines pick them), and the rules with the engine agree with ICU's iterator
// `prototype` over a sample.
static void useThaiEngine(CICUBreakRules *rules, UBreakIterator *prototype) {
    if ((uint32_t)rules->dictionaryStart >= (uint32_t)rules->categories) return;
    const CICUThaiEngine *engine = CICU_thaiEngine();
    if (engine == NULL) return;
    for (uint32_t index = 0; index < 0x80; index++) {
        bool handled = CICU_thaiHandles(engine, index);
        if (handled && ucptrie_get(rules->trie, (UChar32)(0x0E00 + index)) < (uint32_t)rules->dictionaryStart) return;
        rules->thaiSet[index] = handled;
    }
    rules->thai = engine;
    if (!agreesWithICU(rules, prototype)) rules->thai = NULL;
}

CICUBreakRules *CICU_breakRulesLoad(const UBreakIterator *iterator) {
    if (iterator == NULL) return NULL;
    // ubrk_getBinaryRules reads the iterator without changing it; its parameter is not const.
    UBreakIterator *breaks = (UBreakIterator *)iterator;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ubrk_getBinaryRules(breaks, NULL, 0, &status);
    if (U_FAILURE(status) || length < 4 * HeaderWords) return NULL;
    CICUBreakRules *rules = calloc(1, sizeof(CICUBreakRules));
    if (rules == NULL) return NULL;
    rules->data = malloc((size_t)length);
    if (rules->data == NULL) {
        free(rules);
        return NULL;
    }
    int32_t copied = ubrk_getBinaryRules(breaks, rules->data, length, &status);
    if (U_FAILURE(status) || copied != length || !readRules(rules, (uint32_t)length)) {
        freeRules(rules);
        return NULL;
    }
    atomic_init(&rules->owners, 1);
    useThaiEngine(rules, breaks);
    return rules;
}

bool CICU_breakRulesDivideThai(const CICUBreakRules *rules) { return rules != NULL && rules->thai != NULL; }

CICUBreakRules *CICU_breakRulesRetain(CICUBreakRules *rules) {
    if (rules != NULL) atomic_fetch_add_explicit(&rules->owners, 1, memory_order_relaxed);
    return rules;
}

void CICU_breakRulesRelease(CICUBreakRules *rules) {
    if (rules == NULL) return;
    if (atomic_fetch_sub_explicit(&rules->owners, 1, memory_order_acq_rel) == 1) freeRules(rules);
}

bool CICU_breakRulesCursorSet(CICUBreakRulesCursor *cursor, const CICUBreakRules *rules,
                              const char *text, int32_t length) {
    cursor->rules = rules;
    cursor->length = 0;
    cursor->bytes = 0;
    cursor->units = 0;
    cursor->pendingCount = 0;
    cursor->pendingNext = 0;
    cursor->dictionarySegments = 0;
    cursor->thai = false;
    if (length > cursor->capacity || cursor->text == NULL) {
        int32_t capacity = length > 256 ? length : 256;
        uint8_t *copy = malloc((size_t)capacity);
        if (copy == NULL) return false;
        free(cursor->text);
        cursor->text = copy;
        cursor->capacity = capacity;
    }
    if (rules->slots > cursor->slots || cursor->lookahead == NULL) {
        int32_t slots = rules->slots > 8 ? rules->slots : 8;
        int32_t *lookahead = malloc(sizeof(int32_t) * 2 * (size_t)slots);
        if (lookahead == NULL) return false;
        free(cursor->lookahead);
        cursor->lookahead = lookahead;
        cursor->slots = slots;
    }
    // No slot holds a position at the start of a text.
    memset(cursor->lookahead, 0xFF, sizeof(int32_t) * 2 * (size_t)cursor->slots);
    if (length > 0) memcpy(cursor->text, text, (size_t)length);
    cursor->length = length;
    return true;
}

void CICU_breakRulesCursorFree(CICUBreakRulesCursor *cursor) {
    free(cursor->text);
    free(cursor->lookahead);
    free(cursor->pendingUnits);
    free(cursor->pendingBytes);
    free(cursor->chars);
    memset(cursor, 0, sizeof(*cursor));
}

int32_t CICU_breakRulesNext(CICUBreakRulesCursor *cursor, int32_t *bytes, int32_t *units,
                            int32_t *statuses, int32_t capacity, bool *needsICU) {
    *needsICU = false;
    if (cursor->rules == NULL || capacity <= 0) return 0;
    const CICUBreakRules *rules = cursor->rules;
    if (cursor->thai) return rules->runThai(cursor, bytes, units, statuses, capacity, needsICU);
    int32_t count = rules->run(cursor, bytes, units, statuses, capacity, needsICU);
    // At a text's first dictionary character, the loop with the Thai engine (when the rules
    // have it) goes on from that character's segment's start, and for the rest of the text; it
    // hands the text to ICU there in turn when the character is not the engine's.
    if (*needsICU && rules->thai != NULL && count < capacity) {
        *needsICU = false;
        cursor->thai = true;
        count += rules->runThai(cursor, bytes + count, units + count, statuses + count, capacity - count, needsICU);
    }
    return count;
}
