/// The shared Codable and literal behaviour of Parlance's validated text values
/// (``NumberSkeleton``, ``CurrencyCode``, ``MeasureUnit``, ``DateSkeleton``, ``TimeZoneID``,
/// ``DecimalNumber``): encoded as a single string, decoded through the validating initializer
/// (decoded text is untrusted). The skeletons, whose literals are checked for syntax only, also
/// take literals; one that fails validation is a programmer error.
enum ValidatedText {
    static func decode<T>(from decoder: any Decoder, _ validate: (String) throws -> T) throws -> T {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            return try validate(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    static func encode(_ text: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    static func literal<T>(_ text: String, _ what: String, _ validate: (String) throws -> T) -> T {
        do {
            return try validate(text)
        } catch {
            preconditionFailure("invalid \(what) literal: \(error)")
        }
    }
}
