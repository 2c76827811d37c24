/// The Unicode `Bidi_Class` of a character (UAX #9, table 4), as ICU 72 (Unicode 15) reports it.
///
/// ```swift
/// BidiClass(of: "א")   // .rightToLeft
/// BidiClass(of: "ب")   // .arabicLetter
/// BidiClass(of: "5")   // .europeanNumber
/// ```
public enum BidiClass: String, Sendable, CaseIterable, Codable {
    // Raw values are the UCD short names; the order of the table in init(icu:) is ICU's
    // UCharDirection enum (checked in bidi.c).
    /// L: strong left-to-right.
    case leftToRight = "L"
    /// R: strong right-to-left (Hebrew and most RTL scripts).
    case rightToLeft = "R"
    /// AL: strong right-to-left Arabic letter (Arabic, Syriac, Thaana, …).
    case arabicLetter = "AL"
    /// EN: European number.
    case europeanNumber = "EN"
    /// ES: European separator (+ −).
    case europeanSeparator = "ES"
    /// ET: European terminator (# $ %).
    case europeanTerminator = "ET"
    /// AN: Arabic number.
    case arabicNumber = "AN"
    /// CS: common separator (, . : /).
    case commonSeparator = "CS"
    /// NSM: nonspacing mark.
    case nonspacingMark = "NSM"
    /// BN: boundary neutral.
    case boundaryNeutral = "BN"
    /// B: paragraph separator.
    case paragraphSeparator = "B"
    /// S: segment separator (tab).
    case segmentSeparator = "S"
    /// WS: white space.
    case whiteSpace = "WS"
    /// ON: other neutral.
    case otherNeutral = "ON"
    /// LRE: left-to-right embedding (U+202A).
    case leftToRightEmbedding = "LRE"
    /// LRO: left-to-right override (U+202D).
    case leftToRightOverride = "LRO"
    /// RLE: right-to-left embedding (U+202B).
    case rightToLeftEmbedding = "RLE"
    /// RLO: right-to-left override (U+202E).
    case rightToLeftOverride = "RLO"
    /// PDF: pop directional format (U+202C).
    case popDirectionalFormat = "PDF"
    /// LRI: left-to-right isolate (U+2066).
    case leftToRightIsolate = "LRI"
    /// RLI: right-to-left isolate (U+2067).
    case rightToLeftIsolate = "RLI"
    /// FSI: first strong isolate (U+2068).
    case firstStrongIsolate = "FSI"
    /// PDI: pop directional isolate (U+2069).
    case popDirectionalIsolate = "PDI"

    /// The bidi class of a Unicode scalar (ICU's `u_charDirection`).
    ///
    /// ```swift
    /// BidiClass(of: "\u{2068}")   // .firstStrongIsolate
    /// ```
    public init(of scalar: Unicode.Scalar) {
        self = BidiClass.table[ICUCharacterProperties.bidiClassIndex(scalar)]
    }

    /// ICU's UCharDirection values 0…22 in order.
    private static let table: [BidiClass] = [
        .leftToRight,  // U_LEFT_TO_RIGHT
        .rightToLeft,  // U_RIGHT_TO_LEFT
        .europeanNumber,  // U_EUROPEAN_NUMBER
        .europeanSeparator,  // U_EUROPEAN_NUMBER_SEPARATOR
        .europeanTerminator,  // U_EUROPEAN_NUMBER_TERMINATOR
        .arabicNumber,  // U_ARABIC_NUMBER
        .commonSeparator,  // U_COMMON_NUMBER_SEPARATOR
        .paragraphSeparator,  // U_BLOCK_SEPARATOR
        .segmentSeparator,  // U_SEGMENT_SEPARATOR
        .whiteSpace,  // U_WHITE_SPACE_NEUTRAL
        .otherNeutral,  // U_OTHER_NEUTRAL
        .leftToRightEmbedding,  // U_LEFT_TO_RIGHT_EMBEDDING
        .leftToRightOverride,  // U_LEFT_TO_RIGHT_OVERRIDE
        .arabicLetter,  // U_RIGHT_TO_LEFT_ARABIC
        .rightToLeftEmbedding,  // U_RIGHT_TO_LEFT_EMBEDDING
        .rightToLeftOverride,  // U_RIGHT_TO_LEFT_OVERRIDE
        .popDirectionalFormat,  // U_POP_DIRECTIONAL_FORMAT
        .nonspacingMark,  // U_DIR_NON_SPACING_MARK
        .boundaryNeutral,  // U_BOUNDARY_NEUTRAL
        .firstStrongIsolate,  // U_FIRST_STRONG_ISOLATE
        .leftToRightIsolate,  // U_LEFT_TO_RIGHT_ISOLATE
        .rightToLeftIsolate,  // U_RIGHT_TO_LEFT_ISOLATE
        .popDirectionalIsolate,  // U_POP_DIRECTIONAL_ISOLATE
    ]

    /// Whether the class is strong (L, R or AL).
    public var isStrong: Bool { self == .leftToRight || self == .rightToLeft || self == .arabicLetter }

    /// Whether the class starts an isolate (LRI, RLI, FSI).
    public var isIsolateInitiator: Bool {
        self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate
    }
}
