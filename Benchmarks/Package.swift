// swift-tools-version: 6.2
import PackageDescription

/// Benchmarks for Seam, kept in their own package so the main package never depends on the
/// libraries it is compared against. Run from the repository root:
///
///     swift run -c release --package-path Benchmarks DIBenchmarks
///     swift run -c release --package-path Benchmarks AuditBenchmarks
///     swift run -c release --package-path Benchmarks PersistenceBenchmarks
///     swift run -c release --package-path Benchmarks NetworkBenchmarks
///
/// Each executable accepts `--check` (exit status 1 when a target is missed). See RESULTS.md.
let package = Package(
    name: "SeamBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Seam", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // A small measuring harness: monotonic clock, interleaved batches, median/p90, peak RSS.
        .target(name: "BenchHarness"),
        // The deterministic generator of the audit benchmark's Swift corpus (no SwiftSyntax needed).
        .target(name: "SwiftCorpus"),
        .executableTarget(
            name: "DIBenchmarks",
            dependencies: [
                "BenchHarness",
                .product(name: "Seam", package: "Seam"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
        .executableTarget(
            name: "AuditBenchmarks",
            dependencies: [
                "BenchHarness",
                "SwiftCorpus",
                .product(name: "SeamAnalysis", package: "Seam"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "PersistenceBenchmarks",
            dependencies: [
                "BenchHarness",
                .product(name: "SeamPersistence", package: "Seam"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "NetworkBenchmarks",
            dependencies: [
                "BenchHarness",
                .product(name: "SeamNetwork", package: "Seam"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness"]),
        .testTarget(name: "SwiftCorpusTests", dependencies: ["SwiftCorpus"]),
    ],
    swiftLanguageModes: [.v6]
)
