extension String {
    /// `DataStore` → `dataStore`, `APIClient` → `apiClient`, `URLSessionClient` → `urlSessionClient`.
    var lowerCamelCased: String {
        let characters = Array(self)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return self }
        // Keep the last capital of a run when a lowercase letter follows ("APIClient": "API" + "Client").
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// `dataStore` → `DataStore`.
    var upperFirst: String { prefix(1).uppercased() + dropFirst() }
}
