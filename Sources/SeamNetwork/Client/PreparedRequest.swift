import Foundation
import HTTPTypes

/// An endpoint made concrete against a configuration: the URL, the merged header fields, the encoded body.
struct PreparedRequest: Sendable {
    let request: HTTPRequest
    let body: Data?
    /// The URL with secrets redacted, for logs and errors.
    let redactedURL: String

    /// Builds the request of `endpoint`.
    ///
    /// - Throws: a ``NetworkError`` with code `invalidURL` or `encoding`.
    init<Response>(_ endpoint: Endpoint<Response>, configuration: NetworkConfiguration) throws(NetworkError) {
        let redaction = configuration.redaction
        guard let url = Self.url(base: configuration.baseURL, path: endpoint.path, query: endpoint.query) else {
            let attempted = configuration.baseURL.absoluteString + " + " + endpoint.path
            throw NetworkError(.invalidURL, method: endpoint.method, url: redaction.redact(attempted))
        }
        redactedURL = redaction.redact(url)
        var fields = configuration.headers
        for name in Set(endpoint.headers.map(\.name)) {
            fields[values: name] = endpoint.headers[values: name]
        }
        do {
            body = try endpoint.body?.encoded()
        } catch {
            throw NetworkError(.encoding, method: endpoint.method, url: redactedURL, underlying: error)
        }
        if let contentType = endpoint.body?.contentType, fields[.contentType] == nil {
            fields[.contentType] = contentType
        }
        request = HTTPRequest(method: endpoint.method, url: url, headerFields: fields)
    }

    /// `path` (percent-encoded as needed) appended to `base`'s path, with `base`'s query items and then
    /// `query`; an absolute `http(s)` URL in `path` is used as it is, with `query` appended.
    static func url(base: URL, path: String, query: [URLQueryItem]) -> URL? {
        let lowered = path.lowercased()
        let isAbsolute = lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
        guard var components = URLComponents(url: isAbsolute ? URL(string: path) ?? base : base,
                                             resolvingAgainstBaseURL: true) else { return nil }
        if isAbsolute {
            guard URL(string: path) != nil else { return nil }
        } else {
            guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            var relative = Substring(encoded)
            while relative.hasPrefix("/") { relative.removeFirst() }
            components.percentEncodedPath = relative.isEmpty ? basePath + "/" : basePath + "/" + relative
        }
        if !query.isEmpty {
            let encoded = query.map { item in
                let name = item.name.addingPercentEncoding(withAllowedCharacters: .queryComponentAllowed) ?? item.name
                guard let value = item.value else { return name }
                return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .queryComponentAllowed) ?? value)
            }
            let existing = components.percentEncodedQuery.map { [$0] } ?? []
            components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        }
        return components.url
    }
}

extension CharacterSet {
    /// The characters a query item's name or value may keep unencoded: `urlQueryAllowed` without the
    /// separators `&`, `=`, `+` (a space to form decoders), `?` and `#`.
    static let queryComponentAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))
}
