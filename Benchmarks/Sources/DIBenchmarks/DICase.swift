import BenchHarness

/// The resolution cases compared across libraries.
enum DICase: String, CaseIterable {
    /// A new instance per resolve.
    case unique
    /// One instance per container, already created.
    case singleton
    /// One instance until reset, already created.
    case cached
    /// A → B → C, every level unique, each factory resolving the next level.
    case graph
    /// A singleton read inside an override scope that replaces it.
    case override
    /// The singleton read, on a thread outside any task, while another task is inside an override scope.
    case besideScope

    /// The floor this case is compared with.
    var floor: Floor {
        switch self {
        case .unique: .construction
        case .singleton, .cached, .override, .besideScope: .storedRead
        case .graph: .graphConstruction
        }
    }

    /// The row title in the report.
    var title: String {
        switch self {
        case .unique: "unique"
        case .singleton: "singleton"
        case .cached: "cached"
        case .graph: "A→B→C unique"
        case .override: "read inside an override scope"
        case .besideScope: "singleton read while another task holds an override scope"
        }
    }
}

/// The hand-written baselines.
enum Floor: String, CaseIterable {
    /// `holder.client`: reading a stored `let` holding an existential reference.
    case storedRead
    /// `LiveAPIClient(logger:)`.
    case construction
    /// `FeedViewModel(service: FeedService(repository: FeedRepository()))`.
    case graphConstruction

    /// The row title in the report.
    var title: String {
        switch self {
        case .storedRead: "stored `let` property read"
        case .construction: "direct construction `Foo(dep:)`"
        case .graphConstruction: "direct construction `A(B(C()))`"
        }
    }
}

/// A library under comparison.
enum Library: String, CaseIterable {
    case seam = "Seam"
    case swinject = "Swinject 2.10.0"
    case dependencies = "swift-dependencies 1.17.1"
}

/// A library's benchmarks for each case, after their sanity checks passed.
struct CaseSuite {
    let library: Library
    let benchmarks: [DICase: MicroBenchmark]
    /// Per-case remarks for the report (what the case maps to in this library).
    let notes: [DICase: String]
}

/// A sanity check failed: the benchmark would measure the wrong thing.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ library: Library, _ problem: String) {
        description = "\(library.rawValue) fixture: \(problem)"
    }
}
