import Foundation
import SeamAnalysis
import SwiftSyntax

/// The one dependencies container SwiftUI views read from the environment (`@Environment(\.dependencies)`).
///
/// - When the app has a container type (``MigrationOptions/containerTypeNames``), views read it: the view
///   dependencies are registered in it like any other (``ContainerRegistration``), and unless an
///   `EnvironmentValues` property of its type exists, `<Container>+Environment.swift` is written next to it with
///   an `EnvironmentKey` whose default is the live container (`AppContainer.shared`, or `AppContainer()`).
/// - Otherwise `Dependencies.swift` is written next to the views: `struct AppDependencies` with one property per
///   dependency, typed by its protocol and defaulting to the singleton, its `enum Live` (the defaults of the
///   injected initializers), and inside `#if canImport(SwiftUI)` the key and `EnvironmentValues.dependencies`.
///
/// Isolation: `EnvironmentKey.defaultValue` is a nonisolated static requirement. A container holding only
/// nonisolated dependencies is a plain struct and the key's default is computed (a new container of the live
/// singletons, so there is no shared mutable global for Swift 6 to reject). A container holding a `@MainActor`
/// dependency is `@MainActor` (which makes the struct `Sendable`, so it can cross into the nonisolated
/// requirement) and the default is made with `MainActor.assumeIsolated`: SwiftUI reads a view's environment
/// on the main actor.
struct DependenciesContainer {
    let input: MigrationInput
    let options: MigrationOptions

    /// The generated container's name.
    static let generatedName = "AppDependencies"

    /// The container the views read.
    struct Choice {
        /// The container type's name as the views' code writes it.
        var typeName: String
        /// The `EnvironmentValues` property the views read (`dependencies`).
        var keyName: String
        /// The app's container, or `nil` when it is generated.
        var existing: MigrationInput.Declaration?
        /// Where the generated container (or the existing container's key) is written, when it is.
        var newFile: String?
        /// The build target the views must be in.
        var target: String
    }

    /// The app's container type, if it has one the views can read (a class or struct, not generic).
    func existingContainer() -> MigrationInput.Declaration? {
        guard let entry = input.containerDeclaration(named: options.containerTypeNames),
            [.class, .struct].contains(entry.view.kind), !entry.view.isGeneric
        else { return nil }
        return entry
    }

    /// The `EnvironmentValues` properties the codebase declares: name → type as written.
    func environmentProperties() -> [String: String] {
        guard let type = input.model?.sortedTypes.first(where: { $0.simpleName == "EnvironmentValues" }) else {
            return [:]
        }
        var properties: [String: String] = [:]
        for fragment in input.extensions(of: type) {
            for member in fragment.view.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else {
                    continue
                }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    properties[name] = binding.typeAnnotation?.type.trimmedDescription ?? ""
                }
            }
        }
        return properties
    }

    /// Chooses the container for views in `targets` (build target → moved sites), or says why there is none.
    func choose(viewFiles: [String: [String]], root: String) -> Swift.Result<Choice, Refusal> {
        let environment = environmentProperties()
        // The target with the most view sites; one container per app.
        guard let target = viewFiles.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) })?.key else {
            return .failure(Refusal(message: "no view"))
        }
        if let entry = existingContainer() {
            let name = entry.view.name
            // Views read an existing container in its own target only (kiwix's second run moved the views of
            // `App`, which had the most sites left, onto the container in `Views`).
            let target = entry.type.target
            if let key = environment.first(where: { $0.value == name })?.key {
                return .success(Choice(typeName: name, keyName: key, existing: entry, newFile: nil, target: target))
            }
            // The new key's `defaultValue` must build one (DuckDuckGo's `AppDependencies` takes fourteen services).
            guard liveValue(of: entry) != nil else {
                return .failure(
                    Refusal(
                        message:
                            "the container `\(name)` has no `shared`, `current` or `live` instance and no initializer without arguments, so no environment key can default to one; declare `EnvironmentValues.\(ViewEnvironmentInjection.keyName)` of type `\(name)` and install it at the root to let views read it"
                    ))
            }
            if let other = environment[ViewEnvironmentInjection.keyName] {
                return .failure(
                    Refusal(
                        message:
                            "`EnvironmentValues.\(ViewEnvironmentInjection.keyName)` already exists, of type `\(other)` rather than the container `\(name)`"
                    ))
            }
            let folder = PathText.folder(of: input.files[entry.file].path)
            let path = PathText.join(folder, "\(name)+Environment.swift")
            guard !exists(path, root: root) else { return .failure(Refusal(message: "\(path) already exists")) }
            return .success(
                Choice(
                    typeName: name, keyName: ViewEnvironmentInjection.keyName, existing: entry, newFile: path,
                    target: target))
        }
        if input.declaresType(named: Self.generatedName) {
            return .failure(
                Refusal(
                    message:
                        "the codebase already has a type named `\(Self.generatedName)` that is no container views can read (an enum, a generic or an ambiguous name)"
                ))
        }
        if let other = environment[ViewEnvironmentInjection.keyName] {
            return .failure(
                Refusal(
                    message:
                        "`EnvironmentValues.\(ViewEnvironmentInjection.keyName)` already exists, of type `\(other)`"))
        }
        let folder = Self.folder(for: viewFiles[target, default: []], appFile: appFile(in: target))
        for name in ["Dependencies.swift", "\(Self.generatedName).swift"] {
            let path = folder.isEmpty ? name : PathText.join(folder, name)
            if !exists(path, root: root) {
                return .success(
                    Choice(
                        typeName: Self.generatedName, keyName: ViewEnvironmentInjection.keyName, existing: nil,
                        newFile: path, target: target))
            }
        }
        return .failure(
            Refusal(message: "\(folder)/Dependencies.swift and \(folder)/\(Self.generatedName).swift already exist"))
    }

    struct Refusal: Error {
        var message: String
    }

    private func exists(_ path: String, root: String) -> Bool {
        input.fileIndex[path] != nil
            || FileManager.default.fileExists(atPath: URL(fileURLWithPath: root).appendingPathComponent(path).path)
    }

    /// The file of the target's SwiftUI `App`, if the model has one.
    private func appFile(in target: String) -> String? {
        input.model?.sortedTypes.first {
            $0.target == target && $0.conformances.contains("App") && $0.kind != .external
        }?.fragments.first?.file
    }

    /// Next to the app's `App` type, else in the deepest folder that holds every view file.
    static func folder(for files: [String], appFile: String?) -> String {
        if let appFile { return PathText.folder(of: appFile) }
        let folders = files.map { PathText.folder(of: $0).split(separator: "/").map(String.init) }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.joined(separator: "/")
    }

    /// The container property each dependency is read through: an existing property of the app's container
    /// that provides it (by name, by its protocol or type, or by its `S.shared` value), or the property
    /// ``ContainerRegistration`` adds (`registered`); `nil` when the container does not provide it.
    func member(
        for dependency: SingletonInjection.Dependency, in entry: MigrationInput.Declaration, registered: Set<String>
    ) -> String? {
        var byType: String?
        for member in entry.view.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
                !variable.modifiers.isPrivate
            else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                if type.hasSuffix("?") || type.hasSuffix("!") { continue }
                if entry.view.kind == .struct, variable.modifiers.contains("lazy") { continue }
                if name == dependency.propertyName, !type.isEmpty { return name }
                let value = binding.initializer?.value.trimmedDescription
                if ContainerRegistration.containsWord(dependency.plan.protocolName, in: type)
                    || type == dependency.singleton.typeName || type == dependency.singleton.simpleName
                    || value == dependency.singleton.accessExpression || value == dependency.singleton.sourceExpression
                {
                    byType = byType ?? name
                }
            }
        }
        if let byType { return byType }
        return registered.contains(dependency.singleton.typeName) ? dependency.propertyName : nil
    }

    /// The names of a container's static that hands out the app's instance, in order of preference.
    private static let instanceNames = ["current", "live", "default", "standard"]

    /// The value the key defaults to for the app's container: its `shared` instance, a static of its own type named
    /// as the app's instance (see `instanceNames`), or a new one when it can be made without arguments; `nil` when
    /// none.
    func liveValue(of entry: MigrationInput.Declaration) -> String? {
        let name = entry.view.name
        if let shared = entry.type.singletonDeclarations.first(where: { $0.propertyName == "shared" && !$0.isOptional })
        {
            return "\(name).\(shared.propertyName)"
        }
        // A static of its own type handing out the app's instance (amakaflow's `static var current: AppDependencies`
        // choosing between `static let live` and a fixture), by the names that say so; one isolated to the main actor
        // is left to the initializer or to a note (only a main-actor container's value is read through
        // `MainActor.assumeIsolated`).
        let handedOut = Set(
            entry.type.properties.filter { property in
                property.isStatic && !property.isOptional && !property.attributes.contains("MainActor")
                    && (property.typeName?.split(separator: ".").last.map(String.init) == name
                        || property.typeName == "Self")
            }.map(\.name))
        if let instance = Self.instanceNames.first(where: handedOut.contains) { return "\(name).\(instance)" }
        let initializers = entry.type.initializers
        if initializers.contains(where: { $0.parameters.allSatisfy { $0.defaultValue != nil } }) {
            return "\(name)()"
        }
        // No initializer: `Name()` exists only when every stored property starts with a value (DuckDuckGo's
        // `struct AppDependencies` has fourteen `let`s without one: its memberwise initializer takes them all).
        let unset = entry.type.instanceProperties.filter { property in
            !property.isComputed && property.initialValue == nil && !(property.isOptional && !property.isLet)
                && property.attributes.isEmpty
        }
        if initializers.isEmpty, unset.isEmpty {
            return "\(name)()"
        }
        return nil
    }

    // MARK: Text

    /// One line per dependency, each inside the `#if` its singleton's type is declared in (the model's
    /// ``TypeFragment/conditions``: a macOS-only updater, an iOS-only rotation manager), consecutive lines
    /// under the same conditions sharing one `#if`.
    private func conditional(
        _ dependencies: [SingletonInjection.Dependency], indent: String, line: (SingletonInjection.Dependency) -> String
    ) -> [String] {
        var lines: [String] = []
        var open: [String] = []
        for dependency in dependencies {
            let conditions =
                input.model?.types[dependency.singleton.typeName]?.fragments.first { !$0.isExtension }?.conditions ?? []
            if conditions != open {
                if !open.isEmpty { lines.append("\(indent)#endif") }
                if !conditions.isEmpty {
                    lines.append(
                        "\(indent)#if \(conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " && "))"
                    )
                }
                open = conditions
            }
            lines.append(indent + line(dependency))
        }
        if !open.isEmpty { lines.append("\(indent)#endif") }
        return lines
    }

    /// `EnvironmentKey` and `EnvironmentValues.<key>` for a container, inside `#if canImport(SwiftUI)`.
    static func environmentText(typeName: String, keyName: String, liveValue: String, isMainActor: Bool, indent: String)
        -> [String]
    {
        let value = isMainActor ? "MainActor.assumeIsolated { \(liveValue) }" : liveValue
        var lines = [
            "#if canImport(SwiftUI)",
            "import SwiftUI",
            "",
            "/// The environment key of `\(typeName)`; its default is the live dependencies.",
            "private struct \(typeName)Key: EnvironmentKey {",
        ]
        if isMainActor {
            lines.append("\(indent)// A nonisolated requirement: SwiftUI reads a view's environment on the main actor.")
        }
        lines += [
            "\(indent)static var defaultValue: \(typeName) { \(value) }",
            "}",
            "",
            "extension EnvironmentValues {",
            "\(indent)/// The app's dependencies, as SwiftUI views read them: `@Environment(\\.\(keyName)) private var \(keyName)`.",
            "\(indent)/// Previews and tests install others with `.environment(\\.\(keyName), …)`.",
            "\(indent)var \(keyName): \(typeName) {",
            "\(indent)\(indent)get { self[\(typeName)Key.self] }",
            "\(indent)\(indent)set { self[\(typeName)Key.self] = newValue }",
            "\(indent)}",
            "}",
            "#endif",
        ]
        return lines
    }

    /// The key file for the app's container.
    func keyFile(for entry: MigrationInput.Declaration, keyName: String, liveValue: String) -> String {
        let indent = Indentation.unit(of: input.files[entry.file].text)
        let lines =
            ["// Written by `seam migrate`: SwiftUI views read `\(entry.view.name)` from the environment.", ""]
            + Self.environmentText(
                typeName: entry.view.name, keyName: keyName, liveValue: liveValue,
                isMainActor: entry.type.isolatedToMainActor, indent: indent)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The generated container: every dependency a view reads (`properties`) and the `Live` values of the
    /// injected initializers (`live`).
    ///
    /// It imports the module of each singleton declared in another Swift package than `path` (a package
    /// target's name is its module's), and that of a singleton of another Xcode target when a file of `target`
    /// (the container's) imports it already: a framework the app links. Which other targets a target links is
    /// not the model's to say (a file shared by the app and its extension is no module to import).
    func generatedFile(
        path: String, properties: [SingletonInjection.Dependency], live: [SingletonInjection.Dependency],
        retired: [SingletonRetirement.Retired] = [], indent: String, target: String? = nil
    ) -> String {
        // A retired singleton's instance is held by `Live`, which every property and default reads.
        let retiredByName = Dictionary(retired.map { ($0.propertyName, $0) }, uniquingKeysWith: { first, _ in first })
        let liveValues = LiveValues(style: options.containerStyle)
        func value(_ dependency: SingletonInjection.Dependency) -> String {
            retiredByName[dependency.propertyName] != nil
                ? liveValues.read(
                    dependency.propertyName, of: dependency.singleton, in: Self.generatedName,
                    isMainActor: dependency.plan.isMainActor) : dependency.singleton.sourceExpression
        }
        let isMainActor = properties.contains { $0.plan.isMainActor }
        // A property whose default reads the Seam container: the file imports Seam, as a default may only call
        // what its own file imports.
        let readsSeam = properties.contains {
            retiredByName[$0.propertyName] != nil && liveValues.holdsInKey(isMainActor: $0.plan.isMainActor)
        }
        let imports =
            (readsSeam ? ["Seam"] : [])
            + ModuleImports(input: input).foreignModules(
                of: (properties + live).map(\.singleton), from: path, target: target)
        var lines = [
            "// Written by `seam migrate`: the app's dependencies, which SwiftUI views read from the environment.", "",
        ]
        if !imports.isEmpty { lines += imports.sorted().map { "import \($0)" } + [""] }
        lines += [
            "/// The app's dependencies, one per service, typed by its protocol and defaulting to the live instance.",
            "/// SwiftUI views read them with `@Environment(\\.\(ViewEnvironmentInjection.keyName))`; previews and tests install other values.",
        ]
        if isMainActor { lines.append("@MainActor") }
        lines.append("struct \(Self.generatedName) {")
        // Each dependency is read when first used, as the singleton was: building the container (the environment's
        // default, at the first view reading it) makes none of them (linphone's splash screen made every service,
        // which read a configuration that was not there yet). One set in its place (a preview's, a test's) wins.
        lines += conditional(properties, indent: indent) { dependency in
            let name = dependency.propertyName
            return [
                "var \(name): \(dependency.propertyType) {",
                "\(indent)get { _\(name) ?? \(value(dependency)) }",
                "\(indent)set { _\(name) = newValue }",
                "}",
                "private var _\(name): \(MockGenerator.optional(dependency.propertyType)) = nil",
            ].joined(separator: "\n" + indent)
        }
        // With Seam keys, the keys hold the live instances (``SeamKeyRegistration``), not an `enum Live`.
        let computed = live.filter {
            retiredByName[$0.liveName] == nil && !liveValues.holdsInKey(isMainActor: $0.plan.isMainActor)
        }
        let retired = retired.filter { !liveValues.holdsInKey(isMainActor: $0.isMainActor) }
        if !computed.isEmpty || !retired.isEmpty {
            if !properties.isEmpty { lines.append("") }
            lines += [
                "\(indent)/// The live dependencies, which injected initializers take as default arguments. The one place that",
                "\(indent)/// names the singletons (or creates the instances); written by `seam migrate`.",
                "\(indent)enum Live {",
            ]
            lines += conditional(computed, indent: indent + indent) { dependency in
                dependency.liveAccessor(access: "", availability: input.availability(of: dependency.singleton.typeName))
            }
            lines += retired.sorted { $0.propertyName < $1.propertyName }.map { retired in
                indent + indent + retired.liveDeclaration(access: "")
            }
            lines.append("\(indent)}")
        }
        lines += ["}", ""]
        if !properties.isEmpty {
            lines += Self.environmentText(
                typeName: Self.generatedName, keyName: ViewEnvironmentInjection.keyName,
                liveValue: "\(Self.generatedName)()", isMainActor: isMainActor, indent: indent)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension MigrationInput {
    /// The app's container type: the first of `names` declared at the top level of a file (a `Dependencies`
    /// struct nested in some model type is no composition root).
    func containerDeclaration(named names: [String]) -> Declaration? {
        names.lazy.compactMap { declaration(of: $0) }.first { $0.view.node.enclosingTypeDeclaration == nil }
    }
}
