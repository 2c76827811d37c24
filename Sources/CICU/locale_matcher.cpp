// icu::LocaleMatcher exists only in ICU's C++ API: it is built once per supported list and
// queried through extern "C" functions. LocaleMatcher is immutable after build() and its
// const methods are thread-safe (ICU's localematcher.h), so one handle serves all threads.
#include "CICU_Locale.h"
#include "internal.h"

#include <unicode/localebuilder.h>
#include <unicode/localematcher.h>
#include <unicode/locid.h>

#include <new>
#include <vector>

struct CICULocaleMatcher {
    icu::LocaleMatcher matcher;
    explicit CICULocaleMatcher(icu::LocaleMatcher &&built) : matcher(std::move(built)) {}
};

extern "C" CICULocaleMatcher *CICU_localeMatcherOpen(const char *const *supported, int32_t count,
                                                     int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return nullptr;
    if (count < 0 || (count > 0 && supported == nullptr)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    for (int32_t i = 0; i < count; ++i) {
        if (!CICU_localeIDFits(supported[i], CICU_LOCALE_ID_MAX_LENGTH, st)) return nullptr;
    }
    icu::LocaleMatcher::Builder builder;
    for (int32_t i = 0; i < count; ++i) {
        builder.addSupportedLocale(icu::Locale(supported[i]));
    }
    icu::LocaleMatcher built = builder.build(*st);
    if (U_FAILURE(*st)) return nullptr;
    CICULocaleMatcher *handle = new (std::nothrow) CICULocaleMatcher(std::move(built));
    if (handle == nullptr) *st = U_MEMORY_ALLOCATION_ERROR;
    return handle;
}

extern "C" void CICU_localeMatcherClose(CICULocaleMatcher *matcher) { delete matcher; }

namespace {
// A Locale::Iterator over an array of ICU ids.
class IDIterator : public icu::Locale::Iterator {
public:
    IDIterator(const char *const *ids, int32_t count) : ids_(ids), count_(count) {}
    UBool hasNext() const override { return index_ < count_; }
    const icu::Locale &next() override {
        current_ = icu::Locale(ids_[index_++]);
        return current_;
    }

private:
    const char *const *ids_;
    int32_t count_;
    int32_t index_ = 0;
    icu::Locale current_;
};
}  // namespace

extern "C" int32_t CICU_localeMatcherBestIndex(const CICULocaleMatcher *matcher,
                                               const char *const *desired, int32_t count,
                                               int32_t *status) {
    UErrorCode *st = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*st)) return -1;
    if (matcher == nullptr || count < 0 || (count > 0 && desired == nullptr)) {
        *st = U_ILLEGAL_ARGUMENT_ERROR;
        return -1;
    }
    for (int32_t i = 0; i < count; ++i) {
        if (!CICU_localeIDFits(desired[i], CICU_LOCALE_ID_MAX_LENGTH, st)) return -1;
    }
    IDIterator iterator(desired, count);
    icu::LocaleMatcher::Result result = matcher->matcher.getBestMatchResult(iterator, *st);
    if (U_FAILURE(*st)) return -1;
    return result.getSupportedIndex();
}
