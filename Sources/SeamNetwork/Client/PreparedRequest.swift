import Foundation
import HTTPTypes

/// An endpoint made concrete against a configuration: the request (method, URL parts, merged header
/// fields) and the encoded body.
struct PreparedRequest: Sendable {
    let request: HTTPRequest
    let body: Data?
    let redaction: Redaction

    /// The URL with secrets redacted, for logs and errors (computed only when one is written).
    var redactedURL: String { redaction.redactedURL(of: request) }

    /// Builds the request of `endpoint` against `base`.
    ///
    /// - Throws: a ``NetworkError`` with code `invalidURL` or `encoding`.
    init<Response>(
        _ endpoint: Endpoint<Response>, base: BaseURL, configuration: NetworkConfiguration
    ) throws(NetworkError) {
        redaction = configuration.redaction
        guard let target = base.target(path: endpoint.path, query: endpoint.query) else {
            let attempted = configuration.baseURL.absoluteString + " + " + endpoint.path
            throw NetworkError(.invalidURL, method: endpoint.method, url: redaction.redact(attempted))
        }
        var fields = configuration.headers
        if fields.isEmpty {
            fields = endpoint.headers
        } else if !endpoint.headers.isEmpty {
            for name in Set(endpoint.headers.map(\.name)) {
                fields[values: name] = endpoint.headers[values: name]
            }
        }
        var request = HTTPRequest(
            method: endpoint.method, scheme: target.scheme, authority: target.authority, path: target.path,
            headerFields: fields
        )
        do {
            body = try endpoint.body?.encoded()
        } catch {
            throw NetworkError(
                .encoding, method: endpoint.method, url: redaction.redactedURL(of: request), underlying: error)
        }
        if let contentType = endpoint.body?.contentType, request.headerFields[.contentType] == nil {
            request.headerFields[.contentType] = contentType
        }
        self.request = request
    }
}

/// A client's base URL taken apart once, so each request only appends its path and query.
struct BaseURL: Sendable {
    /// Where a request goes: the parts of an HTTP request target.
    struct Target {
        let scheme: String
        let authority: String
        /// The percent-encoded path and query (`/api/spots?region=clare`).
        let path: String
    }

    private let scheme: String
    private let authority: String
    /// The base path, percent-encoded, without a trailing `/`.
    private let path: String
    /// The base URL's percent-encoded query, if any.
    private let query: String?

    /// `url` taken apart; `nil` when it has no scheme or host.
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), let host = components.percentEncodedHost
        else { return nil }
        self.scheme = scheme
        let userless = components.port.map { "\(host):\($0)" } ?? host
        authority = userless
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.path = path
        query = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The target of `path` (text, percent-encoded here) appended to the base path, with the base's query
    /// and then `query`; an absolute `http(s)` URL in `path` is used as it is, with `query` appended.
    func target(path relative: String, query items: [URLQueryItem]) -> Target? {
        let lowered = relative.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: relative),
                let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let scheme = components.scheme?.lowercased(), let host = components.percentEncodedHost
            else { return nil }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            return Self.target(
                scheme: scheme, authority: components.port.map { "\(host):\($0)" } ?? host, path: path,
                query: components.percentEncodedQuery, items: items
            )
        }
        var trimmed = Substring(relative)
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }
        let target = path + "/" + PercentEncoding.encode(String(trimmed), allowing: PercentEncoding.path)
        return Self.target(scheme: scheme, authority: authority, path: target, query: query, items: items)
    }

    private static func target(
        scheme: String, authority: String, path: String, query: String?, items: [URLQueryItem]
    ) -> Target {
        var target = path
        var parts = query.flatMap { $0.isEmpty ? nil : [$0] } ?? []
        for item in items {
            let name = PercentEncoding.encode(item.name, allowing: PercentEncoding.queryComponent)
            parts.append(
                item.value.map { name + "=" + PercentEncoding.encode($0, allowing: PercentEncoding.queryComponent) }
                    ?? name)
        }
        if !parts.isEmpty { target += "?" + parts.joined(separator: "&") }
        return Target(scheme: scheme, authority: authority, path: target)
    }
}
