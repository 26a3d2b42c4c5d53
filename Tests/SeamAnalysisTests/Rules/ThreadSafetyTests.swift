import SeamAnalysis
import Testing

@Suite("ui-state-off-main-actor")
struct ThreadSafetyTests {
    @Test("@Published state written in a background closure or a completion handler is reported")
    func reported() async throws {
        let report = try await audit([
            "SpotsViewModel.swift": """
            final class SpotsViewModel: ObservableObject {
                @Published var spots: [String] = []
                @Published var isLoading = false
                let api = API()
                func load() {
                    DispatchQueue.global(qos: .userInitiated).async {
                        self.isLoading = true
                    }
                    api.fetch { [weak self] result in
                        self?.spots = result
                    }
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        self.isLoading = false
                    }.resume()
                }
            }
            final class API { func fetch(completion: @escaping ([String]) -> Void) {} }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == [
            "SpotsViewModel.swift:7", "SpotsViewModel.swift:10", "SpotsViewModel.swift:13",
        ])
        #expect(report.subjects(.uiStateOffMainActor) == ["isLoading", "spots", "isLoading"])
    }

    @Test("@Observable state counts, and a hop to the main actor is safe")
    func observableAndHops() async throws {
        let report = try await audit([
            "Store.swift": """
            @Observable final class ForecastModel {
                var waves: [Int] = []
                @ObservationIgnored var cache: [Int] = []
                func load() {
                    DispatchQueue.global().async {
                        self.cache = []
                        self.waves = []
                        DispatchQueue.main.async { self.waves = [1] }
                        Task { @MainActor in self.waves = [2] }
                    }
                    Task.detached {
                        await MainActor.run { self.waves = [3] }
                    }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Store.swift:7"])
    }

    @Test("@MainActor classes, main-queue writes and non-UI state are not reported")
    func trueNegatives() async throws {
        let report = try await audit([
            "VM.swift": """
            @MainActor final class SafeViewModel: ObservableObject {
                @Published var items: [Int] = []
                func load() { DispatchQueue.global().async { self.items = [] } }
            }
            final class PlainViewModel: ObservableObject {
                @Published var items: [Int] = []
                var counter = 0
                func load() {
                    DispatchQueue.global().async { self.counter += 1 }
                    DispatchQueue.main.async { self.items = [] }
                    items = [1]
                    self.items.append(2)
                }
            }
            """
        ])
        #expect(report.findings(.uiStateOffMainActor).isEmpty)
    }
}
