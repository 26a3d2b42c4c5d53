import Foundation
import GRDB
import SeamPersistence

/// A TheMealDB meal detail, as the Recipes app stores a favourite: stored by Seam as one JSON document,
/// and by raw GRDB as a record of the `meal` table (one column per property, arrays as JSON columns).
struct Meal: Codable, Identifiable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    struct Ingredient: Codable, Sendable, Equatable {
        var name: String
        var measure: String
    }

    var id: String
    var name: String
    var category: String
    var area: String
    var instructions: String
    var thumbnail: String
    var tags: [String]
    var ingredients: [Ingredient]

    static let databaseTableName = "meal"

    /// The meal numbered `number` (ids wrap at `Fixtures.idSpace`, so writes replace as often as they insert).
    static func numbered(_ number: Int) -> Meal {
        let id = number % Fixtures.idSpace
        return Meal(
            id: "meal-\(id)", name: "Spicy Arrabiata Penne \(number)", category: "Vegetarian", area: "Italian",
            instructions: String(repeating: "Bring a large pot of water to a boil. Add kosher salt. ", count: 8),
            thumbnail: "https://www.themealdb.com/images/media/meals/\(id).jpg", tags: ["Pasta", "Curry"],
            ingredients: (0..<10).map { Ingredient(name: "ingredient \($0)", measure: "\($0 + 1) tbsp") }
        )
    }
}

enum Fixtures {
    /// Distinct ids: the size of each collection once the benchmark has written for a while.
    static let idSpace = 1_000

    /// The raw GRDB table, created by an app migration as a GRDB user would.
    static var migrations: SQLiteMigrations {
        var migrations = SQLiteMigrations()
        migrations.register("v1-meal") { db in
            try db.create(table: "meal") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("category", .text).notNull()
                table.column("area", .text).notNull()
                table.column("instructions", .text).notNull()
                table.column("thumbnail", .text).notNull()
                table.column("tags", .jsonText).notNull()
                table.column("ingredients", .jsonText).notNull()
            }
        }
        return migrations
    }
}
