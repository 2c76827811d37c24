/// An ICU number skeleton that ICU has compiled: the power user's way to say anything ICU's
/// number formatting can do (`"currency/USD .00 sign-accounting"`).
///
/// Validated where it enters, so that a style built from it always formats.
///
/// ```swift
/// let skeleton = try NumberSkeleton(validating: "compact-short")
/// 1234.formatted(.parlance.number.skeleton(skeleton).locale("en"))   // "1.2K"
/// try NumberSkeleton(validating: "currency/")                       // throws invalid-skeleton
/// ```
public struct NumberSkeleton: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The skeleton text.
    public let text: String

    /// Checks `text` with ICU (compiled for the root locale; skeleton syntax does not depend
    /// on the locale).
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidSkeleton`` naming the
    ///   position ICU rejects.
    public init(validating text: String) throws {
        _ = try ICUNumberFormatter.cached(skeleton: text, locale: .root)
        self.text = text
    }

    /// A literal skeleton. A skeleton ICU rejects is a programmer error (a precondition
    /// failure); use ``init(validating:)`` for text from outside.
    public init(stringLiteral text: String) {
        self = ValidatedText.literal(text, "number skeleton") { try NumberSkeleton(validating: $0) }
    }

    package init(trusted text: String) { self.text = text }

    /// The skeleton text.
    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try NumberSkeleton(validating: $0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(text, to: encoder) }
}

/// An ISO 4217 currency code: three ASCII letters, upper-cased.
///
/// By default any three letters are accepted, as ICU does (an unknown code is shown as
/// itself: "XYZ 1.00"). The opt-in strict form rejects codes that ICU's currency data has in
/// use nowhere and never (`XYZ`).
///
/// ```swift
/// try CurrencyCode("eur").code             // "EUR"
/// try CurrencyCode("XYZ", strict: true)    // throws invalid-argument
/// try CurrencyCode("EU")                   // throws invalid-argument
/// ```
///
/// There is no string-literal form: a literal could only trap on a bad code, while
/// `try CurrencyCode("…")` reads as if it threw.
public struct CurrencyCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The upper-case code, e.g. "EUR".
    public let code: String

    /// A currency code.
    ///
    /// - Parameters:
    ///   - code: three ASCII letters, any case.
    ///   - strict: also require a currency of ICU's data (in use in some region at some time).
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument``.
    public init(_ code: String, strict: Bool = false) throws {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
            throw ParlanceError(.invalidArgument, "\(quoted(code)) is not a valid ISO 4217 currency code (three letters)")
        }
        if strict, !ICUNumberFormatter.isKnownCurrency(upper) {
            throw ParlanceError(.invalidArgument, "\(quoted(code)) is not an ISO 4217 currency ICU knows (strict mode)")
        }
        self.code = upper
    }

    /// The code.
    public var description: String { code }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try CurrencyCode($0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(code, to: encoder) }
}

/// A CLDR measurement unit ICU formats, as ICU's `type-subtype` id ("length-meter",
/// "digital-megabyte", "duration-hour"), validated where it enters.
///
/// ```swift
/// let km = try MeasureUnit("length-kilometer")
/// 12.5.formatted(.parlance.measurement(km, width: .wide).locale("fr"))  // "12,5 kilomètres"
/// ```
///
/// There is no string-literal form: whether ICU knows a unit is a question for its data, so a
/// literal could only trap on an unknown unit, while `try MeasureUnit("…")` reads as if it threw.
public struct MeasureUnit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// ICU's unit id.
    public let identifier: String

    /// A unit ICU knows.
    ///
    /// - Throws: ``ParlanceError`` with code ``ParlanceError/Code/invalidArgument``.
    public init(_ identifier: String) throws {
        guard !identifier.isEmpty,
            identifier.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }),
            (try? ICUNumberFormatter.cached(skeleton: "measure-unit/\(identifier)", locale: .root)) != nil
        else {
            throw ParlanceError(.invalidArgument, "\(quoted(identifier)) is not a CLDR unit id ICU knows, such as \"length-meter\"")
        }
        self.identifier = identifier
    }

    /// The unit id.
    public var description: String { identifier }

    public init(from decoder: any Decoder) throws {
        self = try ValidatedText.decode(from: decoder) { try MeasureUnit($0) }
    }

    public func encode(to encoder: any Encoder) throws { try ValidatedText.encode(identifier, to: encoder) }
}
