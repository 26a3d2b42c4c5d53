/// A named custom lifetime, such as a per-user session dropped at logout.
///
/// ```swift
/// extension Scope { static let session = Scope("session") }
/// container.endScope(.session)   // at logout: drops every `.scoped(.session)` instance
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// The scope's name, used in graph exports and error messages.
    public let name: String

    /// Creates a scope; two scopes with the same name are the same scope.
    public init(_ name: String) { self.name = name }

    /// The scope's name.
    public var description: String { name }
}
