import Foundation
import SwiftSyntax

/// The model of a Swift codebase that `seam audit` reports on and `seam migrate` rewrites: every file
/// parsed once, its types with extensions merged, their roles, properties and initialisers, the singletons
/// they declare and every place a singleton is reached.
///
/// ```swift
/// let codebase = try await Codebase.load(root: URL(filePath: "Examples/LegacyApp"))
/// for access in codebase.singletonAccesses where access.enclosingRole == .viewModel {
///     print("\(access.location): \(access.enclosingType ?? "top level") uses \(access.singletonType)")
/// }
/// ```
///
/// Loading reads, parses and walks files in parallel (one task per file, at most `threads` at once), each
/// file's declarations and bodies right after its parse, so that its tree can be dropped; then it merges
/// types across files and resolves what each file's bodies reach against them.
public struct Codebase: Sendable {
    /// The audited root.
    public let root: URL
    /// The configuration the codebase was loaded with (folders, globs, role patterns).
    public let configuration: AuditConfiguration
    /// Every parsed file, sorted by path. Files that could not be read are in `problems` only.
    public let files: [SourceFile]
    /// Every type by qualified name, including protocols and external types the codebase extends.
    public let types: [String: CodebaseType]
    /// Every singleton access, in file and source order.
    public let singletonAccesses: [SingletonAccess]
    /// Files that could not be read, decoded or fully parsed, sorted by path.
    public let problems: [FileProblem]

    let index: TypeIndex
    private let fileIndexes: [String: Int]
    /// The files an Xcode project lists one by one.
    private let projectListedFiles: Set<String>
    /// The files an Xcode project lists in more than one target, with those targets.
    private let filesInSeveralTargets: [String: [String]]

    init(
        root: URL, configuration: AuditConfiguration, files: [SourceFile], types: [String: CodebaseType],
        singletonAccesses: [SingletonAccess], problems: [FileProblem], index: TypeIndex,
        projectListedFiles: Set<String> = [], filesInSeveralTargets: [String: [String]] = [:]
    ) {
        self.projectListedFiles = projectListedFiles
        self.filesInSeveralTargets = filesInSeveralTargets
        self.root = root
        self.configuration = configuration
        self.files = files
        self.types = types
        sortedTypes = types.values.sorted { $0.name < $1.name }
        self.singletonAccesses = singletonAccesses
        self.problems = problems
        self.index = index
        singletonDeclarations = (types.values.flatMap(\.singletonDeclarations) + index.undeclaredGlobalInstances)
            .sorted { $0.location < $1.location }
        fileIndexes = Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every singleton declaration, sorted by location.
    public let singletonDeclarations: [SingletonDeclaration]

    /// Types sorted by name.
    public let sortedTypes: [CodebaseType]

    /// The codebase's own protocols, sorted by name.
    public var protocols: [CodebaseType] { sortedTypes.filter { $0.kind == .protocol } }

    /// The simple names of the codebase's type aliases of function types (`Handler` for
    /// `typealias Handler = (Bool) -> Void`): a parameter written with one is a non-escaping closure unless
    /// marked `@escaping`.
    public var functionTypeAliases: Set<String> { index.functionTypeAliases }

    /// Whether an Xcode project lists the file one by one (its sources build phase, not a synchronized folder):
    /// its target compiles a new file only once someone adds it to the project.
    public func isListedByProject(_ path: String) -> Bool { projectListedFiles.contains(path) }

    /// The target of a file no target builds: one a project leaves out of a folder whose other files it lists.
    package static let notBuiltTarget = ProjectTargets.notBuilt

    /// Whether an Xcode project (or XcodeGen spec) compiles the file in more than one target, as an iOS and a
    /// macOS app sharing a folder; ``SourceFile/target`` names the first.
    public func isCompiledBySeveralTargets(_ path: String) -> Bool { filesInSeveralTargets[path] != nil }

    /// Every target compiling the file at a relative path: those an Xcode project lists it in, else its one target
    /// (empty for a path that is not a file of the codebase).
    public func targets(compiling path: String) -> Set<String> {
        if let several = filesInSeveralTargets[path] { return Set(several) }
        return file(at: path).map { [$0.target] } ?? []
    }

    /// Lines in all parsed files.
    public var lineCount: Int { files.reduce(0) { $0 + $1.lineCount } }

    /// The file at a relative path.
    public func file(at path: String) -> SourceFile? {
        fileIndexes[path].map { files[$0] }
    }

    /// Every type of the codebase with the simple name `name` (one per target or nesting that declares it).
    package func types(simplyNamed name: String) -> [CodebaseType] {
        index.simpleNames[name]?.compactMap { types[$0] } ?? []
    }

    /// The type a name refers to from inside `enclosing` (innermost scope first, then by simple name).
    public func type(named name: String, from enclosing: String? = nil) -> CodebaseType? {
        index.resolve(name, from: enclosing).flatMap { types[$0] }
    }

    /// The codebase protocols `type` conforms to, directly or through protocol inheritance, sorted.
    public func ownProtocols(of type: CodebaseType) -> [String] {
        var found: Set<String> = []
        var pending = type.conformances
        while let name = pending.popLast() {
            guard let resolved = index.resolve(name, from: type.name), let conformed = types[resolved],
                conformed.kind == .protocol, found.insert(resolved).inserted
            else { continue }
            pending += conformed.conformances
        }
        return found.sorted()
    }

    /// Loads and models every `.swift` file under `root` (or `root` itself if it is a file).
    ///
    /// - Parameters:
    ///   - root: The folder (or file) to audit.
    ///   - configuration: Skipped folders, include/exclude globs and role patterns.
    ///   - threads: How many files to work on at once; defaults to the active processor count.
    ///   - retainingSyntax: Whether to keep each file's syntax tree in `SourceFile.tree` (for rewrites).
    ///     Trees take about 60 times the memory of the source, so an audit does without.
    ///   - cache: Where to take each unchanged file's facts from instead of parsing it, and to keep them (see
    ///     ``AnalysisCache``); not used when `retainingSyntax` is set, since the trees are wanted then.
    ///   - progress: Called after each file of each pass.
    /// - Throws: `AuditError` when `root` does not exist or cannot be read, or an `include` pattern matches no
    ///   file. Problems with single files and folders are recorded in `problems` instead.
    public static func load(
        root: URL, configuration: AuditConfiguration = AuditConfiguration(), threads: Int? = nil,
        retainingSyntax: Bool = false, cache: AnalysisCache? = nil, progress: (@Sendable (LoadProgress) -> Void)? = nil
    ) async throws -> Codebase {
        try await load(
            Inventory(root: root, configuration: configuration), configuration: configuration, threads: threads,
            retainingSyntax: retainingSyntax, cache: cache, progress: progress)
    }

    /// How many files a load works on at once: `threads`, or one per active processor.
    static func width(threads: Int?) -> Int {
        max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// What a load finds before it reads a Swift file: the files, the build files and what they say of targets and
    /// isolation, and the folders that could not be read. An audit with a cache keys its whole-run entry by it.
    struct Inventory: Sendable {
        var root: URL
        var entries: [SourceDiscovery.Entry]
        var buildFiles: [SourceDiscovery.BuildFile]
        var unreadableFolders: [FileProblem]
        var targets: ProjectTargets
        var isolation: ProjectIsolation

        /// Walks `root`.
        ///
        /// - Throws: `AuditError` when `root` does not exist or cannot be read, or an `include` pattern matches no file.
        init(root: URL, configuration: AuditConfiguration) throws {
            let discovery = try SourceDiscovery(configuration: configuration).discoverReporting(under: root)
            if let pattern = discovery.unmatchedIncludes.first {
                throw AuditError.includeMatchesNothing(
                    pattern, origin: configuration.origins.includes[pattern],
                    others: discovery.unmatchedIncludes.count - 1)
            }
            self.root = root
            entries = discovery.files
            buildFiles = SourceDiscovery.BuildFile.read(discovery.buildFiles)
            unreadableFolders = discovery.unreadableFolders
            targets = ProjectTargets(buildFiles: buildFiles)
            isolation = ProjectIsolation(buildFiles: buildFiles)
        }
    }

    /// Loads and models the files of `inventory` (see ``load(root:configuration:threads:retainingSyntax:cache:progress:)``).
    static func load(
        _ inventory: Inventory, configuration: AuditConfiguration, threads: Int?, retainingSyntax: Bool,
        cache: AnalysisCache?, progress: (@Sendable (LoadProgress) -> Void)?
    ) async -> Codebase {
        let root = inventory.root
        let entries = inventory.entries
        let isolation = inventory.isolation
        let targets = inventory.targets
        let width = Self.width(threads: threads)
        let total = entries.count
        let session = retainingSyntax ? nil : cache?.session(configuration: configuration)

        let parsed = await concurrentMap(
            entries, width: width, progress: { progress?(LoadProgress(phase: .parsing, completed: $0, total: total)) },
            {
                ParsedFile.parse(
                    $0, retainingSyntax: retainingSyntax, target: targets.target(of: $0.relativePath), cache: session)
            })

        var fragments: [DeclaredFragment] = []
        var globals: [DeclaredGlobal] = []
        var aliases: [DeclaredAlias] = []
        var capitalizedFunctions: Set<String> = []
        var generatedFiles: Set<String> = []
        var testFiles: Set<String> = []
        var callbackFunctions: [CallbackFunction] = []
        for file in parsed {
            if file.isGenerated { generatedFiles.insert(file.entry.relativePath) }
            if file.isTest { testFiles.insert(file.entry.relativePath) }
            fragments += file.fragments
            globals += file.globals
            aliases += file.aliases
            capitalizedFunctions.formUnion(file.capitalizedFunctions)
            callbackFunctions += file.body.callbackFunctions
        }
        let index = TypeIndex(
            fragments: fragments, globals: globals, aliases: aliases, capitalizedFunctions: capitalizedFunctions,
            generatedFiles: generatedFiles, testFiles: testFiles,
            projectIsolation: isolation,
            configuration: configuration)
        let callbacks = CallbackIndex(callbackFunctions)

        // Files that parsed (even partly) are resolved; unreadable and non-UTF-8 files only leave a problem.
        let walked = parsed.compactMap { file -> (ParsedFile, FileContext, String)? in
            guard let context = file.context, let text = file.text else { return nil }
            return (file, context, text)
        }
        let analysed = await concurrentMap(
            walked, width: width,
            progress: { progress?(LoadProgress(phase: .analyzing, completed: $0, total: walked.count)) }
        ) { file, context, text -> (SourceFile, [SingletonAccess]) in
            let (accesses, observations) = BodyFactResolver(
                index: index, callbacks: callbacks, isolation: isolation.settings(for: context.path), facts: file.body,
                context: context, source: text
            ).resolve()
            // A generated file (SwiftGen, Sourcery, protoc's `DO NOT EDIT`) is nobody's to fix: its force operations,
            // hard-coded values and literals are not findings (Flipper's `.pb.swift` literals were duplicates).
            let source = SourceFile(
                path: context.path, absolutePath: file.entry.path, tree: file.tree, lineTable: context.lineTable,
                isTest: context.isTest, suppressions: file.suppressions,
                observations: file.isGenerated ? FileObservations() : observations,
                target: context.target)
            return (source, accesses)
        }

        return Codebase(
            root: root, configuration: configuration, files: analysed.map(\.0), types: index.types,
            singletonAccesses: analysed.flatMap(\.1),
            problems: (parsed.compactMap(\.problem) + inventory.unreadableFolders).sorted { $0.location < $1.location },
            index: index, projectListedFiles: Set(entries.map(\.relativePath).filter(targets.isListedOneByOne)),
            filesInSeveralTargets: Dictionary(
                entries.compactMap { entry in
                    targets.targetsListing(entry.relativePath).map { (entry.relativePath, $0) }
                },
                uniquingKeysWith: { first, _ in first }))
    }
}

extension Codebase {
    /// Whether `declaration` is an instance of another type held by a dependency container or a type nested in
    /// one (``CodebaseType/isInDependencyContainer``): `AppDependencies.Live.api = APIClient()`, as `seam migrate`
    /// retires singletons. The composition root's graph, not a singleton; the container's own `shared` still is.
    /// A container a library's type is extended to hold is none: Swinject's `extension Assembler { static let
    /// container = Container() }` is the app's one container, reached from anywhere (a singleton, used as a
    /// locator); the codebase's own container holding its library's (`AppDependencies.container`, as `seam migrate
    /// --container seam` writes it) is the composition root. So is no `static var`: a slot code can fill with another
    /// instance (Flipper's locator `Dependencies { static var central: BluetoothCentral = { FlipperCentral() }() }`)
    /// is a replaceable global, where the composition root's graph is `static let`.
    package func isContainerInstance(_ declaration: SingletonDeclaration) -> Bool {
        guard declaration.evidence == .heldInstance, !declaration.isMutable,
            declaration.instanceType != declaration.typeName,
            let holder = types[declaration.typeName], holder.isInDependencyContainer
        else { return false }
        return holder.kind != .external
            || !(declaration.instanceType.map(CodebaseType.isDependencyContainerName) ?? false)
    }
}

extension Codebase {
    /// The types whose injection is set up: they take a service (not a view's state) through an `init` parameter.
    /// The `injection-bypass` rule's owners: such a type reaching a singleton, or a container through a property
    /// wrapper, is a bypass already, so injecting some of its singletons while others stay adds none. A type given
    /// its services by wrappers alone (Factory's `@Injected`) is not one: taking a first service through `init`
    /// would make each wrapper a bypass.
    package func typesTakingServices() -> Set<String> {
        let analysis = DependencyAnalysis(codebase: self, configuration: configuration)
        return Set(
            analysis.serviceInjections.keys.filter { owner in
                types[owner].map { analysis.takenServices(of: $0, in: self).contains { $0.via == .initParameter } }
                    ?? false
            })
    }
}
