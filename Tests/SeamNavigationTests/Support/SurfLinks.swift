import SeamNavigation

/// The surf app's deep-link table, as an app would declare it.
func surfLinks() throws -> DeepLinkTable<SurfRoute> {
    try DeepLinkTable(
        schemes: ["treblesurf"], hosts: ["treblesurf.app"],
        rules: [
            DeepLinkRule("/spots") { _ in [.spots] },
            DeepLinkRule("/spots/:id") { link in [.spots, .spot(id: try link.value("id"))] },
            DeepLinkRule("/spots/:id/forecast") { link in
                let id = try link.value("id")
                let days = try link.optionalValue("days", as: Int.self) ?? 3
                return [.spots, .spot(id: id), .forecast(spotID: id, days: days)]
            },
            DeepLinkRule("/forecast") { link in
                let id: String = try link.value("spot")
                return [.forecast(spotID: id, days: try link.value("days", as: Int.self))]
            },
            DeepLinkRule("/settings", entries: { _ in [.sheet(.settings, withNavigationStack: true)] }),
            DeepLinkRule("/sign-in", entries: { _ in [.fullScreenCover(.signIn, withNavigationStack: false)] }),
            DeepLinkRule("/spots/:id/closed") { link -> [SurfRoute] in
                throw link.reject("spot \(try link.value("id")) is closed")
            },
            DeepLinkRule("/broken", entries: { _ in [.sheet(.settings, withNavigationStack: false), .push(.map)] }),
        ])
}
