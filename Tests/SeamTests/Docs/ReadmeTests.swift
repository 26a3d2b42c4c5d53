// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The README's "Dependency injection with Seam" section, compiled and run: the code inside the
// namespaces is the README's, verbatim (ReadmeMirrorTests checks every line is here).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Seam
import SeamTesting
import Testing

enum ReadmeTour {
    // The seam, as in the write-up: a protocol, its live and mock implementations, a view model taking it.
    struct Show: Codable, Equatable, Sendable { let title: String }
    enum ApiError: Error { case network }

    protocol ApiClientProtocol: Sendable {
        func fetchShows() async throws -> [Show]
    }

    final class LiveApiClient: ApiClientProtocol {
        private let baseURL: URL
        init(baseURL: URL) { self.baseURL = baseURL }
        func fetchShows() async throws -> [Show] {
            let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("api/shows"))
            return try JSONDecoder().decode([Show].self, from: data)
        }
    }

    final class MockApiClient: ApiClientProtocol {
        private let shows: [Show]
        private let shouldFail: Bool
        init(shows: [Show] = [], shouldFail: Bool = false) { self.shows = shows; self.shouldFail = shouldFail }
        func fetchShows() async throws -> [Show] {
            if shouldFail { throw ApiError.network }
            return shows
        }
    }

    @MainActor
    final class WatchlistViewModel {
        private let api: any ApiClientProtocol
        private(set) var shows: [Show] = []
        private(set) var error: (any Error)?
        init(api: any ApiClientProtocol) { self.api = api }
        func loadShows() async {
            do { shows = try await api.fetchShows() } catch { self.error = error }
        }
    }

    // README: composition root (Seam) begins.
    enum ApiClientKey: DependencyKey {
        static func live(_ r: borrowing Resolver) -> any ApiClientProtocol { LiveApiClient(baseURL: URL(string: "https://api.tally.com")!) }
    }

    // ...and the write-up's AppDependencies, now a container.
    @MainActor
    struct AppDependencies {
        let container: Container
        static func production() -> AppDependencies { AppDependencies(container: Container(name: "Tally") { ApiClientKey.self }) }
        static func mock(api: any ApiClientProtocol = MockApiClient()) -> AppDependencies {
            AppDependencies(container: Container(name: "Tally", overrides: { $0[ApiClientKey.self] = api }))
        }
        func makeWatchlistViewModel() -> WatchlistViewModel { WatchlistViewModel(api: container[ApiClientKey.self]) }
    }
    // README: composition root (Seam) ends.

    /// The hand-written composition root the README compares with, compiled too.
    enum HandWritten {
        @MainActor
        final class AppDependencies {
            let api: any ApiClientProtocol
            init(api: any ApiClientProtocol) { self.api = api }
            static func production() -> AppDependencies { AppDependencies(api: LiveApiClient(baseURL: URL(string: "https://api.tally.com")!)) }
            static func mock(api: any ApiClientProtocol = MockApiClient()) -> AppDependencies { AppDependencies(api: api) }
            func makeWatchlistViewModel() -> WatchlistViewModel { WatchlistViewModel(api: api) }
        }
    }
}

extension ReadmeTour {
    @Suite("Watchlist ViewModel Tests")
    @MainActor
    struct WatchlistViewModelTests {
        @Test("Loads shows successfully")
        func loadsShows() async {
            let api = MockApiClient(shows: [Show(title: "Show 1"), Show(title: "Show 2")])
            let viewModel = AppDependencies.mock(api: api).makeWatchlistViewModel()
            await viewModel.loadShows()
            #expect(viewModel.shows.map(\.title) == ["Show 1", "Show 2"])
        }

        @Test("Handles network error")
        func handlesNetworkError() async {
            let viewModel = AppDependencies.mock(api: MockApiClient(shouldFail: true)).makeWatchlistViewModel()
            await viewModel.loadShows()
            #expect(viewModel.shows.isEmpty)
            #expect(viewModel.error != nil)
        }
    }
}

extension ReadmeTour.HandWritten {
    /// The same two test bodies against the hand-written root: the tests do not change.
    @Suite("Watchlist ViewModel Tests, hand-written root")
    @MainActor
    struct WatchlistViewModelTests {
        typealias MockApiClient = ReadmeTour.MockApiClient
        typealias Show = ReadmeTour.Show

        @Test func loadsShows() async {
            let api = MockApiClient(shows: [Show(title: "Show 1"), Show(title: "Show 2")])
            let viewModel = AppDependencies.mock(api: api).makeWatchlistViewModel()
            await viewModel.loadShows()
            #expect(viewModel.shows.map(\.title) == ["Show 1", "Show 2"])
        }
    }
}

extension ReadmeTour {
    @Suite("README: the Tally composition root")
    @MainActor
    struct CompositionRootTests {
        @Test("production() is the live client, in a live scope; its container verifies clean")
        func production() async {
            await withOverrides(context: .live) {
                let app = AppDependencies.production()
                #expect(app.container[ApiClientKey.self] is LiveApiClient)
                let report = await app.container.verify()
                #expect(report.isClean, "\(report)")
                // The container declares its key, so verify builds it: not a clean report of nothing.
                #expect(report.graph.nodes.map(\.name) == ["ReadmeTour.ApiClientKey"], "\(report)")
                #expect(report.description.hasPrefix("Seam verify Tally: 1 dependencies, 0 failures"), "\(report)")
            }
        }

        @Test("in a test, production() never builds the live client: its resolve fails, naming the key")
        func productionInATest() {
            let _: SeamDependenciesTrait = .seamDependencies   // SeamTesting is in use in this process
            let app = AppDependencies.production()
            #expect(app.container.context == .test)
            #expect(app.container.origin(of: ApiClientKey.self).source == nil, "no test value, no override: nothing to build")
            let error = #expect(throws: ResolutionError.self) {
                try withOverrides { $0.issueReporter = { _ in } } operation: { try app.container.resolve(ApiClientKey.self) }
            }
            #expect(error?.isMissingTestValue == true)
            #expect(error?.dependency == "ReadmeTour.ApiClientKey (ApiClientProtocol)")
        }

        @Test("the README states the composition root's line counts, and they are right")
        func lineCounts() throws {
            let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
            let begin = try #require(source.firstIndex { $0.contains("// README: composition root (Seam) begins.") })
            let end = try #require(source.firstIndex { $0.contains("// README: composition root (Seam) ends.") })
            let seam = source[(begin + 1)..<end].compactMap(DocSnippets.normalized)
            let handStart = try #require(source.firstIndex { $0.contains("enum HandWritten {") })
            let handWritten = source[(handStart + 1)...].prefix { !$0.hasPrefix("    }") }.compactMap(DocSnippets.normalized)
            let namesSeam = seam.filter { line in
                ["DependencyKey", "Resolver", "Container", "container["].contains { line.contains($0) }
            }
            #expect(handWritten.count == 8)
            #expect(seam.count == 12)
            #expect(namesSeam.count == 6)
            let readme = try String(contentsOfFile: DocSnippets.repositoryRoot + "/README.md", encoding: .utf8)
            #expect(readme.contains("The composition root is \(handWritten.count) lines written by hand and \(seam.count) with Seam"))
            #expect(readme.contains("\(namesSeam.count) of\nthose \(seam.count) lines name a Seam API"))
        }

        @Test("every Swift block of the README's DI section is compiled here")
        func mirrored() throws {
            try DocSnippets("README.md", section: "di").expectMirrored(in: "Tests/SeamTests/Docs/ReadmeTests.swift")
        }
    }
}
