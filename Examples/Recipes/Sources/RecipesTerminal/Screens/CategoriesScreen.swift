import RecipesCore

/// `recipes categories`: the category table, with the favourites count under it.
struct CategoriesScreen {
    let categories: [MealCategory]
    /// `nil` when the count could not be read.
    let favouritesCount: Int?

    func render(width: Int) -> String {
        let table = TextTable(
            headers: ["ID", "Category", "About"],
            rows: categories.map { [$0.id, $0.name, $0.summary] }
        )
        var footer = [Plural.count(categories.count, "category", "categories")]
        if let favouritesCount { footer.append(Plural.favourites(favouritesCount) + " saved") }
        return table.render(width: width) + "\n" + footer.joined(separator: " · ") + "\n"
    }
}

/// `1 meal`, `3 meals`.
enum Plural {
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// `1 favourite`, `2 favourites`.
    static func favourites(_ count: Int) -> String { Self.count(count, "favourite") }
}
