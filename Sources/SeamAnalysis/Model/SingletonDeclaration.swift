/// A place that makes a singleton: a shared *instance* reached through a type (an accessor-like
/// `static`/`class` property) or through a global name. Families of constants (colours, icons,
/// `Notification.Name`s, formatters) are not singletons; see ``SingletonDeclaration/Evidence`` for the rule.
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
        /// A registration in a DI container with a scope that keeps one instance: Factory's
        /// `var api: Factory<APIClient> { self { APIClient() }.singleton }` (also `.cached`, `.shared` and custom
        /// scopes); `unique` and `graph` registrations make a new instance per resolution and are no singletons.
        case containerRegistration = "container-registration"
        /// A registration a function makes in a DI container with a scope that keeps one instance: Swinject's
        /// `container.register(APIClient.self) { _ in LiveAPIClient() }.inObjectScope(.container)`, declared by the
        /// type whose function registers it (an `Assembly`) under the registered type's name as written.
        case scopedRegistration = "scoped-registration"
    }

    /// Why a static property counts as a singleton.
    public enum Evidence: String, Sendable, Hashable, Codable {
        /// Its name reads as a shared-instance accessor (`shared`, `sharedInstance`, `instance`, a configured
        /// name; `default`, `standard`, `current`, `main` holding a reference, outside a family of constants).
        case accessorName = "accessor-name"
        /// The only static property of a class or actor of the codebase holding an instance of that class.
        case soleInstance = "sole-instance"
        /// A stored static property holding an instance of another reference type that is not a constant-like
        /// type: `enum Services { static let api: APIClient = LiveAPIClient() }`, `static let store = HKHealthStore()`.
        case heldInstance = "held-instance"
        /// A top-level variable holding an instance of a codebase class (or a mutable struct or enum).
        case globalInstance = "global-instance"
        /// A DI container registration whose scope keeps one instance (see ``Kind/containerRegistration``).
        case containerScope = "container-scope"
        /// A mutable static property holding its type's own instance, started from another of the type's
        /// statics (`static var cached: LayoutSettings = .default`): the slot the app reads and replaces as the
        /// one current value.
        case currentValue = "current-value"
    }

    /// How the singleton is made.
    public var kind: Kind
    /// Why it counts as a singleton.
    public var evidence: Evidence
    /// The type of the instance when it is known (qualified): the declaring type for `static let shared =
    /// Self()`, a protocol for `static var shared: DependencyProvider = LiveProvider()`, `nil` for a factory
    /// call the analysis cannot see through (`static let shared = makeDatabase()`).
    public var instanceType: String?
    /// Whether the property or variable is optional (`static var shared: AppDelegate?`).
    public var isOptional: Bool
    /// Whether it is an implicitly unwrapped optional (`static var shared: URLHandlingServiceFacade!`): its users read
    /// a non-optional, which a copy or a provider of theirs must give them too.
    public var isImplicitlyUnwrapped: Bool = false
    /// Whether its ``accessorFunction`` returns no optional, though the static it reads holds one (easydict's
    /// `static func shared() -> LocalStorage` over `private static var sharedInstance: LocalStorage?`).
    public var isReadThroughNonOptionalAccessor = false
    /// Whether its users read an optional: optional, neither implicitly unwrapped nor handed out as an instance by
    /// its accessor function.
    public var isReadAsOptional: Bool { isOptional && !isImplicitlyUnwrapped && !isReadThroughNonOptionalAccessor }
    /// Whether it is a `var` (the instance can be replaced), rather than a `let`.
    public var isMutable: Bool
    /// Whether the instance is a value (a struct or enum of the codebase): a copy, not a shared reference.
    public var isValue: Bool
    /// The type of the instance (qualified name for nested types).
    public var typeName: String
    /// The property or global variable name (`shared`, `default`, `appState`).
    public var propertyName: String
    /// The file, relative to the audited root.
    public var file: String
    /// Where the property or variable name is.
    public var location: SourceLocation
    /// How code writes ``typeName`` when the model qualifies it by its target to tell apart two targets' types
    /// of one name: `DatabaseManager` for `Delta.DatabaseManager` (a module name a type can shadow, as
    /// DeltaCore's `struct Delta` does); `nil` when the two are the same.
    public var declaredTypeName: String?

    /// How the singleton is named in findings and notes: `DataStore.shared` or `appState`; the model's
    /// qualified type name.
    public var accessExpression: String { expression(typeName) }

    /// A static function without parameters, neither `async` nor `throws`, that hands the singleton out (nostur's
    /// `static func shared() -> DataProvider` over `static let live`, palace's `class func sharedInstance()`): how the
    /// code reaches it, and what a rewrite calls in its place (``sourceExpression``).
    public var accessorFunction: String?

    /// How code writes the singleton (what a rewrite writes): `DataStore.shared` or `appState`, its type as
    /// declared (``declaredTypeName``); the call of its ``accessorFunction`` when it has one (`DataProvider.shared()`).
    public var sourceExpression: String {
        let type = declaredTypeName ?? typeName
        if kind == .staticProperty, let accessorFunction { return "\(type).\(accessorFunction)()" }
        return expression(type)
    }

    private func expression(_ type: String) -> String {
        switch kind {
        case .globalInstance: propertyName
        case .containerRegistration: "\(type).shared.\(propertyName)()"
        case .scopedRegistration: "resolve(\(propertyName).self)"
        case .staticProperty: "\(type).\(propertyName)"
        }
    }
}
