/// A TheMealDB category (`categories.php`): Beef, Dessert, Seafood...
///
/// ```json
/// { "idCategory": "3", "strCategory": "Dessert", "strCategoryThumb": "…/dessert.png",
///   "strCategoryDescription": "Dessert is the course that concludes a meal…" }
/// ```
public struct MealCategory: Codable, Hashable, Sendable, Identifiable {
    /// TheMealDB's id (`idCategory`).
    public var id: String
    /// The name, which is also what `filter.php?c=` takes (`strCategory`).
    public var name: String
    /// The category's picture (`strCategoryThumb`), if any.
    public var thumbnailURL: String?
    /// A paragraph about the category (`strCategoryDescription`); empty when the API sends none.
    public var summary: String

    /// A category; `summary` defaults to empty.
    public init(id: String, name: String, thumbnailURL: String? = nil, summary: String = "") {
        self.id = id
        self.name = name
        self.thumbnailURL = thumbnailURL
        self.summary = summary
    }

    private enum CodingKeys: String, CodingKey {
        case id = "idCategory"
        case name = "strCategory"
        case thumbnailURL = "strCategoryThumb"
        case summary = "strCategoryDescription"
    }

    /// Decodes TheMealDB's keys; a missing or null description is empty, a blank thumbnail absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        thumbnailURL = try container.decodeIfPresent(String.self, forKey: .thumbnailURL)?.nonBlank
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
    }
}
