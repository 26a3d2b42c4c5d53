// The types every library resolves, modelled on the reference apps: an `APIClient` protocol with
// live and mock implementations that take a logger, and a three-level graph
// FeedViewModel (A) → FeedService (B) → FeedRepository (C).

/// A logger the API client depends on.
protocol Logging: AnyObject, Sendable {}

/// The live logger.
final class LiveLogger: Logging {}

/// The dependency resolved by the unique, singleton, cached and override cases.
protocol APIClient: AnyObject, Sendable {
    var logger: any Logging { get }
}

/// The live API client.
final class LiveAPIClient: APIClient {
    let logger: any Logging
    init(logger: any Logging) { self.logger = logger }
}

/// The override installed by the override-scope cases.
final class MockAPIClient: APIClient {
    let logger: any Logging
    init(logger: any Logging) { self.logger = logger }
}

/// C in A → B → C.
final class FeedRepository: Sendable {
    init() {}
}

/// B in A → B → C.
final class FeedService: Sendable {
    let repository: FeedRepository
    init(repository: FeedRepository) { self.repository = repository }
}

/// A in A → B → C.
final class FeedViewModel: Sendable {
    let service: FeedService
    init(service: FeedService) { self.service = service }
}

/// The one logger instance all factories capture, so every library's unique factory does
/// exactly the floor's work: one `LiveAPIClient(logger:)` allocation.
let sharedLogger: any Logging = LiveLogger()

/// Holds a stored property for the read floor.
final class Holder {
    let client: any APIClient
    init(client: any APIClient) { self.client = client }
}
