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
    // The fields live in one copy-on-write box: the analysis passes types around by value (dictionary
    // values, loops over `types.values`), and copying eleven fields meant eleven retains each time
    // (2.5% of a real app's audit).
    private var storage: Storage

    /// The qualified name (`Outer.Inner` for nested types) and the type's identity in the model. When two
    /// targets each declare a type of this name (an iOS and a watch `AppDelegate`), each is qualified by its
    /// target, as Swift qualifies a name by its module: `PhoneApp.AppDelegate`, `WatchApp.AppDelegate`.
    public var name: String {
        get { storage.name }
        _modify { yield &uniqueStorage().name }
    }
    /// The build target (module) of the type's declaration (see ``SourceFile/target``).
    public var target: String {
        get { storage.target }
        _modify { yield &uniqueStorage().target }
    }
    /// The name as the code writes it (`AppDelegate`): `name` without the target that tells apart types of the
    /// same name declared in two targets (`WatchApp.AppDelegate`, see ``name``).
    public var declaredName: String {
        get { storage.declaredName }
        _modify { yield &uniqueStorage().declaredName }
    }
    /// The last component of `name`.
    public var simpleName: String {
        get { storage.simpleName }
        _modify { yield &uniqueStorage().simpleName }
    }
    /// What kind of declaration it is (`.external` for a type the codebase only extends).
    public var kind: TypeKind {
        get { storage.kind }
        _modify { yield &uniqueStorage().kind }
    }
    /// The architectural role, from `.seam.yml` patterns, conformances and name.
    public var role: TypeRole {
        get { storage.role }
        _modify { yield &uniqueStorage().role }
    }
    /// Inherited types and conformances, from the declaration and every extension, in source order
    /// (a class's superclass is listed first, as written).
    public var conformances: [String] {
        get { storage.conformances }
        _modify { yield &uniqueStorage().conformances }
    }
    /// A class's superclass: the qualified name of a codebase class, or the name as written of a class the
    /// codebase does not declare (`UIViewController`); `nil` for a root class and for other kinds. The first
    /// name of the declaration's inheritance clause, unless it names a protocol (a codebase one, or a
    /// well-known one such as `ObservableObject` or a `…Delegate`).
    public var superclass: String? {
        get { storage.superclass }
        _modify { yield &uniqueStorage().superclass }
    }
    /// Attribute names on the declaration, without `@` (`MainActor`, `Observable`...).
    public var attributes: [String] {
        get { storage.attributes }
        _modify { yield &uniqueStorage().attributes }
    }
    /// The declaration (first) and its extensions.
    public var fragments: [TypeFragment] {
        get { storage.fragments }
        _modify { yield &uniqueStorage().fragments }
    }
    /// Instance stored properties and every `static`/`class` property.
    public var properties: [StoredProperty] {
        get { storage.properties }
        _modify { yield &uniqueStorage().properties }
    }
    /// Computed instance properties that write their type and are not `private` (``properties`` has none).
    public var computedProperties: [StoredProperty] {
        get { storage.computedProperties }
        _modify { yield &uniqueStorage().computedProperties }
    }
    /// The Swinject registrations its functions make with a scope that keeps one instance
    /// (`container.register(APIClient.self) { _ in LiveAPIClient() }.inObjectScope(.container)`): each the
    /// registered type as written (`name`, `typeName`), its scope (`registrationScope`) and where the call is.
    public var scopedRegistrations: [StoredProperty] {
        get { storage.scopedRegistrations }
        _modify { yield &uniqueStorage().scopedRegistrations }
    }
    /// Every `init`, from the declaration and its extensions.
    public var initializers: [InitDeclaration] {
        get { storage.initializers }
        _modify { yield &uniqueStorage().initializers }
    }
    /// The singletons this type declares (`static let shared = Self()`...).
    public var singletonDeclarations: [SingletonDeclaration] {
        get { storage.singletonDeclarations }
        _modify { yield &uniqueStorage().singletonDeclarations }
    }
    /// Whether the type is declared in a test file (a `Tests` folder, or a file named `*Tests.swift`).
    public var isInTestFile: Bool {
        get { storage.isInTestFile }
        _modify { yield &uniqueStorage().isInTestFile }
    }

    /// A type as its declaration (or, for a type the codebase only extends, its first extension) states it;
    /// `TypeIndex` merges the other fragments in.
    init(declared: DeclaredFragment, isInTestFile: Bool) {
        storage = Storage()
        storage.name = declared.name
        storage.declaredName = declared.name
        storage.target = declared.target
        storage.simpleName = declared.name.lastNameComponent
        storage.kind = declared.kind
        storage.conformances = declared.conformances
        storage.attributes = declared.attributes
        storage.fragments = [declared.fragment]
        storage.properties = declared.properties
        storage.computedProperties = declared.computedProperties
        storage.initializers = declared.initializers
        storage.scopedRegistrations = declared.scopedRegistrations
        storage.isInTestFile = isInTestFile
        // As written; `TypeIndex` resolves it, or drops it when it names a protocol.
        storage.superclass = declared.kind == .class && !declared.isExtension ? declared.conformances.first : nil
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The parameters of every `init` the type has, the one answer to "what does this type take through
    /// `init`": those of its declared initialisers, and for a struct whose own declaration has none, those of
    /// the memberwise `init` Swift makes (inits its extensions add keep it): a parameter per stored instance
    /// property that has no initial value and no property wrapper (`struct MessagesAPI { let api: Fetching }`
    /// is built as `MessagesAPI(api:)`; `let id = UUID()`, `@State var shown = false` and a wrapper set up by its
    /// attribute, `@Environment(\.scheme) var scheme`, are not taken). A memberwise parameter is located at
    /// its property.
    public var initParameters: [InitParameter] {
        var parameters = initializers.flatMap(\.parameters)
        guard kind == .struct, !initializers.contains(where: { !$0.isInExtension }) else { return parameters }
        for property in instanceProperties
        where property.initialValue == nil && !property.isComputed && property.attributes.isEmpty {
            parameters.append(
                InitParameter(
                    label: property.name, name: property.name, typeName: property.typeName,
                    elementTypeName: property.elementTypeName, defaultValue: nil, location: property.location))
        }
        return parameters
    }

    /// Where the type is declared (its first fragment).
    public var location: SourceLocation? { fragments.first?.location }
    /// Whether the type declares at least one singleton.
    public var isSingleton: Bool { !singletonDeclarations.isEmpty }

    /// Whether the type is one of the roadmap's truly global services (a logger, analytics, crash reporting, the
    /// keychain), by its name and, for a `…Log` or `…Tracker` of the codebase, by its methods: palace's
    /// `TPPBookmarkDeletionLog` keeps deletions, its `ErrorActivityTracker` has `log(_:)` (the `AllowList` rule).
    public var isAmbient: Bool {
        let declared = kind == .external ? nil : fragments.contains(where: \.declaresLoggingMethod)
        return AllowList.isAmbient(simpleName, declaresLoggingMethod: declared)
    }

    /// Whether one of its singletons is an instance of the type itself (`static let shared = Store()`, one typed by a
    /// protocol it adopts, or one made by a call the analysis cannot see through): a shared object, whose instances are
    /// services. A type that only keeps other types' instances in static slots (palace's data class `TPPBook` with its
    /// `static let sharedCIContext = CIContext()`, a namespace of services, an assembly's registrations) holds them.
    public var sharesOwnInstance: Bool { sharesOwnInstance(among: singletonDeclarations) }

    /// Whether one of `declarations`, the type's singletons, is an instance of the type itself (see `sharesOwnInstance`).
    func sharesOwnInstance(among declarations: [SingletonDeclaration]) -> Bool {
        declarations.contains { declaration in
            guard declaration.kind != .scopedRegistration else { return false }
            guard let instance = declaration.instanceType else { return true }
            let simple = instance.lastNameComponent
            return instance == name || simple == simpleName || conformances.contains { $0.lastNameComponent == simple }
        }
    }
    /// Instance (non-static) stored properties.
    public var instanceProperties: [StoredProperty] { properties.filter { !$0.isStatic } }
    /// Lines of the declaration and all its extensions.
    public var lineCount: Int { fragments.reduce(0) { $0 + $1.lineCount } }
    /// Whether the type (not merely a member) is annotated `@MainActor`.
    public var isMainActor: Bool { attributes.contains("MainActor") }
    /// Whether the type is isolated to the main actor, by its own `@MainActor`, by what it inherits (a subclass of
    /// `UIViewController`, `NSDocumentController` or a codebase `@MainActor` class; a conformer of SwiftUI's `View`
    /// or `App` or of a codebase `@MainActor` protocol; see the SDK facts in `InheritedIsolation`), or by its
    /// target's default isolation (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, `.defaultIsolation(MainActor.self)`).
    /// The one answer the rules and the migration read.
    public var isolatedToMainActor: Bool {
        get { storage.isolatedToMainActor }
        _modify { yield &uniqueStorage().isolatedToMainActor }
    }
    /// Whether the type builds the object graph: a factory, container or assembly by name (`…Factory`,
    /// `…Container`, `…Assembly`, `…Assembler`, `…Builder`, `…CompositionRoot`, `…DependencyProvider`,
    /// `…Dependencies`, `…Resolver`, `…Environment` as in `AppEnvironment`), an app or scene delegate, a SwiftUI
    /// `App`, a Swinject `Assembly`. What it does with singletons and
    /// containers is wiring, not debt.
    public var isCompositionRoot: Bool {
        Self.compositionRootSuffixes.contains { simpleName.hasSuffix($0) }
            || conformances.contains { Self.compositionRootConformances.contains($0) }
    }

    /// Whether the type is the app's dependency container by name (`…Container`, `…Dependencies`,
    /// `…DependencyProvider`, `…Assembly`, `…Assembler`, `…CompositionRoot`, `…Resolver`, `…Environment`): the
    /// composition root that holds the services, as opposed to a delegate or a factory of one kind of object.
    public var isDependencyContainer: Bool {
        Self.isDependencyContainerName(simpleName)
    }

    /// Whether a type's name is a dependency container's (see ``isDependencyContainer``): `Container`,
    /// `AppDependencies`, `Swinject.Assembler`.
    package static func isDependencyContainerName(_ name: String) -> Bool {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return containerSuffixes.contains { simple.hasSuffix($0) }
    }

    /// Whether the type is a dependency container or is nested in one (`AppDependencies.Live`): what it holds
    /// statically are the container's instances, the composition root's graph.
    public var isInDependencyContainer: Bool {
        name.split(separator: ".").contains { component in Self.containerSuffixes.contains { component.hasSuffix($0) } }
    }

    private static let containerSuffixes = [
        "Container", "Assembly", "Assembler", "CompositionRoot", "DependencyProvider", "Dependencies", "Resolver",
        "Environment",
    ]
    private static let compositionRootSuffixes =
        containerSuffixes + ["Factory", "Builder", "AppDelegate", "SceneDelegate"]
    /// The SwiftUI `App` and the app delegates: the app's entry points, which the system creates.
    private static let appEntryConformances: Set<String> = [
        "App", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate", "WKApplicationDelegate",
    ]
    private static let compositionRootConformances = appEntryConformances.union([
        // Swinject's registrations (`class ViewModels: Assembly { func assemble(container:) }`).
        "Assembly"
    ])
    private static let systemCreatedConformances = appEntryConformances.union([
        "UISceneDelegate", "WKExtensionDelegate",
    ])

    /// Whether the system creates the type by name (`@main`, `Info.plist`): a SwiftUI `App`, the app's, a scene's or
    /// a watch extension's delegate. Nothing of the app makes it, so nothing could hand it a stand-in.
    var isCreatedBySystem: Bool {
        conformances.contains { Self.systemCreatedConformances.contains($0.lastNameComponent) }
    }

    /// Whether the type is a `@globalActor`, whose `static let shared` the language requires.
    public var isGlobalActor: Bool { attributes.contains("globalActor") }

    /// Whether the type is a class annotated `@Observable`.
    public var isObservable: Bool { attributes.contains("Observable") }
}

/// The fields of a ``CodebaseType``, shared between copies until one of them is changed.
private final class Storage: @unchecked Sendable {
    // Safe to share: a `CodebaseType` writes only to a box no other copy holds (`uniqueStorage()`).
    var name = ""
    var declaredName = ""
    var target = ""
    var simpleName = ""
    var kind = TypeKind.external
    var role = TypeRole.other
    var conformances: [String] = []
    var attributes: [String] = []
    var fragments: [TypeFragment] = []
    var properties: [StoredProperty] = []
    var computedProperties: [StoredProperty] = []
    var initializers: [InitDeclaration] = []
    var scopedRegistrations: [StoredProperty] = []
    var singletonDeclarations: [SingletonDeclaration] = []
    var isInTestFile = false
    var isolatedToMainActor = false
    var superclass: String?

    func copy() -> Storage {
        let copy = Storage()
        copy.name = name
        copy.declaredName = declaredName
        copy.target = target
        copy.simpleName = simpleName
        copy.kind = kind
        copy.role = role
        copy.conformances = conformances
        copy.attributes = attributes
        copy.fragments = fragments
        copy.properties = properties
        copy.computedProperties = computedProperties
        copy.initializers = initializers
        copy.scopedRegistrations = scopedRegistrations
        copy.singletonDeclarations = singletonDeclarations
        copy.isInTestFile = isInTestFile
        copy.isolatedToMainActor = isolatedToMainActor
        copy.superclass = superclass
        return copy
    }
}
