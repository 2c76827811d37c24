// Durations through MeasureFormat (C++ only: its numeric width gives "1:05:00") and number
// parsing through unum_parseDecimal.
//
// MeasureFormat's thread-safety is not documented, so each handle formats under its own mutex.
#include "CICU.h"
#include "CICU_Format.h"
#include "internal.h"

#include <unicode/measfmt.h>
#include <unicode/measunit.h>
#include <unicode/measure.h>
#include <unicode/numfmt.h>
#include <unicode/dcfmtsym.h>
#include <unicode/unum.h>

#include <memory>
#include <mutex>
#include <new>

static_assert(CICU_DURATION_WIDTH_WIDE == UMEASFMT_WIDTH_WIDE, "wide");
static_assert(CICU_DURATION_WIDTH_SHORT == UMEASFMT_WIDTH_SHORT, "short");
static_assert(CICU_DURATION_WIDTH_NARROW == UMEASFMT_WIDTH_NARROW, "narrow");
static_assert(CICU_DURATION_WIDTH_NUMERIC == UMEASFMT_WIDTH_NUMERIC, "numeric");

struct CICUDurationFormatter {
    icu::MeasureFormat format;
    icu::UnicodeString minusSign;
    UMeasureFormatWidth width;
    std::mutex lock;
    CICUDurationFormatter(const char *localeID, UMeasureFormatWidth width, icu::NumberFormat *adopted,
                          UErrorCode &status)
        : format(icu::Locale(localeID), width, adopted, status), width(width) {
        icu::DecimalFormatSymbols symbols(icu::Locale(localeID), status);
        if (U_SUCCESS(status)) minusSign = symbols.getSymbol(icu::DecimalFormatSymbols::kMinusSignSymbol);
    }
};

extern "C" CICUDurationFormatter *CICU_durationFormatterOpen(const char *localeID, int32_t width,
                                                             int32_t fractionDigits, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return nullptr;
    if (width < UMEASFMT_WIDTH_WIDE || width > UMEASFMT_WIDTH_NUMERIC || fractionDigits > 9) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    // nullptr: MeasureFormat's own decimal format. Otherwise a decimal format of the locale
    // with up to `fractionDigits` fraction digits, which MeasureFormat adopts.
    icu::NumberFormat *number = nullptr;
    if (fractionDigits >= 0) {
        number = icu::NumberFormat::createInstance(icu::Locale(localeID), UNUM_DECIMAL, *st);
        if (U_FAILURE(*st)) {
            delete number;
            return nullptr;
        }
        // At most, not exactly: ICU 72's numeric form writes every field (hours and minutes
        // too) with this format, so a minimum would give "1.000:02.000:03.500".
        number->setMinimumFractionDigits(0);
        number->setMaximumFractionDigits(fractionDigits);
        number->setRoundingMode(icu::NumberFormat::kRoundHalfEven);
    }
    auto *handle = new (std::nothrow)
        CICUDurationFormatter(localeID, static_cast<UMeasureFormatWidth>(width), number, *st);
    if (handle == nullptr) {
        // The constructor never ran, so nothing adopted the number format.
        delete number;
        *st = U_MEMORY_ALLOCATION_ERROR;
        return nullptr;
    }
    if (U_FAILURE(*st)) {
        delete handle;
        return nullptr;
    }
    return handle;
}

extern "C" void CICU_durationFormatterClose(CICUDurationFormatter *handle) { delete handle; }

extern "C" int32_t CICU_durationFormat(CICUDurationFormatter *handle, const int32_t *units,
                                       const double *values, int32_t count, uint16_t *out,
                                       int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    if (count <= 0 || count > CICU_DURATION_MAX_UNITS) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // MeasureFormat writes no numeric form for negative values: the numeric width takes the
    // magnitudes and the locale's minus sign goes in front.
    bool negativeNumeric = handle->width == UMEASFMT_WIDTH_NUMERIC && values[0] < 0;
    // Measure has no default constructor: build them in place in raw storage.
    alignas(icu::Measure) unsigned char storage[CICU_DURATION_MAX_UNITS][sizeof(icu::Measure)];
    icu::Measure *measures = reinterpret_cast<icu::Measure *>(storage);
    int32_t built = 0;
    for (; built < count && U_SUCCESS(*st); built++) {
        icu::MeasureUnit *unit = nullptr;
        switch (units[built]) {
            case CICU_DURATION_UNIT_HOUR: unit = icu::MeasureUnit::createHour(*st); break;
            case CICU_DURATION_UNIT_MINUTE: unit = icu::MeasureUnit::createMinute(*st); break;
            case CICU_DURATION_UNIT_SECOND: unit = icu::MeasureUnit::createSecond(*st); break;
            case CICU_DURATION_UNIT_DAY: unit = icu::MeasureUnit::createDay(*st); break;
            case CICU_DURATION_UNIT_WEEK: unit = icu::MeasureUnit::createWeek(*st); break;
            case CICU_DURATION_UNIT_MILLISECOND: unit = icu::MeasureUnit::createMillisecond(*st); break;
            case CICU_DURATION_UNIT_MICROSECOND: unit = icu::MeasureUnit::createMicrosecond(*st); break;
            case CICU_DURATION_UNIT_NANOSECOND: unit = icu::MeasureUnit::createNanosecond(*st); break;
            default: *st = U_ILLEGAL_ARGUMENT_ERROR; break;
        }
        if (U_FAILURE(*st)) {
            delete unit;
            break;
        }
        double value = negativeNumeric && built == 0 ? -values[built] : values[built];
        new (&measures[built]) icu::Measure(icu::Formattable(value), unit, *st);
    }
    int32_t length = 0;
    if (U_SUCCESS(*st)) {
        icu::UnicodeString text;
        if (negativeNumeric) text.append(handle->minusSign);
        icu::FieldPosition position(icu::FieldPosition::DONT_CARE);
        // No C++ exception may cross the C ABI: std::mutex::lock can throw system_error.
        try {
            std::lock_guard<std::mutex> guard(handle->lock);
            handle->format.formatMeasures(measures, count, text, position, *st);
        } catch (...) {
            *st = U_INTERNAL_PROGRAM_ERROR;
        }
        if (U_SUCCESS(*st)) {
            length = CICU_copyOut(text.getBuffer(), text.length(), out, capacity, st);
        }
    }
    for (int32_t i = 0; i < built; i++) measures[i].~Measure();
    return length;
}

extern "C" int32_t CICU_numberParseDecimal(const char *localeID, const uint16_t *text,
                                           int32_t textLength, int32_t *parsedLength, char *out,
                                           int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (parsedLength != nullptr) *parsedLength = 0;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, nullptr, 0, localeID, nullptr, st);
    if (U_FAILURE(*st)) return 0;
    int32_t position = 0;
    int32_t length = unum_parseDecimal(format, reinterpret_cast<const UChar *>(text), textLength,
                                       &position, out, capacity, st);
    unum_close(format);
    if (parsedLength != nullptr) *parsedLength = position;
    return length;
}
