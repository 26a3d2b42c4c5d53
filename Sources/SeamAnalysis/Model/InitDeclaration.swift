/// An `init` of a type of the codebase, with its parameters.
public struct InitDeclaration: Sendable {
    /// Where the `init` keyword is.
    public var location: SourceLocation
    /// The parameters, in order.
    public var parameters: [InitParameter]
    /// Whether it is declared in an extension rather than in the type's own declaration (a struct keeps its
    /// memberwise `init` beside inits its extensions add, see ``CodebaseType/initParameters``).
    public var isInExtension: Bool = false
}

/// One parameter of an `init`: `store: DataStoreProtocol = DataStore.shared`.
public struct InitParameter: Sendable {
    /// The argument label (`nil` for `_`).
    public var label: String?
    /// The name used inside the body.
    public var name: String
    /// The core type name (see `StoredProperty.typeName`).
    public var typeName: String?
    /// The default value as written (`DataStore.shared`), if any.
    public var defaultValue: String?
    /// Where the parameter starts.
    public var location: SourceLocation
}
