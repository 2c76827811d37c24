/// A horizontal writing direction.
///
/// ```swift
/// try LocaleID("ar").characterDirection   // .rightToLeft
/// Bidi.baseDirection(of: "שלום world")     // .rightToLeft
/// ```
public enum TextDirection: String, Sendable, CaseIterable, Codable {
    /// Left to right ("ltr").
    case leftToRight = "ltr"
    /// Right to left ("rtl").
    case rightToLeft = "rtl"
}

extension LocaleID {
    /// The direction the locale's script is written in: right to left for Arabic, Hebrew,
    /// Syriac, Thaana, N'Ko, Adlam, … scripts, given in the id or implied by likely subtags
    /// (ICU's `uloc_isRightToLeft`). So `uz-Arab` is right to left and `uz` is not; `az-Latn`
    /// is left to right; an unknown language is left to right.
    ///
    /// ```swift
    /// try LocaleID("he").characterDirection        // .rightToLeft
    /// try LocaleID("uz-Arab").characterDirection   // .rightToLeft
    /// try LocaleID("pa-PK").characterDirection     // .rightToLeft (pa_Arab_PK)
    /// try LocaleID("az-Latn").characterDirection   // .leftToRight
    /// ```
    public var characterDirection: TextDirection {
        ICULocale.isRightToLeft(identifier) ? .rightToLeft : .leftToRight
    }
}
