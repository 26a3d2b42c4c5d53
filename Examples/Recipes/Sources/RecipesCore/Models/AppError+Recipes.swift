import SeamArchitecture

extension AppError {
    /// No meal has this id (TheMealDB answers `{"meals": null}`).
    public static func mealNotFound(id: String) -> AppError {
        AppError(
            .notFound, message: "There is no recipe with id \(id).",
            recoverySuggestion: "Check the id: `recipes meals <category>` lists them.", isRetryable: false,
            diagnostic: "lookup.php?i=\(id) returned no meal"
        )
    }

    /// The app runs offline and the answer needs the network.
    public static func offlineMode(_ what: String) -> AppError {
        AppError(
            .offline, message: "\(what) needs the network, and the app is offline.",
            recoverySuggestion: "Favourites open offline; run without --offline for the rest.", isRetryable: true,
            diagnostic: "offline mode"
        )
    }
}
