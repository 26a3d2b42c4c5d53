// swift-tools-version: 6.0
import PackageDescription

/// TrebleSurf, the "before" picture: a surf-forecast app written the way many iOS apps are,
/// with a singleton for every service. `seam audit Examples/LegacyApp` measures its debt
/// (see EXPECTED.md) and `seam migrate` rewrites it.
let package = Package(
    name: "LegacyApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LegacyApp", targets: ["LegacyApp"]),
    ],
    targets: [
        .target(name: "LegacyApp"),
        .testTarget(name: "LegacyAppTests", dependencies: ["LegacyApp"]),
    ],
    // A legacy code base: written before strict concurrency, built in the Swift 5 language mode.
    swiftLanguageModes: [.v5]
)
