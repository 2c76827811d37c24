public import Parlance

/// How the `msgstr[n]` of one gettext file's plural entries map onto CLDR categories, for
/// lint and conversion (a lookup evaluates the file's own expression: see ``GettextPlural``).
///
/// With a usable `Plural-Forms`, (index, category) pairs are taken by how many of the
/// integers 0…10,000 they share, largest first, each index and each category once (indices
/// left over take the categories left, in order); without one, the
/// categories integers reach, in CLDR order (then the categories only decimals reach), are laid
/// onto the indices in order: `ru` gives `one`, `few`, `many` as gettext's usual Russian header
/// does.
public enum GettextPluralMapping {
    /// The integers compared: gettext's `n` is an unsigned integer.
    public static let sampleLimit = 10_000

    private static let cache: CatalogLock<[String: [PluralCategory]]> = CatalogLock([:])
    private static let integerCache: CatalogLock<[String: [PluralCategory]]> = CatalogLock([:])

    /// The categories integers 0…``sampleLimit`` reach in a language, in CLDR order, then
    /// the categories only other numbers reach.
    public static func categoryOrder(_ rules: PluralRules) -> [PluralCategory] {
        let key = rules.locale.identifier
        if let hit = integerCache.withLock({ $0[key] }) { return hit }
        var reached = Set<PluralCategory>()
        for n in 0...sampleLimit {
            reached.insert(rules.category(for: n))
            if reached.count == rules.categories.count { break }
        }
        let order =
            PluralCategory.allCases.filter { reached.contains($0) }
            + PluralCategory.allCases.filter { !reached.contains($0) && rules.categories.contains($0) }
        integerCache.withLock { $0[key] = order }
        return order
    }

    /// The category each index `0..<count` stands for.
    ///
    /// - Parameters:
    ///   - count: how many forms (`msgstr[n]`) the entries give.
    ///   - forms: the file's expression, nil to lay the CLDR categories onto the indices.
    ///   - rules: the CLDR rules of the file's language.
    /// - Throws: ``GettextPluralForms/Failure`` when the expression cannot be evaluated on
    ///   some integer (division by zero).
    public static func categories(count: Int, forms: GettextPluralForms?, rules: PluralRules) throws(GettextPluralForms.Failure)
        -> [PluralCategory]
    {
        let order = categoryOrder(rules)
        guard let forms else {
            return (0..<count).map { $0 < order.count ? order[$0] : .other }
        }
        let key = "\(rules.locale.identifier)\u{0}\(count)\u{0}\(forms.description)"
        if let hit = cache.withLock({ $0[key] }) { return hit }
        // Integers shared by each (index, category); then pairs by that count, largest first,
        // each index and each category taken once (as the plural-forms-mismatch rule pairs them).
        var counts = [[PluralCategory: Int]](repeating: [:], count: count)
        for n in 0...sampleLimit {
            let index = try forms.index(for: UInt64(n))
            guard index < count else { continue }
            counts[index][rules.category(for: n), default: 0] += 1
        }
        var pairs: [(index: Int, category: PluralCategory, count: Int)] = []
        for index in 0..<count {
            for (category, shared) in counts[index] { pairs.append((index, category, shared)) }
        }
        pairs.sort { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.category != rhs.category { return lhs.category.index < rhs.category.index }
            return lhs.index < rhs.index
        }
        var used = Set<PluralCategory>()
        var out: [PluralCategory?] = Array(repeating: nil, count: count)
        for pair in pairs where out[pair.index] == nil && !used.contains(pair.category) {
            out[pair.index] = pair.category
            used.insert(pair.category)
        }
        // Indices no integer reaches take the categories left, in order.
        var left = order.filter { !used.contains($0) }
        let made = out.map { category -> PluralCategory in
            if let category { return category }
            return left.isEmpty ? .other : left.removeFirst()
        }
        cache.withLock { cache in
            if cache.count > 1_000 { cache.removeAll() }
            cache[key] = made
        }
        return made
    }
}

extension GettextFile {
    /// The language of the file: its `Language` header, nil when absent or not a locale id.
    public var language: LocaleID? {
        guard let value = header["Language"], !value.isEmpty else { return nil }
        return CatalogListing.gettextLocale(value)
    }

    /// The file's messages as catalog records in `locale` (the locale the file's place in the
    /// catalog directory gives), with the diagnostics of reading them: a broken or missing
    /// `Plural-Forms` when the file has plural entries (their variants then take CLDR's
    /// categories in order, and a lookup chooses by CLDR's rules).
    package func records(locale: LocaleID) -> (records: [EntryRecord], forms: GettextPluralForms?, diagnostics: [CatalogDiagnostic]) {
        var diagnostics: [CatalogDiagnostic] = []
        let hasPlurals = messages.contains { $0.pluralID != nil }
        var forms: GettextPluralForms?
        let rules = try? ParlanceCore.pluralRules(locale)
        switch pluralForms {
        case .success(let parsed): forms = parsed
        case .failure(let failure):
            diagnostics.append(
                CatalogDiagnostic(
                    file: file, line: headerLocation.line, column: headerLocation.column,
                    message: "the Plural-Forms header does not parse (\(failure)): plural entries choose their msgstr[n] by CLDR's rules",
                    code: "plural-forms-invalid"))
        case nil:
            if hasPlurals {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: headerLocation.line, column: headerLocation.column,
                        message: "no Plural-Forms header: plural entries choose their msgstr[n] by CLDR's rules, in CLDR's order",
                        code: "plural-forms-missing"))
            }
        }
        var records: [EntryRecord] = []
        records.reserveCapacity(messages.count)
        var mappings: [Int: [PluralCategory]] = [:]
        for message in messages {
            records.append(
                Self.record(
                    message, forms: &forms, rules: rules, mappings: &mappings, diagnostics: &diagnostics, file: file, headerLocation: headerLocation))
        }
        return (records, forms, diagnostics)
    }

    private static func record(
        _ message: GettextMessage, forms: inout GettextPluralForms?, rules: PluralRules?, mappings: inout [Int: [PluralCategory]],
        diagnostics: inout [CatalogDiagnostic], file: String, headerLocation: CatalogLocation
    ) -> EntryRecord {
        let state: String? = message.isFuzzy ? "needs_review" : message.strings.allSatisfy(\.isEmpty) ? "new" : nil
        let comment = GettextComment.compose(message)
        guard let pluralID = message.pluralID else {
            return EntryRecord(
                key: message.key, location: message.location,
                content: .text(LocatedText(text: message.strings.first ?? "", location: message.valueLocation)), state: state, comment: comment)
        }
        let count = message.strings.count
        var categories: [PluralCategory]
        if let known = mappings[count] {
            categories = known
        } else if let rules {
            do {
                categories = try GettextPluralMapping.categories(count: count, forms: forms, rules: rules)
            } catch {
                diagnostics.append(
                    CatalogDiagnostic(
                        file: file, line: headerLocation.line, column: headerLocation.column,
                        message: "the Plural-Forms expression cannot be evaluated (\(error)): plural entries choose by CLDR's rules",
                        code: "plural-forms-invalid"))
                forms = nil
                categories = (try? GettextPluralMapping.categories(count: count, forms: nil, rules: rules)) ?? []
            }
            mappings[count] = categories
        } else {
            categories = (0..<count).map { $0 == count - 1 ? .other : PluralCategory.allCases[min($0, 5)] }
            mappings[count] = categories
        }
        let variants = message.strings.enumerated().map { index, text in
            PluralVariant(
                keyword: index < categories.count ? categories[index].keyword : "other", text: LocatedText(text: text, location: message.valueLocation))
        }
        let variable = PluralVariable(
            name: PluralNormalization.wholeStringName, kind: .wholeString, variants: variants, location: message.location,
            gettext: GettextPlural(pluralID: pluralID, forms: forms))
        return EntryRecord(
            key: message.key, location: message.location,
            content: .plural(format: LocatedText(text: "", location: message.valueLocation), variables: [variable]), state: state,
            comment: comment)
    }
}

/// The comment of a catalog entry read from PO: `#.` comments as lines of text, `# `
/// translator comments as `# …` lines, `#:` references as `#: …` lines and flags other than
/// `fuzzy` as a `#, …` line, so that a PO writer gives each back in its place.
package enum GettextComment {
    package static func compose(_ message: GettextMessage) -> String? {
        var lines: [String] = []
        lines += message.translatorComments.map { "# " + $0 }
        lines += message.extractedComments
        lines += message.references.map { "#: " + $0 }
        if !message.flags.isEmpty { lines.append("#, " + message.flags.joined(separator: ", ")) }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// A comment split back into the parts of a PO entry.
    package static func split(_ comment: String?) -> (translator: [String], extracted: [String], references: [String], flags: [String]) {
        var out: ([String], [String], [String], [String]) = ([], [], [], [])
        guard let comment else { return out }
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#: ") {
                out.2.append(String(line.dropFirst(3)))
            } else if line.hasPrefix("#, ") {
                out.3 += line.dropFirst(3).split(separator: ",").map { String($0).trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
            } else if line.hasPrefix("# ") || line == "#" {
                out.0.append(String(line.dropFirst(2)))
            } else {
                out.1.append(line)
            }
        }
        return out
    }
}
