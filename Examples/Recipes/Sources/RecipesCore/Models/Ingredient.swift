/// One line of a recipe's ingredient list: what, and how much.
///
/// ```swift
/// Ingredient(name: "digestive biscuits", measure: "175g/6oz").displayText   // "175g/6oz digestive biscuits"
/// Ingredient(name: "lime", measure: "").displayText                         // "lime"
/// ```
public struct Ingredient: Codable, Hashable, Sendable, Identifiable {
    /// The ingredient, trimmed (`strIngredientN`).
    public var name: String
    /// The quantity, trimmed (`strMeasureN`); empty when the recipe gives none.
    public var measure: String

    /// An ingredient; an empty `measure` means "no quantity given".
    public init(name: String, measure: String = "") {
        self.name = name
        self.measure = measure
    }

    /// Name and measure together, unique within one recipe's list in practice.
    public var id: String { "\(name)-\(measure)" }

    /// How a person reads it: the measure, then the name; just the name without a measure.
    public var displayText: String { measure.isEmpty ? name : "\(measure) \(name)" }
}
