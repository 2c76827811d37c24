public import Parlance

extension LanguageState {
    /// Number, date, relative-time, list, file-size and duration formatters for this state's
    /// locale. Reading them from one state keeps strings and formats in the same language.
    ///
    /// ```swift
    /// let state = manager.state
    /// try state.formatters().formatNumber(1234.5, fractionDigits: 1)  // "1 234,5" in fr
    /// ```
    /// - Throws: ``ParlanceError/Code/invalidTimeZone`` for an unknown time zone id.
    public func formatters(timeZone: String = "UTC") throws(ParlanceError) -> Formatters {
        try Formatters(locale: locale, timeZone: timeZone)
    }
}

extension LanguageManager {
    /// Formatters for the effective language: the request's inside `withLanguage(_:operation:)`,
    /// else the manager's. Compiled ICU formatters are cached per locale, so this is cheap, and
    /// a language switch takes effect on the next call.
    ///
    /// ```swift
    /// try manager.setLanguage("de")
    /// try manager.formatters().formatCurrency(1234.5, currencyCode: "EUR")  // "1.234,50 €"
    /// ```
    public func formatters(timeZone: String = "UTC") throws(ParlanceError) -> Formatters {
        try state.formatters(timeZone: timeZone)
    }
}
