internal import CICU

/// Owner of ICU's character-property lookups that are not bidi (`uchar.h`): display widths.
package enum ICUCharacterProperties {
    /// Terminal columns of a code point (0, 1 or 2); see ``DisplayWidth``.
    package static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(CICU_displayWidth(scalar.value))
    }
}
