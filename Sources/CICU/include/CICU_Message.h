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

#ifdef __cplusplus
}
#endif

#endif
