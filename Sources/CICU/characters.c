// Character properties for display width (UAX #11 East Asian Width, general categories).
#include "CICU_Characters.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

int32_t CICU_displayWidth(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return 1;
    UChar32 c = (UChar32)codePoint;
    int8_t type = u_charType(c);
    // Zero width: nonspacing and enclosing marks, format characters (ZWJ, bidi controls),
    // controls, and Hangul medial vowels and final consonants (they join the initial).
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_FORMAT_CHAR || type == U_CONTROL_CHAR) return 0;
    int32_t hangul = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE);
    if (hangul == U_HST_VOWEL_JAMO || hangul == U_HST_TRAILING_JAMO) return 0;
    int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (width == U_EA_WIDE || width == U_EA_FULLWIDTH) return 2;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) return 2;
    return 1;
}

bool CICU_isHebrewScript(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return false;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &status);
    return U_SUCCESS(status) && script == USCRIPT_HEBREW;
}
