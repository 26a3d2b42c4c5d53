import Foundation
import HTTPTypes

extension Endpoint where Response: Decodable {
    /// A `GET` whose JSON body decodes to `Response`.
    ///
    /// ```swift
    /// static func forecast(spot: String, days: Int?) -> Endpoint<[Forecast]> {
    ///     .get("spots/\(spot)/forecast", query: ["days": days.map(String.init)])   // nil values are left out
    /// }
    /// ```
    public static func get(
        _ path: String, query: KeyValuePairs<String, String?> = [:], headers: HTTPFields = [:],
        decoder: JSONDecoder = JSONDecoder()
    ) -> Endpoint {
        Endpoint(method: .get, path: path, query: queryItems(query), headers: accepting(headers), decode: json(decoder))
    }

    /// A `DELETE` whose JSON body decodes to `Response`.
    public static func delete(
        _ path: String, query: KeyValuePairs<String, String?> = [:], headers: HTTPFields = [:],
        decoder: JSONDecoder = JSONDecoder()
    ) -> Endpoint {
        Endpoint(
            method: .delete, path: path, query: queryItems(query), headers: accepting(headers), decode: json(decoder))
    }

    /// A `POST` of `body` as JSON whose JSON response decodes to `Response`. Not retried unless
    /// ``isIdempotent`` is set (for example with an `Idempotency-Key` header).
    public static func post(
        _ path: String, body: some Encodable & Sendable, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], encoder: JSONEncoder = JSONEncoder(), decoder: JSONDecoder = JSONDecoder()
    ) -> Endpoint {
        Endpoint(
            method: .post, path: path, query: queryItems(query), headers: accepting(headers),
            body: .json(body, encoder: encoder), decode: json(decoder)
        )
    }

    /// A `PUT` of `body` as JSON whose JSON response decodes to `Response`.
    public static func put(
        _ path: String, body: some Encodable & Sendable, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], encoder: JSONEncoder = JSONEncoder(), decoder: JSONDecoder = JSONDecoder()
    ) -> Endpoint {
        Endpoint(
            method: .put, path: path, query: queryItems(query), headers: accepting(headers),
            body: .json(body, encoder: encoder), decode: json(decoder)
        )
    }

    /// A `PATCH` of `body` as JSON whose JSON response decodes to `Response`.
    public static func patch(
        _ path: String, body: some Encodable & Sendable, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], encoder: JSONEncoder = JSONEncoder(), decoder: JSONDecoder = JSONDecoder()
    ) -> Endpoint {
        Endpoint(
            method: .patch, path: path, query: queryItems(query), headers: accepting(headers),
            body: .json(body, encoder: encoder), decode: json(decoder)
        )
    }

    private static func json(_ decoder: JSONDecoder) -> @Sendable (HTTPResponse, Data) throws -> Response {
        { _, body in try decoder.decode(Response.self, from: body) }
    }

    private static func accepting(_ headers: HTTPFields) -> HTTPFields {
        var headers = headers
        if headers[.accept] == nil { headers[.accept] = "application/json" }
        return headers
    }
}

extension Endpoint where Response == Void {
    /// A request whose response body is ignored (`204 No Content` and the like).
    ///
    /// ```swift
    /// static func removeFavourite(_ id: String) -> Endpoint<Void> { .send(.delete, "favourites/\(id)") }
    /// ```
    public static func send(
        _ method: HTTPRequest.Method, _ path: String, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], body: RequestBody? = nil
    ) -> Endpoint {
        Endpoint(method: method, path: path, query: queryItems(query), headers: headers, body: body) { _, _ in }
    }

    /// A `POST` of `body` as JSON whose response body is ignored.
    public static func post(
        _ path: String, body: some Encodable & Sendable, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], encoder: JSONEncoder = JSONEncoder()
    ) -> Endpoint {
        send(.post, path, query: query, headers: headers, body: .json(body, encoder: encoder))
    }

    /// A `PUT` of `body` as JSON whose response body is ignored.
    public static func put(
        _ path: String, body: some Encodable & Sendable, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], encoder: JSONEncoder = JSONEncoder()
    ) -> Endpoint {
        send(.put, path, query: query, headers: headers, body: .json(body, encoder: encoder))
    }
}

extension Endpoint where Response == Data {
    /// A request returning the response body as it came (images, files).
    public static func data(
        _ method: HTTPRequest.Method = .get, _ path: String, query: KeyValuePairs<String, String?> = [:],
        headers: HTTPFields = [:], body: RequestBody? = nil
    ) -> Endpoint {
        Endpoint(method: method, path: path, query: queryItems(query), headers: headers, body: body) { _, body in body }
    }
}

extension Endpoint {
    /// `query` as URL query items, leaving out `nil` values.
    static func queryItems(_ query: KeyValuePairs<String, String?>) -> [URLQueryItem] {
        query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
    }
}
