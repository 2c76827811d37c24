internal import CICU

/// Owner of ICU's character-property lookups (`uchar.h`): display widths and bidi classes.
package enum ICUCharacterProperties {
    /// Terminal columns of a code point (0, 1 or 2); see ``DisplayWidth``.
    package static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(CICU_displayWidth(scalar.value))
    }

    /// ICU's `UCharDirection` of a code point (`u_charDirection`), the index into
    /// ``BidiClass``'s table.
    package static func bidiClassIndex(_ scalar: Unicode.Scalar) -> Int {
        Int(CICU_charDirection(scalar.value))
    }

    /// Whether ICU gives the code point the Hebrew script (`uscript_getScript`), as ICU's list
    /// formatter tests the last item in Hebrew (see ``ListContextRule``).
    package static func isHebrewScript(_ scalar: Unicode.Scalar) -> Bool {
        CICU_isHebrewScript(scalar.value)
    }
}
