/// What the body walk of one file records before the cross-file `TypeIndex` exists: every fact that needs
/// another file to be understood (which names are singletons, which classes hold UI state, which functions
/// take completion handlers) is kept unresolved, so the walk runs right after parsing and the tree can be
/// dropped. `BodyFactResolver` turns the facts into accesses and observations once the index is built.
struct BodyFacts: Sendable, Codable {
    /// An enclosing type as written: `extension DataStore` is resolved later, a declaration nests in its
    /// parent scope.
    struct Scope: Sendable, Codable {
        var parent: Int?
        var name: String
        /// The declared kind; `nil` for an extension.
        var kind: TypeKind?

        var isExtension: Bool { kind == nil }
        /// A class, or an extension of a type declared elsewhere: only those can hold UI state.
        var mayHoldUIState: Bool { kind == nil || kind == .class }
    }

    /// A function body or closure entered by the walk, in the scope it was entered in.
    struct Thread: Sendable, Codable {
        enum Kind: Sendable, Codable {
            /// A method: `@MainActor` or `async` decide where its body runs.
            case function(isMainActor: Bool, isAsync: Bool)
            /// A closure, classified by what it is passed to.
            case closure(ClosureContext)
        }

        var parent: Int?
        var scope: Int?
        var kind: Kind
    }

    /// How the reached expression is used: plainly, as a parameter's default value, or as the fallback of `??`.
    enum Usage: Sendable, Codable {
        case direct
        case defaultArgument
        case injectedDefault
        /// The whole value assigned to a stored property in an initialiser (`self.store = Store.shared`): the
        /// default of an injected value when another `init` takes the property as a parameter.
        case initializerAssignment(property: String)

        /// Whether the access is a parameter's default value (of any function, or of an `init` taking the property).
        var isDefault: Bool {
            switch self {
            case .defaultArgument, .injectedDefault: true
            case .direct, .initializerAssignment: false
            }
        }
    }

    /// `Base.member` (or `.member` as a default value): a singleton access if `member` turns out to be a
    /// singleton property of the type `Base` names.
    struct MemberCandidate: Sendable, Codable {
        enum Base: Sendable, Codable {
            /// `Self.shared`.
            case selfType
            /// `DataStore.shared`, `Outer.Inner.shared`: the name tokens, last first, in `nameTokens`.
            case named(Range<Int>)
            /// `.shared` where the type is written elsewhere (the parameter's or the property's annotation).
            case implicit(String)
        }

        var member: String
        var base: Base
        var scope: Int?
        /// The expression's first token, after trivia.
        var start: Int
        /// The end of the expression: candidates nested in an access are not accesses of their own.
        var end: Int
        var context: AccessContext
    }

    /// A reference to a name that may be a global instance (`appState`). Nearly every identifier is one, so
    /// only positions are kept; the name is read back from the source if the codebase has global instances.
    struct ReferenceCandidate: Sendable, Codable {
        /// The name token, without trivia: also where the reference starts.
        var name: Range<Int>
        var scope: Int?
        /// The outermost function, initializer, property, subscript or deinitializer holding the reference (its
        /// whole text, trivia included): all a re-parse needs to see what surrounds the reference and what
        /// shadows it. `nil` in a top-level statement.
        var declaration: Range<Int>?
    }

    /// What surrounds a reached expression, as far as an access's kind depends on it.
    struct AccessContext: Sendable, Codable {
        var usage: Usage
        /// The member used on the expression (`save` in `DataStore.shared.save()`).
        var member: String?
        /// Whether that member is called (`DataStore.shared.save()`), not read (`Settings.shared.locale`).
        var memberIsCalled = false
        /// How that member expression is used, for a service locator (`Locator.shared.api` as a default value).
        var memberUsage: Usage
        /// Where the expression is written and how its value is used (see `SingletonAccess.Site`).
        var site: SingletonAccess.Site = []
        /// The same for the member expression, for a service locator.
        var memberSite: SingletonAccess.Site = []
    }

    /// `x = …`, `self.x += …`, `self.x.y[i] = …`, `x.append(…)` inside a type: a UI state write if the type
    /// guards `x`, and if what the write goes through below `x` are values.
    struct Write: Sendable, Codable {
        /// A step from the property down to what is written: a member (`.cache`) or a subscript (`[key]`).
        enum Step: Sendable, Equatable, Codable {
            case member(String)
            case `subscript`
        }

        var property: String
        /// The steps below the property, outermost first: `member("cache"), member("ids"), subscript` for
        /// `self.api.cache.ids[key] = 1` (`api` is the property). Optional chaining and `!` are no steps.
        var steps: [Step] = []
        /// Whether what the steps reach is the receiver of a mutating method (`self.api.items.append(…)`), so
        /// that it is changed in place like the values the steps go through.
        var isMutatingCall = false
        var offset: Int
        var scope: Int
        var thread: Int?
    }

    /// A dependency asked of a DI container library: Factory's `@Injected(\.api)` (a registration by key path),
    /// Resolver's `@Injected var api: APIClient` or a `resolve(APIClient.self)` call (a type by name).
    struct ContainerCandidate: Sendable, Codable {
        enum Request: Sendable, Codable {
            /// `\.api` or `\AppContainer.api`: the registration `name`, on `container` when the key path names it.
            case keyPath(container: String?, name: String)
            /// A type by its written name, asked of `receiver` (`Resolver`, `container`) when a call names it.
            case type(String, receiver: String?)
        }

        var request: Request
        /// A property wrapper no DI library names (`InjectedProvider`), given a key path: the request stands only if
        /// the codebase declares it a `@propertyWrapper`. `nil` for a library's wrapper and for calls.
        var wrapper: String?
        var scope: Int?
        /// The attribute's `@` or the call's first token.
        var start: Int
        var site: SingletonAccess.Site
    }

    struct Observation: Sendable, Codable {
        var observation: FileObservations.Observation
        var scope: Int?
    }

    struct Literal: Sendable, Codable {
        var literal: FileObservations.Literal
        var scope: Int?
    }

    var scopes: [Scope] = []
    var threads: [Thread] = []
    var members: [MemberCandidate] = []
    /// The text ranges of the names in member candidates' bases (read back only for singleton members).
    var nameTokens: [Range<Int>] = []
    var references: [ReferenceCandidate] = []
    /// The modules the file imports, in order (`import MultisigWalletDomainModel` → `MultisigWalletDomainModel`).
    var imports: [String] = []
    var writes: [Write] = []
    var containerCandidates: [ContainerCandidate] = []
    var observations: [Observation] = []
    var literals: [Literal] = []
    /// Functions that take closures, with where their bodies call them (merged across files into a
    /// `CallbackIndex`).
    var callbackFunctions: [CallbackFunction] = []
}
