package import Parlance

/// The proof that compiled message plans (``MessagePlan``) write exactly what ICU's
/// `MessageFormat` writes: for each locale × pattern (plurals with `#`, offsets, exact matches,
/// `selectordinal`, `select`, nesting, `number` arguments, apostrophe quoting), the plan's
/// output is compared byte for byte with ICU's over integers, decimals, negatives, large
/// values and seeded random values, each select argument taking each of its keywords and texts
/// that are none.
///
/// Run in full by `parlance bench --verify-messages`; a reduced sweep runs as a test.
package struct MessageVerification: Sendable {
    package var locales: [LocaleID]
    /// Seeded random numbers per (locale, pattern), on top of the fixed values.
    package var randomValues: Int
    package var seed: UInt64

    package init(locales: [LocaleID], randomValues: Int = 200, seed: UInt64 = 0x5EED_0033) {
        self.locales = locales
        self.randomValues = max(0, randomValues)
        self.seed = seed
    }

    /// The patterns checked: every construct the plan compiles, and some it leaves to ICU
    /// (counted as fallbacks).
    package static let patterns: [String] = [
        "{n, plural, one {# Datei} other {# Dateien}}",
        "{0, plural, one {# Datei} other {# Dateien}}",
        "{n, plural, =0 {no files} =1 {exactly one file} one {# file} other {# files}}",
        "{n, plural, offset:1 =0 {nobody} =1 {{host} alone} one {{host} and # other} other {{host} and # others}}",
        "{n, plural, offset:2 =0 {a} =2 {b #} =3 {c #} one {d #} two {e #} few {f #} many {g #} other {h #}}",
        "{n, plural, offset:0.5 =1.5 {x #} other {y #}}",
        "{n, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}",
        "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
        "{n, selectordinal, zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}",
        "{g, select, female {She} male {He} other {They}} liked {n, plural, one {# post} other {# posts}}.",
        "{g, select, female {{n, plural, =0 {no} one {# her} other {# hers}}} male {{n, selectordinal, one {#a} other {#b}}} other {{n, plural, zero {z #} one {o #} two {t #} few {f #} many {m #} other {x #}}}}",
        "{n, plural, one {{m, plural, one {# in #} other {# in many}}} other {# and {m, plural, =0 {none} other {#}}}}",
        "{n, number} | {n, number, integer} | {n} | {n,number,INTEGER} | {n, Number}",
        "{n, plural, one {# {n}} other {{n} #}}",
        "It''s '{n}' {n, plural, one {'#' is # ''one''} other {'#'s # are '{'many'}' '' x}} '}' # ''{n}''",
        "'{'{n}'}' {n,plural,other{#'}'# '#'}} ''''",
        "Привет, {name}: {n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}} ✓ 😀",
        "{0} {1, plural, one {# item} other {# items}} {2, select, a {A} other {O}}",
        "{n, plural, other {{n, number} #}}",
        "{n, plural, one {# x} other {{n, number, integer} #}}",
        "{n, number, percent}",
        "{d, date, short}",
        "{n, plural, one {# x} other {# y}} {n, spellout}",
        "plain text only, no arguments",
    ]

    /// Numbers every (locale, pattern) gets: integers across the category changes, exact and
    /// offset values, fractions that round at the third digit (half-even ties), negatives,
    /// grouping edges, the 2^31, 2^53 and 10^18 edges, NaN and the infinities.
    package static let fixedNumbers: [MessageArgument] = {
        var values: [MessageArgument] = (0...120).map { .integer(Int64($0)) }
        let integers: [Int64] = [
            200, 999, 1000, 1001, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 1_000_000, 1_234_567, 10_000_000, 2_147_483_647, 2_147_483_648,
            9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993, 1_000_000_000_000_000_000, .max, .min, -1, -2, -3, -11, -21,
            -1000, -1234,
        ]
        values += integers.map { .integer($0) }
        let doubles: [Double] = [
            0, 1, 2, 1.5, 0.5, 0.25, 1.25, 2.5, 3.5, 0.001, 0.0005, 0.0015, 0.0025, 1.0005, 1.0015, 1.0004, 1.0006, 0.9995, 0.9994, 21.5, 100.125,
            1234.5678, 1234.5, 0.1, 0.2, 0.3, 1.1, 2.1, 1.01, 1.001, 12_345.678_9, 999.9995, 999.9994, 1e14 + 0.5, 1e15, 1e15 + 0.5, 1e16, 1e20,
            1e21, 1e-7, 123_456_789.123, -0.0, -0.0001, -1, -1.5, -2.5, -1234.5, -0.5, 3, 7, 1_000_000, 2_147_483_648.5, 9_007_199_254_740_992,
            .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        values += doubles.map { .double($0) }
        values += [.decimal(try! DecimalNumber("1.50")), .decimal(try! DecimalNumber("2")), .text("abc")]
        return values
    }()

    /// Texts for select arguments and plain arguments (on top of each select's keywords).
    package static let texts: [String] = ["female", "male", "other", "a", "", "x", "Ana", "{0}", "'#'", "ünï", "😀"]

    /// Seeded random numbers: integers of up to 12 digits and decimals with up to five fraction
    /// digits, both signs, as integers and doubles.
    package func randomNumbers() -> [MessageArgument] {
        var random = SplitMix64(seed: seed)
        return (0..<randomValues).map { index in
            let digits = Int(random.next() % 12) + 1
            var magnitude: UInt64 = 1
            for _ in 0..<digits { magnitude *= 10 }
            let integer = Int64(random.next() % magnitude)
            let sign: Int64 = random.next() % 5 == 0 ? -1 : 1
            if index % 3 == 0 { return .integer(sign * integer) }
            let fractionDigits = Int(random.next() % 6)
            var scale = 1.0
            for _ in 0..<fractionDigits { scale *= 10 }
            return .double(Double(sign * integer) / scale)
        }
    }

    /// The counts of the message sweep beyond ``SweepReport``'s, whose formatters are the
    /// messages and whose compiled formatters those with a plan.
    package struct Details: SweepDetails {
        /// The first messages whose plan failed its compile-time check against ICU.
        package var selfCheckExamples: [String] = []

        package init() {}

        package mutating func merge(_ other: Self) {
            if selfCheckExamples.count < 50 { selfCheckExamples += other.selfCheckExamples }
        }
    }

    package typealias Report = SweepReport<Details>

    /// Runs the proof; `progress`, when given, counts the locales done.
    package func run(progress: SweepProgress? = nil) -> Report {
        let numbers = Self.fixedNumbers + randomNumbers()
        let patterns = Self.patterns
        return sweepLocales(locales, progress: progress) { _, locale, report in
            for pattern in patterns {
                let format: MessageFormat
                do {
                    format = try MessageFormat(pattern, locale: locale)
                } catch {
                    report.mismatch("\(locale.identifier) \(debugQuoted(pattern)): cannot compile: \(error)")
                    continue
                }
                report.formatters += 1
                guard let plan = format.plan else {
                    report.fallbackFormatters[format.planFallback?.rawValue ?? "unknown", default: 0] += 1
                    if format.planFallback == .selfCheck { report.selfCheckExamples.append("\(locale.identifier) \(debugQuoted(pattern))") }
                    continue
                }
                report.compiledFormatters += 1
                let names = format.argumentNames
                let selects = plan.selectedSlots
                for (round, number) in numbers.enumerated() {
                    let values: [MessageArgument] = names.indices.map { slot in
                        if let keywords = selects[slot] {
                            let choices = keywords + Self.texts
                            return .text(choices[(round + slot) % choices.count])
                        }
                        if plan.readsNumber(slot) {
                            return slot == 0 ? number : numbers[(round * 7 + slot * 13) % numbers.count]
                        }
                        return .text(Self.texts[(round + slot) % Self.texts.count])
                    }
                    guard let mine = plan.format({ values[$0] }) else {
                        report.leftToICU += 1
                        continue
                    }
                    report.compare("\(locale.identifier) \(debugQuoted(pattern)) \(values)", compiled: mine) {
                        try format.formatThroughICU(names.indices.map { (names[$0], values[$0]) })
                    }
                }
            }
        }
    }
}

/// The proof that compiled plural-range tables (``CompiledPluralRanges``) select what ICU's
/// `uplrules_selectForRange` selects over `unumrf_formatDecimalRange`: for each locale, every
/// pair of the fixed decimals (integers, visible fraction digits, values that round at the
/// sixth digit, equal and reversed pairs, negatives) and seeded random pairs.
///
/// Run in full by `parlance bench --verify-plural-ranges`; a reduced sweep runs as a test.
package struct PluralRangeVerification: Sendable {
    package var locales: [LocaleID]
    package var randomPairs: Int
    package var seed: UInt64

    package init(locales: [LocaleID], randomPairs: Int = 1000, seed: UInt64 = 0x5EED_0034) {
        self.locales = locales
        self.randomPairs = max(0, randomPairs)
        self.seed = seed
    }

    /// Range ends every pair of which is checked.
    package static let ends: [String] = {
        var ends = (0...25).map(String.init)
        ends += [
            "100", "101", "102", "111", "1000", "1001", "1000000", "2000000", "1000000000000", "999999999999999999", "1000000000000000000",
            "0.0", "1.0", "1.00", "0.5", "1.5", "1.50", "2.5", "0.1", "1.1", "2.1", "0.01", "1.01", "11.5", "21.5", "0.000001", "0.0000005",
            "0.0000015", "0.9999995", "1.0000005", "1.0000004", "2.0000015", "0.9999994", "1.2345678", "-1", "-0", "-0.5", "-2", "-1.5", "+3", "007",
            "1e3", "1.5E1", "9007199254740991", "9007199254740992", "9007199254740993", "123456789012.5", "999999999.999999", "999999999.9999995",
            "1000000011.5", "111.000001",
        ]
        return ends
    }()

    /// The plural-range sweep's report: one formatter per locale (its range table), compiled
    /// or not; `leftToICU` counts the pairs the compiled table leaves to ICU.
    package typealias Report = SweepReport<NoSweepDetails>

    package func run(progress: SweepProgress? = nil) -> Report {
        var random = SplitMix64(seed: seed)
        var pairs: [(String, String)] = []
        for start in Self.ends {
            for end in Self.ends { pairs.append((start, end)) }
        }
        func randomEnd() -> String {
            let integer = random.next() % [10, 100, 1000, 1_000_000][Int(random.next() % 4)]
            let digits = Int(random.next() % 9)
            guard digits > 0 else { return String(integer) }
            var fraction = String(random.next() % 1_000_000_000)
            fraction = String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
            return "\(integer).\(fraction.prefix(digits))"
        }
        for _ in 0..<randomPairs { pairs.append((randomEnd(), randomEnd())) }
        let allPairs = pairs
        return sweepLocales(locales, progress: progress) { _, locale, report in
            let format: NumberRangeFormat
            do {
                format = try NumberRangeFormat(locale: locale)
            } catch {
                report.cannotOpen(locale.identifier, error)
                return
            }
            report.formatters += 1
            guard let compiled = format.compiledPluralRanges else { return }
            report.compiledFormatters += 1
            for (start, end) in allPairs {
                guard let mine = compiled.category(start, end) else {
                    report.leftToICU += 1
                    continue
                }
                report.compared += 1
                let theirs = try? format.icuPluralCategory(start, end)
                if mine == theirs { continue }
                report.mismatch("\(locale.identifier) \(start)–\(end): compiled \(mine), ICU \(theirs.map { "\($0)" } ?? "error")")
            }
        }
    }
}
