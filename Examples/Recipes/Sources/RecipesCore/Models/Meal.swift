/// A meal as a category lists it (`filter.php?c=Dessert`): id, name and picture only.
///
/// ```json
/// { "strMeal": "Apple Frangipan Tart", "strMealThumb": "…/wxywrq1468235067.jpg", "idMeal": "52768" }
/// ```
public struct Meal: Codable, Hashable, Sendable, Identifiable {
    /// TheMealDB's id (`idMeal`), what `lookup.php?i=` takes.
    public var id: String
    /// The meal's name (`strMeal`).
    public var name: String
    /// The meal's picture (`strMealThumb`), if any.
    public var thumbnailURL: String?

    /// A meal list entry.
    public init(id: String, name: String, thumbnailURL: String? = nil) {
        self.id = id
        self.name = name
        self.thumbnailURL = thumbnailURL
    }

    private enum CodingKeys: String, CodingKey {
        case id = "idMeal"
        case name = "strMeal"
        case thumbnailURL = "strMealThumb"
    }

    /// Decodes TheMealDB's keys; a blank thumbnail is absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        thumbnailURL = try container.decodeIfPresent(String.self, forKey: .thumbnailURL)?.nonBlank
    }
}
