// Bidirectional text: character bidi classes and paragraph analysis (UAX #9).
//
// Why: u_charDirection and ubidi_* are renamed per ICU version. A UBiDi object is stateful, so
// the shim creates one per call and hands back plain arrays: no handle crosses the boundary.
#ifndef CICU_BIDI_H
#define CICU_BIDI_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The Unicode Bidi_Class of a code point as ICU's UCharDirection value (u_charDirection):
/// 0 L, 1 R, 2 EN, 3 ES, 4 ET, 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO, 13 AL,
/// 14 RLE, 15 RLO, 16 PDF, 17 NSM, 18 BN, 19 FSI, 20 LRI, 21 RLI, 22 PDI.
int32_t CICU_charDirection(uint32_t codePoint);

/// The first strong direction of UTF-8 text, as UAX #9 rule P2 finds it: the first character of
/// bidi class L, R or AL outside isolates (LRI/RLI/FSI … matching PDI), stopping at a paragraph
/// separator. Returns 0 when there is none (neutral), 1 for left to right, 2 for right to left.
/// Scanning UTF-8 in one call spares Swift a call and a class mapping per character.
int32_t CICU_bidiFirstStrongUTF8(const char *text, int32_t length);

/// Paragraph level requests for CICU_bidiLogicalRuns.
#define CICU_BIDI_DEFAULT_LTR 0xFE  // UBIDI_DEFAULT_LTR: first strong character, else LTR
#define CICU_BIDI_DEFAULT_RTL 0xFF  // UBIDI_DEFAULT_RTL: first strong character, else RTL

/// Resolves embedding levels of UTF-16 `text` (ubidi_setPara with `paragraphLevel`: 0 LTR,
/// 1 RTL or a CICU_BIDI_DEFAULT_*) and writes its logical runs (maximal spans of one level, in
/// logical order) as `starts`/`lengths` (UTF-16 offsets) and `levels`, up to `capacity` runs.
/// Returns the number of runs; with fewer than that room, reports U_BUFFER_OVERFLOW_ERROR.
/// `direction` receives ubidi_getDirection (0 LTR, 1 RTL, 2 mixed, 3 neutral) and
/// `resolvedLevel` the level of the first paragraph.
int32_t CICU_bidiLogicalRuns(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                             int32_t *starts, int32_t *lengths, uint8_t *levels,
                             int32_t capacity, int32_t *direction, uint8_t *resolvedLevel,
                             int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_BIDI_H
