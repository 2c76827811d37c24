import Parlance
import ParlanceLocalization

/// Batch operation `localize`: a key of the `--catalog` directory, formatted in a locale.
enum LocalizeOperations {
    static let handlers: [String: BatchEngine.LocatedHandler] = [
        "localize": localize
    ]

    /// Catalogs loaded once per (directory, development language) for the life of the process.
    private static let catalogs = Locked<[String: Result<Catalog, ParlanceError>]>([:])

    static func catalog(_ context: BatchContext) throws(BatchError) -> Catalog {
        if let catalog = context.catalog { return catalog }
        guard let directory = context.catalogDirectory else {
            throw BatchError("internal", "localize needs a catalog: start `parlance batch --catalog DIR`")
        }
        let cacheKey = directory + "\u{0}" + (context.developmentLanguage ?? "")
        if let cached = catalogs.withLock({ $0[cacheKey] }) { return try unwrap(cached) }
        // Loaded outside the lock; a concurrent loader's result is simply replaced.
        let loaded: Result<Catalog, ParlanceError>
        do {
            loaded = .success(try Catalog(loading: directory, developmentLanguage: context.developmentLanguage))
        } catch {
            loaded = .failure(error)
        }
        catalogs.withLock { $0[cacheKey] = loaded }
        return try unwrap(loaded)
    }

    private static func unwrap(_ result: Result<Catalog, ParlanceError>) throws(BatchError) -> Catalog {
        switch result {
        case .success(let catalog): return catalog
        case .failure(let error): throw BatchError("internal", error.message)
        }
    }

    /// A malformed translation is `invalid-format`, its message naming the file, line and key
    /// (a malformed entry fails only its own key; the catalog loads without it).
    static func protocolError(_ error: ParlanceError) -> BatchError {
        if error.code == .invalidFile { return BatchError("invalid-format", error.message) }
        return BatchError(error)
    }

    @Sendable
    static func localize(_ request: BatchRequest, _ context: BatchContext) throws(BatchError) -> BatchResult {
        let locale = try request.locale()
        let key = try request.string("key")
        let table = try request.optionalString("table") ?? "Localizable"
        var arguments: [LocalizationArgument] = []
        var named: [String: LocalizationArgument] = [:]
        func argument(_ value: JSONValue, _ label: String) throws(BatchError) -> LocalizationArgument {
            switch value {
            case .integer(let integer): return .int(integer)
            case .number(let number): return .double(number)
            case .string(let text): return .string(text)
            default: throw BatchError("invalid-argument", "\(label) must be a number or a string, not \(value.serialized)")
            }
        }
        switch request["args"] {
        case nil, .null?:
            break
        case .array(let values)?:
            for (index, value) in values.enumerated() { arguments.append(try argument(value, "\"args\"[\(index)]")) }
        case .object(let members)?:
            // Named arguments: YAML entries' %{name}, {name} and a plural's count.
            for (name, value) in members { named[name] = try argument(value, "\"args\".\(name)") }
        default:
            throw .wrongType("args", expected: "an array of numbers and strings, or an object of named arguments")
        }
        let catalog = try catalog(context)
        do {
            let resolved = try catalog.resolve(key, table: table, locale: locale, arguments: arguments, named: named)
            return BatchResult(.string(resolved.text), language: resolved.locale)
        } catch {
            throw protocolError(error)
        }
    }
}
