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
        /// Resolved from a DI container library: Factory's `Container.shared.api()` and `@Injected(\.api)`,
        /// Resolver's `@Injected var api: APIClient`, `resolve(APIClient.self)` (Resolver, Swinject). The
        /// container is `singletonType`, the registration `locatorMember`, the service `providedType`.
        case container
        /// Through a static member of the singleton's own type that forwards to its private instance (a static
        /// facade): `Store.perform(action:)` over `private static let shared = Store()`. `member` is the static
        /// member (see `TypeIndex.facadeMembers`).
        case staticFacade = "static-facade"
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
    /// For `.serviceLocator`: the locator property used and the service type it provides, when known; for
    /// `.container`, the registration's name (`api` of `Container.shared.api()`), when there is one.
    public var locatorMember: String?
    /// For `.serviceLocator`: the type of the provided service (qualified), when it is a codebase type.
    public var providedType: String?
    /// For `.container`: whether the container makes a new instance at each resolution (Swinject's and Resolver's
    /// default graph scope, Factory's `unique`), so the resolving type makes the dependency rather than shares it.
    public var makesNewInstance = false
    /// The type whose body contains the access (extensions attributed to their type); `nil` at top level.
    public var enclosingType: String?
    /// The role of `enclosingType` (`.other` at top level).
    public var enclosingRole: TypeRole
    /// The file, relative to the audited root.
    public var file: String
    /// The build target of the file (see ``SourceFile/target``).
    public var target: String = ""
    /// Where the access starts.
    public var location: SourceLocation
    /// Where the access is written and how its value is used, as far as `injection-bypass` cares.
    public var site: Site = []
    /// The UTF-8 offset in the file of the access expression's first token (`DataStore` of
    /// `DataStore.shared`, the `.` of `.shared` in a default argument, `appState`): where a rewrite finds it.
    public var offset: Int

    /// Whether the access is already injection, with the singleton as its default (`= S.shared`,
    /// `p ?? S.shared`): the roadmap's intermediate step, reported by `injected-singleton-default` and counted
    /// apart from the `.shared` sites still to migrate.
    /// A DI container's resolution that is a parameter's whole default (`init(api: any API = Container.shared.api())`)
    /// is injection too, the container as the composition root.
    public var isInjectionDefault: Bool {
        kind == .defaultArgument || kind == .injectedDefault || (kind == .container && site.contains(.wholeDefault))
    }
    /// Whether the access puts another instance behind the singleton (`Theme.shared = Theme()`), rather than
    /// writing a member of the one there (`Session.shared.token = …`).
    public var isReplacement: Bool { site.contains(.assignmentTarget) && member == nil }

    /// The dependency the access reaches: the service a locator or container hands out (`providedType`), else the
    /// singleton's own type.
    public var dependencyType: String { providedType ?? singletonType }

    /// Where an access is written and how its value is used: wiring code (static members, initialisers,
    /// `#if DEBUG` code) and uses that are not calls on a service (an identity comparison, a write).
    public struct Site: OptionSet, Sendable, Hashable, Codable {
        /// The set's bits.
        public let rawValue: UInt16
        /// The set with these bits.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// In a `static`/`class` member: a factory or the singleton's own declaration.
        public static let staticMember = Site(rawValue: 1 << 0)
        /// In an initialiser's body.
        public static let initializer = Site(rawValue: 1 << 1)
        /// In an `#if DEBUG` (or `PREVIEW`, `TEST`, `SNAPSHOT`, `MOCK`) block.
        public static let debugOnly = Site(rawValue: 1 << 2)
        /// An operand of `==`, `!=`, `===` or `!==`: `player === Player.active`.
        public static let comparison = Site(rawValue: 1 << 3)
        /// Written to: `Player.active = player`.
        public static let assignmentTarget = Site(rawValue: 1 << 4)
        /// The whole value assigned: `self.store = DataStore.shared`.
        public static let assignedValue = Site(rawValue: 1 << 5)
        /// An argument of a call: `Feed(store: DataStore.shared)`.
        public static let argument = Site(rawValue: 1 << 6)
        /// Declared by a DI container's property wrapper (`@Injected(\.api) var api`): the dependency is part of
        /// the type's declared interface, not reached from inside its code.
        public static let propertyWrapper = Site(rawValue: 1 << 7)
        /// In a closure a default passes (`init(auth: @escaping () -> any Auth = { Auth.shared })`): read when
        /// the closure runs, not when the instance is created, so it owns nothing (the roadmap's lazy edge).
        public static let deferred = Site(rawValue: 1 << 8)
        /// In an instance property's declaration given an initial value (`private let api = resolve(API.self)`, a
        /// `lazy var`): what the instance keeps.
        public static let storedValue = Site(rawValue: 1 << 9)
        /// In a parameter's default value (`init(context: Context = Store.shared.viewContext)`): evaluated for a caller
        /// that passes nothing, so the caller reaches it, not the body of the function declaring it.
        public static let parameterDefault = Site(rawValue: 1 << 10)
        /// In a SwiftUI `#Preview { … }`: the preview's own set-up (`Dependencies.shared.add(module: …)`), run by Xcode's
        /// canvas only, counted with the tests' sites rather than as the app's debt.
        public static let preview = Site(rawValue: 1 << 11)
        /// The whole default value of a parameter (`init(api: any API = Container.shared.api())`), not a value read
        /// off it (`= Container.shared.api().baseURL`): set for DI container resolutions.
        public static let wholeDefault = Site(rawValue: 1 << 12)
        /// In the body of an initialiser without parameters (bitchat's `private init()` behind `static let shared`,
        /// filling with live services what its other `init` takes): a default when another `init` takes parameters.
        public static let parameterlessInitializer = Site(rawValue: 1 << 13)
        /// In the default of a parameter of a standard value type (Mammoth's `serverName: String =
        /// AccountsManager.shared.currentAccountClient.baseHost`): a value read off the singleton, no service injected.
        public static let valueDefault = Site(rawValue: 1 << 14)

        /// Whether an access here is wiring rather than use: in a static member, `#if DEBUG` code or a `#Preview`, an
        /// identity comparison, a write to the singleton property, a DI library's property wrapper, or a singleton
        /// passed as an argument in an initialiser. Wiring is no bypass (`injection-bypass`), and a type's injection
        /// does not wait for it (`seam migrate`).
        package var isWiring: Bool {
            if !isDisjoint(with: [
                .staticMember, .debugOnly, .preview, .comparison, .assignmentTarget, .propertyWrapper,
            ]) {
                return true
            }
            return contains(.initializer) && contains(.argument)
        }
    }
}
