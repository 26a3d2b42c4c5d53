/// The numbered slots of TheMealDB's meal JSON: `strIngredient1`…`strIngredientN` and
/// `strMeasure1`…`strMeasureN`, with no upper bound.
///
/// A key is a slot only in its canonical spelling: the prefix, then a positive decimal number
/// without sign, spaces or leading zeros. `strIngredient`, `strIngredient0`, `strIngredient03`,
/// `strIngredient-1` and `strIngredientX` are malformed: kept as they came, never listed.
package enum IngredientSlot {
    /// The prefix of ingredient names.
    package static let ingredientPrefix = "strIngredient"
    /// The prefix of measures.
    package static let measurePrefix = "strMeasure"

    /// Which list a key belongs to, or `nil` for any other key.
    package enum Kind: Sendable {
        case ingredient, measure
    }

    /// The list `key` belongs to by its prefix, canonical or not.
    package static func kind(of key: String) -> Kind? {
        if key.hasPrefix(ingredientPrefix) { return .ingredient }
        if key.hasPrefix(measurePrefix) { return .measure }
        return nil
    }

    /// The slot number of a canonical key (`strIngredient12` → 12), or `nil` for a malformed one.
    package static func index(of key: String) -> Int? {
        let digits: Substring
        switch kind(of: key) {
        case .ingredient: digits = key.dropFirst(ingredientPrefix.count)
        case .measure: digits = key.dropFirst(measurePrefix.count)
        case nil: return nil
        }
        guard let first = digits.first, first != "0", digits.allSatisfy({ ("0"..."9").contains($0) }) else {
            return nil
        }
        return Int(digits)
    }

    /// The key of ingredient slot `index`.
    package static func ingredientKey(_ index: Int) -> String { "\(ingredientPrefix)\(index)" }

    /// The key of measure slot `index`.
    package static func measureKey(_ index: Int) -> String { "\(measurePrefix)\(index)" }
}
