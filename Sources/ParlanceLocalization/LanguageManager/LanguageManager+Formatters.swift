public import Parlance

extension LanguageState {
    /// Number, date, relative-time, list, file-size and duration formatters for this state's
    /// locale. Reading them from one state keeps strings and formats in the same language.
    ///
    /// ```swift
    /// let state = manager.state
    /// state.formatters().formatNumber(1234.5, fractionDigits: 1)  // "1 234,5" in fr
    /// 1234.5.formatted(state.formatters().number)                 // the same
    /// ```
    public func formatters(timeZone: TimeZoneID = .utc) -> Formatters {
        Formatters(locale: locale, timeZone: timeZone)
    }
}

extension LanguageManager {
    /// Formatters for the effective language: the request's inside `withLanguage(_:operation:)`,
    /// else the manager's. Compiled ICU formatters are cached per locale, so this is cheap, and
    /// a language switch takes effect on the next call.
    ///
    /// ```swift
    /// try manager.setLanguage("de")
    /// manager.formatters().formatCurrency(DecimalNumber("1234.5"), currency: "EUR")  // "1.234,50 €"
    /// ```
    public func formatters(timeZone: TimeZoneID = .utc) -> Formatters {
        state.formatters(timeZone: timeZone)
    }
}
