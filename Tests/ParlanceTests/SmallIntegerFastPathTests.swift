import Parlance
import Testing

/// The plain formatter (skeleton "") writes integers below 1,000 from the locale's ten digits
/// without calling ICU; ICU itself is the oracle, over every locale it ships and numbering
/// systems chosen with `-u-nu-`, algorithmic ones among them.
@Suite("Number formatting: the small-integer path equals ICU")
struct SmallIntegerFastPathTests {
    @Test func everyLocaleEveryIntegerBelowOneThousand() throws {
        var locales = LocaleID.availableLocales
        #expect(locales.count > 700)
        for id in ["ar-u-nu-arab", "th-u-nu-thai", "zh-u-nu-hanidec", "ja-u-nu-jpan", "he-u-nu-hebr", "ta-u-nu-taml", "fa", "my", "mr"] {
            locales.append(try LocaleID(id))
        }
        var mismatches: [String] = []
        for locale in locales {
            let formatter = try ICUNumberFormatter(skeleton: "", locale: locale)
            for value: Int64 in 0..<1000 where formatter.format(value) != formatter.formatThroughICU(value) {
                mismatches.append("\(locale.languageTag) \(value): \(formatter.format(value)) ≠ \(formatter.formatThroughICU(value))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func spotValuesFromCLDRDigits() throws {
        // CLDR numberingSystems.xml: arab ٠١٢٣٤٥٦٧٨٩, thai ๐๑๒๓๔๕๖๗๘๙, deva ०१२३४५६७८९.
        #expect(try ICUNumberFormatter(skeleton: "", locale: "ar-u-nu-arab").format(Int64(305)) == "٣٠٥")
        #expect(try ICUNumberFormatter(skeleton: "", locale: "th-u-nu-thai").format(Int64(42)) == "๔๒")
        #expect(try ICUNumberFormatter(skeleton: "", locale: "mr").format(Int64(7)) == "७")
        // hanidec: 〇一二三四五六七八九, positional.
        #expect(try ICUNumberFormatter(skeleton: "", locale: "zh-u-nu-hanidec").format(Int64(10)) == "一〇")
        // Negative numbers and 1,000 and up go through ICU (sign and grouping).
        #expect(try ICUNumberFormatter(skeleton: "", locale: "de").format(Int64(-5)) == "-5")
        #expect(try ICUNumberFormatter(skeleton: "", locale: "de").format(Int64(1000)) == "1.000")
    }
}
