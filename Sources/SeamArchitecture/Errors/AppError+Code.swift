extension AppError {
    /// The kind of an ``AppError``: an open set of names. The built-in codes cover networking,
    /// decoding and cancellation; apps add theirs in an extension.
    ///
    /// ```swift
    /// extension AppError.Code {
    ///     static let spotNotFound: Self = "spotNotFound"
    /// }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// A code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A code named by a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The code's name.
        public var description: String { rawValue }

        /// The device is offline (no connection, connection lost, data not allowed).
        public static let offline: Code = "offline"
        /// The request timed out.
        public static let timeout: Code = "timeout"
        /// The operation was cancelled; not an error to show.
        public static let cancelled: Code = "cancelled"
        /// The server could not be found or reached.
        public static let serverUnreachable: Code = "serverUnreachable"
        /// The connection could not be secured (TLS, certificate).
        public static let insecureConnection: Code = "insecureConnection"
        /// The server answered with something unusable (bad response, 5xx).
        public static let badServerResponse: Code = "badServerResponse"
        /// The server asked to slow down (429).
        public static let rateLimited: Code = "rateLimited"
        /// The user must sign in (401).
        public static let unauthorized: Code = "unauthorized"
        /// The user may not do this (403).
        public static let forbidden: Code = "forbidden"
        /// The resource does not exist (404, 410).
        public static let notFound: Code = "notFound"
        /// The app built a request the server or the system refused (bad URL, 4xx).
        public static let invalidRequest: Code = "invalidRequest"
        /// Other networking failures.
        public static let network: Code = "network"
        /// Data could not be decoded.
        public static let decoding: Code = "decoding"
        /// Anything else.
        public static let unknown: Code = "unknown"
    }
}
