// Unit display names exist only in ICU's C++ API (icu::MeasureFormat::getUnitDisplayName).
#include "CICU_LocaleInfo.h"
#include "internal.h"

#include <unicode/locid.h>
#include <unicode/measfmt.h>
#include <unicode/measunit.h>
#include <unicode/unistr.h>

#include <cstring>

extern "C" int32_t CICU_unitDisplayName(const char *displayLocaleID, const char *unit, CICUDisplayNameStyle style,
                                        uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (!CICU_localeIDFits(displayLocaleID, CICU_LOCALE_ID_MAX_LENGTH, st) ||
        !CICU_localeIDFits(unit, CICU_DISPLAY_CODE_MAX_LENGTH, st)) {
        return 0;
    }
    UMeasureFormatWidth width = style == CICUDisplayNameStyleLong    ? UMEASFMT_WIDTH_WIDE
                                : style == CICUDisplayNameStyleShort ? UMEASFMT_WIDTH_SHORT
                                                                     : UMEASFMT_WIDTH_NARROW;
    icu::MeasureUnit measureUnit = icu::MeasureUnit::forIdentifier(unit, *st);
    if (U_FAILURE(*st)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // getUnitDisplayName reads a built-in unit's type and subtype: a compound or unknown
    // identifier has no type.
    if (measureUnit.getType() == nullptr || measureUnit.getType()[0] == 0) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    icu::MeasureFormat format(icu::Locale(displayLocaleID), width, *st);
    if (U_FAILURE(*st)) return 0;
    icu::UnicodeString name = format.getUnitDisplayName(measureUnit, *st);
    if (U_FAILURE(*st) || name.isBogus() || name.isEmpty()) {
        *st = U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    return CICU_copyOut(name.getBuffer(), name.length(), out, capacity, st);
}
