import Foundation

/// A favourite: the whole recipe as it was saved, so it opens with no network, and when.
public struct FavouriteMeal: Codable, Hashable, Sendable, Identifiable {
    /// The recipe, complete (ingredients, method, links).
    public var meal: MealDetail
    /// When the user saved it; refreshing the stored copy keeps this date.
    public var savedAt: Date

    /// A favourite saved at `savedAt`.
    public init(meal: MealDetail, savedAt: Date) {
        self.meal = meal
        self.savedAt = savedAt
    }

    /// The meal's id.
    public var id: String { meal.id }

    /// The order favourites are listed in: most recently saved first, then by id.
    public static func newestFirst(_ first: FavouriteMeal, _ second: FavouriteMeal) -> Bool {
        first.savedAt != second.savedAt ? first.savedAt > second.savedAt : first.id < second.id
    }
}
