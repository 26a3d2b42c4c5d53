/// A dependency a type takes from outside: an `init` parameter, or a stored property with no initial value
/// (assigned in `init`, or by a property wrapper such as `@EnvironmentObject`).
public struct InjectedDependency: Sendable, Hashable {
    /// How the dependency arrives.
    public enum Via: String, Sendable, Hashable, Codable {
        /// A parameter of one of the type's own initialisers (a struct's memberwise `init` included).
        case initParameter = "init-parameter"
        /// A parameter of a superclass's designated initialiser, which a subclass declaring none inherits.
        case inheritedInitParameter = "inherited-init-parameter"
        /// A stored property filled from outside by an injecting property wrapper (`@EnvironmentObject`).
        case storedProperty = "stored-property"
    }

    /// How the dependency arrives.
    public var via: Via
    /// Whether it arrives through an initialiser, the type's own or one it inherits.
    public var isInitParameter: Bool { via != .storedProperty }
    /// The parameter or property name.
    public var name: String
    /// The dependency's type (qualified): a codebase protocol, a service, or a singleton's own type.
    public var typeName: String
    /// Where the parameter or property is.
    public var location: SourceLocation
    /// Whether the owner keeps the dependency alive. A `weak` or `unowned` property, a property named
    /// `delegate` or `…Delegate` typed by a protocol, and an `init` parameter stored only in such properties
    /// are back-references: they stay in the graph as `.weakReference` edges but close no cycle. So is an `init`
    /// parameter no stored property keeps (by its name, else by its type): it is used while the instance is made.
    public var isOwning: Bool = true
}
