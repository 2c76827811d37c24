import FuzzSupport
import Parlance

/// Locale ids through ``LocaleID/init(_:)``, then the first ICU services an accepted id reaches.
///
/// Contract: an id is accepted or refused with ``ParlanceError/Code/invalidLocale``; an accepted
/// id prints an ICU id and a BCP 47 tag that are printable ASCII and parse back to the same
/// locale (tag → same ICU id or one with the same CLDR canonical form, ICU id → same tag), and ICU's plural rules and a number formatter
/// open for it (or refuse it with a typed error) without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocaleID(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let target = "FuzzLocaleID"
    let text = String(decoding: Fuzz.bytes(start, count), as: UTF8.self)
    let locale: LocaleID
    do {
        locale = try LocaleID(text)
    } catch {
        let failure = Fuzz.expectError(error, codes: [.invalidLocale], target, "parse \(text.debugDescription)")
        Fuzz.check(Fuzz.isPrintable(failure.message), target, "an error message with control characters: \(failure.message.debugDescription)")
        return 0
    }
    let ascii: (String) -> Bool = { $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } }
    Fuzz.check(ascii(locale.languageTag), target, "\(text.debugDescription) prints the tag \(locale.languageTag.debugDescription)")
    Fuzz.check(
        locale.identifier.isEmpty || ascii(locale.identifier), target,
        "\(text.debugDescription) prints the ICU id \(locale.identifier.debugDescription)")
    do {
        // ICU writes a deprecated code's replacement in a tag (`BU` → `MM`, `iw` → `he`) and
        // orders variants as CLDR's canonical form does: the tag names the same locale when it
        // is the id itself or has the id's CLDR canonical form.
        let fromTag = try LocaleID(locale.languageTag)
        Fuzz.check(
            fromTag.identifier == locale.identifier || fromTag.canonicalized.identifier == locale.canonicalized.identifier, target,
            "\(text.debugDescription) → tag \(locale.languageTag) → ICU id \(fromTag.identifier.debugDescription), not \(locale.identifier.debugDescription)")
    } catch {
        Fuzz.fail(target, "\(text.debugDescription) prints the tag \(locale.languageTag.debugDescription), which does not parse: \(error)")
    }
    if !locale.identifier.isEmpty {
        do {
            let fromID = try LocaleID(locale.identifier)
            Fuzz.check(
                fromID.languageTag == locale.languageTag, target,
                "\(text.debugDescription) → ICU id \(locale.identifier) → tag \(fromID.languageTag.debugDescription), not \(locale.languageTag.debugDescription)"
            )
        } catch {
            Fuzz.fail(target, "\(text.debugDescription) prints the ICU id \(locale.identifier.debugDescription), which does not parse: \(error)")
        }
    }
    // The services the batch ops and HTTP routes open first for a locale.
    do {
        let rules = try PluralRules(locale: locale)
        Fuzz.check(rules.categories.contains(.other), target, "the plural rules of \(locale) have no `other`")
        _ = rules.category(for: 21)
    } catch {
        Fuzz.expectError(error, codes: [.invalidLocale], target, "plural rules for \(locale)")
    }
    // Formatting with a style is total: any locale id that parsed formats (ICU's root data at worst).
    Fuzz.check(!1234.5.formatted(NumberFormatStyle<Double>(locale: locale)).isEmpty, target, "1234.5 formats empty in \(locale)")
    return 0
}
