import Testing

@testable import Parlance

/// The number skeletons ParlanceLocalization's printf relies on, checked against ICU directly.
@Suite("Number skeletons used by printf")
struct PrintfSkeletonTests {
    @Test(
        "fixed precision, zero padding and scientific skeletons are accepted and localized",
        arguments: [
            ("en", "", Int64(1_234_567), "1,234,567"),
            ("ru", "", Int64(1000), "1\u{00A0}000"),
            ("en", "integer-width/*00000", Int64(42), "00,042"),
            ("en", "sign-always", Int64(5), "+5"),
        ])
    func integers(locale: String, skeleton: String, value: Int64, expected: String) throws {
        let formatter = try ICUNumberFormatter.cached(skeleton: skeleton, locale: LocaleID(locale))
        #expect(formatter.format(value) == expected)
    }

    @Test(
        "floating-point skeletons",
        arguments: [
            ("en", ".00", 1234.5, "1,234.50"),
            ("de", ".000000", 1234.5, "1.234,500000"),
            ("en", "scientific/+ee/sign-always .000000", 1234.5, "1.234500E+03"),
            ("en", "@#####", 1234.5, "1,234.5"),
            ("en", "precision-integer decimal-always", 3.0, "3."),
        ])
    func doubles(locale: String, skeleton: String, value: Double, expected: String) throws {
        let formatter = try ICUNumberFormatter.cached(skeleton: skeleton, locale: LocaleID(locale))
        #expect(formatter.format(value) == expected)
    }
}
