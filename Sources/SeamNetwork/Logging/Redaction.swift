import Foundation
import HTTPTypes

/// Which header fields and query items are secrets, so that logs and error diagnostics show
/// `<redacted>` in their place.
///
/// By default: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and any header whose
/// name contains `token`, `secret`, `password`, `api-key` or `apikey`; query items named `key`,
/// `code`, `sig` or `signature`, or whose name contains `token`, `secret`, `password`, `apikey` or
/// `api_key`; and the password of a URL.
///
/// ```swift
/// var redaction = Redaction.standard
/// redaction.headerNames.insert("x-session")     // lowercase
/// redaction.queryNames.insert("session")
/// ```
public struct Redaction: Sendable, Hashable {
    /// Header names (lowercase) that are always secret.
    public var headerNames: Set<String>
    /// Query item names (lowercase) that are always secret.
    public var queryNames: Set<String>
    /// Name fragments (lowercase) that make any header or query item secret.
    public var nameFragments: [String]

    /// A redaction policy.
    public init(headerNames: Set<String>, queryNames: Set<String>, nameFragments: [String]) {
        self.headerNames = headerNames
        self.queryNames = queryNames
        self.nameFragments = nameFragments
    }

    /// The default policy described above.
    public static let standard = Redaction(
        headerNames: ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        queryNames: ["key", "code", "sig", "signature"],
        nameFragments: ["token", "secret", "password", "api-key", "apikey", "api_key"]
    )

    /// What replaces a secret.
    public static let placeholder = "<redacted>"

    /// Whether the header field `name` holds a secret.
    public func isSecret(header name: HTTPField.Name) -> Bool {
        let name = name.canonicalName
        return headerNames.contains(name) || nameFragments.contains { name.contains($0) }
    }

    /// Whether the query item `name` holds a secret.
    public func isSecret(queryItem name: String) -> Bool {
        let name = name.lowercased()
        return queryNames.contains(name) || nameFragments.contains { name.contains($0) }
    }

    /// `url` with secret query values and any password replaced by `<redacted>`.
    public func redact(_ url: URL) -> String {
        redact(url.absoluteString)
    }

    /// A URL string with secret query values and any password replaced by `<redacted>`.
    func redact(_ url: String) -> String {
        var result = Substring(url)
        var fragment: Substring = ""
        if let hash = result.firstIndex(of: "#") {
            fragment = result[hash...]
            result = result[..<hash]
        }
        var query: Substring?
        if let mark = result.firstIndex(of: "?") {
            query = result[result.index(after: mark)...]
            result = result[..<mark]
        }
        var redacted = String(result)
        if let schemeEnd = redacted.range(of: "://") {
            let authorityEnd = redacted[schemeEnd.upperBound...].firstIndex(of: "/") ?? redacted.endIndex
            let authority = redacted[schemeEnd.upperBound..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                redacted.replaceSubrange(redacted.index(after: colon)..<at, with: Self.placeholder)
            }
        }
        if let query {
            let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
                let name = item.prefix { $0 != "=" }
                let decoded = String(name).removingPercentEncoding ?? String(name)
                return isSecret(queryItem: decoded) && name.count < item.count
                    ? "\(name)=\(Self.placeholder)" : String(item)
            }
            redacted += "?" + items.joined(separator: "&")
        }
        return redacted + fragment
    }

    /// The request's URL, redacted (`scheme://authority/path?query`).
    public func redactedURL(of request: HTTPRequest) -> String {
        redact("\(request.scheme ?? "")://\(request.authority ?? "")\(request.path ?? "")")
    }

    /// `fields` as `Name: value` lines, secret values redacted.
    public func redact(_ fields: HTTPFields) -> [String] {
        fields.map { field in
            "\(field.name): \(isSecret(header: field.name) ? Self.placeholder : field.value)"
        }
    }
}
