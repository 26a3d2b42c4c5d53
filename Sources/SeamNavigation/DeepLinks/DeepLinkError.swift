/// A deep link that could not be turned into routes, naming the link and what failed.
///
/// ```swift
/// // treblesurf://spots/pipeline/forecast?days=three
/// // invalidParameter: treblesurf://spots/pipeline/forecast?days=three: parameter 'days' is "three", expected Int
/// ```
public struct DeepLinkError: Error, Hashable, Sendable {
    /// The kind of failure. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case malformedURL, unsupportedScheme, unknownHost, noMatch
            case missingParameter, invalidParameter, rejected, invalidDestination, invalidPattern
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The text is not a URL, has no scheme, or has a part that is unsafe once percent-decoded: an invalid
        /// percent-escape (`%ZZ`), a control character (`%00`, a line break), or a `/` or `..` that would leave
        /// its place (`..%2F..%2F`).
        public static let malformedURL = Code(.malformedURL)
        /// The scheme is neither one of the table's custom schemes nor http(s).
        public static let unsupportedScheme = Code(.unsupportedScheme)
        /// An http(s) link whose host is not one of the table's hosts.
        public static let unknownHost = Code(.unknownHost)
        /// No rule matches the path.
        public static let noMatch = Code(.noMatch)
        /// A required parameter is absent.
        public static let missingParameter = Code(.missingParameter)
        /// A parameter does not convert to the expected type.
        public static let invalidParameter = Code(.invalidParameter)
        /// A rule's handler refused the link (see ``DeepLinkParameters/reject(_:)``).
        public static let rejected = Code(.rejected)
        /// A rule produced routes that break a navigation invariant.
        public static let invalidDestination = Code(.invalidDestination)
        /// A rule's pattern is invalid (reported when the table is built).
        public static let invalidPattern = Code(.invalidPattern)

        /// The code's name, for logs.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The link as given (or the pattern, for ``Code/invalidPattern``).
    public let link: String
    /// What failed, naming the parameter, path or rule.
    public let message: String

    init(_ code: Code, link: String, _ message: String) {
        self.code = code
        self.link = link
        self.message = message
    }
}

extension DeepLinkError: CustomStringConvertible {
    /// `noMatch: treblesurf://tides/42: no rule matches the path /tides/42`.
    public var description: String { "\(code): \(link): \(message)" }
}
