/// One declaration of a type: the type declaration itself or one of its extensions.
public struct TypeFragment: Sendable, Codable {
    /// The file, relative to the audited root.
    public var file: String
    /// Whether this fragment is an `extension`.
    public var isExtension: Bool
    /// Where the declaration's name is.
    public var location: SourceLocation
    /// Lines spanned by the declaration, from its first keyword or attribute to its closing brace.
    public var lineCount: Int
    /// The UTF-8 offset in the file where the declaration node starts (its first attribute, modifier or
    /// keyword, leading trivia excluded): where a rewrite finds the node in the file's syntax tree.
    public var offset: Int = 0
    /// The UTF-8 offset just past the declaration's closing brace (trailing trivia excluded).
    public var endOffset: Int = 0
    /// Whether the declaration is `private` or `fileprivate` (never for an extension).
    public var isPrivate = false
    /// Whether the declaration declares enum cases (an `enum` without any is a namespace: it has no values).
    public var declaresCases = false
    /// Whether the declaration declares an instance member: a property, method or subscript that is not `static` (a
    /// type without any is a namespace of statics, whatever its kind; an initializer gives an instance nothing to call).
    public var declaresInstanceMembers = false
    /// Whether the declaration declares a `static` or `class` property, method or subscript.
    public var declaresStaticMembers = false
    /// Whether the declaration declares a method named like a logger's or an event tracker's (`log`, `debug`, `info`,
    /// `warning`, `error`, `track`, `report`…): the evidence that a `…Log`, `…Tracker` or `…Reporter` of the codebase is
    /// one.
    public var declaresLoggingMethod = false
    /// Whether the declaration declares an `async` or `throws` method: work on the outside world (a network, a
    /// database), the evidence that a protocol of the codebase describes a service (Suwatte's `protocol ContentSource {
    /// func getContent(id: String) async throws -> Content }`).
    public var declaresEffectfulMethod = false
    /// Static functions without parameters that hand out a static of the type: `sharedInstance` reading `shared` for
    /// palace's `class func sharedInstance() -> Cache { shared }` (the Objective-C habit), and, for one returning its own
    /// type, each name its short body reads (`_instance`, `sharedTask`): the index keeps the first that is a singleton.
    /// A call is a read of that singleton.
    public var staticAccessors: [StaticAccessor] = []
    /// The names of the static functions code outside the declaration may call (neither `private` nor
    /// `fileprivate`): a static facade's interface when the type's one instance is private (breadwallet's
    /// `Store.perform(action:)`; see `TypeIndex.facadeMembers`).
    public var staticFunctionNames: [String] = []
    /// The names of computed instance properties the type's model leaves out (private ones, untyped ones, a value
    /// type's: see ``CodebaseType/computedProperties``): members a bare name inside the type reads all the same
    /// (canvas's `private var router: Router { env.router }`, not the app's global `router`).
    public var otherComputedPropertyNames: [String] = []
    /// The `#if` conditions the declaration is compiled under, outermost first, as written (`os(iOS)`, `SPARKLE`;
    /// `!(DEBUG)` for an `#else` clause, `!(A) && B` for `#elseif B`): what code naming the type elsewhere must
    /// be compiled under too. Empty for a declaration compiled everywhere.
    public var conditions: [String] = []
}

/// A static function without parameters and a static it may hand out (see ``TypeFragment/staticAccessors``).
public struct StaticAccessor: Sendable, Hashable, Codable {
    /// The function's name (`sharedInstance`).
    public var function: String
    /// The static it returns or reads (`shared`).
    public var reads: String
    /// Whether the function is declared to return its own type (`-> Cache`, `-> Self`).
    public var returnsOwnType = false
    /// Whether what it returns is no optional (easydict's `static func shared() -> LocalStorage` over `private static
    /// var sharedInstance: LocalStorage?`): its callers read an instance, whatever the static it reads holds.
    public var returnsNonOptional = false
    /// Whether the function is `async` or `throws` (Suwatte's `static func shared() async -> RealmActor`): a call of it
    /// is no plain expression a default value could be.
    public var hasEffects = false
}
