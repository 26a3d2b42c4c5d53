import Seam

/// A Seam key for one of the app's API clients: adopt it in the app's own key with the client's
/// configuration, and the client is injected like any other dependency.
///
/// ```swift
/// enum MealAPIKey: NetworkClientDependencyKey {
///     static func configuration(_ r: borrowing Resolver) throws -> NetworkConfiguration {
///         NetworkConfiguration(baseURL: URL(string: "https://www.themealdb.com/api/json/v1/1/")!)
///     }
/// }
/// let api = try container.resolve(MealAPIKey.self)      // NetworkClient
/// ```
///
/// The client sends through ``HTTPTransportKey``. It is built by the live factory in tests too
/// (``usesLiveFactoryInTests``), over the test scope's ``RecordingTransport``: a test exercises the
/// real endpoints, retries, caching and error mapping against stubs, and never the network. The
/// configuration may resolve other dependencies through `r` (a token provider, a response cache).
public protocol NetworkClientDependencyKey: DependencyKey where Value == NetworkClient {
    /// The client's configuration.
    static func configuration(_ r: borrowing Resolver) throws -> NetworkConfiguration
}

extension NetworkClientDependencyKey {
    /// `true`: tests build the real client over their ``RecordingTransport``.
    public static var usesLiveFactoryInTests: Bool { true }

    /// A client with ``configuration(_:)`` sending through ``HTTPTransportKey``.
    public static func live(_ r: borrowing Resolver) throws -> NetworkClient {
        NetworkClient(configuration: try configuration(r), transport: try r.resolve(HTTPTransportKey.self))
    }
}
