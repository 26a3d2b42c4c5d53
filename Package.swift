// swift-tools-version: 6.2
import PackageDescription

/// Seam: dependency injection and architecture blocks for Swift apps, and the `seam` tool
/// that measures and migrates singleton debt. See README.md for the tour.
let package = Package(
    name: "Seam",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Seam", targets: ["Seam"]),
        .library(name: "SeamTesting", targets: ["SeamTesting"]),
        .library(name: "SeamNavigation", targets: ["SeamNavigation"]),
        .library(name: "SeamArchitecture", targets: ["SeamArchitecture"]),
        .library(name: "SeamConfiguration", targets: ["SeamConfiguration"]),
        .library(name: "SeamCache", targets: ["SeamCache"]),
        .library(name: "SeamPersistence", targets: ["SeamPersistence"]),
        .library(name: "SeamPersistenceTesting", targets: ["SeamPersistenceTesting"]),
        .library(name: "SeamNetwork", targets: ["SeamNetwork"]),
        .library(name: "SeamAnalysis", targets: ["SeamAnalysis"]),
        .library(name: "SeamMigration", targets: ["SeamMigration"]),
        .executable(name: "seam", targets: ["seam"]),
        // `swift package seam-audit` and `swift package --allow-writing-to-package-directory seam-migrate` in a
        // package that depends on Seam.
        .plugin(name: "SeamAuditPlugin", targets: ["SeamAuditPlugin"]),
        .plugin(name: "SeamMigratePlugin", targets: ["SeamMigratePlugin"]),
    ],
    dependencies: [
        // Exact: SeamAnalysis walks the raw syntax tree through `@_spi(RawSyntax)`, which carries no
        // source-compatibility promise between releases.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0",
                 traits: [.defaults, "YAML", "CommandLineArguments"]),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),   // SeamPersistence (needs libsqlite3-dev)
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Test-only: the loopback HTTP server SeamNetwork's tests talk to (no SwiftNIO, builds in about a minute).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // MARK: Shared internals
        /// A mutex the thread sanitizer can follow (package-internal, not a product).
        .target(name: "SeamLocking"),
        /// Starting a program and reaping it by its own pid, for the tool and the tests (package-internal).
        .target(name: "SeamProcess"),
        /// Per-thread facts the DI hot paths read cheaply: "is this thread running a task?" and the
        /// synchronous resolution path (C: Swift has no thread-local variables; package-internal).
        .target(name: "SeamTaskState"),

        // MARK: Dependency injection
        .target(name: "Seam", dependencies: ["SeamLocking", "SeamTaskState"]),
        .target(name: "SeamTesting", dependencies: ["Seam"]),

        // MARK: Architecture blocks
        .target(name: "SeamNavigation", dependencies: ["Seam"]),
        .target(name: "SeamArchitecture", dependencies: ["Seam", "SeamLocking"]),
        .target(
            name: "SeamConfiguration",
            dependencies: [
                "Seam", "SeamLocking", .product(name: "Configuration", package: "swift-configuration"),
                // Where a configuration file writes a key (for errors at file:line); swift-configuration reads
                // YAML with it already.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(name: "SeamCache", dependencies: ["Seam", "SeamLocking", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "SeamPersistence",
            dependencies: ["Seam", "SeamArchitecture", "SeamLocking", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        /// The repository compatibility suite, for app authors checking their own `Repository` implementations.
        .target(name: "SeamPersistenceTesting", dependencies: ["SeamPersistence", "SeamLocking"]),
        .target(
            name: "SeamNetwork",
            dependencies: [
                "Seam", "SeamArchitecture", "SeamCache", "SeamLocking", .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
            ]
        ),

        // MARK: The seam tool
        .target(
            name: "SeamAnalysis",
            dependencies: [
                "SeamLocking", "SeamProcess",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "SeamMigration",
            dependencies: [
                "SeamAnalysis",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "seam",
            dependencies: [
                "SeamAnalysis",
                "SeamMigration",
                "SeamLocking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "SeamAuditPlugin",
            capability: .command(
                intent: .custom(verb: "seam-audit", description: "Audit this package's singleton and DI debt with seam audit.")
            ),
            dependencies: ["seam"]
        ),
        .plugin(
            name: "SeamMigratePlugin",
            capability: .command(
                intent: .custom(verb: "seam-migrate", description: "Migrate this package's singletons with seam migrate."),
                permissions: [.writeToPackageDirectory(reason: "seam migrate --write rewrites the package's Swift files.")]
            ),
            dependencies: ["seam"]
        ),

        // MARK: Tests (one target per module)
        // Shared helpers (running `seam`, schema validation, temporary directories); not a product.
        .target(name: "SeamTestSupport", dependencies: ["SeamLocking", "SeamProcess"], path: "Tests/SeamTestSupport"),
        // An app that prints the context it resolves in: test detection is checked against a real executable.
        .executableTarget(name: "seam-context-probe", dependencies: ["Seam"], path: "Tests/SeamContextProbe"),
        .testTarget(
            name: "SeamTests", dependencies: ["Seam", "SeamTesting", "SeamLocking", "SeamTestSupport", "seam-context-probe"]
        ),
        .testTarget(name: "SeamNavigationTests", dependencies: ["SeamNavigation", "Seam", "SeamTesting"]),
        .testTarget(name: "SeamArchitectureTests", dependencies: ["SeamArchitecture", "Seam", "SeamTesting", "SeamLocking"]),
        .testTarget(
            name: "SeamConfigurationTests",
            dependencies: [
                "SeamConfiguration", "Seam", "SeamTesting", "SeamLocking", "SeamTestSupport",
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .testTarget(
            name: "SeamCacheTests", dependencies: ["SeamCache", "Seam", "SeamTesting", "SeamLocking", "SeamTestSupport"]
        ),
        // Sends one request and reports its outcome and peak memory: the hostile-server tests run it (not a product).
        .executableTarget(
            name: "seam-network-probe", dependencies: ["SeamNetwork", "SeamArchitecture"], path: "Tests/SeamNetworkProbe"
        ),
        .testTarget(
            name: "SeamNetworkTests",
            dependencies: [
                "SeamNetwork", "Seam", "SeamTesting", "SeamArchitecture", "SeamCache", "SeamLocking",
                "SeamTestSupport", "seam-network-probe",
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "SeamIntegrationTests",
            dependencies: [
                "Seam", "SeamTesting", "SeamNavigation", "SeamArchitecture", "SeamConfiguration", "SeamCache", "SeamLocking",
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        // Writes to a database until killed: the crash-safety tests run it and kill -9 it (not a product).
        .executableTarget(
            name: "seam-persistence-crash-writer",
            dependencies: ["SeamPersistence", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/SeamPersistenceCrashWriter"
        ),
        .testTarget(
            name: "SeamPersistenceTests",
            dependencies: [
                "SeamPersistence", "SeamPersistenceTesting", "seam-persistence-crash-writer", "Seam", "SeamTesting",
                "SeamArchitecture", "SeamLocking", "SeamTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "SeamAnalysisTests", dependencies: ["SeamAnalysis", "SeamLocking", "SeamTestSupport"]),
        // Seam: the type-checked reproductions of `--container seam` import the built module.
        .testTarget(name: "SeamMigrationTests", dependencies: ["SeamMigration", "SeamAnalysis", "SeamTestSupport", "Seam"]),
        .testTarget(name: "SeamCLITests", dependencies: ["seam", "SeamAnalysis", "SeamLocking", "SeamTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libraries without the tool, for the thread-sanitizer run in .ci/run: `SEAM_LIBRARIES_ONLY=1 swift test
// --sanitize=thread`. The runtime libraries are where Seam's concurrency lives; building swift-syntax under the
// sanitizer as well doubled the CI's time (CONTRIBUTING.md). Unset, the package is the whole of the above.
if Context.environment["SEAM_LIBRARIES_ONLY"] == "1" {
    let tool: Set<String> = [
        "SeamAnalysis", "SeamMigration", "seam", "SeamAuditPlugin", "SeamMigratePlugin",
        "SeamAnalysisTests", "SeamMigrationTests", "SeamCLITests",
    ]
    package.targets.removeAll { tool.contains($0.name) }
    package.products.removeAll { tool.contains($0.name) }
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        return location.hasSuffix("/swift-syntax") || location.hasSuffix("/swift-argument-parser")
    }
}
