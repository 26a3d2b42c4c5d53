import Foundation
import Seam
import SeamArchitecture
import SeamCache
import SeamNavigation
import Synchronization
import SeamLocking

/// A meal category (Whisked).
struct MealCategory: Hashable, Sendable {
    var name: String
}

/// A meal's detail screen data.
struct MealDetail: Hashable, Sendable {
    var id: String
    var name: String
    var ingredients: [String]
}

/// The recipe app's screens (the write-up's `WhiskedMainCoordinator.Destination`).
enum RecipeRoute: NavigationRoute {
    case mealsByCategory(String)
    case mealDetail(id: String)
    case favorites
}

/// The recipe backend (the write-up's `MealServiceProtocol`).
protocol MealService: Sendable {
    func fetchCategories() async throws -> [MealCategory]
    func fetchMealDetail(id: String) async throws -> MealDetail
}

/// The test double: canned answers and a call log.
final class MockMealService: MealService {
    private let categories: [MealCategory]
    private let details: [String: MealDetail]
    private let calls = Locked<[String]>([])

    init(categories: [MealCategory] = [], details: [MealDetail] = []) {
        self.categories = categories
        self.details = Dictionary(uniqueKeysWithValues: details.map { ($0.id, $0) })
    }

    var log: [String] { calls.withLock { $0 } }

    func fetchCategories() async throws -> [MealCategory] {
        calls.withLock { $0.append("categories") }
        return categories
    }

    func fetchMealDetail(id: String) async throws -> MealDetail {
        calls.withLock { $0.append("detail(\(id))") }
        guard let detail = details[id] else {
            throw AppError(
                .notFound, message: "This recipe no longer exists.", isRetryable: false, diagnostic: "meal \(id)")
        }
        return detail
    }
}

// The recipe app's declarations.

enum MealServiceKey: DependencyKey {
    static var testValue: (any MealService)? { MockMealService() }
    static func live(_ r: borrowing Resolver) throws -> any MealService { OfflineMealService() }
}

enum MealDetailCacheKey: CacheDependencyKey {
    typealias CacheKey = String
    typealias CachedValue = MealDetail
}

enum RecipeNavigatorKey: NavigatorDependencyKey {
    typealias Route = RecipeRoute
    @MainActor static var deepLinks: DeepLinkTable<RecipeRoute>? { get throws { try recipeLinks() } }
}

/// `whisked://meals/52768` opens a meal above its category's list; `whisked://favorites` the favorites sheet.
func recipeLinks() throws(DeepLinkError) -> DeepLinkTable<RecipeRoute> {
    try DeepLinkTable(
        schemes: ["whisked"],
        rules: [
            DeepLinkRule("/categories/:name") { link in [.mealsByCategory(try link.value("name"))] },
            DeepLinkRule("/categories/:name/meals/:id") { link in
                [.mealsByCategory(try link.value("name")), .mealDetail(id: try link.value("id"))]
            },
            DeepLinkRule("/favorites", entries: { _ in [.sheet(.favorites, withNavigationStack: true)] }),
        ])
}

/// The live service of the write-up's offline mode: bundled recipes, no network.
struct OfflineMealService: MealService {
    func fetchCategories() async throws -> [MealCategory] { [MealCategory(name: "Dessert")] }
    func fetchMealDetail(id: String) async throws -> MealDetail {
        guard id == "52768" else {
            throw AppError(.notFound, message: "This recipe isn't available offline.", isRetryable: false)
        }
        return MealDetail(id: id, name: "Apple Frangipan Tart", ingredients: ["apples", "almonds"])
    }
}
