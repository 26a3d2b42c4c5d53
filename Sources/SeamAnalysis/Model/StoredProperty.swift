import SwiftSyntax

/// A property declared in a type or one of its extensions: stored properties, and `static`/`class`
/// properties (stored or computed, the places singletons live).
///
/// ```swift
/// final class SpotsViewModel: ObservableObject {
///     @Published var spots: [Spot] = []        // name "spots", attributes ["Published"]
///     private let store: DataStoreProtocol      // typeName "DataStoreProtocol"
/// }
/// ```
public struct StoredProperty: Sendable {
    /// The property's name.
    public var name: String
    /// The core type name with optionals, `any`/`some` and attributes removed (`DataStoreProtocol` for
    /// `(any DataStoreProtocol)?`); without an annotation, the type constructed by the initial value
    /// (`DataStore` for `= DataStore()`); `nil` otherwise or when it is not a nominal type.
    public var typeName: String?
    /// The declared type, if annotated.
    public var typeSyntax: TypeSyntax?
    /// The initial value, if any.
    public var initializer: ExprSyntax?
    /// Whether it is `static` or `class`.
    public var isStatic: Bool
    /// Whether it is declared with `let`.
    public var isLet: Bool
    /// Whether it is computed (has a getter rather than storage). Only `static` computed properties are kept.
    public var isComputed: Bool
    /// Attribute names without `@` (`Published`, `MainActor`, `Injected`...).
    public var attributes: [String]
    /// Where the property's name is.
    public var location: SourceLocation
    /// The whole `var`/`let` declaration.
    public var declaration: VariableDeclSyntax
    /// The binding of this property within the declaration (`let a = 1, b = 2` has two).
    public var binding: PatternBindingSyntax
}
