import RecipesCore

/// `recipes meals <category>`: the category's meals.
struct MealsScreen {
    let category: String
    let meals: [Meal]

    func render(width: Int) -> String {
        guard !meals.isEmpty else {
            return "No meals in \"\(category)\": TheMealDB has no such category (`recipes categories` lists them).\n"
        }
        let table = TextTable(headers: ["ID", "Meal"], rows: meals.map { [$0.id, $0.name] })
        return "\(category) · \(Plural.count(meals.count, "meal"))\n\n" + table.render(width: width)
    }
}
