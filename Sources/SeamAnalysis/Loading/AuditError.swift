/// An error that stops an audit before it starts: the root to audit does not exist or cannot be read, or an
/// `include` pattern of the configuration matches no file (a typo such as `Source/**` would otherwise give a
/// clean report of nothing).
///
/// Problems with single files never throw: they become `parse-error` findings and the run continues.
///
/// ```swift
/// do {
///     _ = try await Auditor(configuration: .init()).audit(root: url)
/// } catch let error as AuditError {
///     print(error) // "seam: no such file or directory: /tmp/missing"
/// }
/// ```
public struct AuditError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case rootNotFound
        case rootNotReadable
        case includeMatchesNothing(origin: SourceLocation?, others: Int)
    }

    private let code: Code
    /// The path the error is about, as given (the pattern, for an `include` that matches nothing).
    public let path: String

    private init(_ code: Code, path: String) {
        self.code = code
        self.path = path
    }

    /// The `include` pattern `pattern` matches no file; `origin` is where the configuration file writes it,
    /// `others` how many more patterns match nothing.
    package static func includeMatchesNothing(_ pattern: String, origin: SourceLocation?, others: Int) -> AuditError {
        AuditError(.includeMatchesNothing(origin: origin, others: others), path: pattern)
    }

    /// The root path does not exist.
    public static func rootNotFound(_ path: String) -> AuditError { AuditError(.rootNotFound, path: path) }
    /// The root path exists but cannot be listed or read.
    public static func rootNotReadable(_ path: String) -> AuditError { AuditError(.rootNotReadable, path: path) }

    /// Whether the root path does not exist.
    public var isRootNotFound: Bool { code == .rootNotFound }
    /// Whether the root path exists but cannot be read.
    public var isRootNotReadable: Bool { code == .rootNotReadable }

    /// Whether an `include` pattern matches no file.
    public var isIncludeMatchingNothing: Bool {
        if case .includeMatchesNothing = code { return true }
        return false
    }

    /// `no such file or directory: <path>`, `cannot read directory: <path>`, or
    /// `.seam.yml:2:11: the include pattern 'Source/**' matches no file`.
    public var description: String {
        switch code {
        case .rootNotFound: "no such file or directory: \(path)"
        case .rootNotReadable: "cannot read directory: \(path)"
        case .includeMatchesNothing(let origin, let others):
            (origin.map { "\($0): " } ?? "") + "the include pattern '\(path)' matches no file"
                + (others > 0 ? " (nor do \(others) other include pattern\(others == 1 ? "" : "s"))" : "")
                + "; check it for a typo (patterns are relative to the audited folder)"
        }
    }
}
