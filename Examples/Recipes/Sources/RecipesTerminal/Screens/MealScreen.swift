import RecipesCore

/// `recipes meal <id>`: the whole recipe — title, facts, the ingredient list with measures
/// aligned, the numbered method wrapped to the width, links.
struct MealScreen {
    let meal: MealDetail
    let isFavourite: Bool
    let fromFavourites: Bool

    func render(width: Int) -> String {
        var lines = [meal.name]
        var facts = [meal.category, meal.area].compactMap { $0 }
        if !meal.tagList.isEmpty { facts.append(meal.tagList.joined(separator: ", ")) }
        if isFavourite { facts.append("★ favourite") }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }

        let ingredients = meal.ingredients
        lines += ["", "Ingredients (\(ingredients.count))"]
        let measureWidth = ingredients.map(\.measure.count).max() ?? 0
        for ingredient in ingredients {
            let measure = ingredient.measure.padding(to: measureWidth)
            lines.append("  " + measure + "  " + ingredient.name)
        }

        let steps = meal.instructionSteps
        if !steps.isEmpty {
            lines += ["", "Method"]
            let numberWidth = "\(steps.count).".count
            for (offset, step) in steps.enumerated() {
                let number = "\(offset + 1).".padding(to: numberWidth)
                lines += TextWrap.wrap(
                    step, width: width, indent: String(repeating: " ", count: numberWidth + 3), firstIndent: "  \(number) "
                )
            }
        }

        let links = [("Video", meal.youtubeURL), ("Source", meal.sourceURL)].compactMap { label, url in
            url.map { "\(label.padding(to: 6))  \($0)" }
        }
        if !links.isEmpty { lines += [""] + links }
        if fromFavourites { lines += ["", "Opened from favourites: no network used."] }
        return lines.joined(separator: "\n") + "\n"
    }
}
