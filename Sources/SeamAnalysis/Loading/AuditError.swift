/// An error that stops an audit before it starts: the root to audit does not exist or cannot be read.
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
    }

    private let code: Code
    /// The path the error is about, as given.
    public let path: String

    private init(_ code: Code, path: String) {
        self.code = code
        self.path = path
    }

    /// The root path does not exist.
    public static func rootNotFound(_ path: String) -> AuditError { AuditError(.rootNotFound, path: path) }
    /// The root path exists but cannot be listed or read.
    public static func rootNotReadable(_ path: String) -> AuditError { AuditError(.rootNotReadable, path: path) }

    /// Whether the root path does not exist.
    public var isRootNotFound: Bool { code == .rootNotFound }
    /// Whether the root path exists but cannot be read.
    public var isRootNotReadable: Bool { code == .rootNotReadable }

    /// `no such file or directory: <path>` or `cannot read directory: <path>`.
    public var description: String {
        switch code {
        case .rootNotFound: "no such file or directory: \(path)"
        case .rootNotReadable: "cannot read directory: \(path)"
        }
    }
}
