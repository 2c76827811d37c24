// Bidi classes and paragraph analysis (UAX #9) through ICU's uchar and ubidi.
//
// Why: u_charDirection and ubidi_* are renamed per ICU version; UBiDi is stateful and not
// thread-safe, so each analysis opens and closes its own object here.
#include "CICU_Bidi.h"
#include "internal.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>

_Static_assert(U_LEFT_TO_RIGHT == 0 && U_RIGHT_TO_LEFT == 1 && U_RIGHT_TO_LEFT_ARABIC == 13,
               "UCharDirection values restated in CICU_Bidi.h");
_Static_assert(U_FIRST_STRONG_ISOLATE == 19 && U_POP_DIRECTIONAL_ISOLATE == 22,
               "UCharDirection isolate values restated in CICU_Bidi.h");
_Static_assert(CICU_BIDI_DEFAULT_LTR == UBIDI_DEFAULT_LTR && CICU_BIDI_DEFAULT_RTL == UBIDI_DEFAULT_RTL,
               "UBIDI_DEFAULT_*");

int32_t CICU_charDirection(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return U_BOUNDARY_NEUTRAL;
    return (int32_t)u_charDirection((UChar32)codePoint);
}

int32_t CICU_bidiLogicalRuns(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                             int32_t *starts, int32_t *lengths, uint8_t *levels,
                             int32_t capacity, int32_t *direction, uint8_t *resolvedLevel,
                             int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    UBiDi *bidi = ubidi_openSized(length, 0, st);
    if (U_FAILURE(*st)) return 0;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraphLevel, NULL, st);
    int32_t count = 0;
    if (U_SUCCESS(*st)) {
        *direction = (int32_t)ubidi_getDirection(bidi);
        *resolvedLevel = ubidi_getParaLevel(bidi);
        int32_t position = 0;
        while (position < length) {
            int32_t limit = 0;
            UBiDiLevel level = 0;
            ubidi_getLogicalRun(bidi, position, &limit, &level);
            if (limit <= position) break;  // never loops forever on ICU's word
            if (count < capacity) {
                starts[count] = position;
                lengths[count] = limit - position;
                levels[count] = level;
            }
            ++count;
            position = limit;
        }
        if (count > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    }
    ubidi_close(bidi);
    return count;
}

int32_t CICU_bidiFirstStrongUTF8(const char *text, int32_t length) {
    const uint8_t *bytes = (const uint8_t *)text;
    int32_t depth = 0;
    for (int32_t i = 0; i < length;) {
        uint8_t byte = bytes[i];
        if (byte < 0x80) {
            // ASCII without a property lookup: its only strong characters are the Latin letters
            // (class L) and its only paragraph separators LF, CR and U+001C…U+001E (class B);
            // every other ASCII character is weak or neutral. A test checks this against
            // u_charDirection for all 128.
            if ((uint8_t)((byte | 0x20) - 'a') < 26) {
                if (depth == 0) return 1;
            } else if (byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E)) {
                depth = 0;
            }
            i++;
            continue;
        }
        UChar32 c;
        U8_NEXT(bytes, i, length, c);
        if (c < 0) continue;  // ill-formed UTF-8 (never from a Swift String): skipped
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT_ISOLATE:
        case U_RIGHT_TO_LEFT_ISOLATE:
        case U_FIRST_STRONG_ISOLATE: depth++; break;
        case U_POP_DIRECTIONAL_ISOLATE: if (depth > 0) depth--; break;
        // The whole text counts (batch-protocol.md `direction`): a paragraph separator ends
        // any open isolate (an isolate never spans paragraphs, UAX #9 BD8), and the scan
        // goes on into the next paragraph.
        case U_BLOCK_SEPARATOR: depth = 0; break;
        case U_LEFT_TO_RIGHT: if (depth == 0) return 1; break;
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC: if (depth == 0) return 2; break;
        default: break;
        }
    }
    return 0;
}
