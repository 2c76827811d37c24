public import Parlance
public import ParlanceLocalization

/// Compares a gettext `Plural-Forms` expression with CLDR's cardinal rules on the integers
/// 0…`GettextPluralMapping.sampleLimit` (gettext's `n` is an unsigned integer): the forms
/// must map one to one onto the categories integers reach. The `plural-forms-mismatch` lint
/// rule reports what this finds.
///
/// Each category is given a home form: pairs (category, form) are taken by how many integers
/// they share, largest first, each category and each form once. An integer whose form is not
/// its category's home lands in the wrong form; so does every integer of a category left
/// without a form, and every integer whose index is not below `nplurals`.
///
/// ```swift
/// let english = try GettextPluralForms(header: "nplurals=2; plural=(n != 1);")
/// let found = PluralFormsCheck.compare(english, rules: try PluralRules(locale: "ru"))
/// found?.wrongCount         // how many of 0…10,000 land in the wrong form
/// found?.summary            // "2, 3, 4, … (few) land in msgstr[1] with many (0, 5, 6, …); …"
/// ```
public enum PluralFormsCheck {
    /// What disagrees.
    public struct Mismatch: Hashable, Sendable {
        /// One group of integers that land in a wrong form.
        public struct Group: Hashable, Sendable {
            /// Their CLDR category.
            public var category: PluralCategory
            /// The form they land in.
            public var index: Int
            /// The first few of them.
            public var examples: [Int]
            /// How many of 0…10,000 they are.
            public var count: Int
        }

        /// The groups, by their first integer.
        public var groups: [Group]
        /// How many of 0…10,000 land in a wrong form.
        public var wrongCount: Int
        /// The home form of each category that has one.
        public var homes: [PluralCategory: Int]
        /// Forms no integer reaches.
        public var unreachedForms: [Int]
        /// The first integers of each category (for the message).
        public var firstIntegers: [PluralCategory: [Int]]

        /// One line: the groups with examples, then the count.
        public var summary: String {
            var parts: [String] = []
            for group in groups {
                let examples = group.examples.map(String.init).joined(separator: ", ") + (group.count > group.examples.count ? ", …" : "")
                let home = homes.first { $0.value == group.index && $0.key != group.category }?.key
                let with =
                    home.map { " with \($0.keyword) (\(firstIntegers[$0]?.prefix(3).map(String.init).joined(separator: ", ") ?? ""), …)" } ?? ""
                parts.append("\(examples) (\(group.category.keyword)) land in msgstr[\(group.index)]\(with)")
            }
            for index in unreachedForms { parts.append("no integer reaches msgstr[\(index)]") }
            return parts.joined(separator: "; ")
        }
    }

    /// How many examples a group names.
    public static let exampleCount = 4

    /// The mismatch of `forms` against `rules` on 0…10,000, nil when they agree.
    ///
    /// - Throws: `GettextPluralForms.Failure` when the expression cannot be evaluated on
    ///   one of the integers (division by zero).
    public static func compare(_ forms: GettextPluralForms, rules: PluralRules) throws(GettextPluralForms.Failure) -> Mismatch? {
        let limit = GettextPluralMapping.sampleLimit
        var indices = [Int](repeating: 0, count: limit + 1)
        var categories = [PluralCategory](repeating: .other, count: limit + 1)
        var shared: [PluralCategory: [Int: Int]] = [:]
        var firstIntegers: [PluralCategory: [Int]] = [:]
        for n in 0...limit {
            let index = try forms.index(for: UInt64(n))
            let category = rules.category(for: n)
            indices[n] = index
            categories[n] = category
            if firstIntegers[category, default: []].count < exampleCount { firstIntegers[category, default: []].append(n) }
            if index < forms.count { shared[category, default: [:]][index, default: 0] += 1 }
        }
        // Homes: pairs by shared integers, largest first (ties: the category and form met first).
        var pairs: [(category: PluralCategory, index: Int, count: Int)] = []
        for (category, byIndex) in shared {
            for (index, count) in byIndex { pairs.append((category, index, count)) }
        }
        pairs.sort { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.category != rhs.category { return lhs.category.index < rhs.category.index }
            return lhs.index < rhs.index
        }
        var homes: [PluralCategory: Int] = [:]
        var taken = Set<Int>()
        for pair in pairs where homes[pair.category] == nil && !taken.contains(pair.index) {
            homes[pair.category] = pair.index
            taken.insert(pair.index)
        }
        var groups: [Mismatch.Group] = []
        var groupIndex: [String: Int] = [:]
        var wrong = 0
        for n in 0...limit {
            let category = categories[n]
            let index = indices[n]
            guard homes[category] != index || index >= forms.count else { continue }
            wrong += 1
            let key = "\(category.keyword)\u{0}\(index)"
            if let existing = groupIndex[key] {
                groups[existing].count += 1
                if groups[existing].examples.count < exampleCount { groups[existing].examples.append(n) }
            } else {
                groupIndex[key] = groups.count
                groups.append(Mismatch.Group(category: category, index: index, examples: [n], count: 1))
            }
        }
        let unreached = (0..<forms.count).filter { !taken.contains($0) && !indices.contains($0) }
        guard wrong > 0 || !unreached.isEmpty else { return nil }
        return Mismatch(groups: groups, wrongCount: wrong, homes: homes, unreachedForms: unreached, firstIntegers: firstIntegers)
    }

    /// The header CLDR implies for a language: gettext's standard one when it agrees with
    /// CLDR; else nil (the message then lists each category's first integers).
    public static func impliedHeader(_ rules: PluralRules) -> GettextPluralForms? {
        guard let forms = GettextPluralForms.standard(for: rules.locale) else { return nil }
        do {
            return try compare(forms, rules: rules) == nil ? forms : nil
        } catch {
            return nil
        }
    }
}
