/// What kind of declaration a type of the codebase is.
public enum TypeKind: String, Sendable, Hashable, Codable, CaseIterable {
    case `class`
    case `struct`
    case actor
    case `enum`
    case `protocol`
    /// A type declared outside the codebase (`URLSession`, `String`) that the codebase extends.
    case external

    /// Whether instances are shared by reference (classes and actors).
    public var isReferenceType: Bool { self == .class || self == .actor }
}
