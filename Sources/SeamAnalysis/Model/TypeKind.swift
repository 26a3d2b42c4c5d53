/// What kind of declaration a type of the codebase is.
public enum TypeKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `class`.
    case `class`
    /// A `struct`.
    case `struct`
    /// An `actor`.
    case actor
    /// An `enum`.
    case `enum`
    /// A `protocol` of the codebase.
    case `protocol`
    /// A type declared outside the codebase (`URLSession`, `String`) that the codebase extends.
    case external

    /// Whether instances are shared by reference (classes and actors).
    public var isReferenceType: Bool { self == .class || self == .actor }
}
