/// One use of a singleton: `DataStore.shared.spots`, `let s = DataStore.shared`, a default argument,
/// `store ?? DataStore.shared`, a service locator, or a global instance.
public struct SingletonAccess: Sendable {
    /// How the singleton is reached.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Anywhere in code.
        case direct
        /// As a parameter's default value: `init(store: DataStore = .shared)`.
        case defaultArgument = "default-argument"
        /// As the fallback of an injected value: `self.store = store ?? DataStore.shared`.
        case injectedDefault = "injected-default"
        /// Through a service locator, a singleton whose stored properties are other services:
        /// `AppDependencyProvider.shared.subscriptionManager`.
        case serviceLocator = "service-locator"
    }

    /// How the singleton is reached.
    public var kind: Kind
    /// The singleton's type (qualified name).
    public var singletonType: String
    /// The singleton property or global name (`shared`, `appState`).
    public var propertyName: String
    /// Whether the singleton is a global instance (`appState`) rather than a static property.
    public var isGlobalInstance: Bool
    /// The member used on the singleton, if any: `save` in `DataStore.shared.save()`, `spots` in
    /// `DataStore.shared.spots` (what a protocol extracted from the singleton must offer).
    public var member: String?
    /// For `.serviceLocator`: the locator property used and the service type it provides, when known.
    public var locatorMember: String?
    /// For `.serviceLocator`: the type of the provided service (qualified), when it is a codebase type.
    public var providedType: String?
    /// The type whose body contains the access (extensions attributed to their type); `nil` at top level.
    public var enclosingType: String?
    /// The role of `enclosingType` (`.other` at top level).
    public var enclosingRole: TypeRole
    /// The file, relative to the audited root.
    public var file: String
    /// Where the access starts.
    public var location: SourceLocation
    /// The UTF-8 offset in the file of the access expression's first token (`DataStore` of
    /// `DataStore.shared`, the `.` of `.shared` in a default argument, `appState`): where a rewrite finds it.
    public var offset: Int
}
