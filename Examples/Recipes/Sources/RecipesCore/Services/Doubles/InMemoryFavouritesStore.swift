import Foundation
import SeamArchitecture
import Synchronization

/// A ``FavouritesStore`` in memory, for tests and previews: the same rules as the SQLite store
/// (replace keeps the save date, newest first), an injected clock, and an optional failure.
///
/// ```swift
/// let store = InMemoryFavouritesStore(favourites: [FavouriteMeal(meal: tart, savedAt: .now)])
/// #expect(try await store.count() == 1)
/// ```
public final class InMemoryFavouritesStore: FavouritesStore {
    private struct State {
        var favourites: [String: FavouriteMeal]
        var failure: AppError?
    }

    private let state: Mutex<State>
    private let now: @Sendable () -> Date

    /// A store holding `favourites`, dating new ones with `now`.
    public init(favourites: [FavouriteMeal] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        state = Mutex(State(
            favourites: Dictionary(favourites.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        ))
        self.now = now
    }

    /// When set, every call throws this error.
    public var failure: AppError? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    /// Stores the meal; a favourite saved again keeps its first date.
    public func save(_ meal: MealDetail) async throws {
        let date = now()
        try access { state in
            let savedAt = state.favourites[meal.id]?.savedAt ?? date
            state.favourites[meal.id] = FavouriteMeal(meal: meal, savedAt: savedAt)
        }
    }

    @discardableResult
    /// Removes the favourite; whether there was one.
    public func remove(id: String) async throws -> Bool {
        try access { $0.favourites.removeValue(forKey: id) != nil }
    }

    /// The favourite with this id, if any.
    public func favourite(id: String) async throws -> FavouriteMeal? {
        try access { $0.favourites[id] }
    }

    /// Every favourite, most recently saved first (ties by id).
    public func all() async throws -> [FavouriteMeal] {
        try access { state in
            state.favourites.values.sorted(by: FavouriteMeal.newestFirst)
        }
    }

    /// How many favourites there are.
    public func count() async throws -> Int {
        try access { $0.favourites.count }
    }

    private func access<Value>(_ body: (inout State) throws -> Value) throws -> Value {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            return try body(&state)
        }
    }
}
