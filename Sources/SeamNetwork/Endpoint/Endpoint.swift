import Foundation
import HTTPTypes

/// One typed request of an API: method, path (relative to the client's base URL), query, headers,
/// body, and how to turn a successful response into `Response`.
///
/// Declare an API's endpoints once, where the write-ups kept endpoint enums, and send them with a
/// ``NetworkClient``:
///
/// ```swift
/// enum MealAPI {
///     static let categories = Endpoint<CategoryList>.get("categories.php")
///     static func meals(in category: String) -> Endpoint<MealList> { .get("filter.php", query: ["c": category]) }
///     static func addFavourite(_ meal: Meal) -> Endpoint<Void> { .post("favourites", body: meal) }
/// }
///
/// let categories = try await api.send(MealAPI.categories)
/// ```
///
/// Endpoints are values: adjust one with its properties (`endpoint.timeout = .seconds(5)`) or turn
/// its response into another type with ``map(_:)``.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPRequest.Method
    /// The path, relative to the client's base URL (`"spots/lahinch"`), or an absolute `http(s)` URL
    /// (a `next` link from a previous page).
    public var path: String
    /// The query items, in order; values are percent-encoded when the URL is built.
    public var query: [URLQueryItem]
    /// Header fields, added to (and replacing) the client's default headers.
    public var headers: HTTPFields
    /// The request body.
    public var body: RequestBody?
    /// Whether sending the request twice has the same effect as once, so it may be retried.
    /// Defaults to the method's (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`); set it for a `POST`
    /// that carries an idempotency key.
    public var isIdempotent: Bool
    /// The deadline for the whole request, retries included; `nil` uses the client's. Zero or less
    /// fails the request with ``NetworkError/Code/deadlineExceeded`` unsent; over 100 years is clamped
    /// to 100 years (see ``NetworkConfiguration/timeout``).
    public var timeout: Duration?
    /// The retry policy; `nil` uses the client's.
    public var retryPolicy: RetryPolicy?
    /// How the client's response cache is used (only `GET` requests are cached).
    public var cachePolicy: CachePolicy
    /// Turns a successful (2xx) response and its body into the value ``NetworkClient/send(_:)`` returns.
    public var decode: @Sendable (HTTPResponse, Data) throws -> Response

    /// An endpoint with an explicit decoding function.
    ///
    /// ```swift
    /// let robots = Endpoint<String>(method: .get, path: "robots.txt") { _, body in String(decoding: body, as: UTF8.self) }
    /// ```
    public init(
        method: HTTPRequest.Method,
        path: String,
        query: [URLQueryItem] = [],
        headers: HTTPFields = [:],
        body: RequestBody? = nil,
        decode: @escaping @Sendable (HTTPResponse, Data) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.isIdempotent = method.isIdempotent
        self.timeout = nil
        self.retryPolicy = nil
        self.cachePolicy = .standard
        self.decode = decode
    }

    /// The same request, with its response turned into another type after decoding.
    ///
    /// ```swift
    /// static let categories = Endpoint<CategoryEnvelope>.get("categories.php").map(\.categories)
    /// ```
    public func map<NewResponse: Sendable>(
        _ transform: @escaping @Sendable (Response) throws -> NewResponse
    ) -> Endpoint<NewResponse> {
        let decode = self.decode
        var mapped = Endpoint<NewResponse>(method: method, path: path, query: query, headers: headers, body: body) {
            try transform(try decode($0, $1))
        }
        mapped.isIdempotent = isIdempotent
        mapped.timeout = timeout
        mapped.retryPolicy = retryPolicy
        mapped.cachePolicy = cachePolicy
        return mapped
    }
}

/// How a request uses the client's ``HTTPResponseCache``.
public enum CachePolicy: Sendable, Hashable {
    /// HTTP's rules: a fresh stored response (`Cache-Control: max-age`) is returned without a request;
    /// a stale one with a validator is revalidated (`If-None-Match`, `If-Modified-Since`; a `304`
    /// reuses the stored body); `no-store` responses are never stored, `no-cache` ones always revalidated.
    case standard
    /// Always asks the server, revalidating a stored response when it has a validator.
    case revalidate
    /// Neither reads nor writes the cache.
    case bypass
}

extension HTTPRequest.Method {
    /// Whether the method is idempotent (RFC 9110 §9.2.2): `GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .options, .trace, .put, .delete: true
        default: false
        }
    }
}
