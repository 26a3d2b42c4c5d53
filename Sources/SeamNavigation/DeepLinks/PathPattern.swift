/// A parsed deep-link path pattern such as `/spots/:id/forecast`.
struct PathPattern: Sendable {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    let source: String
    let segments: [Segment]

    init(_ source: String) throws(DeepLinkError) {
        self.source = source
        var names: Set<String> = []
        var segments: [Segment] = []
        for part in source.split(separator: "/", omittingEmptySubsequences: true) {
            if part.hasPrefix(":") {
                let name = String(part.dropFirst())
                guard !name.isEmpty else {
                    throw DeepLinkError(.invalidPattern, link: source, "a parameter has no name after ':'")
                }
                guard names.insert(name).inserted else {
                    throw DeepLinkError(.invalidPattern, link: source, "parameter ':\(name)' appears twice")
                }
                segments.append(.parameter(name))
            } else {
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
    }

    /// The path parameters if `path` matches, else `nil`.
    func match(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, component) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard literal == component else { return nil }
            case .parameter(let name):
                parameters[name] = component
            }
        }
        return parameters
    }
}
