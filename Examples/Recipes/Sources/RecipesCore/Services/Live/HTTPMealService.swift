import Foundation
import SeamArchitecture
import SeamNetwork

/// The live ``MealService``: TheMealDB's JSON API over HTTP through SeamNetwork's `NetworkClient`
/// (deadline, retries of idempotent requests, failures as `AppError` with the message a person reads).
///
/// ```swift
/// let client = NetworkClient(configuration: NetworkConfiguration(baseURL: settings.apiBaseURL))
/// let service = HTTPMealService(client: client)
/// let desserts = try await service.fetchMeals(inCategory: "Dessert")
/// ```
public struct HTTPMealService: MealService {
    /// The client every request goes through.
    public let client: NetworkClient

    /// A service sending its requests through `client` (whose base URL ends with TheMealDB's API key segment).
    public init(client: NetworkClient) {
        self.client = client
    }

    /// `categories.php`.
    public func fetchCategories() async throws -> [MealCategory] {
        try await client.send(Endpoint<CategoriesResponse>.get("categories.php")).categories
    }

    /// `filter.php?c=<category>`; TheMealDB answers `{"meals": null}` for a category it doesn't know.
    public func fetchMeals(inCategory category: String) async throws -> [Meal] {
        try await client.send(Endpoint<MealsResponse<Meal>>.get("filter.php", query: ["c": category])).meals
    }

    /// `lookup.php?i=<id>`; `{"meals": null}` is ``SeamArchitecture/AppError/mealNotFound(id:)``.
    public func fetchMealDetail(id: String) async throws -> MealDetail {
        let found = try await client.send(Endpoint<MealsResponse<MealDetail>>.get("lookup.php", query: ["i": id])).meals
        guard let meal = found.first else { throw AppError.mealNotFound(id: id) }
        return meal
    }
}
