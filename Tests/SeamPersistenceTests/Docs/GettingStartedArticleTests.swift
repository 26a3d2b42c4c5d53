// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
import Foundation
import Seam
import SeamArchitecture
import SeamLocking
import SeamPersistence
import SeamTestSupport
import SeamTesting
import Testing

/// The code of Sources/SeamPersistence/SeamPersistence.docc/GettingStarted.md, compiled and run (namespaced;
/// each block is here verbatim: SeamTests' DocCCatalogTests checks every line is here).
enum ReadmePersistence {
    enum FavouriteChange: Codable, Sendable, Equatable { case add(mealID: String), remove(mealID: String) }

    protocol RecipesAPI: Sendable {
        func mealDetail(id: String) async throws -> MealDetail
        func send(_ change: FavouriteChange, idempotencyKey: String) async throws
    }

    /// What the screens were given.
    final class Model: Sendable {
        private let state = Locked<(opened: [MealDetail], shown: [[MealDetail]])>(([], []))
        var opened: [MealDetail] { state.withLock { $0.opened } }
        var shown: [[MealDetail]] { state.withLock { $0.shown } }
        func open(_ meal: MealDetail) { state.withLock { $0.opened.append(meal) } }
        func show(_ meals: [MealDetail]) { state.withLock { $0.shown.append(meals) } }
    }

    static func run(
        supportDirectory: URL, meal: MealDetail, api: any RecipesAPI, errors: any ErrorReporting, model: Model
    ) async throws {
        let database = try SQLiteDatabase(fileURL: supportDirectory.appendingPathComponent("Recipes.sqlite"))
        let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
        let outbox = Outbox<FavouriteChange>(database: database)

        // Favourite a meal, online or not: stored whole and queued for the server, in one transaction.
        try await database.write { transaction in
            try transaction.save(meal, in: favourites)
            try transaction.enqueue(.add(mealID: meal.id), in: outbox)
        }

        // The detail screen: a favourite opens at once, offline too, and is refreshed in the background once
        // a day; any other meal comes from the network and is not added to the favourites.
        let meals = OfflineFirst(local: favourites, policy: .staleWhileRevalidate(maxAge: .seconds(86_400)),
                                 writeBack: .updateExisting, errors: errors)
        model.open(try await meals.fetch(id: "52772") { try await api.mealDetail(id: "52772") })

        // When the network is back: oldest first, each with its idempotency key; a change the server refuses
        // (a 4xx) comes back as an AppError and does not hold up the others.
        let replay = await outbox.replay { entry in
            try await api.send(entry.operation, idempotencyKey: entry.idempotencyKey)
        }
        for failure in replay.failures { errors.report(failure.error) }

        // The favourites screen follows every change, wherever it comes from.
        for try await all in favourites.observeAll() { model.show(all.sorted { $0.name < $1.name }) }
    }

    enum RecipesDatabaseKey: SQLiteDatabaseDependencyKey {
        static var fileURL: URL {
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                .appendingPathComponent("Recipes.sqlite")
        }
    }

    enum FavouritesKey: RepositoryDependencyKey {
        typealias Record = MealDetail
        typealias DatabaseKey = RecipesDatabaseKey
        static var collection: String { "favourites" }
    }

    enum FavouriteChangesKey: OutboxDependencyKey {
        typealias Operation = FavouriteChange
        typealias DatabaseKey = RecipesDatabaseKey
    }

    @Suite("Article: Getting started with SeamPersistence, the keys")
    struct KeyTests {
        @Test(.seamDependencies)
        func favouritingQueuesTheChange() async throws {
            let meal = MealDetail.sample()                 // the test's fixture
            let container = Container()
            let favourites = try container.resolve(FavouritesKey.self)
            let outbox = try container.resolve(FavouriteChangesKey.self)

            try await favourites.save(meal)
            try await outbox.enqueue(.add(mealID: meal.id))

            #expect(try await favourites.fetch(id: meal.id) == meal)
            #expect(try await outbox.pending().map(\.operation) == [.add(mealID: meal.id)])
        }

        @Test("in a test scope the repository is in memory, the outbox on an in-memory database", .seamDependencies)
        func testValues() throws {
            #expect(try Container().resolve(FavouritesKey.self) is InMemoryRepository<MealDetail>)
            #expect(try Container().resolve(RecipesDatabaseKey.self).fileURL == nil)
        }
    }
}

@Suite("Article: Getting started with SeamPersistence")
struct ReadmePersistenceTests {
    /// Refuses to remove a meal that doesn't exist (404); records every change it accepts.
    final class API: ReadmePersistence.RecipesAPI {
        private let state = Locked<(detailCalls: Int, accepted: [ReadmePersistence.FavouriteChange])>((0, []))
        var detailCalls: Int { state.withLock { $0.detailCalls } }
        var accepted: [ReadmePersistence.FavouriteChange] { state.withLock { $0.accepted } }

        func mealDetail(id: String) async throws -> MealDetail {
            state.withLock { $0.detailCalls += 1 }
            throw URLError(.notConnectedToInternet)
        }

        func send(_ change: ReadmePersistence.FavouriteChange, idempotencyKey: String) async throws {
            if change == .remove(mealID: "gone") { throw AppError(httpStatus: 404)! }
            state.withLock { $0.accepted.append(change) }
        }
    }

    @Test("the favourite is stored whole and opens offline; the outbox delivers it past a refused change")
    func readmeFlow() async throws {
        let folder = try TemporaryDirectory(prefix: "readme")
        defer { folder.remove() }
        // A change queued in an earlier session, which the server will refuse.
        do {
            let database = try SQLiteDatabase(fileURL: folder.url("Recipes.sqlite"))
            try await Outbox<ReadmePersistence.FavouriteChange>(database: database).enqueue(.remove(mealID: "gone"))
            try database.close()
        }
        let (meal, api, errors, model) = (MealDetail.sample(), API(), RecordingErrorReporter(), ReadmePersistence.Model())
        let screen = Task {
            try await ReadmePersistence.run(supportDirectory: folder.url, meal: meal, api: api, errors: errors, model: model)
        }
        let deadline = ContinuousClock.now + .seconds(600)   // a hang guard: a loaded sanitizer run took 207 s
        while model.shown.last != [meal], ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        screen.cancel()
        try await screen.value

        #expect(model.opened == [meal])
        #expect(api.detailCalls == 0)   // the favourite opened from the database, the network is down
        #expect(api.accepted == [.add(mealID: "52772")])
        #expect(errors.errors.map(\.code) == [.notFound])
        #expect(model.shown.last == [meal])
    }
}
