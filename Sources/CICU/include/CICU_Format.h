// Dates, time zones, relative times, lists, durations and number parsing through ICU.
//
// Why: udat_*, udatpg_*, ucal_*, ureldatefmt_*, ulistfmt_* and unum_* are renamed per ICU
// version (`udat_open_72`), which Swift cannot import; MeasureFormat (durations such as
// "1:05:00") exists only in C++. Handles are opaque; text goes out as UTF-16 with the usual
// (out, capacity) → needed-length contract and CICU_STATUS_BUFFER_OVERFLOW on a short buffer.
#ifndef CICU_FORMAT_H
#define CICU_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Time zones (ucal)

/// The canonical id of a time zone (ucal_getCanonicalTimeZoneID): "Asia/Calcutta" for
/// "Asia/Kolkata", "Etc/UTC" for "UTC". `*isSystemID` is true when the id is one of ICU's
/// (IANA) zones, false for a custom "GMT+05:00" id. An unknown id is a failure
/// (U_ILLEGAL_ARGUMENT_ERROR), never a silent GMT.
int32_t CICU_timeZoneCanonicalID(const uint16_t *zone, int32_t zoneLength, uint16_t *out,
                                 int32_t capacity, bool *isSystemID, int32_t *status);

// MARK: - Dates (udat, udatpg)

/// Date/time styles, ICU's UDateFormatStyle values.
#define CICU_DATE_STYLE_NONE (-1)
#define CICU_DATE_STYLE_FULL 0
#define CICU_DATE_STYLE_LONG 1
#define CICU_DATE_STYLE_MEDIUM 2
#define CICU_DATE_STYLE_SHORT 3

/// ICU's best pattern for a date skeleton in a locale (udatpg_getBestPattern, no match
/// options), the pattern `DateFormat::createInstanceForSkeleton` uses.
int32_t CICU_dateBestPattern(const char *localeID, const uint16_t *skeleton, int32_t skeletonLength,
                             uint16_t *out, int32_t capacity, int32_t *status);

typedef struct CICUDateFormatter CICUDateFormatter;

/// Opens a date formatter for an ICU date pattern (`pattern` UTF-16) in a time zone (a
/// validated id, UTF-16). Close with CICU_dateFormatterClose.
CICUDateFormatter *CICU_dateFormatterOpenPattern(const char *localeID, const uint16_t *pattern,
                                                 int32_t patternLength, const uint16_t *zone,
                                                 int32_t zoneLength, int32_t *status);
/// Opens a date formatter for date and time styles (CICU_DATE_STYLE_*; not both NONE).
CICUDateFormatter *CICU_dateFormatterOpenStyles(const char *localeID, int32_t dateStyle,
                                                int32_t timeStyle, const uint16_t *zone,
                                                int32_t zoneLength, int32_t *status);
void CICU_dateFormatterClose(CICUDateFormatter *formatter);
/// How many UDateFormat clones the handle holds (1 until threads contend for it, then up to its
/// bound): for tests and memory accounting.
int32_t CICU_dateFormatterCloneCount(CICUDateFormatter *formatter);
/// Runs `body(context)` while holding one of the handle's clones, taken as a format call takes
/// it (a free clone, else a new one up to the bound); when every clone is held and none can be
/// added, waits for one if `wait`, else returns -1 without running `body`. Returns the clone's
/// index. For tests that force contention instead of hoping threads meet.
int32_t CICU_dateFormatterWithClone(CICUDateFormatter *formatter, bool wait, void (*body)(void *),
                                    void *context);
/// Formats a UDate (milliseconds since 1970-01-01T00:00:00Z). Thread-safe: the UDateFormat
/// (whose calendar udat_format mutates) is used under the handle's own lock.
int32_t CICU_dateFormat(CICUDateFormatter *formatter, double millis, uint16_t *out,
                        int32_t capacity, int32_t *status);
/// The pattern the formatter uses (udat_toPattern), e.g. "MMM d, y".
int32_t CICU_dateFormatterPattern(CICUDateFormatter *formatter, uint16_t *out, int32_t capacity,
                                  int32_t *status);
/// ICU's Calendar limits on UDate (Calendar MIN_MILLIS / MAX_MILLIS): beyond them a lenient
/// calendar clamps silently, so callers reject such times first.
extern const double CICU_DATE_MIN_MILLIS;
extern const double CICU_DATE_MAX_MILLIS;

// MARK: - Date symbols, digits and zone offsets for compiled date formats (date_symbols.c)

/// UDateFormatSymbolType values read by CICU_dateSymbol.
#define CICU_DATE_SYMBOL_ERAS 0
#define CICU_DATE_SYMBOL_MONTHS 1
#define CICU_DATE_SYMBOL_SHORT_MONTHS 2
#define CICU_DATE_SYMBOL_WEEKDAYS 3
#define CICU_DATE_SYMBOL_SHORT_WEEKDAYS 4
#define CICU_DATE_SYMBOL_AM_PMS 5
#define CICU_DATE_SYMBOL_ERA_NAMES 7
#define CICU_DATE_SYMBOL_NARROW_MONTHS 8
#define CICU_DATE_SYMBOL_NARROW_WEEKDAYS 9
#define CICU_DATE_SYMBOL_STANDALONE_MONTHS 10
#define CICU_DATE_SYMBOL_STANDALONE_SHORT_MONTHS 11
#define CICU_DATE_SYMBOL_STANDALONE_NARROW_MONTHS 12
#define CICU_DATE_SYMBOL_STANDALONE_WEEKDAYS 13
#define CICU_DATE_SYMBOL_STANDALONE_SHORT_WEEKDAYS 14
#define CICU_DATE_SYMBOL_STANDALONE_NARROW_WEEKDAYS 15
#define CICU_DATE_SYMBOL_SHORTER_WEEKDAYS 20
#define CICU_DATE_SYMBOL_STANDALONE_SHORTER_WEEKDAYS 21

typedef struct CICUDateSymbols CICUDateSymbols;

/// The date format symbols of a locale in its calendar (a UDateFormat of the locale, read
/// with udat_getSymbols). Close with CICU_dateSymbolsClose.
CICUDateSymbols *CICU_dateSymbolsOpen(const char *localeID, int32_t *status);
void CICU_dateSymbolsClose(CICUDateSymbols *symbols);
/// How many symbols of a type (CICU_DATE_SYMBOL_*) there are (udat_countSymbols).
int32_t CICU_dateSymbolsCount(const CICUDateSymbols *symbols, int32_t type);
/// One symbol (udat_getSymbols), UTF-16.
int32_t CICU_dateSymbol(const CICUDateSymbols *symbols, int32_t type, int32_t index, uint16_t *out,
                        int32_t capacity, int32_t *status);
/// The calendar type the locale formats in ("gregorian", "buddhist", "persian", …), NUL-ended.
int32_t CICU_dateSymbolsCalendarType(const CICUDateSymbols *symbols, char *out, int32_t capacity,
                                     int32_t *status);
/// The digits of the locale's numbering system (unumsys_getDescription: "0123456789" for latn),
/// UTF-16; `*algorithmic` is true for an algorithmic or non-decimal system (no digit string).
int32_t CICU_dateNumberingDigits(const char *localeID, uint16_t *out, int32_t capacity,
                                 bool *algorithmic, int32_t *status);
/// The total UTC offset (raw + DST, ms) of a zone from `start` until `end` (ms since 1970), as
/// intervals: `offsets[i]` holds from `transitions[i]` (the first is `start`) until the next.
/// Read from ICU's own rules (ucal_get UCAL_ZONE_OFFSET + UCAL_DST_OFFSET at each
/// ucal_getTimeZoneTransitionDate); transitions that keep the total are merged unless
/// `keepEveryTransition` (a change of the raw/DST split changes a zone's specific name). Returns
/// the count; more than `capacity` gives CICU_STATUS_BUFFER_OVERFLOW and a count to retry with.
int32_t CICU_timeZoneOffsets(const uint16_t *zone, int32_t zoneLength, double start, double end,
                             bool keepEveryTransition, double *transitions, int32_t *offsets,
                             int32_t capacity, int32_t *status);
/// Where a zone's metazone mapping changes: every dated bound ("from" and "to") of its entries
/// in ICU's metaZones resource (metazoneInfo), as ms since 1970, unsorted. Returns the count
/// (0 when no entry is dated) and sets `*hasMapping` when the zone has any metazone entry.
/// `canonicalZone` is ICU's canonical id ("Asia/Calcutta"), the key ICU's ZoneMeta uses.
int32_t CICU_timeZoneMetazoneBoundaries(const uint16_t *canonicalZone, int32_t zoneLength,
                                        bool *hasMapping, double *out, int32_t capacity,
                                        int32_t *status);
/// Whether the zone's rules have any transition (of raw offset or DST) after `start`.
bool CICU_timeZoneHasTransition(const uint16_t *zone, int32_t zoneLength, double start,
                                int32_t *status);

// MARK: - Relative time (ureldatefmt)

/// URelativeDateTimeUnit values.
#define CICU_RELATIVE_UNIT_YEAR 0
#define CICU_RELATIVE_UNIT_QUARTER 1
#define CICU_RELATIVE_UNIT_MONTH 2
#define CICU_RELATIVE_UNIT_WEEK 3
#define CICU_RELATIVE_UNIT_DAY 4
#define CICU_RELATIVE_UNIT_HOUR 5
#define CICU_RELATIVE_UNIT_MINUTE 6
#define CICU_RELATIVE_UNIT_SECOND 7
/// UDateRelativeDateTimeFormatterStyle values.
#define CICU_RELATIVE_STYLE_LONG 0
#define CICU_RELATIVE_STYLE_SHORT 1
#define CICU_RELATIVE_STYLE_NARROW 2

typedef struct CICURelativeFormatter CICURelativeFormatter;

/// Opens a relative date-time formatter (ureldatefmt_open, no capitalization context).
CICURelativeFormatter *CICU_relativeFormatterOpen(const char *localeID, int32_t style,
                                                  int32_t *status);
void CICU_relativeFormatterClose(CICURelativeFormatter *formatter);
/// Formats `value` units from now: numeric always ("in 1 day", ureldatefmt_formatNumeric) or,
/// when `numericAuto`, with the locale's words where it has them ("tomorrow", ureldatefmt_format).
int32_t CICU_relativeFormat(const CICURelativeFormatter *formatter, double value, int32_t unit,
                            bool numericAuto, uint16_t *out, int32_t capacity, int32_t *status);

// MARK: - Lists (ulistfmt)

/// UListFormatterType values.
#define CICU_LIST_TYPE_AND 0
#define CICU_LIST_TYPE_OR 1
#define CICU_LIST_TYPE_UNITS 2
/// UListFormatterWidth values.
#define CICU_LIST_WIDTH_WIDE 0
#define CICU_LIST_WIDTH_SHORT 1
#define CICU_LIST_WIDTH_NARROW 2

typedef struct CICUListFormatter CICUListFormatter;

CICUListFormatter *CICU_listFormatterOpen(const char *localeID, int32_t type, int32_t width,
                                          int32_t *status);
void CICU_listFormatterClose(CICUListFormatter *formatter);
/// Formats `count` items given as one UTF-16 buffer `joined` cut at `lengths[i]` units each.
int32_t CICU_listFormat(const CICUListFormatter *formatter, const uint16_t *joined,
                        const int32_t *lengths, int32_t count, uint16_t *out, int32_t capacity,
                        int32_t *status);
/// The same from and to UTF-8 (Swift's strings are UTF-8): `count` items in one buffer
/// `joined`, cut at `lengths[i]` bytes each; writes the list as UTF-8 and returns its length in
/// bytes (U_BUFFER_OVERFLOW_ERROR with the length needed when `capacity` is short). ASCII is
/// widened inline, and the list is read from ICU's result in place (a per-thread
/// UFormattedList), so the only copies are the two transcodings Swift's UTF-8 requires.
int32_t CICU_listFormatUTF8(const CICUListFormatter *formatter, const char *joined,
                            const int32_t *lengths, int32_t count, char *out, int32_t capacity,
                            int32_t *status);

// MARK: - Durations (MeasureFormat, C++ only)

/// UMeasureFormatWidth values; NUMERIC gives "1:05:00".
#define CICU_DURATION_WIDTH_WIDE 0
#define CICU_DURATION_WIDTH_SHORT 1
#define CICU_DURATION_WIDTH_NARROW 2
#define CICU_DURATION_WIDTH_NUMERIC 3
/// Duration units for CICU_durationFormat (CLDR `duration-*` units).
#define CICU_DURATION_UNIT_HOUR 0
#define CICU_DURATION_UNIT_MINUTE 1
#define CICU_DURATION_UNIT_SECOND 2
#define CICU_DURATION_UNIT_DAY 3
#define CICU_DURATION_UNIT_WEEK 4
#define CICU_DURATION_UNIT_MILLISECOND 5
#define CICU_DURATION_UNIT_MICROSECOND 6
#define CICU_DURATION_UNIT_NANOSECOND 7
/// At most this many (unit, value) pairs per CICU_durationFormat call.
#define CICU_DURATION_MAX_UNITS 8

typedef struct CICUDurationFormatter CICUDurationFormatter;

/// Opens a duration formatter. `fractionDigits` < 0 keeps MeasureFormat's default decimal
/// format (up to 3 fraction digits); 0…9 gives it a decimal format of the locale with up to
/// that many fraction digits, trailing zeros dropped (numeric "1:02:03.5",
/// "1:02:03.123456789"). Whole values are written without a fraction either way.
CICUDurationFormatter *CICU_durationFormatterOpen(const char *localeID, int32_t width,
                                                  int32_t fractionDigits, int32_t *status);
void CICU_durationFormatterClose(CICUDurationFormatter *formatter);
/// Formats `count` (1…CICU_DURATION_MAX_UNITS) (unit, value) pairs together
/// (MeasureFormat::formatMeasures: CLDR unit patterns joined by the locale's unit list
/// pattern), e.g. hour 1, minute 5 → "1 hr, 5 min" (short); in the numeric width hours,
/// minutes and seconds (or two adjacent of them) give the locale's CLDR durationUnit pattern,
/// "1:05:00". A negative first value in the numeric width is written as the locale's minus
/// sign followed by the positional form of the magnitudes.
int32_t CICU_durationFormat(CICUDurationFormatter *formatter, const int32_t *units,
                            const double *values, int32_t count, uint16_t *out,
                            int32_t capacity, int32_t *status);

// MARK: - Calendar fields (ucal), for calendar-aware relative times

/// The local Gregorian fields of an instant in a zone (a validated id, UTF-16):
/// `fields[0]` the local Julian day number (UCAL_JULIAN_DAY), `fields[1]` the extended year,
/// `fields[2]` the month 1…12. Opens and closes its own UCalendar (no shared state).
void CICU_calendarLocalFields(const uint16_t *zone, int32_t zoneLength, double millis,
                              int32_t *fields, int32_t *status);

// MARK: - Number parsing (unum_parseDecimal)

/// Parses locale-formatted decimal text (unum DECIMAL style of the locale) into a decimal
/// string written to `out` (UTF-8); `*parsedLength` receives how many UTF-16 units were read.
/// Returns the decimal's length. Opens and closes its own UNumberFormat (no shared state).
int32_t CICU_numberParseDecimal(const char *localeID, const uint16_t *text, int32_t textLength,
                                int32_t *parsedLength, char *out, int32_t capacity,
                                int32_t *status);

#ifdef __cplusplus
}
#endif

#endif  // CICU_FORMAT_H
