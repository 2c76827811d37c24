// Plural rules: ICU's selection, kept as the reference Parlance's own evaluator is tested
// against and as the "raw ICU" floor of the benchmarks.
//
// Why: uplrules_select takes a binary double, which cannot tell "1" from "1.0". CLDR's
// operands count visible fraction digits, so a decimal string goes through an ICU number
// formatter that shows exactly that many fraction digits, then uplrules_selectFormatted.
#include "CICU.h"
#include "internal.h"

#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CICUPluralRules {
    UPluralRules *rules;
    char localeID[ULOC_FULLNAME_CAPACITY];
    // Formatters showing exactly N fraction digits, created on first use. Installed with a
    // compare-and-swap so concurrent callers never lock; a loser closes its own copy.
    _Atomic(UNumberFormatter *) fractionFormatters[CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS + 1];
};

CICUPluralRules *CICU_pluralRulesOpen(const char *localeID, bool ordinal, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    // Before ICU: PluralRules::getRuleFromResource copies the id's base name into a
    // ULOC_FULLNAME_CAPACITY buffer (see CICU_LOCALE_ID_MAX_LENGTH), and the handle keeps the id
    // in one of that size.
    if (!CICU_localeIDFits(localeID, CICU_LOCALE_ID_MAX_LENGTH, st)) return NULL;
    UPluralRules *rules =
        uplrules_openForType(localeID, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, st);
    if (U_FAILURE(*st)) return NULL;
    CICUPluralRules *handle = calloc(1, sizeof(CICUPluralRules));
    if (handle == NULL) {
        uplrules_close(rules);
        *st = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    handle->rules = rules;
    snprintf(handle->localeID, sizeof handle->localeID, "%s", localeID);
    for (int i = 0; i <= CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS; i++) {
        atomic_init(&handle->fractionFormatters[i], NULL);
    }
    return handle;
}

const struct UPluralRules *CICU_pluralRulesICU(const CICUPluralRules *handle) {
    return handle->rules;
}

void CICU_pluralRulesClose(CICUPluralRules *handle) {
    if (handle == NULL) return;
    for (int i = 0; i <= CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS; i++) {
        UNumberFormatter *f = atomic_load(&handle->fractionFormatters[i]);
        if (f != NULL) unumf_close(f);
    }
    uplrules_close(handle->rules);
    free(handle);
}

int32_t CICU_pluralRulesSelectDouble(const CICUPluralRules *handle, double number, uint16_t *out,
                                     int32_t capacity, int32_t *status) {
    return uplrules_select(handle->rules, number, (UChar *)out, capacity, (UErrorCode *)status);
}

// A formatter with exactly `digits` fraction digits and no grouping: skeleton ".000 group-off".
static UNumberFormatter *openFractionFormatter(const char *localeID, int32_t digits,
                                               UErrorCode *status) {
    UChar skeleton[32 + 1024];
    int32_t n = 0;
    skeleton[n++] = '.';
    for (int32_t i = 0; i < digits && n < 1024; i++) skeleton[n++] = '0';
    if (digits == 0) {
        // ".": no fraction digits at all is spelled "precision-integer".
        static const char integer[] = "precision-integer";
        n = 0;
        for (const char *c = integer; *c; c++) skeleton[n++] = (UChar)*c;
    }
    static const char rest[] = " group-off";
    for (const char *c = rest; *c; c++) skeleton[n++] = (UChar)*c;
    return unumf_openForSkeletonAndLocale(skeleton, n, localeID, status);
}

static UNumberFormatter *fractionFormatter(CICUPluralRules *handle, int32_t digits,
                                           bool *owned, UErrorCode *status) {
    *owned = false;
    if (digits > CICU_PLURAL_MAX_CACHED_FRACTION_DIGITS) {
        *owned = true;
        return openFractionFormatter(handle->localeID, digits, status);
    }
    UNumberFormatter *cached = atomic_load(&handle->fractionFormatters[digits]);
    if (cached != NULL) return cached;
    UNumberFormatter *fresh = openFractionFormatter(handle->localeID, digits, status);
    if (U_FAILURE(*status)) {
        if (fresh != NULL) unumf_close(fresh);  // ICU may return an object along with a failure
        return NULL;
    }
    UNumberFormatter *expected = NULL;
    if (atomic_compare_exchange_strong(&handle->fractionFormatters[digits], &expected, fresh)) {
        return fresh;
    }
    unumf_close(fresh);
    return expected;
}

int32_t CICU_pluralRulesSelectDecimal(const CICUPluralRules *constHandle, const char *decimal,
                                      int32_t decimalLength, int32_t fractionDigits,
                                      uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    if (U_FAILURE(*st)) return 0;
    if (fractionDigits < 0 || fractionDigits > 999) {  // ICU's own limit for a precision
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // The handle is logically const: the formatter cache is an atomic memo.
    CICUPluralRules *handle = (CICUPluralRules *)constHandle;
    bool owned = false;
    UNumberFormatter *formatter = fractionFormatter(handle, fractionDigits, &owned, st);
    // The mutable result object is per thread and reused (number_formatter.c).
    UFormattedNumber *threadResult = CICU_threadFormattedNumber(st);
    int32_t length = 0;
    if (U_SUCCESS(*st)) {
        unumf_formatDecimal(formatter, decimal, decimalLength, threadResult, st);
        length = uplrules_selectFormatted(handle->rules, threadResult, (UChar *)out, capacity, st);
    }
    if (owned && formatter != NULL) unumf_close(formatter);
    return length;
}

int32_t CICU_pluralRulesKeywords(const CICUPluralRules *handle, uint16_t *out, int32_t capacity,
                                 int32_t *status) {
    UErrorCode *st = (UErrorCode *)status;
    UEnumeration *keywords = uplrules_getKeywords(handle->rules, st);
    if (U_FAILURE(*st)) return 0;
    UChar joined[128];
    int32_t total = 0;
    int32_t length = 0;
    const UChar *keyword;
    while (U_SUCCESS(*st) && (keyword = uenum_unext(keywords, &length, st)) != NULL) {
        if (total + length + 1 > (int32_t)(sizeof joined / sizeof joined[0])) {
            *st = U_INTERNAL_PROGRAM_ERROR;  // six keywords of at most five letters always fit
            break;
        }
        if (total > 0) joined[total++] = ' ';
        memcpy(joined + total, keyword, (size_t)length * sizeof(UChar));
        total += length;
    }
    uenum_close(keywords);
    return CICU_copyOut(joined, total, out, capacity, st);
}
