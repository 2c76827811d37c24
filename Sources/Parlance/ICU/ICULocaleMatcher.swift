internal import CICU

/// Picks the best of the locales an app supports for a user's preferences, with ICU's
/// `LocaleMatcher` (CLDR's language-matching data: distance-based, so `pt-PT` may pick
/// `pt-BR`, and `en-AU` picks `en-GB` over `en-US`).
///
/// Settings are ICU's defaults: the default locale (returned when nothing matches) is the
/// first supported locale. A matcher is immutable and safe to share between threads; build
/// it once per supported list.
///
/// ```swift
/// let matcher = try LocaleMatcher(supported: ["en-US", "en-GB", "fr", "pt-BR"])
/// matcher.bestMatch(for: [try LocaleID("en-AU")]).locale.languageTag   // "en-GB"
/// matcher.bestMatch(acceptLanguage: "pt-PT, fr;q=0.5").locale.languageTag  // "pt-BR"
/// matcher.bestMatch(acceptLanguage: "ja").isDefault                     // true ("en-US")
/// ```
public final class LocaleMatcher: Sendable {
    /// The result of a negotiation.
    public struct Match: Hashable, Sendable {
        /// The position of the chosen locale in the supported list.
        public let index: Int
        /// The chosen supported locale.
        public let locale: LocaleID
        /// True when nothing matched and the default (first supported) locale was returned.
        public let isDefault: Bool
    }

    /// The supported locales, in the order given.
    public let supported: [LocaleID]

    // `Sendable` notes: icu::LocaleMatcher is immutable after build() and its const query
    // methods are thread-safe (ICU's localematcher.h: "immutable and thread-safe"); the handle
    // is only queried after init and closed in deinit.
    private nonisolated(unsafe) let handle: OpaquePointer

    /// Builds a matcher for the supported locales, in preference order for ties.
    ///
    /// ```swift
    /// let matcher = try LocaleMatcher(supported: [LocaleID("en"), LocaleID("de")])
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidArgument`` when `supported` is empty.
    public convenience init(supported: [LocaleID]) throws {
        try self.init(checked: supported)
    }

    /// ``init(supported:)-([LocaleID])`` with its error type, for code inside the package.
    package init(checked supported: [LocaleID]) throws(ParlanceError) {
        guard !supported.isEmpty else {
            throw ParlanceError(.invalidArgument, "a locale matcher needs at least one supported locale")
        }
        self.supported = supported
        var status: Int32 = 0
        let opened: OpaquePointer? = withCStrings(supported.map(\.identifier)) { pointers, count in
            CICU_localeMatcherOpen(pointers, count, &status)
        }
        guard let opened, status <= 0 else {
            throw ICUStatusError(status: status).parlanceError(.internal, "ICU could not build a locale matcher")
        }
        handle = opened
    }

    /// Builds a matcher from locale ids (BCP 47 or ICU).
    ///
    /// ```swift
    /// let matcher = try LocaleMatcher(supported: ["en", "de", "zh-Hant"])
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidLocale`` naming the first ill-formed id, or
    ///   ``ParlanceError/Code/invalidArgument`` when the list is empty.
    public convenience init(supported ids: [String]) throws {
        try self.init(checked: LocaleMatcher.locales(ids))
    }

    /// ``init(supported:)-([String])`` with its error type, for code inside the package.
    package static func matching(_ ids: [String]) throws(ParlanceError) -> LocaleMatcher {
        try LocaleMatcher(checked: locales(ids))
    }

    private static func locales(_ ids: [String]) throws(ParlanceError) -> [LocaleID] {
        var locales: [LocaleID] = []
        for id in ids { locales.append(try LocaleID.parsing(id)) }
        return locales
    }

    deinit { CICU_localeMatcherClose(handle) }

    /// The best supported locale for the desired locales, in the user's preference order.
    ///
    /// ```swift
    /// try LocaleMatcher(supported: ["en-US", "en-GB"]).bestMatch(for: [LocaleID("en-IN")]).locale
    /// // en-GB
    /// ```
    public func bestMatch(for desired: [LocaleID]) -> Match {
        var status: Int32 = 0
        let index = withCStrings(desired.map(\.identifier)) { pointers, count in
            CICU_localeMatcherBestIndex(handle, pointers, count, &status)
        }
        if status > 0 || index < 0 || Int(index) >= supported.count {
            return Match(index: 0, locale: supported[0], isDefault: true)
        }
        return Match(index: Int(index), locale: supported[Int(index)], isDefault: false)
    }

    /// The best supported locale for an HTTP `Accept-Language` value (see ``AcceptLanguage``
    /// for how it is parsed; malformed parts are ignored, never an error).
    ///
    /// ```swift
    /// try LocaleMatcher(supported: ["en", "fr"]).bestMatch(acceptLanguage: "fr-CA;q=0.9, en;q=0.1").locale
    /// // fr
    /// ```
    public func bestMatch(acceptLanguage: String) -> Match {
        bestMatch(for: AcceptLanguage(acceptLanguage).locales)
    }
}

/// Calls `body` with a C array of NUL-terminated copies of `strings`, valid during the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> R) -> R {
    let total = strings.reduce(0) { $0 + $1.utf8.count + 1 }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: max(total, 1)) { bytes in
        withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: max(strings.count, 1)) { pointers in
            var offset = 0
            for (index, string) in strings.enumerated() {
                pointers[index] = UnsafePointer(bytes.baseAddress! + offset)
                for byte in string.utf8 {
                    bytes[offset] = CChar(bitPattern: byte)
                    offset += 1
                }
                bytes[offset] = 0
                offset += 1
            }
            return body(UnsafePointer(pointers.baseAddress), Int32(strings.count))
        }
    }
}
