/// The cast of a generated app: features, the singleton services they share, their models.
///
/// The shape follows the reference write-ups (TrebleSurf's DataStore/AuthManager/APIClient
/// singletons, a roadmap counting 76 singletons and 1,214 `.shared` sites): most services are
/// singletons reached through an accessor, a minority sit behind a protocol, and view models call
/// them directly or take them in `init` with the singleton as the default.
struct CorpusPlan {
    /// A singleton service.
    struct Service {
        let name: String
        /// `shared`, `sharedInstance`, `default`, `current` or `standard`.
        let accessor: String
        /// The protocol it conforms to, if any.
        let abstraction: String?
        let feature: String
        let entity: String
    }

    static let features = [
        "Forecast", "Spots", "Buoys", "Tides", "Profile", "Auth", "Settings", "Media", "Recipes", "Orders",
        "Cart", "Payments", "Chat", "Feed", "Maps", "Alerts", "Onboarding", "Subscriptions", "Search",
        "Favorites", "Reviews", "Sessions", "Weather", "Gallery",
    ]
    static let entities = [
        "Spot", "Report", "Swell", "Buoy", "Tide", "Wave", "Wind", "Photo", "Recipe", "Order", "Item",
        "Payment", "Message", "Thread", "Post", "Comment", "Alert", "Region", "Board", "Session", "Review",
        "Forecast", "Station", "Profile", "Badge", "Coupon", "Invoice", "Video", "Story", "Pin",
    ]
    static let screens = [
        "List", "Detail", "Editor", "Summary", "History", "Picker", "Overview", "Widget", "Banner",
        "Filter", "Chart", "Share", "Upload", "Search", "Timeline", "Compare",
    ]
    static let serviceSuffixes = ["Service", "Manager", "Store", "Client", "Cache", "Repository", "Provider"]
    static let accessors = ["shared", "shared", "shared", "shared", "sharedInstance", "default", "current", "standard"]
    static let regions = ["Ireland", "Portugal", "Hawaii", "California", "Bali", "Morocco", "Cornwall", "Biarritz"]
    static let hosts = [
        "api.surfcast.example.com", "cdn.surfcast.example.com", "auth.example.org", "images.example.net",
        "buoys.noaa.example.gov", "payments.example.com", "analytics.example.io",
    ]

    let services: [Service]

    /// Builds the service roster deterministically from `random`.
    init(random: inout SplitMix64, serviceCount: Int) {
        var services: [Service] = []
        var used: Set<String> = []
        while services.count < serviceCount {
            let feature = random.pick(Self.features)
            let entity = random.pick(Self.entities)
            let name = feature + entity + random.pick(Self.serviceSuffixes)
            guard used.insert(name).inserted else { continue }
            services.append(
                Service(
                    name: name,
                    accessor: random.pick(Self.accessors),
                    abstraction: random.chance(0.3) ? name + "Protocol" : nil,
                    feature: feature,
                    entity: entity
                ))
        }
        self.services = services
    }
}
