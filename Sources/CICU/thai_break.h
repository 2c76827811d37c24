// ICU 72's Thai dictionary break engine, run by the shim; never seen by Swift.
//
// ICU subdivides a run of Thai characters (the set [[:Thai:]&[:LineBreak=SA:]]) that its break
// rules leave whole with a dictionary of Thai words (ThaiBreakEngine over a BytesTrie in the
// data file thaidict.dict). The shim loads the same dictionary once per process through ICU's
// public data API, walks the trie itself and runs the engine's algorithm over an array of the
// run's characters, so that break_rules.c gives the boundaries of Thai text without handing it
// to ICU.
#ifndef CICU_THAI_BREAK_H
#define CICU_THAI_BREAK_H

#include <stdbool.h>
#include <stdint.h>

// The loaded dictionary and the engine's character sets, read-only and shared by all threads.
typedef struct CICUThaiEngine CICUThaiEngine;

// The engine, loaded and checked on first use (once per process, thread-safe); NULL when ICU's
// data is not in the form the shim reads as ICU 72 does (then ICU divides Thai text itself).
const CICUThaiEngine *CICU_thaiEngine(void);

// Whether the code point U+0E00 + `index` (`index` below 0x80) is in the engine's set: Thai
// characters of line-break class SA (letters, vowels, tone marks; not digits or the baht sign).
bool CICU_thaiHandles(const CICUThaiEngine *engine, uint32_t index);

// Divides one run of Thai characters as ICU 72's ThaiBreakEngine::divideUpDictionaryRange does.
// `chars` holds the run's `count` characters as their offsets from U+0E00, each in the engine's
// set, followed by one more entry: the character after the run in the text when it is in the
// set too (the run was cut short by the end of its segment), else 0xFF. `first` is the run's
// UTF-16 offset (each of its characters is one unit). The breaks found are appended at
// `breaks[*used]` as UTF-16 offsets, as ICU appends them to its vector of breaks, which holds
// the breaks of earlier runs of the same segment: the engine compares its last break with
// them, as ICU's does. `breaks` has room for `count` + 1 more. Returns ICU's count of words
// found (which the caller sums over the runs of a segment).
int32_t CICU_thaiDivide(const CICUThaiEngine *engine, const uint8_t *chars, int32_t count, int32_t first,
                        int32_t *breaks, int32_t *used);

#endif
