import Foundation

/// Writes a deterministic Swift codebase of at least a given number of lines: singleton-heavy
/// (`.synthetic`, the default) or shaped like real apps (`.real`).
///
/// The same seed, shape and line target always produce byte-identical files:
///
///     let manifest = try CorpusGenerator(seed: 0x5EA4, minimumLines: 300_000).write(to: folder)
public struct CorpusGenerator: Sendable {
    /// What kind of codebase to write.
    public enum Shape: String, CaseIterable, Sendable {
        /// Singleton services, view models and views, every file dense with what the audit looks for.
        case synthetic
        /// Shaped like real apps: generated strings, assets and mocks with thousands of static members,
        /// theme colour tables, constants in extensions, SwiftUI views with long modifier chains, many
        /// small model files, `#if` blocks (see `RealShapeTemplates`).
        case real
    }

    /// The seed of the deterministic random number generator.
    public let seed: UInt64
    /// The corpus grows file by file until it has at least this many lines.
    public let minimumLines: Int
    /// The kind of codebase.
    public let shape: Shape

    /// Creates a generator for `seed` and at least `minimumLines` lines of the given shape.
    public init(seed: UInt64, minimumLines: Int, shape: Shape = .synthetic) {
        self.seed = seed
        self.minimumLines = minimumLines
        self.shape = shape
    }

    /// What was written.
    public struct Manifest: Equatable, Sendable {
        /// Swift files written.
        public var files = 0
        /// Lines in all files.
        public var lines = 0
        /// Bytes in all files.
        public var bytes = 0
        /// Folders that hold at least one file.
        public var folders = 0

        /// Creates a manifest (empty by default).
        public init(files: Int = 0, lines: Int = 0, bytes: Int = 0, folders: Int = 0) {
            self.files = files
            self.lines = lines
            self.bytes = bytes
            self.folders = folders
        }
    }

    /// Removes `root` if present, writes the corpus into it and returns its size.
    public func write(to root: URL) throws -> Manifest {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: root.path) {
            try fileManager.removeItem(at: root)
        }
        var manifest = Manifest()
        var folders: Set<String> = []
        func emit(_ path: String, _ source: SourceWriter) throws {
            let url = root.appendingPathComponent(path)
            let folder = url.deletingLastPathComponent()
            if folders.insert(folder.path).inserted {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let data = Data(source.text.utf8)
            try data.write(to: url)
            manifest.files += 1
            manifest.lines += source.lineCount
            manifest.bytes += data.count
        }

        var random = SplitMix64(seed: seed)
        if shape == .real {
            try Self.writeReal(random: &random, minimumLines: minimumLines, emit: emit, lines: { manifest.lines })
            manifest.folders = folders.count
            return manifest
        }
        let plan = CorpusPlan(random: &random, serviceCount: 120)
        let templates = FileTemplates(plan: plan)

        for (path, source) in CoreFiles.files() { try emit(path, source) }
        for entity in CorpusPlan.entities {
            try emit("Core/Models/\(entity).swift", templates.model(name: entity, random: &random))
        }
        for service in plan.services {
            try emit(
                "Core/Services/\(service.feature)/\(service.name).swift", templates.service(service, random: &random))
        }
        for feature in CorpusPlan.features {
            let screens = Array(CorpusPlan.screens.prefix(random.int(4...8)))
            try emit(
                "Features/\(feature)/\(feature)Coordinator.swift",
                templates.coordinator(
                    name: "\(feature)Coordinator", feature: feature, screens: screens, random: &random)
            )
        }

        // Screens (view model + view) round-robin over the features, with service extensions
        // mixed in, until the line target is reached. Each feature has a fixed pool of screen
        // names; later rounds add a numbered variant so every type name stays unique.
        var round = 0
        while manifest.lines < minimumLines {
            for feature in CorpusPlan.features where manifest.lines < minimumLines {
                let screen = CorpusPlan.screens[round % CorpusPlan.screens.count]
                let variant = round / CorpusPlan.screens.count
                let base = "\(feature)\(screen)" + (variant == 0 ? "" : "\(variant + 1)")
                let entity = random.pick(CorpusPlan.entities)
                try emit(
                    "Features/\(feature)/ViewModels/\(base)ViewModel.swift",
                    templates.viewModel(name: "\(base)ViewModel", entity: entity, random: &random)
                )
                try emit(
                    "Features/\(feature)/Views/\(base)View.swift",
                    templates.view(name: "\(base)View", viewModel: "\(base)ViewModel", entity: entity, random: &random)
                )
                if random.chance(0.5) {
                    let service = random.pick(plan.services)
                    try emit(
                        "Features/\(feature)/Extensions/\(service.name)+\(base).swift",
                        templates.serviceExtension(service, random: &random)
                    )
                }
            }
            round += 1
        }
        manifest.folders = folders.count
        return manifest
    }
}
