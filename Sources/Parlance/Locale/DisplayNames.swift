/// How a display name is capitalized (ICU's capitalization display contexts).
public enum DisplayNameCapitalization: String, Sendable, CaseIterable, Codable {
    /// CLDR's data as is (ICU's default): "chinois (traditionnel, Taïwan)".
    case none
    /// For the middle of a sentence.
    case middleOfSentence
    /// For the beginning of a sentence: "Chinois (traditionnel, Taïwan)".
    case beginningOfSentence
    /// For an item in a menu or list, such as a language picker: "Español".
    case uiListOrMenu
    /// For a standalone name, such as a heading.
    case standalone
}

extension LocaleID {
    /// The name of this locale written in `language`, for language pickers and settings
    /// (ICU's `uldn_localeDisplayName`, CLDR's localeDisplayNames).
    ///
    /// Standard names spell out the parts ("English (United Kingdom)"); dialect names use
    /// CLDR's single names where they exist ("British English"). A locale ICU has no names
    /// for is written with its codes. Total: never fails on well-formed ids.
    ///
    /// ```swift
    /// try LocaleID("zh-Hant-TW").displayName(in: LocaleID("fr"))       // "chinois (traditionnel, Taïwan)"
    /// try LocaleID("en-GB").displayName(in: LocaleID("en"), dialect: true)  // "British English"
    /// try LocaleID("de").displayName(in: LocaleID("ja"))               // "ドイツ語"
    /// ```
    /// - Parameters:
    ///   - language: the locale whose language the name is written in.
    ///   - dialect: use dialect names ("British English") instead of standard names.
    ///   - capitalization: the context the name appears in; `.none` keeps CLDR's case.
    public func displayName(
        in language: LocaleID, dialect: Bool = false, capitalization: DisplayNameCapitalization = .none
    ) -> String {
        let name = ICULocale.displayName(
            of: isRoot ? "und" : identifier, in: language.identifier, dialect: dialect, capitalization: capitalization)
        return name ?? languageTag
    }

    /// The locale's name in its own language, capitalized for a language picker
    /// ("العربية", "Español", "日本語").
    ///
    /// ```swift
    /// try LocaleID("es").nativeDisplayName   // "Español"
    /// try LocaleID("ar").nativeDisplayName   // "العربية"
    /// try LocaleID("ja").nativeDisplayName   // "日本語"
    /// ```
    public var nativeDisplayName: String {
        displayName(in: self, capitalization: .uiListOrMenu)
    }
}

/// An ECMA-402 date-time field (`Intl.DisplayNames` with `type: "dateTimeField"`).
public enum DateTimeField: String, Sendable, CaseIterable, Codable {
    case era, year, quarter, month, weekOfYear, weekday, day, dayPeriod, hour, minute, second, timeZoneName
}

/// Names of languages, regions, scripts, currencies, calendars, date-time fields, units and
/// numbering systems written in one language: Parlance's `Intl.DisplayNames`, over ICU's
/// display names (`uldn_*`), currency names (`ucurr_getName`), date-time field names
/// (`udatpg_getFieldDisplayName`) and unit names (`MeasureFormat::getUnitDisplayName`).
///
/// Each method returns the name, or, when ICU has none, the code itself with
/// ``Fallback-swift.enum/code`` and nil with ``Fallback-swift.enum/none``. A code that is not
/// well-formed for its kind throws ``ParlanceError/Code/invalidArgument`` (a language that is
/// not a locale id throws ``ParlanceError/Code/invalidLocale``).
///
/// ```swift
/// let en = DisplayNames(locale: try LocaleID("en"))
/// try en.region("419")                           // "Latin America"
/// try en.currency("EUR")                         // "Euro"
/// try en.calendar("islamic-umalqura")            // "Islamic Calendar (Umm al-Qura)"
/// en.dateTimeField(.weekOfYear)                  // "week"
/// let short = DisplayNames(locale: try LocaleID("en"), style: .short)
/// try short.currency("USD")                      // "$"
/// short.language(try LocaleID("en-US"))          // "English (US)"
/// let strict = DisplayNames(locale: try LocaleID("en"), fallback: .none)
/// try strict.region("XQ")                        // nil
/// ```
///
/// Styles: languages, regions and scripts have ICU's full names (`long`) and short names
/// (`short`, `narrow`: ICU has no narrower ones); currencies have their long name, their
/// symbol (`short`, "CA$") and their narrow symbol (`narrow`, "$"), ICU's three currency name
/// styles (Node 20's V8 answers the long name for every style); calendars have one name;
/// date-time fields have CLDR's wide, short and narrow names; units have the names of CLDR's
/// long, short and narrow unit lengths ("meters", "m", "m"); numbering systems have one name.
/// Units and numbering systems go beyond ECMA-402, whose `Intl.DisplayNames` has neither.
///
/// Each name is a pure function of the options, the code and ICU's data; recent answers are
/// kept in a bounded cache shared by all instances.
public struct DisplayNames: Hashable, Sendable {
    /// How long a name is.
    public enum Style: String, Sendable, CaseIterable, Codable {
        case long, short, narrow
    }

    /// How a locale with a region is named: "English (United Kingdom)" or "British English".
    public enum LanguageDisplay: String, Sendable, CaseIterable, Codable {
        /// The language, then the other parts in parentheses (CLDR's standard names).
        case standard
        /// CLDR's single names where they exist ("British English", "Flemish").
        case dialect
    }

    /// What is answered when ICU has no name for a well-formed code.
    public enum Fallback: String, Sendable, CaseIterable, Codable {
        /// The code itself (ICU's substitution).
        case code
        /// Nothing: the methods return nil.
        case none
    }

    /// What a code names (ECMA-402's `type` option, and `unit` and `numberingSystem` beyond it).
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case language, region, script, currency, calendar, dateTimeField, unit, numberingSystem
    }

    /// The locale whose language the names are written in.
    public let locale: LocaleID
    /// How long the names are.
    public var style: Style
    /// Standard or dialect names for languages.
    public var languageDisplay: LanguageDisplay
    /// What is answered when ICU has no name.
    public var fallback: Fallback
    /// The context the names appear in (ICU's capitalization contexts; ECMA-402 has none).
    /// Applies to languages, regions, scripts and calendars.
    public var capitalization: DisplayNameCapitalization

    /// Names written in `locale`'s language.
    public init(
        locale: LocaleID, style: Style = .long, languageDisplay: LanguageDisplay = .standard, fallback: Fallback = .code,
        capitalization: DisplayNameCapitalization = .none
    ) {
        self.locale = locale
        self.style = style
        self.languageDisplay = languageDisplay
        self.fallback = fallback
        self.capitalization = capitalization
    }

    /// The name of a locale ("English (United States)", "American English" with dialect names).
    /// The root locale is named as `und` ("Unknown language").
    public func language(_ id: LocaleID) -> String? {
        (try? name(.language, id.isRoot ? "und" : id.identifier)) ?? (fallback == .code ? id.languageTag : nil)
    }

    /// The name of a region, from its ISO 3166 code or UN M.49 number ("TW", "419"),
    /// case-insensitive.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is 2 letters or 3 digits.
    public func region(_ code: String) throws(ParlanceError) -> String? {
        try name(.region, Self.canonicalCode(code, kind: .region))
    }

    /// The name of a script, from its ISO 15924 code ("Hant"), case-insensitive.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is 4 letters.
    public func script(_ code: String) throws(ParlanceError) -> String? {
        try name(.script, Self.canonicalCode(code, kind: .script))
    }

    /// The name of a currency, from its ISO 4217 code ("EUR"), case-insensitive.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is 3 letters.
    public func currency(_ code: String) throws(ParlanceError) -> String? {
        try name(.currency, Self.canonicalCode(code, kind: .currency))
    }

    /// The name of a calendar, from its BCP 47 type ("gregory", "islamic-umalqura"),
    /// case-insensitive.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is a Unicode locale `type`
    ///   (subtags of 3 to 8 letters or digits joined by `-`) of at most 64 bytes.
    public func calendar(_ code: String) throws(ParlanceError) -> String? {
        try name(.calendar, Self.canonicalCode(code, kind: .calendar))
    }

    /// The name of a unit, from its CLDR id without the category ("meter", "fluid-ounce",
    /// "kilometer-per-hour"): "meters", "m" (short) and "m" (narrow) in English.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is lower-case letters,
    ///   digits and `-` (at most 64 bytes) and a unit ICU knows.
    public func unit(_ code: String) throws(ParlanceError) -> String? {
        try name(.unit, Self.canonicalCode(code, kind: .unit))
    }

    /// The name of a numbering system ("arab" → "Arabic-Indic Digits" in English),
    /// case-insensitive.
    /// - Throws: ``ParlanceError/Code/invalidArgument`` unless `code` is a Unicode locale `type`
    ///   (subtags of 3 to 8 letters or digits joined by `-`) of at most 64 bytes.
    public func numberingSystem(_ code: String) throws(ParlanceError) -> String? {
        try name(.numberingSystem, Self.canonicalCode(code, kind: .numberingSystem))
    }

    /// The name of a date-time field ("week", "wk." short, "wk" narrow in English).
    public func dateTimeField(_ field: DateTimeField) -> String? {
        (try? name(.dateTimeField, field.rawValue)) ?? (fallback == .code ? field.rawValue : nil)
    }

    /// The name of `code` of a kind given at run time (`Intl.DisplayNames.prototype.of`).
    /// - Throws: ``ParlanceError/Code/invalidLocale`` for a language that is not a well-formed
    ///   locale id, ``ParlanceError/Code/invalidArgument`` for any other malformed code.
    public func name(of code: String, kind: Kind) throws(ParlanceError) -> String? {
        switch kind {
        case .language: return language(try LocaleID.parsing(code))
        case .region: return try region(code)
        case .script: return try script(code)
        case .currency: return try currency(code)
        case .calendar: return try calendar(code)
        case .unit: return try unit(code)
        case .numberingSystem: return try numberingSystem(code)
        case .dateTimeField:
            guard let field = DateTimeField(rawValue: code) else {
                let allowed = DateTimeField.allCases.map(\.rawValue).joined(separator: ", ")
                throw ParlanceError(.invalidArgument, "\(quoted(code)) is not a date-time field; expected one of \(allowed)")
            }
            return dateTimeField(field)
        }
    }

    // MARK: Codes

    /// The canonical spelling of a well-formed code of `kind` (ECMA-402's
    /// `CanonicalCodeForDisplayNames`): regions and currencies upper case, scripts title case,
    /// calendars and numbering systems lower case; units as given.
    static func canonicalCode(_ code: String, kind: Kind) throws(ParlanceError) -> String {
        let bytes = Array(code.utf8.prefix(ICULocaleInfo.displayCodeMaxLength + 1))
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func upper(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte & ~0x20 : byte }
        func lower(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }
        func invalid(_ expected: String) -> ParlanceError {
            ParlanceError(.invalidArgument, "\(quoted(code)) is not a \(kind.rawValue) code: expected \(expected)")
        }
        switch kind {
        case .region:
            if bytes.count == 2, bytes.allSatisfy(isLetter) { return String(decoding: bytes.map(upper), as: UTF8.self) }
            if bytes.count == 3, bytes.allSatisfy(isDigit) { return code }
            throw invalid("2 letters (ISO 3166) or 3 digits (UN M.49)")
        case .script:
            guard bytes.count == 4, bytes.allSatisfy(isLetter) else { throw invalid("4 letters (ISO 15924)") }
            return String(decoding: [upper(bytes[0])] + bytes.dropFirst().map(lower), as: UTF8.self)
        case .currency:
            guard bytes.count == 3, bytes.allSatisfy(isLetter) else { throw invalid("3 letters (ISO 4217)") }
            return String(decoding: bytes.map(upper), as: UTF8.self)
        case .unit:
            let wellFormed =
                (1...ICULocaleInfo.displayCodeMaxLength).contains(bytes.count)
                && bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || isDigit($0) || $0 == UInt8(ascii: "-") }
            guard wellFormed else { throw invalid("a CLDR unit id: lower-case letters, digits and '-', at most 64 bytes") }
            return code
        case .calendar, .numberingSystem:
            guard bytes.count <= ICULocaleInfo.displayCodeMaxLength else {
                throw invalid("at most \(ICULocaleInfo.displayCodeMaxLength) bytes")
            }
            let subtags = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            let wellFormed = subtags.allSatisfy { subtag in
                (3...8).contains(subtag.count) && subtag.allSatisfy { isLetter($0) || isDigit($0) }
            }
            guard wellFormed else { throw invalid("a Unicode locale type: subtags of 3 to 8 letters or digits joined by '-'") }
            return String(decoding: bytes.map(lower), as: UTF8.self)
        case .language, .dateTimeField:
            return code
        }
    }

    // MARK: Lookup

    private struct Key: Hashable, Sendable {
        var names: DisplayNames
        var kind: Kind
        var code: String
    }

    /// Both answers (a name, or nil for no name) are kept.
    private static let cache = LRUCache<Key, String?>(capacity: 4096)

    /// ICU's name for a validated code; with ``Fallback-swift.enum/code`` ICU substitutes the
    /// code itself, so nil only with ``Fallback-swift.enum/none``.
    private func name(_ kind: Kind, _ code: String) throws(ParlanceError) -> String? {
        let key = Key(names: self, kind: kind, code: code)
        return try Self.cache.value(for: key) { () throws(ParlanceError) -> String? in
            do throws(ICUStatusError) {
                return try ICULocaleInfo.displayName(
                    kind.icu, of: code, in: locale.identifier, style: style, dialect: languageDisplay == .dialect,
                    noSubstitute: fallback == .none, capitalization: capitalization)
            } catch {
                if kind == .unit, ICULocaleInfo.isIllegalArgument(error) {
                    throw error.parlanceError(.invalidArgument, "\(quoted(code)) is not a unit ICU knows")
                }
                throw error.parlanceError(.internal, "ICU cannot name the \(kind.rawValue) \(quoted(code)) in \(locale.languageTag)")
            }
        }
    }
}

extension DisplayNames.Kind {
    var icu: ICULocaleInfo.NameType {
        switch self {
        case .language: .language
        case .region: .region
        case .script: .script
        case .currency: .currency
        case .calendar: .calendar
        case .dateTimeField: .dateTimeField
        case .unit: .unit
        case .numberingSystem: .numberingSystem
        }
    }
}
