import SeamAnalysis
import SwiftSyntax

/// Who may take part in a migration, decided before any edit is drafted: the types that may receive an
/// injected property, the singletons that may be snapshotted into one, and the types that may give up a
/// protocol. Each refusal is a sentence for a note.
struct Eligibility {
    let input: MigrationInput

    /// Conformances a struct synthesizes from its stored properties (an `any P` property breaks them) or
    /// that mark a model, not a consumer of services.
    static let valueModelConformances: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Comparable", "Identifiable",
    ]
    /// Conformances a class synthesizes from its stored properties.
    static let synthesizedClassConformances: Set<String> = ["Codable", "Decodable"]

    /// Why the type declared at `declaration` must not receive injected singletons, or `nil` when it may.
    ///
    /// - Parameter publicProtocol: whether every protocol to inject is `public` (a `public` init can only
    ///   take `public` types).
    func injectionRefusal(for declaration: MigrationInput.Declaration, publicProtocol: Bool) -> String? {
        let view = declaration.view
        if let reason = testCodeRefusal(for: declaration) { return reason }
        if declaration.type.attributes.contains("Model") {
            return "it is a SwiftData `@Model`, whose stored properties are persisted"
        }
        // Through codebase protocols too: onebusaway's list items adopt `OBAListViewItem: Hashable`.
        let conformances = adoptedConformances(of: declaration.type)
        if view.kind == .struct || view.kind == .enum,
            let model = conformances.intersection(Self.valueModelConformances).sorted().first
        {
            return "it is a value-type model (`\(model)`), whose synthesized conformances an `any` property would break"
        }
        if view.kind == .class,
            let synthesized = conformances.intersection(Self.synthesizedClassConformances).sorted().first
        {
            return "it is `\(synthesized)`, whose synthesized initializer an injected property would break"
        }
        // A struct without an initializer of its own keeps an `init()` forwarder beside its memberwise copy, and a
        // plain `init()` given parameters keeps one too.
        let initializers = view.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let writesMemberwise = view.kind == .struct && initializers.isEmpty
        let forwardsInit = initializers.contains {
            $0.signature.parameterClause.parameters.isEmpty && Self.isForwardable($0)
        }
        if !writesMemberwise, !forwardsInit, let required = requiredZeroArgumentInitializer(of: declaration.type) {
            return
                "it conforms to `\(required)`, which requires an `init()` that a defaulted parameter does not satisfy"
        }
        // A memberwise initializer meeting it keeps a forwarder with its labels; an `init()` keeps one too; a class's
        // `required` one with the requirement's labels stays as it is, beside a twin taking the dependencies (see
        // `RequiredInitializerInjection`). Another `required` one (`init?(coder:)`) witnesses nothing.
        if !writesMemberwise, let (name, requirement) = initializerRequirement(of: declaration.type),
            !(requirement.parameters.isEmpty && forwardsInit),
            !initializers.contains(where: { initializer in
                initializer.modifiers.contains("required")
                    && Self.labels(of: initializer) == Self.labels(of: requirement)
            })
        {
            return
                "it conforms to `\(name)`, which requires `\(Self.signature(of: requirement))`; an initializer with another parameter no longer satisfies it"
        }
        if view.kind == .class,
            let selector = Self.objectiveCInitializerSelector(
                in: view, calledFrom: input.objectiveCInitializers, forwardable: false)
        {
            return
                "Objective-C calls its `\(selector)`, which it would lose if the initializer took another parameter, and a `convenience` twin cannot forward it (it fails, throws or is async); inject it by hand"
        }
        if !publicProtocol, SingletonInjection.hasPublicInitializer(in: view) {
            return "it has a `public` initializer, which cannot take an internal protocol type"
        }
        return nil
    }

    /// SDK protocols that require `init()`, which an initializer with defaulted parameters does not satisfy (flipper's
    /// `PlayAlert: AppIntent`, `ArchivedItemEntityQuery: EntityQuery`). Part of the SDK facts the migration knows.
    static let protocolsRequiringInit: Set<String> = [
        "AppIntent", "LiveActivityIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "WidgetConfigurationIntent",
        "ControlConfigurationIntent", "OpenIntent", "ForegroundContinuableIntent", "SetValueIntent",
        "ProgressReportingIntent", "DeleteIntent", "URLRepresentableIntent", "CameraCaptureIntent", "SystemIntent",
        "EntityQuery", "EntityStringQuery", "EntityPropertyQuery", "EnumerableEntityQuery", "UniqueAppEntityQuery",
        "DynamicOptionsProvider", "App", "Widget", "WidgetBundle", "ParsableCommand", "AsyncParsableCommand",
        "ParsableArguments",
    ]

    /// The SDK protocol requiring `init()` that `type` conforms to, directly or through codebase protocols.
    func requiredZeroArgumentInitializer(of type: CodebaseType) -> String? {
        adoptedConformances(of: type).intersection(Self.protocolsRequiringInit).sorted().first
    }

    /// The first initializer a codebase protocol that `type` adopts (directly or through other codebase protocols)
    /// requires, with the protocol's name: paperless's `DocumentDetailViewV4: DocumentDetailViewProtocol`, which
    /// requires `init(store:connection:document:navPath:)`, an initializer that stops witnessing it with one more
    /// parameter, defaulted or not. Read from the model (``CodebaseType/initializers``), like
    /// `SingletonInjection`'s memberwise requirements; an `init` a protocol extension implements is none.
    func initializerRequirement(of type: CodebaseType) -> (protocolName: String, requirement: InitDeclaration)? {
        var found: (String, InitDeclaration)?
        forEachAdoptedConformance(of: type) { _, adopted in
            guard found == nil, let adopted, adopted.kind == .protocol,
                let requirement = adopted.initializers.first(where: { !$0.isInExtension })
            else { return }
            found = (adopted.declaredName, requirement)
        }
        return found
    }

    /// A requirement as a note writes it: `init(title: String)`, `init?(_ id: Int)`.
    private static func signature(of requirement: InitDeclaration) -> String {
        let parameters = requirement.parameters.map { parameter in
            let label = parameter.label ?? "_"
            return (label == parameter.name ? "" : label + " ") + parameter.name + ": " + parameter.typeText
        }
        return "init\(requirement.traits.isFailable ? "?" : "")(\(parameters.joined(separator: ", ")))"
    }

    /// An initializer's argument labels (`["store", "_"]` for `init(store: Store, _ id: Int)`).
    private static func labels(of initializer: InitializerDeclSyntax) -> [String] {
        initializer.signature.parameterClause.parameters.map(\.firstName.text)
    }

    /// A requirement's argument labels, written as ``labels(of:)`` writes a declaration's.
    private static func labels(of requirement: InitDeclaration) -> [String] {
        requirement.parameters.map { $0.label ?? "_" }
    }

    /// The simple names of what `type` adopts, directly or through codebase protocols (`ListItem: Hashable`).
    func adoptedConformances(of type: CodebaseType) -> Set<String> {
        var found: Set<String> = []
        forEachAdoptedConformance(of: type) { written, _ in
            found.insert(written.split(separator: ".").last.map(String.init) ?? written)
        }
        return found
    }

    /// Visits each conformance `type` writes and, through the codebase protocols among them, each one they inherit
    /// (every protocol once), with the codebase type the name resolves to, if any, in the scope it is written in.
    private func forEachAdoptedConformance(of type: CodebaseType, _ visit: (String, CodebaseType?) -> Void) {
        var pending = [(type.conformances, type.name)]
        var seen: Set<String> = []
        while let (conformances, scope) = pending.popLast() {
            for written in conformances {
                let resolved = input.model?.type(named: written, from: scope)
                visit(written, resolved)
                guard let inherited = resolved, inherited.kind == .protocol, seen.insert(inherited.name).inserted
                else { continue }
                pending.append((inherited.conformances, inherited.name))
            }
        }
    }

    /// The Objective-C selector (`initWithSession:`) of an initializer with parameters that Objective-C sees (the
    /// class is `@objcMembers`, or the initializer `@objc`) and the codebase's Objective-C files call (`called`, see
    /// ``ObjectiveCCallers``), if the class has one: element's `@objcMembers
    /// KeyVerificationCoordinatorBridgePresenter` is made with `[[… alloc] initWithSession:]` from `.m` files. An
    /// `init()` and the SDK's initializers a class overrides are kept as forwarders, so they are no obstacle.
    ///
    /// - Parameter forwardable: whether to count initializers a `convenience` twin can forward (see
    ///   ``SingletonInjection/keptSignature(of:dependencies:unit:isClass:)``); `false` finds only the others.
    static func objectiveCInitializerSelector(
        in view: TypeDeclarationView, calledFrom called: Set<String>, forwardable: Bool = true
    ) -> String? {
        guard !called.isEmpty else { return nil }
        for member in view.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                let selector = objectiveCSelector(of: initializer, in: view),
                called.contains(String(selector.prefix { $0 != ":" })), forwardable || !isForwardable(initializer)
            else { continue }
            return selector
        }
        return nil
    }

    /// Whether Objective-C calls `initializer` (one with parameters it sees, whose selector is in `called`).
    static func isObjectiveCCalled(_ initializer: InitializerDeclSyntax, called: Set<String>) -> Bool {
        guard !called.isEmpty else { return false }
        var node = initializer.parent
        while let current = node, TypeDeclarationView(current) == nil { node = current.parent }
        guard let view = node.flatMap(TypeDeclarationView.init),
            let selector = objectiveCSelector(of: initializer, in: view)
        else { return false }
        return called.contains(String(selector.prefix { $0 != ":" }))
    }

    /// The selector Objective-C sees for an initializer with parameters of an `@objcMembers` class or marked `@objc`.
    private static func objectiveCSelector(of initializer: InitializerDeclSyntax, in view: TypeDeclarationView)
        -> String?
    {
        guard view.attributes.contains(named: "objcMembers") || initializer.attributes.contains(named: "objc"),
            !initializer.modifiers.isPrivate, !initializer.attributes.contains(named: "nonobjc"),
            // An SDK class's initializers (`init(frame:)`, `init?(coder:)`) are kept as forwarders.
            !initializer.modifiers.contains("override"), !initializer.modifiers.contains("required")
        else { return nil }
        let labels = initializer.signature.parameterClause.parameters.map { $0.firstName.text }
        guard let first = labels.first, first != "_" else { return nil }
        let head = "initWith" + first.prefix(1).uppercased() + first.dropFirst()
        return head + ":" + labels.dropFirst().map { ($0 == "_" ? "" : $0) + ":" }.joined()
    }

    /// Whether a `convenience` twin can forward to the initializer as it is written: it neither fails, throws nor
    /// awaits.
    static func isForwardable(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.optionalMark == nil && initializer.signature.effectSpecifiers == nil
    }

    /// Why the singleton must not become an injected `let` property, or `nil` when it may (see
    /// ``snapshotRefusal(for:in:among:)``).
    func snapshotRefusal(for singleton: SingletonDeclaration) -> String? {
        Self.snapshotRefusal(for: singleton, in: input.model, among: input.singletons)
    }

    /// The codebase protocol a singleton is declared as, when its users can take that protocol as it is (see
    /// ``declaredProtocolName(of:in:among:)``), with its declaration.
    func declaredProtocol(of singleton: SingletonDeclaration) -> MigrationInput.Declaration? {
        Self.declaredProtocolName(of: singleton, in: input.model, among: input.singletons).flatMap {
            input.protocolDeclaration(named: $0, from: singleton.typeName)
        }
    }

    /// Why the singleton must not become an injected `let` property, or `nil` when it may: the analysis's
    /// facts about its declaration decide (a value would change meaning as a snapshot; an
    /// instance of another type than the one it is reached through has no protocol to extract here). The model
    /// alone decides, so the migration knows before it parses anything which singletons' uses it leaves alone.
    ///
    /// - Parameter singletons: the singletons the migration considers (another singleton of the same type
    ///   declared otherwise leaves the type without one plan).
    static func snapshotRefusal(
        for singleton: SingletonDeclaration, in model: Codebase?, among singletons: [SingletonDeclaration]
    ) -> String? {
        let declaration = singleton
        // A value in a `let` never changes, so a copy is the same value for good (what it holds by reference
        // stays shared); one in a `var` can be replaced or mutated behind the copy's back.
        if declaration.isValue && declaration.isMutable {
            return
                "`\(singleton.typeName)` is a value type in a `var`: an injected copy would not see later changes to `\(singleton.accessExpression)`"
        }
        // `init(store: any StoreProtocol = store)` would read the parameter's own property, not the global.
        if declaration.kind == .globalInstance, declaration.propertyName == singleton.simpleName.lowerCamelCased {
            return
                "the global `\(singleton.propertyName)` has the name its injected property would take, so it could not be that property's default; rename the global to migrate it"
        }
        if declaration.instanceType != singleton.typeName,
            declaredProtocolName(of: singleton, in: model, among: singletons) == nil,
            heldClass(of: singleton, in: model) == nil
        {
            let held = declaration.instanceType.map { "a `\($0)`" } ?? "what a factory returns"
            return "`\(singleton.accessExpression)` holds \(held), not a `\(singleton.typeName)`: inject it by hand"
        }
        return nil
    }

    /// The codebase class or actor a singleton holds when it is not its own type's instance (kiwix's `enum CookieStore {
    /// @MainActor static let shared = ZimCookieStore(…) }`, a namespace holding the service): its users take that class,
    /// as every use through the singleton already does. Each member of a namespace is planned on its own (stepik's
    /// `ApiDataDownloader` holds 20 API classes; ``ProtocolPlans``). `nil` for a protocol
    /// (``declaredProtocolName(of:in:among:)``) and for a type of another target than the singleton's (its users may
    /// not see it).
    static func heldClass(of singleton: SingletonDeclaration, in model: Codebase?) -> CodebaseType? {
        guard let held = singleton.instanceType, held != singleton.typeName,
            let type = model?.type(named: held, from: singleton.typeName), type.kind == .class || type.kind == .actor,
            type.fragments.contains(where: { !$0.isExtension }), let owner = model?.types[singleton.typeName],
            type.target == owner.target
        else { return nil }
        return type
    }

    /// The codebase protocol a singleton is declared as, when its users can take that protocol as it is:
    /// `static var shared: DependencyProvider = AppDependencyProvider()` (DuckDuckGo's locator), or an optional slot
    /// filled at launch (dydx's `public class Router { public static var shared: RouterProtocol? }`, which its users
    /// then read through a closure, as any optional filled in later). Every use through the singleton already goes
    /// through the protocol, so nothing is extracted or added to it. `nil` when another singleton of the type is
    /// declared otherwise (the type has one plan).
    static func declaredProtocolName(
        of singleton: SingletonDeclaration, in model: Codebase?, among singletons: [SingletonDeclaration]
    ) -> String? {
        guard let held = singleton.instanceType, held != singleton.typeName,
            let type = model?.type(named: held, from: singleton.typeName), type.kind == .protocol,
            type.fragments.contains(where: { !$0.isExtension }),
            singletons.allSatisfy({ $0.typeName != singleton.typeName || $0.instanceType == held })
        else { return nil }
        return held
    }

    /// Why the migration may not name the singleton's type where it would, or `nil` when it may: a private type is
    /// invisible outside its file, to the container's `Live` value and to the types in other files that would take it
    /// (ugglan's `private class RUMViewTracker`).
    func visibilityRefusal(for singleton: SingletonDeclaration) -> String? {
        guard singleton.kind != .globalInstance, let entry = input.declaration(of: singleton.typeName),
            entry.view.modifiers.isPrivate
        else { return nil }
        return "`\(entry.view.name)` is private to its file, so neither the container nor a type elsewhere can name it"
    }

    /// Why no protocol may be extracted from the type declared at `declaration`, or `nil` when one may (a private
    /// type never gets here: ``visibilityRefusal(for:)``).
    func extractionRefusal(for declaration: MigrationInput.Declaration) -> String? {
        let view = declaration.view
        if let reason = testCodeRefusal(for: declaration) { return reason }
        if declaration.type.conformances.contains("OptionSet") {
            return "`\(view.name)` is an `OptionSet`, a value, not a service"
        }
        // `@ZimActor struct ZimFileService`: a protocol would drop the isolation that serializes its callers.
        if let actor = declaration.type.attributes.first(where: { attribute in
            attribute != "MainActor"
                && input.model?.type(named: attribute, from: declaration.type.name)?.isGlobalActor == true
        }) {
            return
                "`\(view.name)` is isolated to the global actor `\(actor)`, which an extracted protocol would not carry"
        }
        return nil
    }

    /// Why test code must stay as it is: test doubles (by the analysis's one list of their names), test
    /// suites and anything in a test file.
    func testCodeRefusal(for declaration: MigrationInput.Declaration) -> String? {
        let view = declaration.view
        if declaration.type.isInTestFile { return "`\(view.name)` is test code (in a test file)" }
        if TestDoubles.isTestDouble(declaration.type.simpleName) {
            return "`\(view.name)` is a test double"
        }
        if declaration.type.attributes.contains("Suite")
            || declaration.type.conformances.contains(where: { $0.hasSuffix("TestCase") })
        {
            return "`\(view.name)` is a test suite"
        }
        return nil
    }
}
