/// A property declared in a type or one of its extensions: stored properties, and `static`/`class`
/// properties (stored or computed, the places singletons live).
///
/// ```swift
/// final class SpotsViewModel: ObservableObject {
///     @Published var spots: [Spot] = []        // name "spots", attributes ["Published"]
///     private let store: DataStoreProtocol      // typeName "DataStoreProtocol"
/// }
/// ```
///
/// Like the rest of the model it is plain data: it holds no syntax node, which would keep its file's whole
/// tree alive.
public struct StoredProperty: Sendable, Codable {
    /// The property's name.
    public var name: String
    /// The core type name with optionals, `any`/`some` and attributes removed (`DataStoreProtocol` for
    /// `(any DataStoreProtocol)?`); without an annotation, the type constructed by the initial value
    /// (`DataStore` for `= DataStore()`); `nil` otherwise or when it is not a nominal type.
    public var typeName: String?
    /// For a standard collection (`[Item]`, `[String: Item]`, `Set<Item>`, `Array<Item>`, `Dictionary<K, Item>`,
    /// optional or not, annotated or constructed as `Set<Item>()`/`[Item]()`): the core name of its elements
    /// (of its values for a dictionary), `Item`; `nil` for any other type.
    public var elementTypeName: String? = nil
    /// The initial value as written (`DataStore()`), if any.
    public var initialValue: String?
    /// The dotted name of the function or type the initial value calls (`makeDatabase` for
    /// `= makeDatabase()`, `UserDefaults` for `= UserDefaults(suiteName: id)!`), looked through `try`,
    /// `await` and `!`; `nil` when the initial value is not such a call.
    public var initialCall: String?
    /// Whether the initial value is a call of any kind (`Store()`, `.init()`, `make()`, `{ … }()`), looked
    /// through `try`, `await` and `!`: the instance is created where the property is declared.
    public var isInitializedByCall: Bool
    /// Whether the initial value is a call whose arguments are all literals (`HKUnit(from: "mg/dL")`,
    /// `Alignment(horizontal: .leading, vertical: .top)`): a value spelled out, as constants are.
    public var isLiteralConstruction: Bool = false
    /// Whether the initial value is a call whose arguments are all number literals (`BigUInt(21_000)`,
    /// `UIOffset(horizontal: 0, vertical: -2)`): a quantity spelled out, a value.
    public var isNumericConstruction: Bool = false
    /// Whether the annotation is optional (`T?` or `T!`).
    public var isOptional: Bool
    /// Whether the annotation is an implicitly unwrapped optional (`T!`): optional, but read as a `T` wherever it is used.
    public var isImplicitlyUnwrapped: Bool = false
    /// Whether it is `static` or `class`.
    public var isStatic: Bool
    /// Whether it is declared with `let`.
    public var isLet: Bool
    /// Whether it is computed (has a getter rather than storage). Only `static` computed properties are kept.
    public var isComputed: Bool
    /// Whether it is a `var` slot filled in after launch: optional, with no initial value (`static var
    /// cloudHandler: CloudHandlerType!`).
    public var isFilledInLater: Bool { !isLet && isOptional && initialValue == nil }
    /// Whether it is declared `weak` or `unowned` (modifiers, not attributes): a back-reference that does
    /// not own the instance it points at.
    public var isWeak: Bool = false
    /// Whether it is declared in an extension rather than in the type's own declaration: a shared instance
    /// is declared with its type (`static let shared = Store()`); statics added by extensions are constants
    /// (`extension Alert.Content { static let offline = Alert.Content(…) }`).
    public var isInExtension: Bool = false
    /// Whether it is `private` or `fileprivate` (a subclass in another scope cannot read it).
    public var isPrivate: Bool = false
    /// For a DI container registration (Factory's `var api: Factory<APIClient> { self { APIClient() }.singleton }`,
    /// whose `typeName` is then the registered type, `APIClient`): its scope as written (`unique` when none is
    /// named; `cached`, `shared`, `singleton`, `graph`, or a custom scope's name); `nil` for other properties.
    public var registrationScope: String? = nil
    /// For a computed static property whose getter only reads another static of its type (`static var current: Bot
    /// { _bot }`, `{ self._bot }`, `{ return Self.storage }`): that property's name, its storage.
    public var getterReads: String? = nil
    /// For a computed static property, whether its getter builds a new instance at every read (kDrive's `static var
    /// sharedWithMeRootFile: File { return File(id: -10, …) }`): no shared instance, whatever the name says.
    public var isBuiltByGetter: Bool = false
    /// For a computed static property, whether its short getter hands its own type's metatype to a call (safe-ios-
    /// legacy's `static var walletRepository: WalletRepository { return service(for: WalletRepository.self) }`,
    /// `{ container.resolve(API.self)! }`): a registry's slot, handing out the instance registered for the type.
    public var isResolvedByType: Bool = false
    /// Attribute names without `@` (`Published`, `MainActor`, `Injected`...).
    public var attributes: [String]
    /// Where the property's name is.
    public var location: SourceLocation
}
