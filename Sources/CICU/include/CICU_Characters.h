// Character properties (uchar.h) beyond bidi: what a terminal needs to align text.
//
// Why: u_getIntPropertyValue and u_charType are renamed per ICU version
// (u_getIntPropertyValue_72), which Swift cannot import.
#ifndef CICU_CHARACTERS_H
#define CICU_CHARACTERS_H

#include <stdbool.h>
#include <stdint.h>

/// Columns a code point takes in a monospaced terminal: 0 for combining marks, format
/// characters and controls; 2 for East Asian Wide and Fullwidth characters (UAX #11) and
/// emoji presentation characters; 1 otherwise.
int32_t CICU_displayWidth(uint32_t codePoint);

/// Whether ICU gives the code point the Hebrew script (uscript_getScript == USCRIPT_HEBREW): the
/// test ICU's list formatter applies to the first character of the last item in Hebrew
/// ("ו" becomes "ו-" before a word that does not start with a Hebrew letter).
bool CICU_isHebrewScript(uint32_t codePoint);

#endif
