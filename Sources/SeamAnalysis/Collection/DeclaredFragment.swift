/// A type declaration or extension as found in one file, before extensions are merged.
struct DeclaredFragment: Sendable, Codable {
    var kind: TypeKind
    var isExtension: Bool
    /// The qualified name for declarations (`Outer.Inner`); the extended type as written for extensions.
    var name: String
    var conformances: [String]
    var attributes: [String]
    var fragment: TypeFragment
    /// The build target of the file (see `ProjectTargets`).
    var target = ""
    var properties: [StoredProperty] = []
    /// Computed instance properties with a written type, which `properties` leaves out.
    var computedProperties: [StoredProperty] = []
    var initializers: [InitDeclaration] = []
    /// Registrations its functions make in a Swinject container with a scope that keeps one instance
    /// (`container.register(APIClient.self) { _ in LiveAPIClient() }.inObjectScope(.container)`), each as the
    /// registered type: `name` and `typeName` as written, `registrationScope` the scope, `location` the call's.
    var scopedRegistrations: [StoredProperty] = []
}

/// A top-level `let`/`var` that may hold a global instance.
struct DeclaredGlobal: Sendable, Codable {
    var name: String
    /// The type named by the annotation or by the initializer call (`AppState` for `AppState()`); empty when
    /// neither names one (`let app = UIApplication.shared`): the global still hides same-named ones of other targets.
    var typeName: String
    var isLet: Bool
    /// Whether the initial value calls the type (`AppState()`, `UserDefaults(suiteName: id)!`), rather than
    /// the type coming from an annotation alone.
    var isConstructed: Bool
    var location: SourceLocation
    /// The target whose file declares it: its code sees this global rather than another target's of that name.
    var target = ""
    /// Whether it is computed by reading a static chain of a type (`var appContext: AppContextProtocol {
    /// AppDelegate.shared.appContext }`): a global accessor of an instance kept elsewhere.
    var isAccessor = false
    /// For a global holding a type rather than an instance (`var reporterClass = Reporter.self`, `let kind:
    /// Reporter.Type`), that type's name as written: `reporterClass.init()` builds one of it.
    var metatype: String?
}

/// A `typealias` naming a type (`typealias Store = DataStore`), top level or in a type.
struct DeclaredAlias: Sendable, Codable {
    /// The qualified name (`Feature.Store` inside `enum Feature`).
    var name: String
    /// The aliased type's name as written (`DataStore`).
    var target: String
    /// The enclosing type the target is looked up from, `nil` at top level.
    var scope: String?
    /// Whether the alias names a function type (`typealias Handler = (Bool) -> Void`): a parameter of that
    /// type is a non-escaping closure unless marked `@escaping`.
    var isFunctionType = false
    /// For a composition (`typealias Environment = NetworkManagerProvider & OEXConfigProvider`, edx's controllers'),
    /// its protocols as written, in order: the alias names the first the codebase declares.
    var components: [String] = []
}
