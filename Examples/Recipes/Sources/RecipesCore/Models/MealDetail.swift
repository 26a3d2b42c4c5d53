/// A whole recipe (`lookup.php?i=52768`): what the detail screen shows and what a favourite keeps
/// for offline use.
///
/// TheMealDB sends the ingredient list as numbered keys (`strIngredient1`/`strMeasure1` …
/// `strIngredient20`/`strMeasure20`, some meals more), padded with `""`, `" "` and `null`. The
/// decoder keeps every such key as it came (``rawIngredients``, ``rawMeasures``), whatever its
/// number, and ``ingredients`` reads the list from them:
///
/// - slots are ordered by number (`10` after `9`), with no upper bound;
/// - names and measures are trimmed; a slot without a name is skipped (a measure alone is noise);
/// - a named ingredient without a measure is kept with an empty ``Ingredient/measure`` (a recipe
///   that says "lime" and no quantity still needs the lime);
/// - malformed keys (`strIngredient`, `strIngredient03`) are kept raw but never listed.
///
/// ```swift
/// let tart = try JSONDecoder().decode(MealDetail.self, from: json)
/// tart.ingredients.first   // Ingredient(name: "digestive biscuits", measure: "175g/6oz")
/// ```
///
/// Encoding writes TheMealDB's shape back (raw slots included), so a decoded meal survives a round
/// trip unchanged: that is how favourites are stored.
public struct MealDetail: Hashable, Sendable, Identifiable {
    /// TheMealDB's id (`idMeal`).
    public var id: String
    /// The meal's name (`strMeal`).
    public var name: String
    /// Its category (`strCategory`), if given.
    public var category: String?
    /// Its cuisine (`strArea`), if given.
    public var area: String?
    /// The method (`strInstructions`), with TheMealDB's `\r\n` line breaks; empty when not given.
    public var instructions: String
    /// The picture (`strMealThumb`), if any.
    public var thumbnailURL: String?
    /// Comma-separated tags as sent (`strTags`), if any; see ``tagList``.
    public var tags: String?
    /// A video of the recipe (`strYoutube`), if any.
    public var youtubeURL: String?
    /// Where the recipe comes from (`strSource`), if given.
    public var sourceURL: String?
    /// Every `strIngredient…` key as sent, canonical or malformed; `nil` for JSON `null`.
    public var rawIngredients: [String: String?]
    /// Every `strMeasure…` key as sent, canonical or malformed; `nil` for JSON `null`.
    public var rawMeasures: [String: String?]

    /// A meal from its raw slots, as the decoder builds it.
    public init(
        id: String,
        name: String,
        category: String? = nil,
        area: String? = nil,
        instructions: String = "",
        thumbnailURL: String? = nil,
        tags: String? = nil,
        youtubeURL: String? = nil,
        sourceURL: String? = nil,
        rawIngredients: [String: String?],
        rawMeasures: [String: String?]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.area = area
        self.instructions = instructions
        self.thumbnailURL = thumbnailURL
        self.tags = tags
        self.youtubeURL = youtubeURL
        self.sourceURL = sourceURL
        self.rawIngredients = rawIngredients
        self.rawMeasures = rawMeasures
    }

    /// A meal whose ingredients fill slots 1, 2, 3… in order (for code-built meals: mocks, tests).
    ///
    /// ```swift
    /// MealDetail(id: "1", name: "Toast", ingredients: [Ingredient(name: "bread", measure: "2 slices")])
    /// ```
    public init(
        id: String,
        name: String,
        category: String? = nil,
        area: String? = nil,
        instructions: String = "",
        thumbnailURL: String? = nil,
        ingredients: [Ingredient]
    ) {
        var names: [String: String?] = [:]
        var measures: [String: String?] = [:]
        for (offset, ingredient) in ingredients.enumerated() {
            names[IngredientSlot.ingredientKey(offset + 1)] = ingredient.name
            measures[IngredientSlot.measureKey(offset + 1)] = ingredient.measure
        }
        self.init(
            id: id, name: name, category: category, area: area, instructions: instructions,
            thumbnailURL: thumbnailURL, rawIngredients: names, rawMeasures: measures
        )
    }

    /// The ingredient list read from the raw slots (see the type's documentation for the rules).
    public var ingredients: [Ingredient] {
        let indices = rawIngredients.keys.compactMap(IngredientSlot.index(of:)).sorted()
        return indices.compactMap { index in
            guard let name = rawIngredients[IngredientSlot.ingredientKey(index)]??.nonBlank else { return nil }
            let measure = rawMeasures[IngredientSlot.measureKey(index)]??.nonBlank ?? ""
            return Ingredient(name: name, measure: measure)
        }
    }

    /// The tags, split and trimmed: `"Tart, Baking"` → `["Tart", "Baking"]`.
    public var tagList: [String] {
        (tags ?? "").split(separator: ",").compactMap { String($0).nonBlank }
    }

    /// The instructions as paragraphs: split on line breaks (`\r\n` or `\n`), blank lines dropped.
    public var instructionSteps: [String] {
        instructions.split(whereSeparator: \.isNewline).compactMap { String($0).nonBlank }
    }

    /// The list entry for this meal.
    public var summary: Meal { Meal(id: id, name: name, thumbnailURL: thumbnailURL) }
}
