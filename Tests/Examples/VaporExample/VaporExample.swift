// The Vapor example of ParlanceServer's guide: per-request language with ParlanceVaporMiddleware.
// Compiled (and started on 127.0.0.1 by ParlanceServerTests) when the package trait `Vapor` is on:
//   swift test --traits Vapor --filter VaporMiddlewareTests
#if Vapor
public import Vapor
import Parlance
import ParlanceVapor
public import ParlanceLocalization

/// A Vapor app whose handlers answer in each request's language.
public enum VaporExample {
    /// Adds the middleware and the routes `GET /greeting`, `GET /items?count=N`,
    /// `GET /manager-greeting` and `GET /missing` to an application.
    ///
    /// ```swift
    /// let catalog = try Catalog(directory: "Resources")
    /// let manager = LanguageManager(catalog: catalog)
    /// let app = try await Application.make(.production)
    /// VaporExample.configure(app, manager: manager)
    /// try await app.execute()
    /// ```
    public static func configure(_ app: Application, manager: LanguageManager) {
        // Language from ?lang=, else the `lang` cookie, else Accept-Language.
        app.middleware.use(ParlanceVaporMiddleware(manager: manager, queryParameter: "lang", cookie: "lang"))
        app.get("greeting") { request -> String in
            try request.parlance.localizedString("greeting")
        }
        app.get("items") { request async throws -> String in
            let count = (try? request.query.get(Int.self, at: "count")) ?? 0
            await Task.yield()  // suspend: the language must survive a hop to another thread
            let text = try request.parlance.localizedString("items.count", arguments: [count])
            let total = (Double(count) * 1.5).formatted(request.parlance.formatters().number.precision(.fractionDigits(min: 1, max: 1)))
            return "\(text) (\(total))"
        }
        // The manager's own lookups follow the request's language too (its task-local state).
        app.get("manager-greeting") { _ async throws -> String in
            try manager.localizedString("greeting")
        }
        // A ParlanceError thrown by a handler becomes its status and a JSON error body.
        app.get("missing") { request -> String in
            try request.parlance.localizedString("no.such.key")
        }
    }
}
#endif
