import Foundation
import RecipesCore

/// The `--json` shapes: plain keys for scripts (`id`, `name`…), not TheMealDB's `strMeal`. Every key is
/// always there: a missing value is `null`, not a missing key.
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

        private enum CodingKeys: String, CodingKey { case id, name, thumbnail }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(thumbnail, forKey: .thumbnail)   // `null` when there is none
        }
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

        private enum CodingKeys: String, CodingKey {
            case id, name, category, area, tags, ingredients, instructions, thumbnail, youtube, source, favourite, from
        }

        /// Optionals are encoded as `null` (`encode`, not the synthesized `encodeIfPresent`).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(category, forKey: .category)
            try container.encode(area, forKey: .area)
            try container.encode(tags, forKey: .tags)
            try container.encode(ingredients, forKey: .ingredients)
            try container.encode(instructions, forKey: .instructions)
            try container.encode(thumbnail, forKey: .thumbnail)
            try container.encode(youtube, forKey: .youtube)
            try container.encode(source, forKey: .source)
            try container.encode(favourite, forKey: .favourite)
            try container.encode(from, forKey: .from)
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
