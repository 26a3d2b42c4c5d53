import Foundation
import RecipesCore
import SeamArchitecture
import Synchronization

/// Errors the suites inject.
enum TestErrors {
    static var offline: AppError { AppError(urlError: URLError(.notConnectedToInternet)) }
    static var diskFull: AppError { AppError("diskFull", message: "The disk is full.", isRetryable: false) }
}

/// A flag one task raises and another waits for (polling, with a deadline), to prove two calls
/// were in flight at the same time.
final class Signal: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    /// Whether the flag was raised within `timeout`.
    func wait(timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if raised.withLock({ $0 }) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}

/// A meal service whose category call waits for `signal` and records whether it came: with
/// sequential loading the signal (raised by the other load) would never arrive in time.
final class WaitingMealService: MealService {
    let signal: Signal
    private let sawSignal = Mutex<Bool?>(nil)
    private let categories: [MealCategory]

    init(signal: Signal, categories: [MealCategory]) {
        self.signal = signal
        self.categories = categories
    }

    /// Whether the category call saw the signal (nil: not called).
    var sawOtherCallInFlight: Bool? { sawSignal.withLock { $0 } }

    func fetchCategories() async throws -> [MealCategory] {
        let saw = await signal.wait()
        sawSignal.withLock { $0 = saw }
        return categories
    }

    func fetchMeals(inCategory category: String) async throws -> [Meal] { [] }
    func fetchMealDetail(id: String) async throws -> MealDetail { throw AppError.mealNotFound(id: id) }
}

/// A favourites store that raises `signal` when counting starts, then answers from `base`.
final class SignallingFavouritesStore: FavouritesStore {
    let signal: Signal
    let base: InMemoryFavouritesStore

    init(signal: Signal, base: InMemoryFavouritesStore = InMemoryFavouritesStore()) {
        self.signal = signal
        self.base = base
    }

    func count() async throws -> Int {
        signal.raise()
        return try await base.count()
    }

    func save(_ meal: MealDetail) async throws { try await base.save(meal) }
    func remove(id: String) async throws -> Bool { try await base.remove(id: id) }
    func favourite(id: String) async throws -> FavouriteMeal? { try await base.favourite(id: id) }
    func all() async throws -> [FavouriteMeal] { try await base.all() }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A meal service whose recipe calls each wait (up to 5 s) until `expected` calls have started:
/// they can only all succeed when they run at the same time.
final class ParallelGate: MealService {
    private let expected: Int
    private let started = Mutex(0)
    private let outcomes = Mutex<[Bool]>([])

    init(expected: Int) { self.expected = expected }

    /// Whether every call saw all the others start.
    var allSawEachOther: Bool {
        let outcomes = outcomes.withLock { $0 }
        return outcomes.count == expected && outcomes.allSatisfy { $0 }
    }

    func fetchMealDetail(id: String) async throws -> MealDetail {
        started.withLock { $0 += 1 }
        let deadline = ContinuousClock.now + .seconds(5)
        var sawAll = false
        while ContinuousClock.now < deadline {
            if started.withLock({ $0 }) >= expected {
                sawAll = true
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        outcomes.withLock { $0.append(sawAll) }
        return id == TestData.tart.id ? TestData.tart : TestData.fondant
    }

    func fetchCategories() async throws -> [MealCategory] { [] }
    func fetchMeals(inCategory category: String) async throws -> [Meal] { [] }
}
