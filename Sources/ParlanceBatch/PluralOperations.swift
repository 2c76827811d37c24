import Parlance

/// Batch operations `plural` and `plural-categories`.
enum PluralOperations {
    static let handlers: [String: BatchServer.Handler] = [
        "plural": plural,
        "plural-categories": categories,
    ]

    @Sendable
    static func plural(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> JSONValue {
        let locale = try request.locale()
        let type = try request.choice("type", default: PluralRuleType.cardinal)
        let number = try request.decimal()
        do {
            let rules = try PluralRules(locale: locale, type: type)
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
