// Break iterators (ubrk) and full case mapping (u_strToUpper/Lower/Title) behind the shim.
//
// Why: ubrk_* and u_strTo* are renamed per ICU version. A UBreakIterator is stateful (its text
// and position) and not thread-safe: a handle is either a prototype, opened once per locale and
// kind, never given text and cloned under its own lock, or a clone owned by one iteration at a
// time, which the prototype keeps for the next iteration when it ends. An iteration runs ICU's
// compiled rules in the shim over the text's UTF-8 (break_rules.h), Thai segments divided by
// the shim's port of ICU's Thai engine (thai_break.h), until a character of another
// dictionary category, from which on ICU iterates the widened text.
#include "CICU_Text.h"
#include "break_rules.h"
#include "internal.h"

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

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

// Which path an iteration takes (CICU_breakIteratorPath).
enum {
    PathICU = CICU_BREAK_PATH_ICU,
    PathRules = CICU_BREAK_PATH_RULES,
    PathRulesThenICU = CICU_BREAK_PATH_RULES_THEN_ICU,
    PathRulesThai = CICU_BREAK_PATH_RULES_THAI,
};

struct CICUBreakIterator {
    UBreakIterator *iterator;
    // ICU's compiled rules of the iterator, run by the shim over UTF-8 (break_rules.h): read
    // once when the prototype is opened and shared by its clones; NULL when the iterator has
    // none the shim runs (then every iteration is ICU's).
    CICUBreakRules *rules;
    // A clone's path for its current text, and the text's iteration on the rules (a UTF-8
    // copy and the last boundary) while the path is PathRules.
    int32_t path;
    CICUBreakRulesCursor ruleCursor;
    // A prototype: cloned under `lock`, never given text; `idle` holds clones that finished an
    // iteration (NULL for an empty slot), each taken and put back with one atomic exchange.
    // A clone: iterated by one owner, on the rules over its UTF-8 copy (`ruleCursor`) or by ICU
    // over its text widened into `units`.
    bool isPrototype;
    pthread_mutex_t lock;  // initialized for prototypes only
    _Atomic(struct CICUBreakIterator *) idle[IdleClones];
    // A clone's text: the UTF-16 units ICU reads (`capacity` allocated), whether every unit
    // is ASCII (then a UTF-16 offset is the UTF-8 offset), the UTF-8 offset of each unit for
    // other text of at most OffsetTableBytes bytes (`offsets`, `length` + 1 entries used of
    // `offsetsCapacity`; NULL while not in use), and the last boundary returned in both
    // encodings.
    UChar *units;
    int32_t capacity;
    int32_t length;
    bool isASCII;
    int32_t *offsets;
    int32_t offsetsCapacity;
    bool hasOffsets;
    int32_t lastUnits;
    int32_t lastBytes;
    // The boundaries of the last CICU_breakIteratorNextBatch into the iterator's own buffers
    // (CICU_breakIteratorBuffers), so that an iteration allocates none.
    int32_t batchBytes[CICU_BREAK_BATCH];
    int32_t batchUnits[CICU_BREAK_BATCH];
    int32_t batchStatuses[CICU_BREAK_BATCH];
};

// The longest text, in UTF-8 bytes, whose boundaries map to UTF-8 through a table of the
// UTF-8 offset of each UTF-16 unit (4 bytes per unit, filled while widening: one load per
// boundary). Longer text maps by counting the UTF-8 bytes of the units between boundaries,
// which needs no memory beyond the units.
enum { OffsetTableBytes = 1 << 16 };

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
    CICUBreakIterator *prototype = wrap(iterator, true, st);
    // Read and checked here, once, before the prototype is shared.
    if (prototype != NULL) prototype->rules = CICU_breakRulesLoad(iterator);
    return prototype;
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
    CICUBreakIterator *handle = wrap(clone, false, st);
    if (handle != NULL) handle->rules = CICU_breakRulesRetain(prototype->rules);
    return handle;
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
    CICU_breakRulesRelease(iterator->rules);
    CICU_breakRulesCursorFree(&iterator->ruleCursor);
    free(iterator->units);
    free(iterator->offsets);
    free(iterator);
}

// Eight bytes, eight units and eight offsets as vectors (clang's and GCC's vector extensions:
// SSE2 or NEON stores, not sixteen scalar ones).
typedef uint8_t Bytes8 __attribute__((vector_size(8)));
typedef uint16_t Units8 __attribute__((vector_size(16)));
typedef int32_t Offsets4 __attribute__((vector_size(16)));

// Copies the eight ASCII bytes at `bytes` into eight units at `out`.
static inline void widenASCII8(const uint8_t *bytes, UChar *out) {
    Bytes8 eight;
    memcpy(&eight, bytes, 8);
    Units8 units = __builtin_convertvector(eight, Units8);
    memcpy(out, &units, 16);
}

// Writes the eight offsets `first`, `first` + 1, … `first` + 7 at `offsets`.
static inline void countOffsets8(int32_t first, int32_t *offsets) {
    Offsets4 low = (Offsets4){0, 1, 2, 3} + first;
    Offsets4 high = low + 4;
    memcpy(offsets, &low, 16);
    memcpy(offsets + 4, &high, 16);
}

#if defined(__x86_64__)
// Which three-byte decoder below the processor allows; the package's baseline (x86-64: SSE2)
// promises neither SSSE3 (PSHUFB, PMADDUBSW) nor AVX2. Asked of the compiler runtime's CPU
// model once, then one relaxed load per call.
enum { VectorUnknown = 0, VectorNone, VectorSSSE3, VectorAVX2 };

static int vectorLevel(void) {
    static _Atomic int known = VectorUnknown;
    int level = atomic_load_explicit(&known, memory_order_relaxed);
    if (level == VectorUnknown) {
        __builtin_cpu_init();
        level = __builtin_cpu_supports("avx2")    ? VectorAVX2
                : __builtin_cpu_supports("ssse3") ? VectorSSSE3
                                                  : VectorNone;
        atomic_store_explicit(&known, level, memory_order_relaxed);
    }
    return level;
}

// The three-byte decoders read 16 bytes at a time, of which 15 hold five sequences (a
// sequence never straddles two loads): sequence k at bytes 3k, 3k + 1 and 3k + 2. These are
// the byte constants for one such load, each written out once for 128-bit registers and
// twice for 256-bit ones (which hold two loads, one per 128-bit half).
//
// The form, byte by byte: 1110xxxx 10xxxxxx 10xxxxxx (byte 15, the next load's first, masked
// to 0 and compared with 0, always matches).
#define FORM_MASK_BYTES                                                                                      \
    (char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0, \
        (char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0, 0
#define FORM_BYTES                                                                                           \
    (char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80, \
        (char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80, 0
// The payload bits of each byte: four of a lead, six of a trail.
#define PAYLOAD_BYTES 0x0F, 0x3F, 0x3F, 0x0F, 0x3F, 0x3F, 0x0F, 0x3F, 0x3F, 0x0F, 0x3F, 0x3F, 0x0F, 0x3F, 0x3F, 0
// Shuffles into 16-bit lane k (k < 5): the second byte's bits below the lead's, and the
// third byte's alone; -1 makes a zero byte, so that lanes 5–7 are 0.
#define SECOND_LEAD_BYTES 1, 0, 4, 3, 7, 6, 10, 9, 13, 12, -1, -1, -1, -1, -1, -1
#define THIRD_BYTES 2, -1, 5, -1, 8, -1, 11, -1, 14, -1, -1, -1, -1, -1, -1, -1

// The five units of one 16-byte load (lanes 5–7 are 0), with two masks: `formed`, one bit
// per byte in form (0xFFFF when all five sequences are), and `outside`, two bits per 16-bit
// lane whose unit is out of range: its top five bits are 0 below U+0800 (an overlong form,
// and lanes 5–7) or 11011 for a surrogate. The unit is second + 64 × lead (PMADDUBSW with
// weights 1 and 64: the top ten bits) shifted up by six, or-ed with the third byte's bits.
__attribute__((target("ssse3"), always_inline)) static inline __m128i decodeFive(__m128i block, int *formed,
                                                                                  int *outside) {
    *formed = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(block, _mm_setr_epi8(FORM_MASK_BYTES)),
                                               _mm_setr_epi8(FORM_BYTES)));
    __m128i bits = _mm_and_si128(block, _mm_setr_epi8(PAYLOAD_BYTES));
    __m128i high = _mm_maddubs_epi16(_mm_shuffle_epi8(bits, _mm_setr_epi8(SECOND_LEAD_BYTES)),
                                     _mm_set1_epi16(0x4001));
    __m128i units = _mm_or_si128(_mm_slli_epi16(high, 6), _mm_shuffle_epi8(bits, _mm_setr_epi8(THIRD_BYTES)));
    __m128i top = _mm_and_si128(units, _mm_set1_epi16((short)0xF800));
    *outside = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi16(top, _mm_setzero_si128()),
                                              _mm_cmpeq_epi16(top, _mm_set1_epi16((short)0xD800))));
    return units;
}

// Widens the load at bytes[*position] (16 bytes there): stores eight units and eight offsets
// at *unitOut and *offsetOut, of which the first five, or as many as are well-formed, count,
// and moves the three on past them. After fewer than five, one ASCII byte that a three-byte
// lead follows (the space between Thai sentences, a full stop) is written too. Returns whether
// the run goes on: all five were well-formed, or the ASCII byte was written.
__attribute__((target("ssse3"), always_inline)) static inline bool widenFive(const uint8_t *bytes, int32_t *position,
                                                                             UChar **unitOut, int32_t **offsetOut) {
    int32_t i = *position;
    int formed;
    int outside;
    __m128i units = decodeFive(_mm_loadu_si128((const __m128i *)(const void *)(bytes + i)), &formed, &outside);
    __m128i firstOffsets = _mm_add_epi32(_mm_set1_epi32(i), _mm_setr_epi32(0, 3, 6, 9));
    _mm_storeu_si128((__m128i *)(void *)*unitOut, units);
    _mm_storeu_si128((__m128i *)(void *)*offsetOut, firstOffsets);
    _mm_storeu_si128((__m128i *)(void *)(*offsetOut + 4), _mm_add_epi32(firstOffsets, _mm_set1_epi32(12)));
    if (formed == 0xFFFF && (outside & 0x3FF) == 0) {
        *unitOut += 5;
        *offsetOut += 5;
        *position = i + 15;
        return true;
    }
    // The sequences before the first with a byte out of form or a unit out of range (lane 5
    // is always out of range; byte 15 is always in form).
    int32_t formedSequences = formed == 0xFFFF ? 5 : __builtin_ctz((unsigned)~formed) / 3;
    int32_t inRange = __builtin_ctz((unsigned)outside) / 2;
    int32_t good = formedSequences < inRange ? formedSequences : inRange;
    *unitOut += good;
    *offsetOut += good;
    i += 3 * good;
    // At most 12 of the 16 bytes were read: bytes[i + 1] is in the text.
    uint8_t byte = bytes[i];
    if (byte >= 0x80 || (bytes[i + 1] & 0xF0) != 0xE0) {
        *position = i;
        return false;
    }
    *(*unitOut)++ = byte;
    *(*offsetOut)++ = i;
    *position = i + 1;
    return true;
}

// Decodes well-formed three-byte sequences from bytes[*position] while 16 bytes remain, each
// unit into `out` and its UTF-8 offset into `offsets`, five per load (widenFive). A sequence
// is well-formed here as in the scalar loop of widenWithOffsets: 1110xxxx 10xxxxxx 10xxxxxx,
// neither overlong (below U+0800) nor a surrogate (U+D800–DFFF). One ASCII byte between two
// such sequences is written too, and the run goes on after it. Stops at any other byte (more
// ASCII, two or four bytes, ill-formed), whose units the caller's loops write. Moves *position
// past what it read; returns the units written.
//
// The stores past the units that count are overwritten by what follows, and the room is
// there: the units written so far never outnumber the bytes read (*position at least), so
// with 16 bytes left, unit 8 past the last written is still below `length`, which `out` and
// `offsets` hold.
__attribute__((target("ssse3"))) static int32_t widenThreeByteRunSSSE3(const uint8_t *bytes, int32_t *position,
                                                                        int32_t length, UChar *out,
                                                                        int32_t *offsets) {
    UChar *unitOut = out;
    int32_t *offsetOut = offsets;
    while (*position + 16 <= length && widenFive(bytes, position, &unitOut, &offsetOut)) {
    }
    return (int32_t)(unitOut - out);
}

// widenThreeByteRunSSSE3 with ten sequences per step while 31 bytes remain: two loads (at i
// and i + 15) in the halves of a 256-bit register, decoded as decodeFive does, and written
// when all ten are well-formed; otherwise (and for the last 16 to 30 bytes) one load at a
// time with widenFive. The room: with 31 bytes left, unit 13 past the last written is below
// `length`.
__attribute__((target("avx2"))) static int32_t widenThreeByteRunAVX2(const uint8_t *bytes, int32_t *position,
                                                                      int32_t length, UChar *out,
                                                                      int32_t *offsets) {
    const __m256i formMask = _mm256_setr_epi8(FORM_MASK_BYTES, FORM_MASK_BYTES);
    const __m256i form = _mm256_setr_epi8(FORM_BYTES, FORM_BYTES);
    const __m256i payload = _mm256_setr_epi8(PAYLOAD_BYTES, PAYLOAD_BYTES);
    const __m256i secondLead = _mm256_setr_epi8(SECOND_LEAD_BYTES, SECOND_LEAD_BYTES);
    const __m256i third = _mm256_setr_epi8(THIRD_BYTES, THIRD_BYTES);
    const __m256i weights = _mm256_set1_epi16(0x4001);
    const __m256i rangeMask = _mm256_set1_epi16((short)0xF800);
    const __m256i surrogates = _mm256_set1_epi16((short)0xD800);
    const __m256i zero = _mm256_setzero_si256();
    // The offsets of the ten sequences, in eight and then four (two of which count).
    const __m256i steps = _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
    const __m128i toLast = _mm_set1_epi32(24);
    const __m256i toNext = _mm256_set1_epi32(30);
    UChar *unitOut = out;
    int32_t *offsetOut = offsets;
    int32_t i = *position;
    do {
        __m256i firstOffsets = _mm256_add_epi32(_mm256_set1_epi32(i), steps);
        while (i + 31 <= length) {
            __m256i block = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(bytes + i))),
                _mm_loadu_si128((const __m128i *)(const void *)(bytes + i + 15)), 1);
            unsigned formed = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(block, formMask), form));
            __m256i bits = _mm256_and_si256(block, payload);
            __m256i high = _mm256_maddubs_epi16(_mm256_shuffle_epi8(bits, secondLead), weights);
            __m256i units = _mm256_or_si256(_mm256_slli_epi16(high, 6), _mm256_shuffle_epi8(bits, third));
            __m256i top = _mm256_and_si256(units, rangeMask);
            unsigned outside = (unsigned)_mm256_movemask_epi8(
                _mm256_or_si256(_mm256_cmpeq_epi16(top, zero), _mm256_cmpeq_epi16(top, surrogates)));
            // Every byte in form, and lanes 0–4 of both halves in range.
            if ((~formed | (outside & 0x03FF03FFu)) != 0) break;
            _mm_storeu_si128((__m128i *)(void *)unitOut, _mm256_castsi256_si128(units));
            _mm_storeu_si128((__m128i *)(void *)(unitOut + 5), _mm256_extracti128_si256(units, 1));
            _mm256_storeu_si256((__m256i *)(void *)offsetOut, firstOffsets);
            _mm_storeu_si128((__m128i *)(void *)(offsetOut + 8),
                             _mm_add_epi32(_mm256_castsi256_si128(firstOffsets), toLast));
            firstOffsets = _mm256_add_epi32(firstOffsets, toNext);
            unitOut += 10;
            offsetOut += 10;
            i += 30;
        }
    } while (i + 16 <= length && widenFive(bytes, &i, &unitOut, &offsetOut));
    *position = i;
    return (int32_t)(unitOut - out);
}
#endif

// Widens well-formed or ill-formed UTF-8 (`length` bytes) into `out` (room for `length`
// units), as CICU_widenUTF8 does (U+FFFD for each ill-formed sequence, as U8_NEXT reads it),
// and writes the UTF-8 offset of each unit written to `offsets` (room for `length` + 1), and
// the text's length after the last: a boundary before unit i is at byte offsets[i]. The
// trail surrogate of a pair gets its lead's offset plus 2, the count that the bytes-per-unit
// mapping of longer text gives it (ICU never breaks inside a pair). The first `start` bytes
// are ASCII already widened into `out` (only their offsets are written). Returns the units
// written.
static int32_t widenWithOffsets(const uint8_t *bytes, int32_t length, int32_t start, UChar *out,
                                int32_t *offsets) {
    int32_t i = start;
    int32_t written = start;
    int32_t k = 0;
    for (; k + 8 <= start; k += 8) countOffsets8(k, offsets + k);
    for (; k < start; k++) offsets[k] = k;
    while (i < length) {
        uint8_t lead = bytes[i];
        if (lead < 0x80) {
            // An ASCII run, eight bytes at a time while they last.
            while (i + 8 <= length) {
                uint64_t word;
                memcpy(&word, bytes + i, 8);
                if ((word & 0x8080808080808080ull) != 0) break;
                widenASCII8(bytes + i, out + written);
                countOffsets8(i, offsets + written);
                i += 8;
                written += 8;
            }
            while (i < length && bytes[i] < 0x80) {
                out[written] = bytes[i];
                offsets[written++] = i++;
            }
            continue;
        }
        // A run of three-byte sequences (the rest of the BMP: Thai, CJK, punctuation …), each
        // neither overlong (E0 80–9F, below U+0800) nor a surrogate (ED A0–BF), which U8_NEXT
        // rejects.
        if ((lead & 0xF0) == 0xE0) {
            const int32_t runStart = i;
#if defined(__x86_64__)
            // Sixteen bytes or more: five or ten sequences per step in vector registers first
            // (and single ASCII bytes between runs), where the processor allows; only for a run
            // of two or more, so that a lone dash or quotation mark in other text costs no more
            // than it did.
            if (i + 16 <= length && (bytes[i + 3] & 0xF0) == 0xE0) {
                int level = vectorLevel();
                if (level == VectorAVX2) {
                    written += widenThreeByteRunAVX2(bytes, &i, length, out + written, offsets + written);
                } else if (level == VectorSSSE3) {
                    written += widenThreeByteRunSSSE3(bytes, &i, length, out + written, offsets + written);
                }
            }
#endif
            const uint8_t *next = bytes + i;
            const uint8_t *const last = bytes + (length >= 2 ? length - 2 : 0);
            UChar *unitOut = out + written;
            int32_t *offsetOut = offsets + written;
            while (next < last) {
                uint32_t first = next[0];
                uint32_t second = next[1];
                uint32_t third = next[2];
                // 1110xxxx 10xxxxxx 10xxxxxx, in one comparison.
                if (((first << 16 | second << 8 | third) & 0xF0C0C0) != 0xE08080) break;
                UChar unit = (UChar)(((first & 0x0F) << 12) | ((second & 0x3F) << 6) | (third & 0x3F));
                if (unit < 0x800 || (unit & 0xF800) == 0xD800) break;
                *offsetOut++ = (int32_t)(next - bytes);
                *unitOut++ = unit;
                next += 3;
            }
            if (next - bytes > runStart) {
                i = (int32_t)(next - bytes);
                written = (int32_t)(unitOut - out);
                continue;
            }
        }
        // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic …).
        if (lead >= 0xC2 && lead < 0xE0 && i + 1 < length && (bytes[i + 1] & 0xC0) == 0x80) {
            offsets[written] = i;
            out[written++] = (UChar)(((lead & 0x1F) << 6) | (bytes[i + 1] & 0x3F));
            i += 2;
            continue;
        }
        int32_t sequenceStart = i;
        UChar32 c;
        U8_NEXT(bytes, i, length, c);
        if (c < 0) c = 0xFFFD;
        offsets[written] = sequenceStart;
        if (c <= 0xFFFF) {
            out[written++] = (UChar)c;
        } else {
            out[written++] = U16_LEAD(c);
            offsets[written] = sequenceStart + 2;
            out[written++] = U16_TRAIL(c);
        }
    }
    offsets[written] = length;
    return written;
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
    iterator->path = PathICU;
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
    UChar *units = iterator->units;
    // The ASCII start of the text, eight bytes at a time, copied as it is checked: all of an
    // ASCII text, whose UTF-16 offsets are its UTF-8 offsets.
    int32_t ascii = 0;
    for (; ascii + 8 <= length; ascii += 8) {
        uint64_t word;
        memcpy(&word, bytes + ascii, 8);
        if ((word & 0x8080808080808080ull) != 0) break;
        widenASCII8(bytes + ascii, units + ascii);
    }
    while (ascii < length && bytes[ascii] < 0x80) {
        units[ascii] = bytes[ascii];
        ascii++;
    }
    iterator->isASCII = ascii == length;
    iterator->hasOffsets = false;
    if (iterator->isASCII) {
        iterator->length = length;
    } else if (length <= OffsetTableBytes) {
        if (length + 1 > iterator->offsetsCapacity) {
            int32_t capacity = length + 1 > 256 ? length + 1 : 256;
            int32_t *offsets = malloc(sizeof(int32_t) * (size_t)capacity);
            if (offsets == NULL) {
                *st = U_MEMORY_ALLOCATION_ERROR;
                return;
            }
            free(iterator->offsets);
            iterator->offsets = offsets;
            iterator->offsetsCapacity = capacity;
        }
        iterator->length = widenWithOffsets(bytes, length, ascii, units, iterator->offsets);
        iterator->hasOffsets = true;
    } else {
        iterator->length = ascii + CICU_widenUTF8(text + ascii, length - ascii, units + ascii);
    }
    iterator->lastUnits = 0;
    iterator->lastBytes = 0;
    ubrk_setText(iterator->iterator, units, iterator->length, st);
    if (U_SUCCESS(*st)) ubrk_first(iterator->iterator);
}

// The UTF-8 length of the units from `start` to `end`: 1 below U+0080, 2 below U+0800, 3
// above, and 2 for each half of a surrogate pair (4 for the pair; ICU never breaks inside one,
// and widened UTF-8 holds no lone surrogate). Without branches, so that the compiler can sum
// several units at a time; not inlined, so that the loop over boundaries of shorter text keeps
// no vector constants of its own.
__attribute__((noinline)) static int32_t utf8Length(const UChar *text, int32_t start, int32_t end) {
    int32_t extra = 0;
    for (int32_t i = start; i < end; i++) {
        UChar unit = text[i];
        extra += (unit >= 0x80) + (unit >= 0x800) - ((unit & 0xF800) == 0xD800);
    }
    return end - start + extra;
}

// The next boundaries, at most `capacity`, as CICU_breakIteratorNextBatch gives them, for an
// iterator with text. ICU's calls come first, in a loop that keeps only what they need in
// registers (the iterator's fields are read once into locals: ICU's calls could otherwise
// change them, as far as the compiler knows), and the UTF-8 offsets of the batch are found
// after it, in a loop without calls; the last boundary is written back at the end. A boundary
// that is not after the last one (which ICU never gives) ends the batch, so that the
// boundaries rise strictly, in both encodings, as the segmenter's ranges rely on.
static inline int32_t nextBoundaries(CICUBreakIterator *iterator, int32_t *bytes, int32_t *units,
                                     int32_t *statuses, int32_t capacity) {
    UBreakIterator *const breaks = iterator->iterator;
    const int32_t length = iterator->length;
    const int32_t firstUnits = iterator->lastUnits;
    int32_t lastUnits = firstUnits;
    int32_t count = 0;
    while (count < capacity) {
        int32_t boundary = ubrk_next(breaks);
        if (boundary <= lastUnits || boundary > length) break;  // UBRK_DONE (-1) included
        statuses[count] = ubrk_getRuleStatus(breaks);
        units[count] = boundary;
        lastUnits = boundary;
        count++;
    }
    if (count == 0) return 0;
    if (iterator->isASCII) {
        memmove(bytes, units, sizeof(int32_t) * (size_t)count);
    } else if (iterator->hasOffsets) {
        const int32_t *const offsets = iterator->offsets;
        for (int32_t i = 0; i < count; i++) bytes[i] = offsets[units[i]];
    } else {
        const UChar *const text = iterator->units;
        int32_t lastBytes = iterator->lastBytes;
        int32_t start = firstUnits;
        for (int32_t i = 0; i < count; i++) {
            lastBytes += utf8Length(text, start, units[i]);
            start = units[i];
            bytes[i] = lastBytes;
        }
    }
    iterator->lastUnits = lastUnits;
    iterator->lastBytes = bytes[count - 1];
    return count;
}

void CICU_breakIteratorSetUTF8Rules(CICUBreakIterator *iterator, const char *text, int32_t length,
                                    int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return;
    if (iterator == NULL || iterator->isPrototype || iterator->rules == NULL) {
        CICU_breakIteratorSetUTF8(iterator, text, length, status);
        return;
    }
    if (length < 0 || length > CICU_TEXT_MAX_LENGTH || (text == NULL && length > 0)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return;
    }
    if (!CICU_breakRulesCursorSet(&iterator->ruleCursor, iterator->rules, text, length)) {
        // An empty text: no boundary, on either path.
        iterator->ruleCursor.length = 0;
        iterator->path = PathRules;
        *st = U_MEMORY_ALLOCATION_ERROR;
        return;
    }
    iterator->path = PathRules;
}

// Hands an iteration on the rules to ICU at the rules' last boundary: widens the text's copy
// and sets it as CICU_breakIteratorSetUTF8 does, then puts ICU on that boundary with
// ubrk_following, which starts from a safe point just before it (ICU's reverse rules) rather
// than from the start of the text: the text before it, however long, is not run through ICU
// again. ICU's boundaries up to there are the ones the rules gave (the same DFA from the same
// positions, Thai segments divided as ICU's Thai engine divides them; the last boundary is
// always one of the rules, the start of the segment ICU decides), and ICU gives the same
// boundaries from any position it is put on as from the start, so that the iteration goes on
// with ICU's next boundary. Returns false when ICU cannot take the text (no memory): the
// iteration then ends.
static bool handToICU(CICUBreakIterator *iterator) {
    CICUBreakRulesCursor *cursor = &iterator->ruleCursor;
    const int32_t lastBytes = cursor->bytes;
    const int32_t lastUnits = cursor->units;
    UErrorCode status = U_ZERO_ERROR;
    CICU_breakIteratorSetUTF8(iterator, (const char *)cursor->text, cursor->length, (int32_t *)&status);
    if (U_FAILURE(status)) {
        iterator->path = PathRules;
        cursor->bytes = cursor->length;
        return false;
    }
    iterator->path = PathRulesThenICU;
    if (lastUnits > 0) {
        int32_t boundary = ubrk_following(iterator->iterator, lastUnits - 1);
        // A boundary of ICU's past the last one (which equal rules never give) is given next.
        if (boundary > lastUnits) ubrk_previous(iterator->iterator);
    }
    iterator->lastUnits = lastUnits;
    iterator->lastBytes = lastBytes;
    return true;
}

// The next boundaries, at most `capacity`, of an iterator whose path is PathRules: the rules'
// own, then, when they meet what only ICU decides, ICU's from there on.
static int32_t nextWithRules(CICUBreakIterator *iterator, int32_t *bytes, int32_t *units,
                             int32_t *statuses, int32_t capacity) {
    bool needsICU = false;
    int32_t count = CICU_breakRulesNext(&iterator->ruleCursor, bytes, units, statuses, capacity, &needsICU);
    if (!needsICU || !handToICU(iterator)) return count;
    return count + nextBoundaries(iterator, bytes + count, units + count, statuses + count, capacity - count);
}

int32_t CICU_breakIteratorNextUTF8(CICUBreakIterator *iterator, int32_t *utf16Offset,
                                   int32_t *ruleStatus) {
    if (iterator == NULL || iterator->isPrototype) return -1;
    if (iterator->path != PathRules && iterator->units == NULL) return -1;
    int32_t bytes = 0;
    int32_t units = 0;
    int32_t status = 0;
    int32_t count = iterator->path == PathRules ? nextWithRules(iterator, &bytes, &units, &status, 1)
                                                : nextBoundaries(iterator, &bytes, &units, &status, 1);
    if (count == 0) return -1;
    if (utf16Offset != NULL) *utf16Offset = units;
    if (ruleStatus != NULL) *ruleStatus = status;
    return bytes;
}

int32_t CICU_breakIteratorNextBatch(CICUBreakIterator *iterator, int32_t *bytes, int32_t *units,
                                    int32_t *statuses) {
    if (iterator == NULL || iterator->isPrototype || bytes == NULL || units == NULL || statuses == NULL) {
        return 0;
    }
    if (iterator->path == PathRules) return nextWithRules(iterator, bytes, units, statuses, CICU_BREAK_BATCH);
    if (iterator->units == NULL) return 0;
    return nextBoundaries(iterator, bytes, units, statuses, CICU_BREAK_BATCH);
}

int32_t CICU_breakIteratorPath(const CICUBreakIterator *iterator) {
    if (iterator == NULL || iterator->isPrototype) return PathICU;
    // The rules path reports whether the Thai engine has divided a segment of the text.
    if (iterator->path == PathRules && iterator->ruleCursor.dictionarySegments > 0) return PathRulesThai;
    return iterator->path;
}

bool CICU_breakIteratorHasRules(const CICUBreakIterator *iterator) {
    return iterator != NULL && iterator->rules != NULL;
}

void CICU_breakIteratorBuffers(CICUBreakIterator *iterator, int32_t **bytes, int32_t **units,
                               int32_t **statuses) {
    bool usable = iterator != NULL && !iterator->isPrototype;
    *bytes = usable ? iterator->batchBytes : NULL;
    *units = usable ? iterator->batchUnits : NULL;
    *statuses = usable ? iterator->batchStatuses : NULL;
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

int32_t CICU_widenUTF8OffsetsCopy(const char *text, int32_t length, uint16_t *out, int32_t *offsets) {
    if (text == NULL || out == NULL || offsets == NULL || length <= 0) return 0;
    return widenWithOffsets((const uint8_t *)text, length, 0, (UChar *)out, offsets);
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
