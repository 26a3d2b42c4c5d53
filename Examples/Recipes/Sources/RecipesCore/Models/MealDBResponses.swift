/// The envelope of `categories.php`: `{ "categories": [...] }`.
package struct CategoriesResponse: Decodable, Sendable {
    /// The categories; `null` or a missing key reads as none.
    package let categories: [MealCategory]

    private enum CodingKeys: String, CodingKey { case categories }

    /// Decodes the envelope; `null` or a missing list is empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        categories = try container.decodeIfPresent([MealCategory].self, forKey: .categories) ?? []
    }
}

/// The envelope of `filter.php` and `lookup.php`: `{ "meals": [...] }`, where TheMealDB answers
/// `{ "meals": null }` for an unknown category or meal id.
package struct MealsResponse<Item: Decodable & Sendable>: Decodable, Sendable {
    /// The meals; `null` or a missing key reads as none.
    package let meals: [Item]

    private enum CodingKeys: String, CodingKey { case meals }

    /// Decodes the envelope; `null` or a missing list is empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meals = try container.decodeIfPresent([Item].self, forKey: .meals) ?? []
    }
}
