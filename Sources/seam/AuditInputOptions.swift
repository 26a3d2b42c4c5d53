import ArgumentParser
import Foundation
import SeamAnalysis

/// The options `seam audit`, `seam graph`, `seam plan` and `seam report` share: what to read and how.
struct AuditInputOptions: ParsableArguments {
    @Argument(help: "The folder to audit (default: the current directory).")
    var path: String = "."

    @Option(help: "A .seam.yml to use instead of <path>/.seam.yml.")
    var config: String?

    // `.unconditional`: `--threads -5` takes `-5` as the value (and says it must be positive) instead of
    // reading it as an unknown option and reporting a missing value.
    @Option(parsing: .unconditional, help: "How many files to parse at once (default: one per core).")
    var threads: Int?

    // Opt-in: filling the cache costs a first run about three times a plain one (one entry written per file), which
    // a fresh CI checkout would pay every time; see Benchmarks/RESULTS.md.
    @Flag(
        name: .customLong("cache"), inversion: .prefixedNo,
        help:
            "Keep what each file tells in <path>/.seam-cache between runs, so unchanged files are not parsed again (default: no cache)."
    )
    var useCache: Bool?

    @Option(name: .customLong("cache-dir"), help: "Keep the cache in this folder instead (implies --cache).")
    var cacheDirectory: String?

    func validate() throws {
        if let threads, threads < 1 {
            throw ValidationError("--threads must be a positive integer (got \(threads))")
        }
        if cacheDirectory?.isEmpty == true {
            throw ValidationError("--cache-dir needs a folder name (got an empty one)")
        }
        if useCache == false, cacheDirectory != nil {
            throw ValidationError("--no-cache and --cache-dir cannot be used together")
        }
    }

    /// The cache of per-file facts: `--cache-dir`, else `<path>/.seam-cache` with `--cache`; none by default.
    private func makeCache() -> AnalysisCache? {
        if let cacheDirectory {
            return AnalysisCache(directory: URL(fileURLWithPath: cacheDirectory, isDirectory: true))
        }
        guard useCache == true else { return nil }
        return AnalysisCache(
            directory: AnalysisCache.defaultDirectory(for: URL(fileURLWithPath: path, isDirectory: true)))
    }

    /// Tells on standard error what the cache ignored or could not write.
    private func report(_ cache: AnalysisCache?) {
        for note in cache?.notes ?? [] { Terminal.writeError(note) }
    }

    /// The configuration: `--config`, else `<path>/.seam.yml` when it exists, else the defaults.
    func loadConfiguration() throws(UsageError) -> AuditConfiguration {
        let file: String
        if let config {
            file = config
        } else {
            let discovered = URL(fileURLWithPath: path).appendingPathComponent(AuditConfiguration.fileName).path
            guard FileManager.default.fileExists(atPath: discovered) else { return AuditConfiguration() }
            file = (path as NSString).appendingPathComponent(AuditConfiguration.fileName)
        }
        do {
            return try AuditConfiguration.load(contentsOf: file)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// Checks the path, loads the configuration and audits, with a progress line on a terminal.
    ///
    /// The report's `root` is the path as given, so printed paths resolve from the current directory.
    func audit() async throws(UsageError) -> (AuditReport, AuditConfiguration) {
        let (root, configuration) = try checkedRoot()
        let cache = makeCache()
        defer { report(cache) }
        let auditor = Auditor(configuration: configuration, threads: threads, cache: cache)
        var report = try await loading { progress in try await auditor.audit(root: root, progress: progress) }
        report.root = path
        return (report, configuration)
    }

    /// The refactoring roadmap of the folder (`seam plan`).
    func roadmap() async throws(UsageError) -> Roadmap {
        let (root, configuration) = try checkedRoot()
        let cache = makeCache()
        defer { report(cache) }
        let auditor = Auditor(configuration: configuration, threads: threads, cache: cache)
        var roadmap = try await loading { progress in
            auditor.roadmap(
                try await Codebase.load(
                    root: root, configuration: configuration, threads: threads, cache: cache, progress: progress))
        }
        roadmap.root = path
        return roadmap
    }

    /// The audit, the roadmap and the loaded codebase of the folder, from one analysis (`seam report`).
    func auditAndRoadmap() async throws(UsageError) -> (report: AuditReport, roadmap: Roadmap, codebase: Codebase) {
        let (root, configuration) = try checkedRoot()
        let auditor = Auditor(configuration: configuration, threads: threads)
        let codebase = try await loading { progress in
            try await Codebase.load(root: root, configuration: configuration, threads: threads, progress: progress)
        }
        var (report, roadmap) = auditor.auditAndRoadmap(codebase)
        report.root = path
        roadmap.root = path
        return (report, roadmap, codebase)
    }

    /// The folder to read, checked, and its configuration.
    private func checkedRoot() throws(UsageError) -> (URL, AuditConfiguration) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("no such file or directory: \(path)")
        }
        guard isDirectory.boolValue else {
            throw UsageError("not a directory: \(path) (seam audits a folder of Swift files)")
        }
        return (URL(fileURLWithPath: path, isDirectory: true), try loadConfiguration())
    }

    /// Runs `load` with a progress indicator, turning its errors into usage errors that name the folder.
    private func loading<T>(_ load: (@escaping @Sendable (LoadProgress) -> Void) async throws -> T)
        async throws(UsageError) -> T
    {
        let progress = ProgressIndicator()
        defer { progress.finish() }
        do {
            return try await load { progress.update($0) }
        } catch let error as AuditError {
            throw UsageError(error.description)
        } catch {
            throw UsageError("cannot audit \(path): \(FileSystemError.words(for: error))")
        }
    }

    /// The absolute, standardized path of the audited folder.
    var absolutePath: String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
    }
}

/// Where a command writes its result.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if output?.isEmpty == true { throw ValidationError("--output needs a file name (got an empty one)") }
    }

    /// Writes `text` to `--output` or to standard output.
    ///
    /// The file is replaced atomically (through a symbolic link, its target); a FIFO, a device or a folder
    /// is refused, never replaced (see `FileAccess`).
    func write(_ text: String) throws(UsageError) {
        guard let output else {
            try Terminal.write(text)
            return
        }
        do {
            try FileAccess.writeReplacingStaleTemporaries(Data(text.utf8), to: output)
        } catch {
            throw UsageError("cannot write the report to \(error)")
        }
    }

    /// Whether the result goes to a terminal.
    var isTerminal: Bool { output == nil && Terminal.isOutputTerminal }
}

extension ReportFormat: ExpressibleByArgument {}
extension GraphFormat: ExpressibleByArgument {}
extension ReportContext.Grouping: ExpressibleByArgument {}
