import Foundation
import RecipesCore

/// `recipes favourites`: the saved recipes, newest first.
struct FavouritesScreen {
    let favourites: [FavouriteMeal]
    let timeZone: TimeZone

    func render(width: Int) -> String {
        guard !favourites.isEmpty else {
            return "No favourites yet: `recipes favourite add <id>` saves one.\n"
        }
        let table = TextTable(
            headers: ["ID", "Meal", "Category", "Ingredients", "Saved"],
            rows: favourites.map { favourite in
                [
                    favourite.id, favourite.meal.name, favourite.meal.category ?? "",
                    "\(favourite.meal.ingredients.count)", SavedDate.text(favourite.savedAt, timeZone: timeZone),
                ]
            }
        )
        return table.render(width: width) + "\n" + Plural.favourites(favourites.count) + "\n"
    }
}

/// `2026-11-23 22:14` in a time zone.
enum SavedDate {
    static func text(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
