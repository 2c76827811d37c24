#if Server
import Parlance
import ParlanceBatch

/// The methods each documented path accepts, read from the server's own OpenAPI document
/// (built-in routes and extensions' alike), so that a request to a known path with another
/// method gets `405 Method Not Allowed` with an `Allow` header instead of a 404.
struct RouteTable: Sendable {
    private let routes: [(segments: [Substring], methods: [String])]

    private static let methodNames: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The table of an OpenAPI 3.1 document's `paths` (empty when the text is not one).
    init(openAPI: String) {
        guard case .object(let paths)? = (try? JSONReader.parse(openAPI))?["paths"] else {
            routes = []
            return
        }
        routes = paths.map { path, item in
            var methods: [String] = []
            if case .object(let operations) = item {
                methods = operations.map(\.0).filter(Self.methodNames.contains).map { $0.uppercased() }
            }
            if methods.contains("GET") && !methods.contains("HEAD") { methods.append("HEAD") }
            return (path.split(separator: "/"), methods)
        }
    }

    /// The methods of the first documented path that `path` matches (`{name}` matches one
    /// segment), or nil when no documented path matches.
    func allowedMethods(forPath path: String) -> [String]? {
        let segments = path.split(separator: "/")
        for route in routes where route.segments.count == segments.count {
            let matches = zip(route.segments, segments).allSatisfy { template, segment in
                (template.hasPrefix("{") && template.hasSuffix("}")) || template == segment
            }
            if matches { return route.methods }
        }
        return nil
    }
}
#endif
