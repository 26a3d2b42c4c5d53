/// A type of the codebase with all its extensions merged: kind, role, conformances, properties,
/// initialisers and the singletons it declares.
///
/// ```swift
/// let codebase = try await Codebase.load(root: url, configuration: .init())
/// if let store = codebase.types["DataStore"] {
///     print(store.role, store.conformances, store.singletonDeclarations.map(\.propertyName))
/// }
/// ```
public struct CodebaseType: Sendable {
    /// The qualified name (`Outer.Inner` for nested types).
    public var name: String
    /// The last component of `name`.
    public var simpleName: String
    /// What kind of declaration it is (`.external` for a type the codebase only extends).
    public var kind: TypeKind
    /// The architectural role, from `.seam.yml` patterns, conformances and name.
    public var role: TypeRole
    /// Inherited types and conformances, from the declaration and every extension, in source order
    /// (a class's superclass is listed first, as written).
    public var conformances: [String]
    /// Attribute names on the declaration, without `@` (`MainActor`, `Observable`...).
    public var attributes: [String]
    /// The declaration (first) and its extensions.
    public var fragments: [TypeFragment]
    /// Instance stored properties and every `static`/`class` property.
    public var properties: [StoredProperty]
    /// Every `init`, from the declaration and its extensions.
    public var initializers: [InitDeclaration]
    /// The singletons this type declares (`static let shared = Self()`...).
    public var singletonDeclarations: [SingletonDeclaration]
    /// Whether the type is declared in a test file (a `Tests` folder, or a file named `*Tests.swift`).
    public var isInTestFile: Bool

    /// Where the type is declared (its first fragment).
    public var location: SourceLocation? { fragments.first?.location }
    /// Whether the type declares at least one singleton.
    public var isSingleton: Bool { !singletonDeclarations.isEmpty }
    /// Instance (non-static) stored properties.
    public var instanceProperties: [StoredProperty] { properties.filter { !$0.isStatic } }
    /// Lines of the declaration and all its extensions.
    public var lineCount: Int { fragments.reduce(0) { $0 + $1.lineCount } }
    /// Whether the type (not merely a member) is isolated to the main actor.
    public var isMainActor: Bool { attributes.contains("MainActor") }
    /// Whether the type is a class annotated `@Observable`.
    public var isObservable: Bool { attributes.contains("Observable") }
}
