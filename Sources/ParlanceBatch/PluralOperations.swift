import Parlance

/// Batch operations `plural` and `plural-categories`.
enum PluralOperations {
    static let handlers: [String: BatchEngine.Handler] = [
        "plural": plural,
        "plural-categories": categories,
    ]

    /// Rules by (raw `locale`, raw `type`).
    private static let rulesCache = FormatterCache<FormatterKey, PluralRules>()

    @Sendable
    static func plural(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let key = request.formatterKey("type")
        if let key, let rules = rulesCache[key] {
            // `locale` and `type` were read from this very text before, without error.
            let number = try request.decimal()
            do {
                return .string(try rules.category(for: number).keyword)
            } catch {
                throw BatchError(thrown: error)
            }
        }
        let locale = try request.locale()
        let type = try request.choice("type", default: PluralRuleType.cardinal)
        let number = try request.decimal()
        do {
            let rules = try PluralRules(locale: locale, type: type)
            if let key { rulesCache.store(rules, for: key) }
            return .string(try rules.category(for: number).keyword)
        } catch {
            throw BatchError(thrown: error)
        }
    }

    @Sendable
    static func categories(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let type = try request.choice("type", default: PluralRuleType.cardinal)
        do {
            let rules = try PluralRules(locale: locale, type: type)
            return .array(rules.categories.map { .string($0.keyword) })
        } catch {
            throw BatchError(thrown: error)
        }
    }
}
