import SwiftSyntax

/// An `init` of a type of the codebase, with its parameters.
public struct InitDeclaration: Sendable {
    /// The `init` declaration node.
    public var syntax: InitializerDeclSyntax
    /// Where the `init` keyword is.
    public var location: SourceLocation
    /// The parameters, in order.
    public var parameters: [InitParameter]
}

/// One parameter of an `init`: `store: DataStoreProtocol = DataStore.shared`.
public struct InitParameter: Sendable {
    /// The argument label (`nil` for `_`).
    public var label: String?
    /// The name used inside the body.
    public var name: String
    /// The core type name (see `StoredProperty.typeName`).
    public var typeName: String?
    /// The declared type.
    public var typeSyntax: TypeSyntax?
    /// The default value, if any.
    public var defaultValue: ExprSyntax?
    /// The parameter node.
    public var syntax: FunctionParameterSyntax
    /// Where the parameter starts.
    public var location: SourceLocation
}
