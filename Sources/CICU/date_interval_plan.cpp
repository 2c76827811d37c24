// What an ICU DateIntervalFormat decided for a skeleton, read once so that Swift can compile it:
// the single-date pattern, the interval pattern (two parts and their order) per greatest
// differing calendar field, the fallback interval pattern, and the date, time and date-time
// patterns of the same-day fallback.
//
// DateIntervalFormat computes these in initializePattern() and keeps them in private members
// that no getter exposes (fIntervalPatterns, fDatePattern, fTimePattern, fDateTimeFormat). They
// are read here through the explicit-instantiation rule of C++ ([temp.spec.general]: access
// checking does not apply to the names in an explicit instantiation's template arguments), so
// that the values are ICU's own, computed by the ICU this shim is built against (its headers
// give the layout), never a reimplementation of ICU's derivation. Each call opens a formatter
// of its own and reads it before any format call, while nothing else can touch it.
#include "CICU_Message.h"
#include "internal.h"

#include <unicode/calendar.h>
#include <unicode/dtitvfmt.h>
#include <unicode/dtitvinf.h>
#include <unicode/simpleformatter.h>
#include <unicode/smpdtfmt.h>
#include <unicode/udateintervalformat.h>
#include <unicode/unistr.h>

#include <string.h>

namespace {

// A function that returns a pointer to a private member, defined by the explicit
// instantiation below (the only place that names the member); the tag declares it with a
// deduced type, so that no code outside the instantiation spells the member's type either
// (fIntervalPatterns is an array of a private struct).
template <typename Tag, auto Member> struct MemberReader {
    friend auto memberOf(Tag) { return Member; }
};

struct IntervalPatternsTag {
    friend auto memberOf(IntervalPatternsTag);
};
struct DatePatternTag {
    friend auto memberOf(DatePatternTag);
};
struct TimePatternTag {
    friend auto memberOf(TimePatternTag);
};
struct DateTimeFormatTag {
    friend auto memberOf(DateTimeFormatTag);
};

template struct MemberReader<IntervalPatternsTag, &icu::DateIntervalFormat::fIntervalPatterns>;
template struct MemberReader<DatePatternTag, &icu::DateIntervalFormat::fDatePattern>;
template struct MemberReader<TimePatternTag, &icu::DateIntervalFormat::fTimePattern>;
template struct MemberReader<DateTimeFormatTag, &icu::DateIntervalFormat::fDateTimeFormat>;

// Appends a string to the plan's buffer (when it fits) and records its length.
struct PlanWriter {
    uint16_t *out;
    int32_t capacity;
    int32_t used = 0;
    int32_t *lengths;
    int32_t next = 0;

    void add(const icu::UnicodeString &text) {
        int32_t length = text.length();
        if (used + length <= capacity) {
            text.extract(0, length, reinterpret_cast<char16_t *>(out + used));
        }
        used += length;
        lengths[next++] = length;
    }
};

// The text of a two-argument SimpleFormatter pattern with its arguments removed, and where
// argument 0 and 1 go (offsets into that text).
bool twoArgumentPattern(const icu::UnicodeString &pattern, icu::UnicodeString &text,
                        int32_t offsets[2], UErrorCode &status) {
    icu::SimpleFormatter formatter(pattern, 2, 2, status);
    if (U_FAILURE(status)) return false;
    text = formatter.getTextWithNoArguments(offsets, 2);
    return offsets[0] >= 0 && offsets[1] >= 0;
}

}  // namespace

extern "C" int32_t CICU_dateIntervalPlan(const char *localeID, const uint16_t *skeleton,
                                         int32_t skeletonLength, const uint16_t *zone,
                                         int32_t zoneLength, uint16_t *out, int32_t capacity,
                                         int32_t *lengths, int32_t *flags, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return 0;
    for (int32_t i = 0; i < CICU_DATE_INTERVAL_PLAN_FLAGS; i++) flags[i] = 0;
    UDateIntervalFormat *opened =
        udtitvfmt_open(localeID, reinterpret_cast<const UChar *>(skeleton), skeletonLength,
                       reinterpret_cast<const UChar *>(zone), zoneLength, st);
    if (U_FAILURE(*st)) {
        if (opened != nullptr) udtitvfmt_close(opened);
        return 0;
    }
    // A UDateIntervalFormat is an icu::DateIntervalFormat (udateintervalformat.cpp casts it so).
    const icu::DateIntervalFormat *formatter =
        reinterpret_cast<const icu::DateIntervalFormat *>(opened);
    const icu::SimpleDateFormat *dateFormat =
        dynamic_cast<const icu::SimpleDateFormat *>(formatter->getDateFormat());
    const icu::DateIntervalInfo *info = formatter->getDateIntervalInfo();
    if (dateFormat == nullptr || info == nullptr || dateFormat->getCalendar() == nullptr) {
        udtitvfmt_close(opened);
        *st = U_UNSUPPORTED_ERROR;
        return 0;
    }
    PlanWriter writer{out, capacity, 0, lengths, 0};
    icu::UnicodeString mainPattern;
    dateFormat->toPattern(mainPattern);
    writer.add(mainPattern);
    const auto &patterns = formatter->*memberOf(IntervalPatternsTag{});
    // fIntervalPatterns is indexed by DateIntervalInfo's IntervalPatternIndex, whose order
    // (era, year, month, date, am/pm, hour, minute, second, millisecond) these fields follow.
    static_assert(sizeof(patterns) / sizeof(patterns[0]) == CICU_DATE_INTERVAL_FIELDS,
                  "one interval pattern per calendar field compared");
    static const UCalendarDateFields fields[CICU_DATE_INTERVAL_FIELDS] = {
        UCAL_ERA,  UCAL_YEAR,   UCAL_MONTH,  UCAL_DATE,       UCAL_AM_PM,
        UCAL_HOUR, UCAL_MINUTE, UCAL_SECOND, UCAL_MILLISECOND};
    for (int32_t index = 0; index < CICU_DATE_INTERVAL_FIELDS; index++) {
        writer.add(patterns[index].firstPart);
        writer.add(patterns[index].secondPart);
        flags[index] = patterns[index].laterDateFirst ? 1 : 0;
        flags[CICU_DATE_INTERVAL_FIELDS + index] =
            icu::SimpleDateFormat::isFieldUnitIgnored(mainPattern, fields[index]) ? 1 : 0;
    }
    int32_t *more = flags + 2 * CICU_DATE_INTERVAL_FIELDS;
    icu::UnicodeString fallback;
    info->getFallbackIntervalPattern(fallback);
    icu::UnicodeString fallbackText;
    if (!twoArgumentPattern(fallback, fallbackText, more, *st)) {
        udtitvfmt_close(opened);
        if (U_SUCCESS(*st)) *st = U_UNSUPPORTED_ERROR;
        return 0;
    }
    writer.add(fallbackText);
    const icu::UnicodeString *datePattern = formatter->*memberOf(DatePatternTag{});
    const icu::UnicodeString *timePattern = formatter->*memberOf(TimePatternTag{});
    const icu::UnicodeString *dateTimeFormat = formatter->*memberOf(DateTimeFormatTag{});
    writer.add(datePattern != nullptr ? *datePattern : icu::UnicodeString());
    writer.add(timePattern != nullptr ? *timePattern : icu::UnicodeString());
    more[4] = datePattern != nullptr ? 1 : 0;
    more[5] = timePattern != nullptr ? 1 : 0;
    more[6] = dateTimeFormat != nullptr ? 1 : 0;
    icu::UnicodeString dateTimeText;
    more[2] = more[3] = -1;
    // The same-day fallback formats with fDateTimeFormat only when both patterns exist.
    if (dateTimeFormat != nullptr && datePattern != nullptr && timePattern != nullptr &&
        !twoArgumentPattern(*dateTimeFormat, dateTimeText, more + 2, *st)) {
        udtitvfmt_close(opened);
        if (U_SUCCESS(*st)) *st = U_UNSUPPORTED_ERROR;
        return 0;
    }
    writer.add(dateTimeText);
    writer.add(icu::UnicodeString(dateFormat->getCalendar()->getType(), -1, US_INV));
    udtitvfmt_close(opened);
    if (writer.used > capacity) *st = U_BUFFER_OVERFLOW_ERROR;
    return writer.used;
}
