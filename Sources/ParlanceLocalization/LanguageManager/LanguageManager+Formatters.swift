public import Parlance

extension LanguageState {
    /// Number, date, relative-time, list, file-size and duration styles for this state's
    /// locale. Reading them from one state keeps strings and formats in the same language.
    ///
    /// ```swift
    /// let state = manager.state
    /// 1234.5.formatted(state.formatters().number.precision(.fractionDigits(min: 1, max: 1)))  // "1 234,5" in fr
    /// ```
    public func formatters(timeZone: TimeZoneID = .utc) -> Formatters {
        Formatters(locale: locale, timeZone: timeZone)
    }
}

extension LanguageManager {
    /// Styles for the effective language: the request's inside `withLanguage(_:operation:)`,
    /// else the manager's. Compiled ICU formatters are cached per locale, so this is cheap, and
    /// a language switch takes effect on the next call.
    ///
    /// ```swift
    /// try manager.setLanguage("de")
    /// try DecimalNumber("1234.5").formatted(manager.formatters().currency("EUR"))  // "1.234,50 €"
    /// ```
    public func formatters(timeZone: TimeZoneID = .utc) -> Formatters {
        state.formatters(timeZone: timeZone)
    }
}
