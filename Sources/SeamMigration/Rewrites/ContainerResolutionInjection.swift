import SeamAnalysis
import SwiftSyntax

/// The DI container resolutions a type keeps become `init` parameters whose default is the same resolution
/// (anytype's 778 Factory `@Injected` properties): a property filled by a container's property wrapper
/// (Factory's `@Injected(\.api)`, Resolver's `@Injected`) or by an initial value that resolves
/// (`private let api: any APIServicing = Container.shared.api()`).
///
/// ```swift
/// @Injected(\.api) private var api: any APIServicing      →   private var api: any APIServicing
/// init(output: Output) {                                   →   init(output: Output, api: any APIServicing = Container.shared.api()) {
///                                                          →       self.api = api
/// ```
///
/// The container resolves when the instance is made, as the wrapper and the initial value did; every caller
/// compiles as before, and a test or a preview passes its own value instead of registering it on the shared
/// container. The container stays the composition root: its registrations are untouched.
///
/// An initializer whose signature cannot change (`override`, `required`, `public`, `@objc`, or one Objective-C
/// calls) assigns the resolution itself; a type none of whose initializers can take the parameter is left as it
/// is, with a note. A class without an initializer gets one only when it inherits none. Resolutions in methods and
/// closures stay: they resolve when they run.
struct ContainerResolutionInjection {
    let input: MigrationInput

    /// The resolutions of one type that become parameters: decided before any initializer is edited, so that the
    /// singleton injection can add them to the initializers it changes (``SingletonInjection/AddedParameter``).
    struct Plan {
        var typeName: String
        fileprivate var entry: MigrationInput.Declaration
        fileprivate var properties: [Property]
        /// The sites the parameters replace (the wrappers and initial values).
        var sites: [SingletonAccess]

        /// `api: any APIServicing = Container.shared.api()`, one per property.
        var addedParameters: [SingletonInjection.AddedParameter] {
            properties.map {
                .init(name: $0.name, declaration: "\($0.name): \($0.type) = \($0.resolution)", value: $0.resolution)
            }
        }
        /// The wrappers and initial values taken away, whoever adds the parameters.
        var removals: [(file: Int, edit: SourceEdit)] { properties.map { (entry.file, $0.removal) } }
        /// `api ← Container.shared.api()`, for the summary.
        var injections: [String] { properties.map { "\($0.name) ← \($0.resolution)" } }
    }

    /// A property the container fills, and the parameter it becomes.
    fileprivate struct Property {
        var name: String
        var type: String
        /// The resolution, as the parameter's default and as what a fixed initializer assigns.
        var resolution: String
        /// The wrapper attribute or the initial value, taken away.
        var removal: SourceEdit
        var declaration: VariableDeclSyntax
    }

    struct Refusal: Error {
        var message: String
        /// Why each site stays, when the type is refused because none of its properties can be injected: more
        /// telling than the type's one message.
        var siteNotes: [MigrationNote] = []
    }

    /// The plan of every type keeping resolutions, and the notes of the properties that stay.
    func plans() -> (plans: [String: Plan], notes: [MigrationNote]) {
        var plans: [String: Plan] = [:]
        var notes: [MigrationNote] = []
        let declaresInjected =
            input.model?.sortedTypes.contains { $0.simpleName == "Injected" && $0.kind != .external } ?? false
        let sites = input.containerSites.filter { site in
            !site.isInjectionDefault && !site.site.contains(.preview) && site.enclosingType != nil
                && (site.site.contains(.propertyWrapper) || site.site.contains(.storedValue))
                && input.model?.file(at: site.location.file)?.isTest != true
        }
        for (owner, ownSites) in Dictionary(grouping: sites, by: { $0.enclosingType ?? "" }) {
            switch plan(
                for: owner, sites: ownSites.sorted { $0.offset < $1.offset }, declaresInjected: declaresInjected)
            {
            case .success(let (plan, planNotes)):
                plans[owner] = plan
                notes += planNotes
            case .failure(let refusal):
                notes += refusal.siteNotes.isEmpty ? ownSites.map { note($0, refusal.message) } : refusal.siteNotes
            }
        }
        return (plans, notes)
    }

    /// The edits of a plan no other rewrite changes the initializers for: the parameters in every designated
    /// initializer (or a new one), and the removals.
    func edits(for plan: Plan) -> Swift.Result<[(file: Int, edit: SourceEdit)], Refusal> {
        let entry = plan.entry
        let properties = plan.properties
        let file = input.files[entry.file]
        let unit = Indentation.unit(of: file.text)
        let initializers = SingletonInjection.initializers(in: entry.view.memberBlock).filter {
            !AccessSiteClassifier.isDelegating($0)
        }
        var changeable = initializers.filter { !isFixed($0) }
        // Only `override` ones (keyapp's `override init()` of a `BaseViewModel`): each takes the parameters and keeps a
        // `convenience override` forwarding the resolutions (``OverrideConversion``), unless a codebase class inherits
        // from this one (its `super.init()` would reach a convenience initializer).
        var converted: [InitializerDeclSyntax] = []
        if changeable.isEmpty, !hasSubclasses(entry.type.name) {
            converted = initializers.filter { initializer in
                OverrideConversion.isConvertible(initializer) && !isFixed(initializer, override: false)
            }
            changeable = converted
        }
        var edits = plan.removals
        let declarations = plan.addedParameters.map(\.declaration)
        if initializers.isEmpty {
            // A struct without an initializer has its memberwise one; a subclass inherits its superclass's.
            guard entry.view.kind != .struct, entry.type.superclass == nil else {
                return .failure(
                    Refusal(
                        message: entry.view.kind == .struct
                            ? "the struct has only its memberwise initializer, which a new parameter would change"
                            : "the class inherits its initializers, which a designated one of its own would hide"))
            }
            // After the type's last stored property, where an initializer is read with what it assigns.
            let stored = entry.view.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter {
                variable in
                !variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                    && variable.bindings.allSatisfy { $0.accessorBlock == nil }
            }
            guard let member = stored.last else {
                return .failure(Refusal(message: "the type has no stored property to put an `init` after"))
            }
            let indent = member.lineIndentation
            var lines = [
                "", "", "\(indent)init\(SingletonInjection.parameterList(declarations, indent: indent, unit: unit)) {",
            ]
            lines += properties.map { "\(indent)\(unit)self.\($0.name) = \($0.name)" }
            lines.append("\(indent)}")
            edits.append(
                (entry.file, .insert(lines.joined(separator: "\n"), at: member.endPositionBeforeTrailingTrivia)))
            return .success(edits)
        }
        guard !changeable.isEmpty else {
            return .failure(
                Refusal(
                    message:
                        "no `init` of the type can take a new parameter (each is `required`, `public`, `@objc`, called from Objective-C, or an `override` in a class the codebase subclasses)"
                ))
        }
        for initializer in initializers {
            if converted.contains(where: { $0.id == initializer.id }) {
                edits += OverrideConversion.edits(
                    for: initializer, forwarding: properties.map { "\($0.name): \($0.resolution)" }, unit: unit
                ).map { (entry.file, $0) }
            }
            if changeable.contains(where: { $0.id == initializer.id }) {
                edits += SingletonInjection.parameterEdits(
                    adding: declarations, to: initializer.signature.parameterClause, of: initializer, file: entry.file,
                    unit: unit)
                edits += SingletonInjection.assignmentEdits(
                    for: initializer, assigning: properties.map { ($0.name, $0.name) }, file: entry.file, unit: unit)
            } else if !RequiredInitializerInjection.onlyTraps(initializer) {
                // `required init?(coder:)`: resolved where the wrapper resolved it.
                edits += SingletonInjection.assignmentEdits(
                    for: initializer, assigning: properties.map { ($0.name, $0.resolution) }, file: entry.file,
                    unit: unit)
            }
        }
        return .success(edits)
    }

    /// Whether a codebase class inherits from the class `name`.
    private func hasSubclasses(_ name: String) -> Bool {
        input.model?.types.values.contains { $0.superclass == name } ?? false
    }

    /// A note at a resolution that stays.
    func note(_ site: SingletonAccess, _ reason: String) -> MigrationNote {
        let name = site.locatorMember.map { "\(site.singletonType).\($0)" } ?? site.providedType ?? site.singletonType
        return MigrationNote(
            kind: .leftUntouched, location: site.location,
            message: "`\(name)` resolved in `\(site.enclosingType ?? "")`: \(reason)")
    }

    private func plan(
        for owner: String, sites: [SingletonAccess], declaresInjected: Bool
    ) -> Swift.Result<(Plan, [MigrationNote]), Refusal> {
        guard let entry = input.declaration(of: owner), [.class, .actor, .struct].contains(entry.view.kind) else {
            return .failure(Refusal(message: "the type has no single declaration among the migrated files"))
        }
        let file = input.files[entry.file]
        var notes: [MigrationNote] = []
        var properties: [Property] = []
        var replaced: [SingletonAccess] = []
        for site in sites {
            guard site.location.file == file.path else {
                notes.append(note(site, "the property is declared outside the type's declaration"))
                continue
            }
            switch property(at: site, in: entry.view.memberBlock, text: file.text, declaresInjected: declaresInjected) {
            case .success(let property):
                if !properties.contains(where: { $0.name == property.name }) { properties.append(property) }
                replaced.append(site)
            case .failure(let refusal):
                notes.append(note(site, refusal.message))
            }
        }
        guard !properties.isEmpty else {
            return .failure(Refusal(message: "nothing to inject", siteNotes: notes))
        }
        let names = Set(properties.map(\.name))
        for initializer in SingletonInjection.initializers(in: entry.view.memberBlock) {
            let taken = initializer.signature.parameterClause.parameters.flatMap {
                [$0.firstName.text, $0.secondName?.text ?? $0.firstName.text]
            }
            if let clash = taken.first(where: names.contains) {
                return .failure(Refusal(message: "an `init` of the type already takes a parameter named `\(clash)`"))
            }
        }
        return .success((Plan(typeName: owner, entry: entry, properties: properties, sites: replaced), notes))
    }

    /// Whether the initializer keeps its signature: an override or a requirement (unless `override` is false),
    /// public API, or what Objective-C calls.
    private func isFixed(_ initializer: InitializerDeclSyntax, override: Bool = true) -> Bool {
        (override && SingletonInjection.hasFixedSignature(initializer))
            || initializer.modifiers.contains("public") || initializer.modifiers.contains("open")
            || initializer.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc"
            }
            || Eligibility.isObjectiveCCalled(initializer, called: input.objectiveCInitializers)
    }

    /// The property a resolution fills, read from the member declaring it.
    /// - Parameter declaresInjected: whether the codebase declares a type named `Injected`, a wrapper of its own
    ///   whose resolution is not a library's.
    private func property(
        at site: SingletonAccess, in block: MemberBlockSyntax, text: String, declaresInjected: Bool
    ) -> Swift.Result<Property, Refusal> {
        let position = AbsolutePosition(utf8Offset: site.offset)
        guard
            let variable = block.members.lazy.compactMap({ $0.decl.as(VariableDeclSyntax.self) }).first(where: {
                $0.range.contains(position)
            })
        else {
            return .failure(Refusal(message: "the property is under `#if` or not a member of the type's declaration"))
        }
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let annotation = binding.typeAnnotation,
            binding.accessorBlock == nil,
            !variable.modifiers.contains(where: {
                ["static", "class", "lazy", "weak", "unowned"].contains($0.name.text)
            })
        else {
            return .failure(
                Refusal(
                    message:
                        "the property is static, lazy, weak, computed, untyped or one of several in its declaration"))
        }
        if variable.attributes.contains(where: {
            $0.as(AttributeSyntax.self).map(AccessSiteClassifier.isAvailabilityGate) ?? false
        }) {
            return .failure(
                Refusal(message: "the property is `@available` only on some systems, and a parameter cannot be"))
        }
        if site.site.contains(.propertyWrapper) {
            guard
                let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: {
                    $0.range.contains(position)
                }),
                let resolution = Self.resolution(of: attribute, site: site, declaresInjected: declaresInjected)
            else {
                return .failure(
                    Refusal(
                        message:
                            "only a library's `@Injected` resolves when the instance is made (a lazy or custom wrapper resolves later)"
                    ))
            }
            return .success(
                Property(
                    name: name, type: annotation.type.trimmedDescription, resolution: resolution,
                    removal: Self.removal(of: attribute, in: text), declaration: variable))
        }
        guard let initializer = binding.initializer, initializer.value.positionAfterSkippingLeadingTrivia == position,
            Self.isResolution(initializer.value)
        else {
            return .failure(Refusal(message: "the initial value does more than resolve the dependency"))
        }
        let removal = SourceEdit(
            range: annotation.endPositionBeforeTrailingTrivia
                .utf8Offset..<initializer.endPositionBeforeTrailingTrivia.utf8Offset,
            replacement: "")
        return .success(
            Property(
                name: name, type: annotation.type.trimmedDescription, resolution: initializer.value.trimmedDescription,
                removal: removal, declaration: variable))
    }

    /// What a library's `@Injected` resolves when the instance is made: Factory's `@Injected(\.api)` is
    /// `Container.shared.api()` (`@Injected(\AppContainer.api)`, `AppContainer.shared.api()`); Resolver's bare
    /// `@Injected` is `Resolver.resolve()`. `nil` for any other wrapper or form.
    static func resolution(of attribute: AttributeSyntax, site: SingletonAccess, declaresInjected: Bool) -> String? {
        guard !declaresInjected, attribute.attributeName.trimmedDescription == "Injected" else { return nil }
        guard let arguments = attribute.arguments else {
            return site.singletonType == "Resolver" ? "Resolver.resolve()" : nil
        }
        guard case .argumentList(let list) = arguments, list.count == 1, let only = list.first, only.label == nil,
            let keyPath = only.expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
            let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self),
            component.genericArgumentClause == nil, let registration = site.locatorMember,
            component.declName.baseName.text == registration
        else { return nil }
        let container = keyPath.root?.trimmedDescription ?? "Container"
        return "\(container).shared.\(registration)()"
    }

    /// Whether an initial value is only a resolution: `Container.shared.api()`, `AppContainer.shared.api()`,
    /// `Resolver.resolve()`, `resolve()`, `resolve(\.api)`, `container.resolve(API.self)!`.
    static func isResolution(_ value: ExprSyntax) -> Bool {
        var expression = value
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrapped.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "resolve" { return call.arguments.count <= 1 }
            // `Container.shared.api()`.
            guard call.arguments.isEmpty, let base = member.base?.as(MemberAccessExprSyntax.self),
                base.declName.baseName.text == "shared", base.base?.is(DeclReferenceExprSyntax.self) == true
            else { return false }
            return true
        }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "resolve"
            && call.arguments.count <= 1
    }

    /// Takes the attribute away with the space that separated it, or its whole line when it stood alone on it.
    static func removal(of attribute: AttributeSyntax, in text: String) -> SourceEdit {
        let bytes = Array(text.utf8)
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = attribute.endPositionBeforeTrailingTrivia.utf8Offset
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var lineStart = start
        while lineStart > 0, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
        var after = end
        while after < bytes.count, isBlank(bytes[after]) { after += 1 }
        let aloneBefore = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
        let endsLine = after == bytes.count || bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r")
        if aloneBefore && endsLine {
            // The whole line, its line break included.
            var next = after
            if next < bytes.count, bytes[next] == UInt8(ascii: "\r") { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "\n") { next += 1 }
            return SourceEdit(range: lineStart..<next, replacement: "")
        }
        // `@ObservationIgnored @Injected(\.api)` at the end of its line: the space before it goes.
        if endsLine { return SourceEdit(range: lineStart..<end, replacement: "") }
        return SourceEdit(range: start..<after, replacement: "")
    }
}
