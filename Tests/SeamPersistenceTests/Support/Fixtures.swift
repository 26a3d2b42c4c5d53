import Foundation
import SeamArchitecture
import SeamLocking
import SeamPersistence
import SeamTestSupport

/// A TheMealDB meal detail, stored whole as a favourite.
struct MealDetail: Codable, Identifiable, Sendable, Hashable {
    struct Ingredient: Codable, Sendable, Hashable {
        var name: String
        var measure: String
    }

    var id: String
    var name: String
    var instructions: String
    var thumbnail: URL
    var ingredients: [Ingredient]

    static func sample(_ id: String = "52772", name: String = "Teriyaki Chicken Casserole") -> MealDetail {
        MealDetail(
            id: id, name: name,
            instructions: "Preheat oven to 350° F. Spray a 9x13-inch baking pan with non-stick spray.",
            thumbnail: URL(string: "https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg")!,
            ingredients: [
                Ingredient(name: "soy sauce", measure: "3/4 cup"), Ingredient(name: "water", measure: "1/2 cup"),
            ]
        )
    }
}

/// A network stand-in: returns or throws what it is told, and counts its calls.
final class RemoteStub<Value: Sendable>: Sendable {
    private let state: Locked<(result: Result<Value, any Error>, calls: Int)>

    init(_ result: Result<Value, any Error>) { state = Locked((result, 0)) }

    var calls: Int { state.withLock { $0.calls } }

    func set(_ result: Result<Value, any Error>) { state.withLock { $0.result = result } }

    func fetch() async throws -> Value {
        try state.withLock { state in
            state.calls += 1
            return state.result
        }.get()
    }
}

/// A settable clock.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0.addTimeInterval(seconds) } }
}

extension TemporaryDirectory {
    /// `name` inside the directory, as a database location.
    func database(_ name: String = "app.sqlite") -> URL { url(name) }
}

let offline = URLError(.notConnectedToInternet)

/// The `PersistenceError` `body` throws, or `nil` when it throws nothing or another error (with `#require`: a failure).
func openingError<T>(_ body: () throws -> T) -> PersistenceError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? PersistenceError
    }
}

/// The `PersistenceError` `body` throws, or `nil` when it throws nothing or another error.
func persistenceError<T>(_ body: () async throws -> T) async -> PersistenceError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? PersistenceError
    }
}
