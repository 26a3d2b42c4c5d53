// swift-tools-version: 6.2
import PackageDescription

/// Whisked, the "after" picture: the recipe app of the reference write-ups (TheMealDB categories →
/// meals → meal detail → favourites kept whole for offline use) built on Seam's modules, with a
/// terminal front end (`recipes`) and a fixture server (`recipes-server`) so it runs and is tested
/// headless. See README.md.
let package = Package(
    name: "Recipes",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RecipesCore", targets: ["RecipesCore"]),
        .executable(name: "recipes", targets: ["recipes"]),
        .executable(name: "recipes-server", targets: ["recipes-server"]),
    ],
    dependencies: [
        .package(name: "Seam", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        // Already in the graph through SeamPersistence: a repository key's record id is a GRDB
        // `DatabaseValueConvertible`, a conformance Swift 6 only uses in a module that imports GRDB.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: The app
        /// Domain models and TheMealDB decoding, service protocols and their doubles, view models,
        /// routes and deep links, configuration and the composition root (`AppDependencies`).
        .target(
            name: "RecipesCore",
            dependencies: [
                .product(name: "Seam", package: "Seam"),
                .product(name: "SeamNavigation", package: "Seam"),
                .product(name: "SeamArchitecture", package: "Seam"),
                .product(name: "SeamConfiguration", package: "Seam"),
                .product(name: "SeamCache", package: "Seam"),
                .product(name: "SeamNetwork", package: "Seam"),
                .product(name: "SeamPersistence", package: "Seam"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Resources/config")]
        ),
        /// The terminal front end: commands, screens rendered as text, JSON output, the progress line.
        .target(
            name: "RecipesTerminal",
            dependencies: [
                "RecipesCore",
                .product(name: "SeamNavigation", package: "Seam"),
                .product(name: "SeamArchitecture", package: "Seam"),
                .product(name: "SeamConfiguration", package: "Seam"),
                .product(name: "Seam", package: "Seam"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "recipes", dependencies: ["RecipesTerminal"]),

        // MARK: The fixture backend
        /// TheMealDB-shaped JSON responses checked in as files, and the routing from request to file.
        .target(name: "RecipesFixtures", resources: [.copy("Resources/mealdb")]),
        .executableTarget(
            name: "recipes-server",
            dependencies: [
                "RecipesFixtures",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests
        /// The checked-in fixtures as a `MockMealService`, for the test targets (the app's own targets never see them).
        .target(name: "RecipesTestSupport", dependencies: ["RecipesCore", "RecipesFixtures"], path: "Tests/RecipesTestSupport"),
        .testTarget(
            name: "RecipesCoreTests",
            dependencies: [
                "RecipesCore", "RecipesFixtures", "RecipesTestSupport",
                .product(name: "Seam", package: "Seam"),
                .product(name: "SeamTesting", package: "Seam"),
                .product(name: "SeamNavigation", package: "Seam"),
                .product(name: "SeamArchitecture", package: "Seam"),
                .product(name: "SeamConfiguration", package: "Seam"),
                .product(name: "SeamCache", package: "Seam"),
                .product(name: "SeamNetwork", package: "Seam"),
                .product(name: "SeamPersistence", package: "Seam"),
            ]
        ),
        .testTarget(name: "RecipesFixturesTests", dependencies: ["RecipesFixtures", "RecipesCore"]),
        .testTarget(
            name: "RecipesTerminalTests",
            dependencies: [
                "RecipesTerminal", "RecipesCore", "RecipesTestSupport", .product(name: "SeamArchitecture", package: "Seam"),
            ]
        ),
        // Runs the built `recipes` and `recipes-server` as subprocesses.
        .testTarget(name: "RecipesEndToEndTests", dependencies: ["recipes", "recipes-server", "RecipesCore"]),
    ],
    swiftLanguageModes: [.v6]
)
