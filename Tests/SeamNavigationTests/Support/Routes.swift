import SeamNavigation

/// The surf app's screens (TrebleSurf).
enum SurfRoute: NavigationRoute {
    case spots
    case spot(id: String)
    case forecast(spotID: String, days: Int)
    case map
    case settings
    case signIn
}

/// The recipe app's screens (Whisked).
enum RecipeRoute: NavigationRoute {
    case mealsByCategory(String)
    case mealDetail(id: String)
    case favorites
}
