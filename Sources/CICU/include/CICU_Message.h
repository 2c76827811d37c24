// Messages and ranges: ICU MessageFormat (named arguments exist only in C++), number ranges
// (unumrf), plural ranges (uplrules_selectForRange) and date intervals (udtitvfmt).
//
// Handles are opaque; text goes out as UTF-16 with the usual (out, capacity) → needed-length
// contract and CICU_STATUS_BUFFER_OVERFLOW on a short buffer.
#ifndef CICU_MESSAGE_H
#define CICU_MESSAGE_H

#include <stdint.h>

#include "CICU.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - MessageFormat

typedef struct CICUMessageFormat CICUMessageFormat;

/// Argument kinds of CICUMessageArgument.
#define CICU_MESSAGE_ARGUMENT_TEXT 0
#define CICU_MESSAGE_ARGUMENT_DOUBLE 1
#define CICU_MESSAGE_ARGUMENT_DECIMAL 2
#define CICU_MESSAGE_ARGUMENT_INT64 3

/// One argument: a name (UTF-16; the number as text for numbered arguments) and a value.
typedef struct CICUMessageArgument {
    const uint16_t *name;
    int32_t nameLength;
    int32_t kind;
    /// CICU_MESSAGE_ARGUMENT_TEXT: UTF-16 text.
    const uint16_t *text;
    int32_t textLength;
    /// CICU_MESSAGE_ARGUMENT_DECIMAL: an ASCII decimal string ("1.50", "-2e3").
    const char *decimal;
    int32_t decimalLength;
    double number;
    int64_t integer;
} CICUMessageArgument;

/// Compiles a MessageFormat pattern (UTF-16) for a locale. On a syntax error returns NULL with
/// a failure status and the 0-based UTF-16 offset of the error in *errorOffset (-1 if unknown).
CICUMessageFormat *CICU_messageFormatOpen(const char *localeID, const uint16_t *pattern,
                                          int32_t patternLength, int32_t *errorOffset,
                                          int32_t *status);
void CICU_messageFormatClose(CICUMessageFormat *format);
/// Every argument name or number the pattern uses, nested ones included, each once, in order,
/// each followed by U+0000.
int32_t CICU_messageFormatArgumentNames(const CICUMessageFormat *format, uint16_t *out,
                                        int32_t capacity, int32_t *status);
/// Formats with named (or numbered, as text) arguments. Thread-safe (the handle's own lock:
/// ICU creates plural rules lazily inside a const method).
int32_t CICU_messageFormatFormat(CICUMessageFormat *format, const CICUMessageArgument *arguments,
                                 int32_t count, uint16_t *out, int32_t capacity, int32_t *status);

/// One part of a parsed MessageFormat pattern (ICU's `MessagePattern::Part`), for the Swift
/// compiler of message plans. `type` is a UMessagePatternPartType, `argType` (ARG_START and
/// ARG_LIMIT parts) a UMessagePatternArgType; `index` and `length` locate the part in the
/// pattern (UTF-16 units); `limitPart` is the index of the matching _LIMIT part for a _START
/// part (else -1); `number` is the numeric value of ARG_INT and ARG_DOUBLE parts and the plural
/// offset of a plural or selectordinal ARG_START part (else 0).
typedef struct CICUMessagePart {
    int32_t type;
    int32_t argType;
    int32_t index;
    int32_t length;
    int32_t limitPart;
    double number;
} CICUMessagePart;

/// The part types of CICUMessagePart (ICU's UMessagePatternPartType values).
#define CICU_MESSAGE_PART_MSG_START 0
#define CICU_MESSAGE_PART_MSG_LIMIT 1
#define CICU_MESSAGE_PART_SKIP_SYNTAX 2
#define CICU_MESSAGE_PART_INSERT_CHAR 3
#define CICU_MESSAGE_PART_REPLACE_NUMBER 4
#define CICU_MESSAGE_PART_ARG_START 5
#define CICU_MESSAGE_PART_ARG_LIMIT 6
#define CICU_MESSAGE_PART_ARG_NUMBER 7
#define CICU_MESSAGE_PART_ARG_NAME 8
#define CICU_MESSAGE_PART_ARG_TYPE 9
#define CICU_MESSAGE_PART_ARG_STYLE 10
#define CICU_MESSAGE_PART_ARG_SELECTOR 11
#define CICU_MESSAGE_PART_ARG_INT 12
#define CICU_MESSAGE_PART_ARG_DOUBLE 13
/// The argument types of CICUMessagePart (ICU's UMessagePatternArgType values).
#define CICU_MESSAGE_ARG_NONE 0
#define CICU_MESSAGE_ARG_SIMPLE 1
#define CICU_MESSAGE_ARG_CHOICE 2
#define CICU_MESSAGE_ARG_PLURAL 3
#define CICU_MESSAGE_ARG_SELECT 4
#define CICU_MESSAGE_ARG_SELECTORDINAL 5

/// The parts of a pattern as ICU's MessagePattern parses it (the apostrophe mode MessageFormat
/// uses). Returns the number of parts; CICU_STATUS_BUFFER_OVERFLOW when it exceeds `capacity`.
int32_t CICU_messagePatternParts(const uint16_t *pattern, int32_t patternLength,
                                 CICUMessagePart *parts, int32_t capacity, int32_t *status);

// MARK: - Number ranges and plural ranges

typedef struct CICUNumberRangeFormatter CICUNumberRangeFormatter;

/// A number range formatter for a skeleton (UTF-16) with ICU's defaults (collapse AUTO,
/// identity fallback APPROXIMATELY). Immutable and thread-safe.
CICUNumberRangeFormatter *CICU_numberRangeFormatterOpen(const uint16_t *skeleton,
                                                        int32_t skeletonLength,
                                                        const char *localeID,
                                                        int32_t *errorOffset, int32_t *status);
void CICU_numberRangeFormatterClose(CICUNumberRangeFormatter *formatter);
/// Formats the range between two decimal strings ("3", "5.5").
int32_t CICU_numberRangeFormatDecimal(const CICUNumberRangeFormatter *formatter,
                                      const char *start, int32_t startLength, const char *end,
                                      int32_t endLength, uint16_t *out, int32_t capacity,
                                      int32_t *status);
/// The plural category (ASCII keyword) of the range `start`–`end` as `formatter` formats it
/// (uplrules_selectForRange over the formatted range).
int32_t CICU_pluralRulesSelectRange(const CICUPluralRules *rules,
                                    const CICUNumberRangeFormatter *formatter, const char *start,
                                    int32_t startLength, const char *end, int32_t endLength,
                                    char *keyword, int32_t capacity, int32_t *status);

// MARK: - Date intervals

typedef struct CICUDateIntervalFormatter CICUDateIntervalFormatter;

/// A date interval formatter for a skeleton in a time zone (validated id), both UTF-16.
CICUDateIntervalFormatter *CICU_dateIntervalFormatterOpen(const char *localeID,
                                                          const uint16_t *skeleton,
                                                          int32_t skeletonLength,
                                                          const uint16_t *zone, int32_t zoneLength,
                                                          int32_t *status);
void CICU_dateIntervalFormatterClose(CICUDateIntervalFormatter *formatter);
/// Formats the interval between two UDates (milliseconds since 1970). Thread-safe: ICU formats
/// every interval under its own process-wide lock (DateIntervalFormat mutates its calendars).
int32_t CICU_dateIntervalFormat(CICUDateIntervalFormatter *formatter, double from, double to,
                                uint16_t *out, int32_t capacity, int32_t *status);

/// The calendar fields a date interval compares, greatest first: era, year, month, day, am/pm,
/// hour, minute, second, millisecond.
#define CICU_DATE_INTERVAL_FIELDS 9
/// The strings of a date interval plan: the single-date pattern; the first and second part of
/// the interval pattern for each field of CICU_DATE_INTERVAL_FIELDS (both empty: none); the
/// fallback interval pattern's text without its arguments; the same-day fallback's date
/// pattern and time pattern; the date-time pattern's text without its arguments; the calendar
/// type (e.g. "gregorian").
#define CICU_DATE_INTERVAL_PLAN_STRINGS 24
/// The numbers of a plan: per field, whether the later date comes first (9), then whether the
/// single-date pattern ignores the field (9); then where arguments 0 and 1 go in the fallback
/// text, in the date-time text (-1 when there is none), and whether the date pattern, the
/// time pattern and the date-time pattern exist (1 or 0).
#define CICU_DATE_INTERVAL_PLAN_FLAGS 25
/// What ICU's date interval formatter for (locale, skeleton, zone) decided, read from a
/// formatter of its own: the strings back to back in `out` (UTF-16, `lengths[i]` units each,
/// CICU_DATE_INTERVAL_PLAN_STRINGS of them) and the numbers in `flags`
/// (CICU_DATE_INTERVAL_PLAN_FLAGS). Returns the units written, or the units needed with
/// U_BUFFER_OVERFLOW_ERROR.
int32_t CICU_dateIntervalPlan(const char *localeID, const uint16_t *skeleton,
                              int32_t skeletonLength, const uint16_t *zone, int32_t zoneLength,
                              uint16_t *out, int32_t capacity, int32_t *lengths, int32_t *flags,
                              int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
