import Foundation

/// What the fixture server answers: TheMealDB's three endpoints under ``basePath``, from a
/// ``FixtureCatalog``. Pure (no sockets), so its answers are tested without a server.
///
/// | request | answer |
/// |---|---|
/// | `GET {basePath}/categories.php` | `categories.json` |
/// | `GET {basePath}/filter.php?c=Dessert` | `filter/Dessert.json`, or `{"meals":null}` like TheMealDB |
/// | `GET {basePath}/lookup.php?i=52768` | `lookup/52768.json`, or `{"meals":null}` |
/// | a missing `c` or `i` | 400 with a JSON error |
/// | anything else | 404 with a JSON error |
public struct FixtureRouter: Sendable {
    /// TheMealDB's path prefix for the free API key.
    public static let theMealDBBasePath = "/api/json/v1/1"

    /// The files served.
    public let catalog: FixtureCatalog
    /// The path prefix of every endpoint.
    public let basePath: String

    /// A router serving `catalog` under `basePath`.
    public init(catalog: FixtureCatalog, basePath: String = FixtureRouter.theMealDBBasePath) {
        self.catalog = catalog
        self.basePath = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
    }

    /// The answer to one request.
    ///
    /// - Parameters:
    ///   - method: the HTTP method; only `GET` and `HEAD` are served.
    ///   - path: the request path without the query.
    ///   - query: the query items by name.
    public func respond(method: String, path: String, query: [String: String]) -> FixtureResponse {
        guard method == "GET" || method == "HEAD" else {
            return .error(405, "only GET is served, not \(method)")
        }
        guard path.hasPrefix(basePath + "/") else {
            return .error(404, "no endpoint at \(path); TheMealDB's are under \(basePath)/")
        }
        do {
            switch path.dropFirst(basePath.count + 1) {
            case "categories.php":
                return .json(try catalog.categories())
            case "filter.php":
                guard let category = query["c"], !category.isEmpty else {
                    return .error(400, "filter.php needs a category: filter.php?c=Dessert")
                }
                return .json(try catalog.meals(inCategory: category) ?? FixtureResponse.noMeals)
            case "lookup.php":
                guard let id = query["i"], !id.isEmpty else {
                    return .error(400, "lookup.php needs a meal id: lookup.php?i=52768")
                }
                return .json(try catalog.meal(id: id) ?? FixtureResponse.noMeals)
            default:
                return .error(404, "no endpoint at \(path); try \(basePath)/categories.php")
            }
        } catch {
            return .error(500, "fixture unreadable: \(error)")
        }
    }
}

/// One HTTP answer of the fixture server.
public struct FixtureResponse: Equatable, Sendable {
    /// The status code.
    public var status: Int
    /// The body, JSON.
    public var body: Data
    /// Always `application/json`.
    public var contentType: String { "application/json" }

    /// An answer with this status and body.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    /// TheMealDB's answer for an unknown category or meal.
    static var noMeals: Data { Data(#"{"meals":null}"#.utf8) }

    static func json(_ body: Data) -> FixtureResponse { FixtureResponse(status: 200, body: body) }

    static func error(_ status: Int, _ message: String) -> FixtureResponse {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": message], options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return FixtureResponse(status: status, body: body)
    }
}
