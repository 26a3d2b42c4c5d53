import Foundation
import RecipesCore

/// The `--json` shapes: plain keys for scripts (`id`, `name`…), not TheMealDB's `strMeal`.
enum JSONOutput {
    struct Category: Encodable {
        let id: String
        let name: String
        let description: String
    }

    struct MealSummary: Encodable {
        let id: String
        let name: String
        let thumbnail: String?
    }

    struct Recipe: Encodable {
        let id: String
        let name: String
        let category: String?
        let area: String?
        let tags: [String]
        let ingredients: [Ingredient]
        let instructions: [String]
        let thumbnail: String?
        let youtube: String?
        let source: String?
        let favourite: Bool
        /// `favourites` or `network`.
        let from: String?

        init(_ meal: MealDetail, favourite: Bool, from: String?) {
            id = meal.id
            name = meal.name
            category = meal.category
            area = meal.area
            tags = meal.tagList
            ingredients = meal.ingredients
            instructions = meal.instructionSteps
            thumbnail = meal.thumbnailURL
            youtube = meal.youtubeURL
            source = meal.sourceURL
            self.favourite = favourite
            self.from = from
        }
    }

    struct Favourite: Encodable {
        let savedAt: Date
        let recipe: Recipe
    }

    struct FavouriteChange: Encodable {
        let id: String
        let name: String?
        let favourite: Bool
        /// Whether the command changed anything.
        let changed: Bool
    }

    /// `value` as pretty, key-sorted JSON with ISO 8601 dates and a trailing newline.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
