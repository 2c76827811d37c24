internal import CICU

/// Versions of the ICU library Parlance is running on.
///
/// ```swift
/// ICUInfo.icuVersion      // "72.1"
/// ICUInfo.cldrVersion     // "42.0"
/// ```
public enum ICUInfo {
    /// ICU's version, e.g. "72.1".
    public static var icuVersion: String { String(cString: CICU_icuVersion()) }
    /// The CLDR version of ICU's locale data, e.g. "42.0".
    public static var cldrVersion: String { String(cString: CICU_cldrVersion()) }
    /// The Unicode version ICU implements, e.g. "15.0".
    public static var unicodeVersion: String { String(cString: CICU_unicodeVersion()) }
}
