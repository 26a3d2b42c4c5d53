/// TheMealDB as the app uses it (the write-up's `MealServiceProtocol`): the live implementation
/// talks HTTP to the configured base URL; tests and previews use ``MockMealService``.
///
/// Failures are thrown as they come; view models turn them into an `AppError` for the screen.
public protocol MealService: Sendable {
    /// Every category (`categories.php`).
    func fetchCategories() async throws -> [MealCategory]
    /// The meals of one category (`filter.php?c=`); empty for a category TheMealDB doesn't know.
    func fetchMeals(inCategory category: String) async throws -> [Meal]
    /// One whole recipe (`lookup.php?i=`).
    /// - Throws: ``SeamArchitecture/AppError/mealNotFound(id:)`` when no meal has this id.
    func fetchMealDetail(id: String) async throws -> MealDetail
}
