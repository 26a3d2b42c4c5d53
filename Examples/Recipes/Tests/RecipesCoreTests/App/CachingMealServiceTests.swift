import RecipesCore
import SeamArchitecture
import SeamCache
import Testing

@Suite("CachingMealService: lists cached, recipes always fresh")
struct CachingMealServiceTests {
    let base = MockMealService(
        categories: [TestData.dessert], meals: ["Dessert": [TestData.tart.summary]], details: [TestData.tart]
    )
    let categories = InMemoryCacheStore<String, [MealCategory]>()
    let meals = InMemoryCacheStore<String, [Meal]>()

    func service(ttl: Duration = .seconds(3600)) -> CachingMealService {
        CachingMealService(wrapping: base, categories: categories, meals: meals, ttl: ttl)
    }

    @Test("the category list and each meal list are fetched once")
    func caches() async throws {
        let service = service()
        _ = try await service.fetchCategories()
        _ = try await service.fetchMeals(inCategory: "Dessert")
        base.failure = TestErrors.offline

        #expect(try await service.fetchCategories() == [TestData.dessert])
        #expect(try await service.fetchMeals(inCategory: "Dessert") == [TestData.tart.summary])
        #expect(base.calls == [.categories, .meals(category: "Dessert")])
        #expect(await meals.loadedKeys == ["Dessert"])
    }

    @Test("recipes are never cached: favourites are how a recipe is kept")
    func recipesNotCached() async throws {
        let service = service()
        _ = try await service.fetchMealDetail(id: "52768")
        _ = try await service.fetchMealDetail(id: "52768")
        #expect(base.calls == [.detail(id: "52768"), .detail(id: "52768")])
    }

    @Test("a failure is not cached: the next call asks again")
    func failuresNotCached() async throws {
        base.failure = TestErrors.offline
        let service = service()
        await #expect(throws: AppError.self) { try await service.fetchCategories() }
        base.failure = nil
        #expect(try await service.fetchCategories() == [TestData.dessert])
        #expect(base.calls == [.categories, .categories])
    }

    @Test("a zero TTL caches nothing")
    func zeroTTL() async throws {
        let service = service(ttl: .zero)
        _ = try await service.fetchCategories()
        _ = try await service.fetchCategories()
        #expect(base.calls == [.categories, .categories])
        #expect(await categories.values.isEmpty)
    }
}
