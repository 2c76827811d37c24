#if Hummingbird
// The Hummingbird example of ParlanceServer's guide: per-request language with ParlanceMiddleware.
// Compiled as a target of the main package and started by ParlanceServerTests.
public import Hummingbird
import Parlance
import ParlanceHummingbird
public import ParlanceLocalization

/// A Hummingbird app whose handlers answer in each request's language.
public enum HummingbirdExample {
    /// The app's router: `GET /greeting` and `GET /items?count=N` in the request's language.
    ///
    /// ```swift
    /// let catalog = try Catalog(directory: "Resources")
    /// let manager = try LanguageManager(catalog: catalog)
    /// let app = Application(router: HummingbirdExample.router(manager: manager))
    /// try await app.runService()
    /// ```
    public static func router(manager: LanguageManager) -> Router<BasicRequestContext> {
        let router = Router()
        // Language from ?lang=, else the `lang` cookie, else Accept-Language.
        router.add(middleware: ParlanceMiddleware(manager: manager, queryParameter: "lang", cookie: "lang"))
        router.get("/greeting") { request, _ -> String in
            try request.parlance.localizedString("greeting")
        }
        router.get("/items") { request, _ -> String in
            let count = request.uri.queryParameters.get("count").flatMap(Int.init) ?? 0
            await Task.yield()  // suspend: the language must survive a hop to another thread
            let text = try request.parlance.localizedString("items.count", arguments: [count])
            let total = (Double(count) * 1.5).formatted(request.parlance.formatters().number.precision(.fractionDigits(min: 1, max: 1)))
            return "\(text) (\(total))"
        }
        // A ParlanceError thrown by a handler becomes its status and a JSON error body.
        router.get("/missing") { request, _ -> String in
            try request.parlance.localizedString("no.such.key")
        }
        return router
    }
}
#endif
