import SeamAnalysis
import SwiftSyntax

/// The view layer's part of a draft: SwiftUI views read their dependencies from the environment
/// (``ViewEnvironmentInjection``) through one container (``DependenciesContainer``).
///
/// In two steps around the other rewrites: ``route(targets:plans:propertyNames:excluded:notes:)`` takes the
/// views out of `init` injection and decides which of their sites move and which container they read (before
/// the injection of other types, whose defaults may come from a generated container); ``emit(registered:live:draft:)``
/// writes the views' edits and the container (after the container registration, which adds the views'
/// dependencies to an existing container).
struct ViewEnvironmentStep {
    let input: MigrationInput
    let options: MigrationOptions
    let root: String

    private(set) var planning = ViewEnvironmentInjection.Planning()
    private(set) var choice: DependenciesContainer.Choice?
    /// The targets compiling the file the generated container is written to: the container's target, and every
    /// other target that compiles a view moving to the environment (damus's views, compiled by the app and its
    /// extensions).
    private(set) var containerTargets: Set<String> = []

    init(input: MigrationInput, options: MigrationOptions, root: String) {
        self.input = input
        self.options = options
        self.root = root
    }

    /// Whether views read the environment in this migration: injection and the container are both rewritten.
    var isActive: Bool { options.rewrites.contains(.inject) && options.rewrites.contains(.container) }

    /// The views that move, with the dependencies each reads: `View ← Singleton` pairs for the summary.
    var injections: [(view: String, dependency: SingletonInjection.Dependency)] {
        guard choice != nil else { return [] }
        return planning.views.flatMap { view in
            var seen: Set<String> = []
            return view.sites.map(\.dependency).filter { seen.insert($0.singleton.accessExpression).inserted }
                .sorted { $0.singleton.accessExpression < $1.singleton.accessExpression }
                .map { (view.typeName, $0) }
        }
    }

    /// The positions of the view sites that move to the environment.
    var movingSites: Set<SingletonInjection.SitePosition> {
        guard choice != nil else { return [] }
        return Set(
            planning.views.flatMap(\.sites).map { item in
                SingletonInjection.SitePosition(
                    file: input.files[item.site.file].path,
                    offset: item.site.node.positionAfterSkippingLeadingTrivia.utf8Offset)
            })
    }

    /// The container this migration generates for the views (its name and target), if it does.
    var generatedContainer: (name: String, target: String)? {
        guard let choice, choice.existing == nil, !planning.views.isEmpty else { return nil }
        return (choice.typeName, choice.target)
    }

    /// The generated container, when `typeName` (not a view) takes its defaults from its `Live` values: a type
    /// of the container's build target (a widget extension cannot see the app's `AppDependencies`).
    func generatedContainerForDefaults(in typeName: String) -> String? {
        input.model?.types[typeName].flatMap { generatedContainerForDefaults(inTarget: $0.target) }
    }

    /// The generated container, when code of `target` takes its defaults from its `Live` values.
    func generatedContainerForDefaults(inTarget target: String) -> String? {
        guard options.defaultSource == .container, let choice, choice.existing == nil, !planning.views.isEmpty,
            target == choice.target
        else { return nil }
        return choice.typeName
    }

    /// Takes the SwiftUI views out of `targets` (they are never injected through `init`), classifies their
    /// sites, and chooses the container; what stays gets a note in `notes`.
    /// `replaced` are the singletons code replaces at run time, which the container's fixed value would miss.
    mutating func route(
        targets: inout [String: Set<SingletonID>], plans: ProtocolPlans, propertyNames: [SingletonID: String],
        replaced: Set<SingletonID> = [], excluded: Set<EditGroup>, notes: inout [MigrationNote]
    ) {
        guard isActive else { return }
        var viewTargets: [String: [SingletonInjection.Dependency]] = [:]
        // The view's uses of the singletons `ids` stay, each with a note saying why.
        func keep(_ ids: Set<SingletonID>, in typeName: String, because why: String) {
            for site in input.accessSites
            where site.enclosingType == typeName && ids.contains(site.singletonID) && !site.isInjectionDefault {
                notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: site.location,
                        message: "`\(site.singletonID.accessExpression)` stays in the view `\(typeName)`: \(why)"))
            }
        }
        for (typeName, ids) in targets {
            guard let entry = input.declaration(of: typeName), ViewEnvironmentInjection.isView(entry) else { continue }
            viewTargets[typeName] = ids.sorted { $0.accessExpression < $1.accessExpression }.compactMap { id in
                guard let singleton = input.singletonsByID[id] else { return nil }
                // Meshtastic's `MeshPackets.shared`, swapped after every connection: the container would keep the old one.
                guard !replaced.contains(id) else {
                    keep(
                        [id], in: typeName,
                        because:
                            "`\(singleton.accessExpression)` is replaced at run time, and the environment's container would keep the instance it started with"
                    )
                    return nil
                }
                // The environment's container holds protocol-typed values.
                guard let plan = plans[singleton], !plan.isConcrete else {
                    keep(
                        [id], in: typeName,
                        because: plans[singleton] == nil
                            ? "`\(singleton.accessExpression)` is not migrated (its note says why)"
                            : "`\(singleton.typeName)` has no protocol for the environment to hold")
                    return nil
                }
                return SingletonInjection.Dependency(
                    singleton: singleton, plan: plan, container: nil, propertyName: propertyNames[id])
            }
            targets[typeName] = nil
        }
        guard !viewTargets.isEmpty else { return }
        planning = ViewEnvironmentInjection(input: input).plan(targets: viewTargets)
        notes += planning.notes
        guard !planning.views.isEmpty else { return }

        var viewFiles: [String: [String]] = [:]
        for view in planning.views {
            viewFiles[input.model?.types[view.typeName]?.target ?? "", default: []].append(input.files[view.file].path)
        }
        let container = DependenciesContainer(input: input, options: options)
        let chosen: Result<DependenciesContainer.Choice, DependenciesContainer.Refusal> =
            excluded.contains(.container)
            ? .failure(DependenciesContainer.Refusal(message: "the container edits were dropped"))
            : container.choose(viewFiles: viewFiles, root: root)
        switch chosen {
        case .success(let choice):
            self.choice = choice
            containerTargets = [choice.target]
            // Views of other targets cannot read this container.
            planning.views.removeAll { view in
                let target = input.model?.types[view.typeName]?.target ?? ""
                guard target != choice.target else { return false }
                for item in view.sites {
                    notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: input.files[item.site.file].location(of: item.site.node),
                            message:
                                "`\(item.site.node.trimmedDescription)` stays in the view `\(view.typeName)`: it is in the target `\(target)`, not in `\(choice.target)` where the views' dependencies container is"
                        ))
                }
                return true
            }
            coverViewsOfSeveralTargets(choice: choice, notes: &notes)
        case .failure(let refusal):
            for view in planning.views {
                for item in view.sites {
                    notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: input.files[item.site.file].location(of: item.site.node),
                            message:
                                "`\(item.site.node.trimmedDescription)` stays in the view `\(view.typeName)`: no dependencies container for the environment (\(refusal.message))"
                        ))
                }
            }
            planning.views = []
        }
    }

    /// Views whose file several targets compile (damus's, compiled by the app and its share and highlighter
    /// extensions; Delta's previews target) move only when the container can be written where all those targets see
    /// it: into a file the migration changes that exactly those targets compile, with every dependency it holds
    /// declared in a file each of them compiles too. Otherwise they stay, with a note.
    private mutating func coverViewsOfSeveralTargets(choice: DependenciesContainer.Choice, notes: inout [MigrationNote])
    {
        guard let model = input.model else { return }
        let shared = planning.views.filter { model.isCompiledBySeveralTargets(input.files[$0.file].path) }
        guard !shared.isEmpty else { return }
        let needed = planning.views.reduce(into: Set<String>()) {
            $0.formUnion(model.targets(compiling: input.files[$1.file].path))
        }
        let anchored = planning.views.contains { view in
            let path = input.files[view.file].path
            return model.isListedByProject(path) && model.targets(compiling: path) == needed
        }
        let visible = planning.views.flatMap(\.sites).allSatisfy { item in
            model.targets(compiling: item.dependency.singleton.location.file).isSuperset(of: needed)
        }
        if choice.existing == nil, anchored, visible {
            containerTargets = needed
            return
        }
        let sharedNames = Set(shared.map(\.typeName))
        planning.views.removeAll { view in
            guard sharedNames.contains(view.typeName) else { return false }
            for item in view.sites {
                notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: input.files[item.site.file].location(of: item.site.node),
                        message:
                            "`\(item.site.node.trimmedDescription)` stays in the view `\(view.typeName)`: its file is compiled by several targets, and no file the migration changes is compiled by exactly those targets with every dependency in sight to hold the container"
                    ))
            }
            return true
        }
    }

    /// The views' edits, the positions of the sites they rewrite, and the container file; `registered` are the
    /// singleton types ``ContainerRegistration`` added to an existing container, `live` the dependencies other
    /// types take from a generated container's `Live` values.
    func emit(
        registered: Set<String>, live: [SingletonInjection.Dependency], retired: [SingletonRetirement.Retired] = [],
        draft: inout MigrationDraft
    ) -> [SingletonInjection.SitePosition] {
        guard let choice, !planning.views.isEmpty else { return [] }
        let container = DependenciesContainer(input: input, options: options)
        let rewrite = ViewEnvironmentInjection(input: input)
        var rewritten: [SingletonInjection.SitePosition] = []
        var moved = 0
        var properties: [String: SingletonInjection.Dependency] = [:]
        for var view in planning.views {
            if let existing = choice.existing {
                view.sites.removeAll { item in
                    if item.holder?.needsClass == true {
                        draft.notes.append(
                            MigrationNote(
                                kind: .leftUntouched,
                                location: input.files[item.site.file].location(of: item.site.node),
                                message:
                                    "`\(item.site.node.trimmedDescription)` stays in the view `\(view.typeName)`: its property `\(item.holder?.name ?? "")` needs the class `\(item.dependency.singleton.typeName)`, and the container `\(choice.typeName)` holds what it holds"
                            ))
                        return true
                    }
                    guard container.member(for: item.dependency, in: existing, registered: registered) == nil else {
                        return false
                    }
                    draft.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: input.files[item.site.file].location(of: item.site.node),
                            message:
                                "`\(item.site.node.trimmedDescription)` stays in the view `\(view.typeName)`: the container `\(choice.typeName)` has no property for `\(item.dependency.singleton.typeName)`"
                        ))
                    return true
                }
            }
            guard !view.sites.isEmpty else { continue }
            let result = rewrite.edits(for: view, keyName: choice.keyName) { dependency in
                if let existing = choice.existing {
                    return container.member(for: dependency, in: existing, registered: registered)
                        ?? dependency.propertyName
                }
                // A holder that needs the class types the container's property by the class (which every other
                // view's use through the protocol accepts too).
                if properties[dependency.singleton.accessExpression]?.isClass != true {
                    properties[dependency.singleton.accessExpression] = dependency
                }
                return dependency.propertyName
            }
            draft.add(result.edits, to: .injection(into: view.typeName))
            rewritten += result.rewritten
            moved += view.sites.count
        }
        draft.summary.viewSitesMoved = moved
        draft.summary.viewSites = planning.totalSites
        guard let path = choice.newFile else { return rewritten }
        if let existing = choice.existing {
            guard let live = container.liveValue(of: existing) else {
                draft.notes.append(
                    MigrationNote(
                        kind: .followUp, location: input.files[existing.file].location(of: existing.view.node),
                        message:
                            "`\(choice.typeName)` has no `shared`, `current` or `live` instance and no initializer without arguments: write \(path)'s `defaultValue` by hand"
                    ))
                return rewritten
            }
            place(
                container.keyFile(for: existing, keyName: choice.keyName, liveValue: live), at: path,
                target: choice.target, draft: &draft)
            // Only a new instance (`AppContainer()`) differs from the app's; `shared`, `current` or `live` is the app's.
            if existing.view.kind == .class, live.hasSuffix("()") {
                draft.notes.append(
                    MigrationNote(
                        kind: .followUp, location: input.files[existing.file].location(of: existing.view.node),
                        message:
                            "until the app installs its `\(choice.typeName)` with `.environment(\\.\(choice.keyName), …)` at the root, views read a new `\(live)` (\(path))"
                    ))
            }
        } else {
            let indent = planning.views.first.map { Indentation.unit(of: input.files[$0.file].text) } ?? "    "
            let ordered = properties.keys.sorted().compactMap { properties[$0] }
            place(
                container.generatedFile(
                    path: path, properties: ordered, live: live, retired: retired, indent: indent, target: choice.target
                ), at: path, target: choice.target, draft: &draft)
            if let preview = previewFile(properties: ordered, created: draft.created, indent: indent) {
                draft.created[preview.path] = (.container, preview.text)
            }
        }
        return rewritten
    }

    /// Writes generated code to a file of its own at `path`, or, when an Xcode project lists the target's files one
    /// by one (so a new file would not be compiled until added to the project), at the end of a file of the target
    /// the migration already changes and no other target compiles, with a note to move it.
    private func place(_ text: String, at path: String, target: String, draft: inout MigrationDraft) {
        guard let model = input.model,
            let anchor = draft.edits.keys.sorted().first(where: { index in
                let file = input.files[index].path
                // A file another target compiles too would carry the container into a target without its types;
                // one fewer target compiles would leave a view without it.
                return model.isListedByProject(file) && model.targets(compiling: file) == containerTargets
            })
        else {
            let listsFiles =
                input.model.map { model in
                    input.files.contains {
                        model.file(at: $0.path)?.target == target && model.isListedByProject($0.path)
                    }
                } ?? false
            // A new file goes where the target already compiles one: a folder without a file of the target (wwdc's
            // `WWDC/`, whose project compiles only the folders it synchronizes) may not be compiled at all.
            let folder = PathText.folder(of: path)
            let targetCompilesFolder = input.files.contains { file in
                PathText.folder(of: file.path) == folder && input.model?.file(at: file.path)?.target == target
            }
            if !targetCompilesFolder, let model = input.model,
                let folder = input.files.lazy.map(\.path).sorted().first(where: { file in
                    model.file(at: file)?.target == target && !model.isListedByProject(file)
                        && !model.isCompiledBySeveralTargets(file)
                        && model.file(at: file)?.isTest != true
                }).map(PathText.folder(of:))
            {
                let synchronized = PathText.join(folder, PathText.name(of: path))
                if input.fileIndex[synchronized] == nil, draft.created[synchronized] == nil {
                    draft.created[synchronized] = (.container, text)
                    return
                }
            }
            draft.created[path] = (.container, text)
            if listsFiles {
                draft.notes.append(
                    MigrationNote(
                        kind: .followUp, location: SeamAnalysis.SourceLocation(file: path, line: 1, column: 1),
                        message:
                            "add \(path) to the target `\(target)` in the Xcode project, which lists the target's files one by one (every file this migration changes there is compiled by another target too)"
                    ))
            }
            return
        }
        let file = input.files[anchor]
        let separator = file.text.hasSuffix("\n") ? "\n" : "\n\n"
        draft.add(
            [(anchor, .insert(separator + text, at: AbsolutePosition(utf8Offset: file.text.utf8.count), order: 2))],
            to: .container)
        draft.notes.append(
            MigrationNote(
                kind: .followUp, location: file.location(atOffset: file.text.utf8.count),
                message:
                    "the dependencies container is written at the end of \(file.path): the Xcode project lists the target's files one by one, so a new \(path) would not be compiled; move it into a file of its own and add that to the target"
            ))
    }

    /// `AppDependencies.preview`, every dependency replaced by the mock written for it, next to the mocks (in the
    /// test target, or where `--mocks-dir` put them, which may be the app for its previews); `nil` without mocks.
    private func previewFile(
        properties: [SingletonInjection.Dependency], created: [String: (group: EditGroup, text: String)], indent: String
    ) -> (path: String, text: String)? {
        var mocks: [(dependency: SingletonInjection.Dependency, path: String, text: String)] = []
        for dependency in properties where !dependency.isClass {
            // A mock of a type compiled under `#if` is left out (its property keeps its live default), and so is a
            // property typed by the class, which no mock can stand in for.
            guard
                input.model?.types[dependency.singleton.typeName]?.fragments.first(where: { !$0.isExtension })?
                    .conditions.isEmpty ?? true,
                let mock = created.first(where: { $0.value.group == .mock(dependency.singleton.typeName) })
            else { continue }
            mocks.append((dependency, mock.key, mock.value.text))
        }
        guard let first = mocks.first else { return nil }
        let path = PathText.join(
            PathText.folder(of: first.path), "\(DependenciesContainer.generatedName)+Preview.swift")
        guard created[path] == nil, input.fileIndex[path] == nil else { return nil }
        let imports = first.text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("import ") || $0.hasPrefix("@testable import ")
        }
        let assignments = mocks.map {
            "dependencies.\($0.dependency.propertyName) = \(options.mockName(for: $0.dependency.singleton.simpleName))()"
        }
        let isMainActor = properties.contains { $0.plan.isMainActor }
        var lines = [
            "// Written by `seam migrate`: the app's dependencies replaced by their mocks, for previews and tests."
        ]
        if !imports.isEmpty { lines += [""] + imports }
        lines +=
            [
                "",
                "extension \(DependenciesContainer.generatedName) {",
                "\(indent)/// Every dependency replaced by its mock: `.environment(\\.\(ViewEnvironmentInjection.keyName), .preview)`.",
                "\(indent)\(isMainActor ? "@MainActor " : "")static var preview: \(DependenciesContainer.generatedName) {",
                "\(indent)\(indent)var dependencies = \(DependenciesContainer.generatedName)()",
            ] + assignments.map { indent + indent + $0 } + [
                "\(indent)\(indent)return dependencies",
                "\(indent)}",
                "}",
            ]
        return (path, lines.joined(separator: "\n") + "\n")
    }
}
