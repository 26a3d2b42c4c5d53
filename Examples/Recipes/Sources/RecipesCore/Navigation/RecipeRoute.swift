import SeamNavigation

/// The app's screens above the root category list (the write-up's `WhiskedMainCoordinator.Destination`).
///
/// The root (the category list) is the empty stack; these are pushed or presented on it.
public enum RecipeRoute: NavigationRoute {
    /// The meals of a category.
    case meals(category: String)
    /// One recipe.
    case mealDetail(id: String)
    /// The favourites list, shown as a sheet with its own navigation stack.
    case favourites
}
