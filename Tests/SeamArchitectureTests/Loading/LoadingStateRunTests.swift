import Foundation
import Testing
import SeamArchitecture

struct MealCategory: Hashable, Sendable {
    let name: String
}

/// A view model as the recipe app writes it: it owns the state and records every published state.
@MainActor
private final class CategoryListViewModel {
    var categories: LoadingState<[MealCategory]> = .idle
    var published: [LoadingState<[MealCategory]>] = []

    func load(_ fetch: () async throws -> [MealCategory]) async {
        await categories.run(
            update: {
                self.categories = $0; self.published.append($0)
            }, operation: fetch)
    }
}

private let dessert = [MealCategory(name: "Dessert")]
private let more = [MealCategory(name: "Dessert"), MealCategory(name: "Vegan")]

@MainActor
@Suite("LoadingState.run")
struct LoadingStateRunTests {
    @Test func firstLoadGoesThroughLoadingToLoaded() async {
        let model = CategoryListViewModel()
        await model.load { dessert }
        #expect(model.published == [.loading(previous: nil), .loaded(dessert)])
    }

    @Test func reloadKeepsThePreviousValueWhileLoading() async {
        let model = CategoryListViewModel()
        model.categories = .loaded(dessert)
        await model.load {
            #expect(model.categories == .loading(previous: dessert))
            return more
        }
        #expect(model.categories == .loaded(more))
    }

    @Test func failureIsMappedAndKeepsThePreviousValue() async {
        let model = CategoryListViewModel()
        model.categories = .loaded(dessert)
        await model.load { throw URLError(.notConnectedToInternet) }
        #expect(model.categories.error?.code == .offline)
        #expect(model.categories.value == dessert)
        #expect(model.published.count == 2)
    }

    @Test func retryAfterFailureStartsFromThePreviousValue() async {
        let model = CategoryListViewModel()
        model.categories = .failed(AppError(URLError(.timedOut)), previous: dessert)
        await model.load { more }
        #expect(model.published == [.loading(previous: dessert), .loaded(more)])
    }

    @Test(arguments: [
        CancellationError() as any Error & Sendable, URLError(.cancelled), AppError(CancellationError()),
    ])
    func cancelledReloadRestoresTheStateItStartedFrom(_ cancellation: any Error & Sendable) async {
        let model = CategoryListViewModel()
        let before = LoadingState<[MealCategory]>.failed(AppError(URLError(.timedOut)), previous: dessert)
        model.categories = before
        await model.load { throw cancellation }
        #expect(model.categories == before)
        #expect(model.published == [.loading(previous: dessert), before])
    }

    @Test func cancellingTheTaskMidLoadRestoresThePreviousState() async {
        let model = CategoryListViewModel()
        model.categories = .loaded(dessert)
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task { @MainActor in
            await model.load {
                signal.yield()
                try await Task.sleep(for: .seconds(600))
                return more
            }
        }
        for await _ in started { break }
        #expect(model.categories.isLoading)
        task.cancel()
        await task.value
        #expect(model.categories == .loaded(dessert))
        #expect(model.categories.error == nil)
    }

    @Test func anErrorOtherThanCancellationAfterTheTaskIsCancelledIsStillNotShown() async {
        let model = CategoryListViewModel()
        let task = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            await model.load { throw URLError(.networkConnectionLost) }
        }
        await task.value
        #expect(model.categories == .idle)
    }

    @Test func runReturnsTheFinalState() async {
        let state = LoadingState<Int>.idle
        let final = await state.run(update: { _ in }) { 42 }
        #expect(final == .loaded(42))
    }
}
