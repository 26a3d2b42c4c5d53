/// A place that makes a singleton: a `static`/`class` property returning its own type, or a global instance.
///
/// ```swift
/// final class DataStore { static let shared = DataStore() }   // .staticProperty, "DataStore", "shared"
/// let appState = AppState()                                    // .globalInstance, "AppState", "appState"
/// ```
public struct SingletonDeclaration: Sendable {
    /// How the singleton is made.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `static let shared = Self()` and its variants.
        case staticProperty = "static-property"
        /// A top-level `let`/`var` holding an instance of a codebase type.
        case globalInstance = "global-instance"
    }

    /// How the singleton is made.
    public var kind: Kind
    /// The type of the instance (qualified name for nested types).
    public var typeName: String
    /// The property or global variable name (`shared`, `default`, `appState`).
    public var propertyName: String
    /// The file, relative to the audited root.
    public var file: String
    /// Where the property or variable name is.
    public var location: SourceLocation

    /// How the singleton is written at a use site: `DataStore.shared` or `appState`.
    public var accessExpression: String {
        kind == .globalInstance ? propertyName : "\(typeName).\(propertyName)"
    }
}
