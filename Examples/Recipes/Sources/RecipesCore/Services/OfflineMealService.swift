import SeamArchitecture

/// The meal service of offline mode (`recipes --offline`): every call fails with an offline
/// ``SeamArchitecture/AppError`` without touching the network, so screens fall back to favourites.
public struct OfflineMealService: MealService {
    /// The offline service.
    public init() {}

    /// Throws ``SeamArchitecture/AppError/offlineMode(_:)``.
    public func fetchCategories() async throws -> [MealCategory] {
        throw AppError.offlineMode("The category list")
    }

    /// Throws ``SeamArchitecture/AppError/offlineMode(_:)``.
    public func fetchMeals(inCategory category: String) async throws -> [Meal] {
        throw AppError.offlineMode("The meals of \(category)")
    }

    /// Throws ``SeamArchitecture/AppError/offlineMode(_:)``.
    public func fetchMealDetail(id: String) async throws -> MealDetail {
        throw AppError.offlineMode("Recipe \(id), which is not a favourite,")
    }
}
