import Foundation
import RecipesCore
import RecipesFixtures
import SeamArchitecture
import SeamNetwork
import Testing

/// The live meal service on SeamNetwork, answered by the checked-in fixtures through a recording
/// transport: the paths and queries it sends, TheMealDB's envelopes, `{"meals": null}`, server errors.
@Suite("HTTPMealService over SeamNetwork")
struct HTTPMealServiceTests {
    private let catalog: FixtureCatalog
    private let transport = RecordingTransport()
    private let service: HTTPMealService

    init() throws {
        catalog = try FixtureCatalog.bundled()
        let configuration = NetworkConfiguration(
            baseURL: URL(string: "http://127.0.0.1:8080/api/json/v1/1")!, retryPolicy: .none)
        service = HTTPMealService(client: NetworkClient(configuration: configuration, transport: transport))
    }

    @Test("categories.php, filter.php?c= and lookup.php?i= under the base path, decoded by the app's models")
    func requests() async throws {
        transport
            .stub(.get, "categories.php", body: try catalog.categories())
            .stub(.get, "filter.php", body: try #require(try catalog.meals(inCategory: "Dessert")))
            .stub(.get, "lookup.php", body: try #require(try catalog.meal(id: "52768")))

        let categories = try await service.fetchCategories()
        let desserts = try await service.fetchMeals(inCategory: "Dessert")
        let tart = try await service.fetchMealDetail(id: "52768")

        #expect(categories.map(\.name).contains("Dessert"))
        #expect(desserts.map(\.id).contains("52768"))
        #expect(tart.name == "Apple Frangipan Tart" && tart.ingredients.count == 9)
        #expect(transport.requests.map(\.path) == [
            "/api/json/v1/1/categories.php", "/api/json/v1/1/filter.php", "/api/json/v1/1/lookup.php",
        ])
        #expect(transport.requests[1].query == [URLQueryItem(name: "c", value: "Dessert")])
        #expect(transport.requests[2].query == [URLQueryItem(name: "i", value: "52768")])
    }

    @Test("{\"meals\": null}: no meals for an unknown category, mealNotFound for an unknown id")
    func nullMeals() async throws {
        let none = Data(#"{"meals":null}"#.utf8)
        transport.stub(.get, "filter.php", body: none).stub(.get, "lookup.php", body: none)
        #expect(try await service.fetchMeals(inCategory: "Breakfast").isEmpty)
        let error = await #expect(throws: AppError.self) { try await service.fetchMealDetail(id: "1") }
        #expect(error?.code == .notFound)
        #expect(error?.message == "There is no recipe with id 1.")
    }

    @Test("a server error and the device offline arrive as AppErrors with their messages")
    func failures() async throws {
        transport
            .stub(.get, "categories.php", status: .internalServerError, body: Data("maintenance".utf8))
            .stub(.get, "filter.php", error: URLError(.notConnectedToInternet))
        let server = await #expect(throws: AppError.self) { try await service.fetchCategories() }
        #expect(server?.code == .badServerResponse && server?.isRetryable == true)
        let offline = await #expect(throws: AppError.self) { try await service.fetchMeals(inCategory: "Beef") }
        #expect(offline?.code == .offline && offline?.message == "You're offline.")
    }
}
