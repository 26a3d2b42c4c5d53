import Testing
import SeamArchitecture

private let offline = AppError(.offline, message: "You're offline.", isRetryable: true)

@Suite("LoadingState values")
struct LoadingStateTests {
    @Test func accessors() {
        let states: [LoadingState<[String]>] = [
            .idle, .loading(previous: nil), .loading(previous: ["Dessert"]), .loaded(["Dessert", "Vegan"]),
            .failed(offline, previous: ["Dessert"]),
        ]
        #expect(states.map(\.value) == [nil, nil, ["Dessert"], ["Dessert", "Vegan"], ["Dessert"]])
        #expect(states.map(\.isLoading) == [false, true, true, false, false])
        #expect(states.map(\.error) == [nil, nil, nil, nil, offline])
    }

    @Test func reloadingKeepsTheValueShown() {
        #expect(LoadingState<Int>.idle.reloading == .loading(previous: nil))
        #expect(LoadingState.loaded(3).reloading == .loading(previous: 3))
        #expect(LoadingState.failed(offline, previous: 3).reloading == .loading(previous: 3))
    }

    @Test func failingKeepsTheValueShown() {
        #expect(LoadingState.loaded(3).failing(with: offline) == .failed(offline, previous: 3))
        #expect(LoadingState<Int>.loading(previous: nil).failing(with: offline) == .failed(offline, previous: nil))
    }

    @Test func mapTransformsValueAndPreviousValue() {
        #expect(LoadingState<Int>.idle.map { $0 * 2 } == .idle)
        #expect(LoadingState.loading(previous: 2).map { $0 * 2 } == .loading(previous: 4))
        #expect(LoadingState.loaded(2).map { "\($0)" } == .loaded("2"))
        #expect(LoadingState.failed(offline, previous: 2).map { $0 + 1 } == .failed(offline, previous: 3))
    }

    @Test func mapRethrows() {
        struct Invalid: Error {}
        #expect(throws: Invalid.self) {
            try LoadingState.loaded(2).map { (_: Int) throws(Invalid) -> Int in throw Invalid() }
        }
    }
}
