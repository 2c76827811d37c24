// ICU 72's Thai dictionary break engine over an array of characters (see thai_break.h).
//
// The dictionary (ICU's data item brkitr/thaidict.dict, format "Dict" 1): a header of eight
// int32 indexes (the trie's offset, the end of the trie, a reserved offset, the total size, the
// trie type, the transform, two reserved), then a BytesTrie of the words. A word's characters
// reach the trie transformed into one byte each: the code point minus the transform's offset
// (U+0E00 for Thai) when that is 0–0xFD, ZWJ 0xFF, ZWNJ 0xFE, any other code point -1 (which the
// trie reads as the byte 0xFF).
//
// The trie (ICU's BytesTrie, unicode/bytestrie.h) is a sequence of nodes: a lead byte below
// 0x10 starts a branch (0: its length follows in a byte, else the lead byte is it, less one),
// 0x10–0x1F a linear match of 1–16 bytes, 0x20 and above a value (bit 0: final, no bytes
// follow; the rest: the value's size) before the next node. A branch of more than five bytes
// is a binary search (a byte to compare, the jump for smaller bytes, then the rest); five or
// fewer are listed with a value each: final (the word ends there and goes no further) or a
// jump to the node that follows the byte.
#include "thai_break.h"
#include "internal.h"

#include <unicode/ubrk.h>
#include <unicode/udata.h>
#include <unicode/ures.h>
#include <unicode/uset.h>

#include <stdlib.h>
#include <string.h>

enum {
    // The dictionary's header (DictionaryData in ICU).
    IndexTrieOffset = 0,
    IndexTrieEnd = 1,
    IndexTotalSize = 3,
    IndexTrieType = 4,
    IndexTransform = 5,
    IndexCount = 8,
    TrieTypeMask = 7,
    TrieTypeBytes = 0,
    TransformTypeMask = 0x7F000000,
    TransformTypeOffset = 0x01000000,
    TransformOffsetMask = 0x1FFFFF,
    // The engine's constants (ThaiBreakEngine in ICU).
    MaxCandidates = 20,
    Lookahead = 3,
    RootCombineThreshold = 3,
    PrefixCombineThreshold = 3,
    MinWordSpan = 4,
    Paiyannoi = 0x2F,  // U+0E2F, the elision character
    Maiyamok = 0x46,   // U+0E46, the repetition character
    // The entry after a run for a character outside the set.
    NotThai = 0xFF,
};

// The trie's results (UStringTrieResult) and node kinds.
enum {
    NoMatch = 0,
    NoValue = 1,
    FinalValue = 2,
    IntermediateValue = 3,
    MaxLinearBranch = 5,
    MinLinearMatch = 0x10,
    MinValueLead = 0x20,
    MinOneByteValueLead = 0x10,
    MinTwoByteValueLead = 0x51,
    MinThreeByteValueLead = 0x6C,
    FourByteValueLead = 0x7E,
    MinTwoByteDeltaLead = 0xC0,
    MinThreeByteDeltaLead = 0xF0,
    FourByteDeltaLead = 0xFE,
};

// Per character offset from U+0E00 (and the NotThai entry): the engine's sets.
enum { InSet = 1, Mark = 2, EndWord = 4, BeginWord = 8, Suffix = 16 };

struct CICUThaiEngine {
    // The dictionary's data, open for the life of the process (as ICU keeps its engines').
    UDataMemory *memory;
    const uint8_t *trie;
    // The byte the trie reads for each character offset (NotThai included).
    uint8_t input[256];
    uint8_t sets[256];
};

// MARK: - The trie

// A walk through the trie: the next node (NULL after a mismatch) and the bytes left of a
// linear match node (-1 when none).
typedef struct {
    const uint8_t *position;
    int32_t remaining;
} TrieWalk;

static inline int32_t valueResult(int32_t node) { return IntermediateValue - (node & 1); }

// Moves past a value whose lead byte (already read) is `lead`.
static inline const uint8_t *skipValue(const uint8_t *position, int32_t lead) {
    if (lead >= (MinTwoByteValueLead << 1)) {
        if (lead < (MinThreeByteValueLead << 1)) {
            position += 1;
        } else if (lead < (FourByteValueLead << 1)) {
            position += 2;
        } else {
            position += 3 + ((lead >> 1) & 1);
        }
    }
    return position;
}

// Moves past a branch's jump delta.
static inline const uint8_t *skipDelta(const uint8_t *position) {
    int32_t delta = *position++;
    if (delta >= MinTwoByteDeltaLead) {
        if (delta < MinThreeByteDeltaLead) {
            position += 1;
        } else if (delta < FourByteDeltaLead) {
            position += 2;
        } else {
            position += 3 + (delta & 1);
        }
    }
    return position;
}

// Reads a branch's jump delta and jumps.
static inline const uint8_t *jumpByDelta(const uint8_t *position) {
    int32_t delta = *position++;
    if (delta < MinTwoByteDeltaLead) {
        // One byte.
    } else if (delta < MinThreeByteDeltaLead) {
        delta = ((delta - MinTwoByteDeltaLead) << 8) | *position++;
    } else if (delta < FourByteDeltaLead) {
        delta = ((delta - MinThreeByteDeltaLead) << 16) | (position[0] << 8) | position[1];
        position += 2;
    } else if (delta == FourByteDeltaLead) {
        delta = (position[0] << 16) | (position[1] << 8) | position[2];
        position += 3;
    } else {
        delta = (int32_t)(((uint32_t)position[0] << 24) | ((uint32_t)position[1] << 16) | ((uint32_t)position[2] << 8) |
                          position[3]);
        position += 4;
    }
    return position + delta;
}

// The value whose lead byte, shifted right by one, is `lead`, at `*position` (moved past it).
static inline int32_t readValue(const uint8_t **position, int32_t lead) {
    const uint8_t *p = *position;
    int32_t value;
    if (lead < MinTwoByteValueLead) {
        value = lead - MinOneByteValueLead;
    } else if (lead < MinThreeByteValueLead) {
        value = ((lead - MinTwoByteValueLead) << 8) | p[0];
        p += 1;
    } else if (lead < FourByteValueLead) {
        value = ((lead - MinThreeByteValueLead) << 16) | (p[0] << 8) | p[1];
        p += 2;
    } else if (lead == FourByteValueLead) {
        value = (p[0] << 16) | (p[1] << 8) | p[2];
        p += 3;
    } else {
        value = (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
        p += 4;
    }
    *position = p;
    return value;
}

// What a walk reaching `position` (after a matched byte) has there: a value or not.
static inline int32_t resultAt(const uint8_t *position) {
    int32_t node = *position;
    return node >= MinValueLead ? valueResult(node) : NoValue;
}

// One byte through the branch at `position` (after its lead byte, `length` from it).
static int32_t branchNext(TrieWalk *walk, const uint8_t *position, int32_t length, int32_t byte) {
    if (length == 0) length = *position++;
    length++;
    // A binary search down to a short list.
    while (length > MaxLinearBranch) {
        if (byte < *position++) {
            length >>= 1;
            position = jumpByDelta(position);
        } else {
            length = length - (length >> 1);
            position = skipDelta(position);
        }
    }
    // The list: each byte but the last with a value (final: the word ends; else the jump to
    // the byte's node); the last byte's node follows it.
    do {
        if (byte == *position++) {
            int32_t node = *position;
            int32_t result;
            if (node & 1) {
                result = FinalValue;
            } else {
                position++;
                int32_t delta = readValue(&position, node >> 1);
                position += delta;
                result = resultAt(position);
            }
            walk->position = position;
            return result;
        }
        length--;
        position = skipValue(position + 1, *position);
    } while (length > 1);
    if (byte == *position++) {
        walk->position = position;
        return resultAt(position);
    }
    walk->position = NULL;
    return NoMatch;
}

// One byte from the node at `position`.
static int32_t nodeNext(TrieWalk *walk, const uint8_t *position, int32_t byte) {
    for (;;) {
        int32_t node = *position++;
        if (node < MinLinearMatch) return branchNext(walk, position, node, byte);
        if (node < MinValueLead) {
            // A linear match: its first byte here, the rest on later steps.
            int32_t length = node - MinLinearMatch;
            if (byte != *position++) break;
            walk->remaining = --length;
            walk->position = position;
            return length < 0 ? resultAt(position) : NoValue;
        }
        // A final value ends every word here; an intermediate one is skipped.
        if (node & 1) break;
        position = skipValue(position, node);
    }
    walk->position = NULL;
    return NoMatch;
}

static inline int32_t trieFirst(TrieWalk *walk, const uint8_t *trie, int32_t byte) {
    walk->remaining = -1;
    return nodeNext(walk, trie, byte);
}

static inline int32_t trieNext(TrieWalk *walk, int32_t byte) {
    const uint8_t *position = walk->position;
    if (position == NULL) return NoMatch;
    int32_t length = walk->remaining;
    if (length >= 0) {
        if (byte != *position++) {
            walk->position = NULL;
            return NoMatch;
        }
        walk->remaining = --length;
        walk->position = position;
        return length < 0 ? resultAt(position) : NoValue;
    }
    return nodeNext(walk, position, byte);
}

// MARK: - The engine

// The dictionary words that start at one position (ICU's PossibleWord): their lengths in
// characters, shortest first, the longest prefix of a word matched there, the position they
// were looked up at (kept, so that a second look-up there reuses them), the preferred one and
// the one being tried.
typedef struct {
    int32_t count;
    int32_t prefix;
    int32_t offset;
    int32_t mark;
    int32_t current;
    int32_t lengths[MaxCandidates];
} Words;

typedef struct {
    const CICUThaiEngine *engine;
    const uint8_t *chars;
    int32_t end;       // the run's length
    int32_t position;  // the text position, in characters from the run's start
} Run;

// The words of the dictionary that start at `start`, read no further than `maxLength`
// characters (BytesDictionaryMatcher::matches): their lengths (at most MaxCandidates) into
// `lengths`, the characters read into `*prefix` (the one that matched nothing included).
static int32_t matchWords(const Run *run, int32_t start, int32_t maxLength, int32_t *lengths, int32_t *prefix) {
    const CICUThaiEngine *engine = run->engine;
    TrieWalk walk;
    int32_t found = 0;
    int32_t matched = 0;
    // ICU reads one character even with no room; the engine never asks with none.
    for (int32_t i = start; maxLength > 0; i++) {
        int32_t byte = engine->input[run->chars[i]];
        int32_t result = matched == 0 ? trieFirst(&walk, engine->trie, byte) : trieNext(&walk, byte);
        matched++;
        if (result >= FinalValue) {
            if (found < MaxCandidates) lengths[found++] = matched;
            if (result == FinalValue) break;
        } else if (result == NoMatch) {
            break;
        }
        if (matched >= maxLength) break;
    }
    *prefix = matched;
    return found;
}

// PossibleWord::candidates: the words at the run's position (looked up once per position),
// the position moved past the longest, the longest marked and tried first.
static int32_t candidates(Run *run, Words *words) {
    int32_t start = run->position;
    if (start != words->offset) {
        words->offset = start;
        words->count = matchWords(run, start, run->end - start, words->lengths, &words->prefix);
    }
    if (words->count > 0) run->position = start + words->lengths[words->count - 1];
    words->current = words->count - 1;
    words->mark = words->current;
    return words->count;
}

// PossibleWord::acceptMarked: the position after the marked word, and its length.
static inline int32_t acceptMarked(Run *run, const Words *words) {
    run->position = words->offset + words->lengths[words->mark];
    return words->lengths[words->mark];
}

// PossibleWord::backUp: the next shorter word, if any, and the position after it.
static inline bool backUp(Run *run, Words *words) {
    if (words->current > 0) {
        run->position = words->offset + words->lengths[--words->current];
        return true;
    }
    return false;
}

bool CICU_thaiHandles(const CICUThaiEngine *engine, uint32_t index) {
    return index < 0x80 && (engine->sets[index] & InSet) != 0;
}

int32_t CICU_thaiDivide(const CICUThaiEngine *engine, const uint8_t *chars, int32_t count, int32_t first,
                        int32_t *breaks, int32_t *used) {
    // Fewer than two words' worth of characters (every one a UTF-16 unit): left whole.
    if (count <= MinWordSpan) return 0;
    const uint8_t *const sets = engine->sets;
    Run run = {engine, chars, count, 0};
    Words words[Lookahead];
    for (int32_t i = 0; i < Lookahead; i++) {
        words[i].count = 0;
        words[i].prefix = 0;
        words[i].offset = -1;
        words[i].mark = 0;
        words[i].current = 0;
    }
    uint32_t wordsFound = 0;
    int32_t current;
    while ((current = run.position) < count) {
        int32_t wordChars = 0;  // characters and UTF-16 units alike
        Words *here = &words[wordsFound % Lookahead];
        int32_t found = candidates(&run, here);
        if (found == 1) {
            wordChars = acceptMarked(&run, here);
            wordsFound++;
        } else if (found > 1) {
            // The candidate that the most dictionary words follow (up to three in a row), else
            // the longest.
            if (run.position >= count) goto foundBest;
            do {
                if (candidates(&run, &words[(wordsFound + 1) % Lookahead]) > 0) {
                    here->mark = here->current;
                    if (run.position >= count) goto foundBest;
                    do {
                        if (candidates(&run, &words[(wordsFound + 2) % Lookahead]) != 0) {
                            here->mark = here->current;
                            goto foundBest;
                        }
                    } while (backUp(&run, &words[(wordsFound + 1) % Lookahead]));
                }
            } while (backUp(&run, here));
        foundBest:
            wordChars = acceptMarked(&run, here);
            wordsFound++;
        }
        // The word's length in code points (the same as in units here) decides whether what
        // follows may join it.
        int32_t wordCodePoints = wordChars;
        uint32_t next = 0;
        if (run.position < count && wordCodePoints < RootCombineThreshold) {
            Words *after = &words[wordsFound % Lookahead];
            if (candidates(&run, after) <= 0 && (wordChars == 0 || after->prefix < PrefixCombineThreshold)) {
                // No word follows: skip to a plausible word start (a character that may end a
                // word, then one that may begin one, where a dictionary word starts), or to
                // the end of the run.
                int32_t remaining = count - (current + wordChars);
                int32_t skipped = 0;
                for (;;) {
                    uint32_t previous = chars[run.position];
                    run.position++;
                    skipped++;
                    remaining--;
                    if (remaining <= 0) break;
                    next = chars[run.position];
                    if ((sets[previous] & EndWord) && (sets[next] & BeginWord)) {
                        int32_t following = candidates(&run, &words[(wordsFound + 1) % Lookahead]);
                        run.position = current + wordChars + skipped;
                        if (following > 0) break;
                    }
                }
                if (wordChars <= 0) wordsFound++;
                wordChars += skipped;
            } else {
                run.position = current + wordChars;
            }
        }
        // Never a break before a combining mark.
        while (run.position < count && (sets[chars[run.position]] & Mark)) {
            run.position++;
            wordChars++;
        }
        // PAIYANNOI and MAIYAMOK after a word that no dictionary word follows join it (each
        // unless the character before it is one of the two, or MAIYAMOK itself). The entry
        // after the run (chars[count]) stands for the character there in the text.
        if (run.position < count && wordChars > 0) {
            if (candidates(&run, &words[wordsFound % Lookahead]) <= 0 &&
                (sets[next = chars[run.position]] & Suffix)) {
                if (next == Paiyannoi) {
                    if (!(sets[chars[run.position - 1]] & Suffix)) {
                        run.position++;
                        wordChars++;
                        next = chars[run.position];
                    }
                }
                if (next == Maiyamok) {
                    if (chars[run.position - 1] != Maiyamok) {
                        run.position++;
                        wordChars++;
                    }
                }
            } else {
                run.position = current + wordChars;
            }
        }
        if (wordChars > 0) breaks[(*used)++] = first + current + wordChars;
    }
    // No break at the run's end: the segment's own boundary is there.
    if (*used > 0 && breaks[*used - 1] >= first + count) {
        (*used)--;
        wordsFound--;
    }
    return (int32_t)wordsFound;
}

// MARK: - Loading

static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;
static CICUThaiEngine *loaded;

static UBool isDictionary(void *context, const char *type, const char *name, const UDataInfo *info) {
    (void)context;
    (void)type;
    (void)name;
    return info->size >= sizeof(UDataInfo) && info->isBigEndian == U_IS_BIG_ENDIAN &&
           info->charsetFamily == U_CHARSET_FAMILY && info->dataFormat[0] == 'D' && info->dataFormat[1] == 'i' &&
           info->dataFormat[2] == 'c' && info->dataFormat[3] == 't' && info->formatVersion[0] == 1;
}

// Sets `flag` for the character offsets of the set `pattern` (whose characters must all lie in
// U+0E00–U+0E7F, else false).
static bool addSet(CICUThaiEngine *engine, const UChar *pattern, uint8_t flag) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openPattern(pattern, -1, &status);
    if (U_FAILURE(status) || set == NULL) {
        if (set != NULL) uset_close(set);
        return false;
    }
    bool fits = !uset_isEmpty(set);
    int32_t items = uset_getItemCount(set);
    for (int32_t item = 0; item < items && fits; item++) {
        UChar32 start = 0;
        UChar32 end = 0;
        UErrorCode itemStatus = U_ZERO_ERROR;
        int32_t length = uset_getItem(set, item, &start, &end, NULL, 0, &itemStatus);
        if (U_FAILURE(itemStatus) || length != 0 || start < 0x0E00 || end > 0x0E7F) {
            fits = false;
            break;
        }
        for (UChar32 c = start; c <= end; c++) engine->sets[c - 0x0E00] |= flag;
    }
    uset_close(set);
    return fits;
}

static void load(void) {
    UErrorCode status = U_ZERO_ERROR;
    // The data file's name: brkitr's root bundle, "dictionaries", the script's short name
    // ("thaidict.dict"), as ICU's break engine factory finds it.
    UResourceBundle *root = ures_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "brkitr", "", &status);
    UResourceBundle *dictionaries = ures_getByKey(root, "dictionaries", NULL, &status);
    int32_t nameLength = 0;
    const UChar *name = ures_getStringByKey(dictionaries, "Thai", &nameLength, &status);
    char file[64];
    bool named = U_SUCCESS(status) && nameLength > 0 && nameLength < (int32_t)sizeof(file);
    if (named) u_UCharsToChars(name, file, nameLength);
    if (named) file[nameLength] = 0;
    ures_close(dictionaries);
    ures_close(root);
    if (!named) return;
    char *dot = strrchr(file, '.');
    if (dot == NULL) return;
    *dot = 0;
    UDataMemory *memory =
        udata_openChoice(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "brkitr", dot + 1, file, isDictionary, NULL, &status);
    if (U_FAILURE(status) || memory == NULL) return;
    const uint8_t *data = udata_getMemory(memory);
    int32_t indexes[IndexCount];
    memcpy(indexes, data, sizeof(indexes));
    int32_t transform = indexes[IndexTransform];
    if (indexes[IndexTrieOffset] < (int32_t)sizeof(indexes) || indexes[IndexTrieEnd] <= indexes[IndexTrieOffset] ||
        indexes[IndexTotalSize] < indexes[IndexTrieEnd] || (indexes[IndexTrieType] & TrieTypeMask) != TrieTypeBytes ||
        (transform & TransformTypeMask) != TransformTypeOffset) {
        udata_close(memory);
        return;
    }
    CICUThaiEngine *engine = calloc(1, sizeof(CICUThaiEngine));
    if (engine == NULL) {
        udata_close(memory);
        return;
    }
    engine->memory = memory;
    engine->trie = data + indexes[IndexTrieOffset];
    // The transform of each character offset (BytesDictionaryMatcher::transform); NotThai
    // stands for a character outside the set, which the trie reads as 0xFF.
    int32_t base = transform & TransformOffsetMask;
    for (int32_t i = 0; i < 256; i++) {
        int32_t delta = 0x0E00 + i - base;
        engine->input[i] = i >= 0x80 ? 0xFF : (delta < 0 || delta > 0xFD) ? 0xFF : (uint8_t)delta;
    }
    // The engine's sets, as ThaiBreakEngine's constructor makes them.
    bool sets = addSet(engine, u"[[:Thai:]&[:LineBreak=SA:]]", InSet | EndWord) &&
                addSet(engine, u"[[:Thai:]&[:LineBreak=SA:]&[:M:]]", Mark) &&
                addSet(engine, u"[\\u0E01-\\u0E2E\\u0E40-\\u0E44]", BeginWord) &&
                addSet(engine, u"[\\u0E2F\\u0E46]", Suffix);
    engine->sets[0x31] &= (uint8_t)~EndWord;
    for (int32_t i = 0x40; i <= 0x44; i++) engine->sets[i] &= (uint8_t)~EndWord;
    // Every character the engine is asked about is in its set; the entry after a run may be
    // NotThai, which is in none.
    if (!sets || (engine->sets[Paiyannoi] & InSet) == 0 || (engine->sets[Maiyamok] & InSet) == 0) {
        free(engine);
        udata_close(memory);
        return;
    }
    loaded = engine;
}

const CICUThaiEngine *CICU_thaiEngine(void) {
    pthread_once(&loadOnce, load);
    return loaded;
}
