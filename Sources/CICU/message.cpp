// ICU MessageFormat behind an opaque handle. Named arguments exist only in ICU's C++ API
// (umsg_* formats positional varargs), hence C++ here.
//
// MessageFormat::format is const, but the plural and ordinal selectors create their
// PluralRules lazily on first use, so each handle formats under its own mutex.
#include "CICU_Message.h"
#include "internal.h"

#include <unicode/fmtable.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <mutex>
#include <new>
#include <vector>

struct CICUMessageFormat {
    icu::MessageFormat format;
    std::vector<icu::UnicodeString> names;  // every argument the pattern uses, in order
    std::mutex lock;
    CICUMessageFormat(const icu::UnicodeString &pattern, const icu::Locale &locale,
                      UParseError &error, UErrorCode &status)
        : format(pattern, locale, error, status) {}
};

extern "C" CICUMessageFormat *CICU_messageFormatOpen(const char *localeID, const uint16_t *pattern,
                                                     int32_t patternLength, int32_t *errorOffset,
                                                     int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (errorOffset != nullptr) *errorOffset = -1;
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return nullptr;
    icu::UnicodeString text(false, reinterpret_cast<const UChar *>(pattern), patternLength);
    UParseError parseError;
    parseError.offset = -1;
    // The argument names first, with MessagePattern (it reports the same syntax errors).
    icu::MessagePattern parsed(text, &parseError, *st);
    if (U_FAILURE(*st)) {
        if (errorOffset != nullptr) *errorOffset = parseError.offset;
        return nullptr;
    }
    CICUMessageFormat *handle =
        new (std::nothrow) CICUMessageFormat(text, icu::Locale(localeID), parseError, *st);
    if (handle == nullptr) {
        *st = U_MEMORY_ALLOCATION_ERROR;
        return nullptr;
    }
    if (U_FAILURE(*st)) {
        // The syntax parsed above; MessageFormat refuses an argument's type or style, and its
        // UParseError (reset to offset 0 by its own parse) names no place.
        delete handle;
        return nullptr;
    }
    int32_t count = parsed.countParts();
    for (int32_t i = 0; i < count; ++i) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        UMessagePatternPartType type = part.getType();
        if (type != UMSGPAT_PART_TYPE_ARG_NAME && type != UMSGPAT_PART_TYPE_ARG_NUMBER) continue;
        icu::UnicodeString name = parsed.getSubstring(part);
        bool seen = false;
        for (const icu::UnicodeString &known : handle->names) seen = seen || known == name;
        if (!seen) handle->names.push_back(name);
    }
    return handle;
}

extern "C" void CICU_messageFormatClose(CICUMessageFormat *format) { delete format; }

extern "C" int32_t CICU_messageFormatArgumentNames(const CICUMessageFormat *format, uint16_t *out,
                                                   int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    icu::UnicodeString joined;
    for (const icu::UnicodeString &name : format->names) {
        joined.append(name);
        joined.append(static_cast<UChar>(0));
    }
    return CICU_copyOut(joined.getBuffer(), joined.length(), out, capacity, st);
}

extern "C" int32_t CICU_messageFormatFormat(CICUMessageFormat *format,
                                            const CICUMessageArgument *arguments, int32_t count,
                                            uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    if (count < 0 || (count > 0 && arguments == nullptr)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    std::vector<icu::UnicodeString> names;
    std::vector<icu::Formattable> values;
    names.reserve(static_cast<size_t>(count));
    values.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; ++i) {
        const CICUMessageArgument &argument = arguments[i];
        names.emplace_back(reinterpret_cast<const UChar *>(argument.name), argument.nameLength);
        switch (argument.kind) {
        case CICU_MESSAGE_ARGUMENT_TEXT:
            values.emplace_back(
                icu::UnicodeString(reinterpret_cast<const UChar *>(argument.text), argument.textLength));
            break;
        case CICU_MESSAGE_ARGUMENT_DOUBLE:
            values.emplace_back(argument.number);
            break;
        case CICU_MESSAGE_ARGUMENT_INT64:
            // As a 32-bit long, else an exact double, else a 64-bit integer: ICU's date
            // formats take kLong and kDouble values as instants but not kInt64.
            if (argument.integer >= INT32_MIN && argument.integer <= INT32_MAX) {
                values.emplace_back(static_cast<int32_t>(argument.integer));
            } else if (argument.integer >= -(INT64_C(1) << 53) && argument.integer <= (INT64_C(1) << 53)) {
                values.emplace_back(static_cast<double>(argument.integer));
            } else {
                values.emplace_back(argument.integer);
            }
            break;
        case CICU_MESSAGE_ARGUMENT_DECIMAL:
            values.emplace_back(icu::StringPiece(argument.decimal, argument.decimalLength), *st);
            break;
        default:
            *st = U_ILLEGAL_ARGUMENT_ERROR;
        }
        if (U_FAILURE(*st)) return 0;
    }
    icu::UnicodeString result;
    {
        std::lock_guard<std::mutex> guard(format->lock);
        format->format.format(names.data(), values.data(), count, result, *st);
    }
    if (U_FAILURE(*st)) return 0;
    return CICU_copyOut(result.getBuffer(), result.length(), out, capacity, st);
}

static_assert(CICU_MESSAGE_PART_ARG_DOUBLE == UMSGPAT_PART_TYPE_ARG_DOUBLE &&
                  CICU_MESSAGE_PART_ARG_START == UMSGPAT_PART_TYPE_ARG_START &&
                  CICU_MESSAGE_PART_MSG_LIMIT == UMSGPAT_PART_TYPE_MSG_LIMIT &&
                  CICU_MESSAGE_PART_REPLACE_NUMBER == UMSGPAT_PART_TYPE_REPLACE_NUMBER &&
                  CICU_MESSAGE_PART_ARG_SELECTOR == UMSGPAT_PART_TYPE_ARG_SELECTOR,
              "part types follow ICU's UMessagePatternPartType");
static_assert(CICU_MESSAGE_ARG_SELECTORDINAL == UMSGPAT_ARG_TYPE_SELECTORDINAL &&
                  CICU_MESSAGE_ARG_SIMPLE == UMSGPAT_ARG_TYPE_SIMPLE &&
                  CICU_MESSAGE_ARG_CHOICE == UMSGPAT_ARG_TYPE_CHOICE &&
                  CICU_MESSAGE_ARG_PLURAL == UMSGPAT_ARG_TYPE_PLURAL &&
                  CICU_MESSAGE_ARG_SELECT == UMSGPAT_ARG_TYPE_SELECT,
              "argument types follow ICU's UMessagePatternArgType");

extern "C" int32_t CICU_messagePatternParts(const uint16_t *pattern, int32_t patternLength,
                                            CICUMessagePart *parts, int32_t capacity,
                                            int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return 0;
    if (patternLength < 0 || capacity < 0 || (patternLength > 0 && pattern == nullptr)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    icu::UnicodeString text(false, reinterpret_cast<const UChar *>(pattern), patternLength);
    UParseError parseError;
    icu::MessagePattern parsed(text, &parseError, *st);
    if (U_FAILURE(*st)) return 0;
    int32_t count = parsed.countParts();
    if (count > capacity) {
        *st = U_BUFFER_OVERFLOW_ERROR;
        return count;
    }
    for (int32_t i = 0; i < count; ++i) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        UMessagePatternPartType type = part.getType();
        CICUMessagePart &out = parts[i];
        out.type = type;
        out.argType = (type == UMSGPAT_PART_TYPE_ARG_START || type == UMSGPAT_PART_TYPE_ARG_LIMIT)
                          ? part.getArgType()
                          : UMSGPAT_ARG_TYPE_NONE;
        out.index = part.getIndex();
        out.length = part.getLength();
        out.limitPart = (type == UMSGPAT_PART_TYPE_ARG_START || type == UMSGPAT_PART_TYPE_MSG_START)
                            ? parsed.getLimitPartIndex(i)
                            : -1;
        out.number = 0;
        if (type == UMSGPAT_PART_TYPE_ARG_INT || type == UMSGPAT_PART_TYPE_ARG_DOUBLE) {
            out.number = parsed.getNumericValue(part);
        } else if (type == UMSGPAT_PART_TYPE_ARG_START &&
                   (out.argType == UMSGPAT_ARG_TYPE_PLURAL ||
                    out.argType == UMSGPAT_ARG_TYPE_SELECTORDINAL)) {
            // The offset is the numeric part right after the argument's name, if any.
            out.number = i + 2 < count ? parsed.getPluralOffset(i + 2) : 0;
        }
    }
    return count;
}
