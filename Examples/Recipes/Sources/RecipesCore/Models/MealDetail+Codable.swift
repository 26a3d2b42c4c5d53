extension MealDetail: Codable {
    /// Any JSON key: the meal's keys are only known once read (`strIngredient23`).
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let id = Key("idMeal")
        static let name = Key("strMeal")
        static let category = Key("strCategory")
        static let area = Key("strArea")
        static let instructions = Key("strInstructions")
        static let thumbnail = Key("strMealThumb")
        static let tags = Key("strTags")
        static let youtube = Key("strYoutube")
        static let source = Key("strSource")
    }

    /// Decodes one element of `lookup.php`'s `meals`.
    ///
    /// `idMeal` and `strMeal` are required strings (a `DecodingError` names the missing one); the
    /// other fields may be missing, `null` or blank (all read as absent). Every `strIngredient…` and
    /// `strMeasure…` key is kept: a string as sent, a number as its text (`"strMeasure3": 4` is
    /// `"4"`), `null` and any other value as `nil`. Keys TheMealDB sends that the app does not use
    /// (`strMealAlternate`, `dateModified`…) are dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func optional(_ key: Key) throws -> String? {
            try container.decodeIfPresent(String.self, forKey: key)?.nonBlank
        }
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        category = try optional(.category)
        area = try optional(.area)
        instructions = try container.decodeIfPresent(String.self, forKey: .instructions) ?? ""
        thumbnailURL = try optional(.thumbnail)
        tags = try optional(.tags)
        youtubeURL = try optional(.youtube)
        sourceURL = try optional(.source)

        var ingredients: [String: String?] = [:]
        var measures: [String: String?] = [:]
        for key in container.allKeys {
            switch IngredientSlot.kind(of: key.stringValue) {
            case .ingredient: ingredients[key.stringValue] = Self.lenientText(container, key)
            case .measure: measures[key.stringValue] = Self.lenientText(container, key)
            case nil: continue
            }
        }
        rawIngredients = ingredients
        rawMeasures = measures
    }

    /// A slot's value as text: strings as they are, numbers as written, anything else `nil`.
    private static func lenientText(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> String? {
        if let text = try? container.decode(String.self, forKey: key) { return text }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        if let number = try? container.decode(Double.self, forKey: key) { return String(number) }
        return nil
    }

    /// Encodes TheMealDB's shape: absent fields as `null`, every raw slot back under its own key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(category, forKey: .category)
        try container.encode(area, forKey: .area)
        try container.encode(instructions, forKey: .instructions)
        try container.encode(thumbnailURL, forKey: .thumbnail)
        try container.encode(tags, forKey: .tags)
        try container.encode(youtubeURL, forKey: .youtube)
        try container.encode(sourceURL, forKey: .source)
        for (key, value) in rawIngredients.merging(rawMeasures, uniquingKeysWith: { first, _ in first }) {
            try container.encode(value, forKey: Key(key))
        }
    }
}
