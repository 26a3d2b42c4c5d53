import Foundation

/// A declarative table from deep-link URLs to target navigation stacks.
///
/// A link is accepted when its scheme is one of `schemes` (custom schemes: the host is the first
/// path segment, so `treblesurf://spots/42` has the path `/spots/42`) or when it is http(s) on
/// one of `hosts` (universal links). Rules are tried in order; the first whose pattern matches
/// the path wins.
///
/// Path segments and query items are percent-decoded strictly, the same on every platform: a link with a
/// malformed escape (`%ZZ`), a control character (`%00`, `%0A`) or a value that would leave its place once
/// decoded (`..%2F..%2F`, a `..` component in a query value) is refused as ``DeepLinkError/Code/malformedURL``
/// before any rule sees it.
///
/// ```swift
/// let links = try DeepLinkTable<SurfRoute>(schemes: ["treblesurf"], hosts: ["treblesurf.app"], rules: [
///     DeepLinkRule("/spots") { _ in [.spots] },
///     DeepLinkRule("/spots/:id") { link in [.spots, .spot(id: try link.value("id"))] },
///     DeepLinkRule("/spots/:id/forecast") { link in
///         let id = try link.value("id")
///         let days = try link.optionalValue("days", as: Int.self) ?? 3
///         return [.spots, .spot(id: id), .forecast(spotID: id, days: days)]
///     },
/// ])
/// let stack = try links.resolve("treblesurf://spots/pipeline/forecast?days=5")
/// ```
public struct DeepLinkTable<Route: NavigationRoute>: Sendable {
    private let schemes: Set<String>
    private let hosts: Set<String>
    private let rules: [(pattern: PathPattern, rule: DeepLinkRule<Route>)]

    /// Builds the table, parsing every pattern.
    ///
    /// - Throws: ``DeepLinkError/Code/invalidPattern`` naming a pattern with an unnamed or repeated parameter.
    public init(schemes: Set<String>, hosts: Set<String> = [], rules: [DeepLinkRule<Route>]) throws(DeepLinkError) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.hosts = Set(hosts.map { $0.lowercased() })
        var parsed: [(PathPattern, DeepLinkRule<Route>)] = []
        for rule in rules { parsed.append((try PathPattern(rule.pattern), rule)) }
        self.rules = parsed
    }

    /// Resolves a link given as text.
    ///
    /// The text is checked as given: `URL(string:)` may rewrite a stray `%` as `%25` (Foundation on Linux and
    /// recent Apple platforms), after which `%ZZ` would read as the text "%ZZ".
    ///
    /// - Throws: ``DeepLinkError/Code/malformedURL`` if `link` is not a URL, or any error of ``resolve(_:)-(URL)``.
    public func resolve(_ link: String) throws(DeepLinkError) -> [PresentedRoute<Route>] {
        if let escape = LinkText.invalidEscape(in: link) {
            throw DeepLinkError(.malformedURL, link: link, "'\(escape)' is an invalid percent-escape")
        }
        guard let url = URL(string: link) else {
            throw DeepLinkError(.malformedURL, link: link, "not a valid URL")
        }
        return try resolve(url)
    }

    /// Resolves a link into its target stack, bottom first (checked against the navigation invariants).
    ///
    /// - Throws: a ``DeepLinkError`` naming the link and what failed.
    public func resolve(_ url: URL) throws(DeepLinkError) -> [PresentedRoute<Route>] {
        let link = url.absoluteString
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else {
            throw DeepLinkError(.malformedURL, link: link, "the link has no scheme")
        }
        var path = try Self.segments(of: components.percentEncodedPath, link: link)
        if schemes.contains(scheme) {
            if let host = components.percentEncodedHost, !host.isEmpty {
                path.insert(
                    try Self.decoded(host[...], part: "path segment '\(host)'", isPathSegment: true, link: link), at: 0)
            }
        } else if scheme == "http" || scheme == "https" {
            let host = components.host?.lowercased() ?? ""
            guard hosts.contains(host) else {
                throw DeepLinkError(
                    .unknownHost, link: link,
                    "host '\(host)' is not one of [\(hosts.sorted().joined(separator: ", "))]"
                )
            }
        } else {
            throw DeepLinkError(
                .unsupportedScheme, link: link,
                "scheme '\(scheme)' is not one of [\(schemes.sorted().joined(separator: ", "))] or http(s)"
            )
        }

        let query = try Self.queryItems(of: components, link: link)
        for (pattern, rule) in rules {
            guard let pathParameters = pattern.match(path) else { continue }
            let parameters = DeepLinkParameters(url: url, path: pathParameters, query: query)
            let entries: [PresentedRoute<Route>]
            do {
                entries = try rule.handler(parameters)
            } catch let error as DeepLinkError {
                throw error
            } catch {
                throw DeepLinkError(.rejected, link: link, "rule '\(pattern.source)' threw \(error)")
            }
            do {
                try NavigationState.validate(entries)
            } catch {
                throw DeepLinkError(
                    .invalidDestination, link: link, "rule '\(pattern.source)' produced \(error.message)"
                )
            }
            return entries
        }
        throw DeepLinkError(.noMatch, link: link, "no rule matches the path /\(path.joined(separator: "/"))")
    }

    /// The percent-decoded, non-empty segments of `encodedPath`.
    private static func segments(of encodedPath: String, link: String) throws(DeepLinkError) -> [String] {
        var segments: [String] = []
        for part in encodedPath.split(separator: "/", omittingEmptySubsequences: true) {
            segments.append(try decoded(part, part: "path segment '\(part)'", isPathSegment: true, link: link))
        }
        return segments
    }

    /// The percent-decoded query items by name; a name repeated in the query has several values.
    private static func queryItems(of components: URLComponents, link: String) throws(DeepLinkError) -> [String:
        [String]]
    {
        var query: [String: [String]] = [:]
        guard let encoded = components.percentEncodedQuery, !encoded.isEmpty else { return query }
        for item in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decoded(pair[0], part: "query item '\(pair[0])'", isPathSegment: false, link: link)
            let value =
                pair.count > 1
                ? try decoded(pair[1], part: "query item '\(name)'", isPathSegment: false, link: link) : ""
            query[name, default: []].append(value)
        }
        return query
    }

    private static func decoded(_ encoded: Substring, part: String, isPathSegment: Bool, link: String)
        throws(DeepLinkError) -> String
    {
        switch LinkText.decode(encoded, isPathSegment: isPathSegment) {
        case .success(let text): return text
        case .failure(let problem):
            throw DeepLinkError(.malformedURL, link: link, LinkText.message(problem, part: part))
        }
    }
}
