import Foundation
import SeamAnalysis

/// `seam migrate --write --verify`: only a plan that builds reaches the tree.
///
/// Each round applies the plan to a scratch copy of the root (never to the root itself) and runs the team's
/// build command there. When the build fails, every edit group that changed a file a compiler error names
/// (`path:line:column: error: …`) is dropped, with a note quoting the error, and the plan is made again
/// without them, until the copy builds. When an error names no file the plan changed, the unmigrated copy
/// is built too: if it builds, the whole plan is blamed and nothing is written; if it does not, the tree
/// did not build before the migration and verification cannot tell anything.
///
/// ```swift
/// let verification = BuildVerification(command: ["swift", "build"])
/// let outcome = try await verification.verify(Migrator(), root: "Examples/LegacyApp")
/// if outcome.builds { try MigrationWriter.apply(outcome.plan) }
/// ```
public struct BuildVerification: Sendable {
    /// The build command, run in the scratch copy's root (`["swift", "build"]`).
    public var command: [String]
    /// How many plans are built at most before giving up.
    public var maxRounds: Int

    /// Creates a verification with a build command (its executable is looked up on `PATH`).
    public init(command: [String], maxRounds: Int = 6) {
        self.command = command
        self.maxRounds = maxRounds
    }

    /// How the verification ended.
    public struct Outcome: Sendable {
        /// The plan that built (with a note per dropped group), or an empty plan when none did.
        public var plan: MigrationPlan
        /// Whether `plan` built in the scratch copy.
        public var builds: Bool
        /// How many plans were built.
        public var rounds: Int
        /// The edit groups dropped because the build failed in a file they changed, as sentences.
        public var culprits: [String]
        /// The output of the last failed build, when the verification gave up.
        public var failureOutput: String?
    }

    /// A compiler error: where and what.
    struct CompilerError: Hashable {
        var path: String
        var line: Int
        var column: Int
        var message: String
    }

    /// Plans, builds in a scratch copy and drops the culprits until the copy builds.
    ///
    /// - Throws: `MigrationError` from planning, or the error of copying the root or starting the build.
    public func verify(_ migrator: Migrator, root: String) async throws -> Outcome {
        var excluded: Set<EditGroup> = []
        var blamedNotes: [MigrationNote] = []
        var culprits: [String] = []
        var lastOutput = ""
        for round in 1...max(1, maxRounds) {
            var plan = try await migrator.plan(root: root, excluding: excluded)
            if plan.isEmpty {
                plan.notes = (plan.notes + blamedNotes).sorted()
                // Nothing left to change: the tree stays as it builds today.
                return Outcome(plan: plan, builds: true, rounds: round - 1, culprits: culprits, failureOutput: nil)
            }
            let build = try buildCopy(of: root, applying: plan)
            if build.succeeded {
                plan.notes = (plan.notes + blamedNotes).sorted()
                return Outcome(plan: plan, builds: true, rounds: round, culprits: culprits, failureOutput: nil)
            }
            lastOutput = build.output
            let errors = Self.errors(in: build.output, root: build.root)
            var blamed: [EditGroup: CompilerError] = [:]
            for error in errors {
                for group in plan.groupsByPath[error.path] ?? [] where blamed[group] == nil && !excluded.contains(group)
                {
                    blamed[group] = error
                }
            }
            if blamed.isEmpty {
                // The errors are elsewhere: the plan broke a file it did not change, or the tree never built.
                let before = try buildCopy(of: root, applying: nil)
                let message =
                    before.succeeded
                    ? "the migrated tree does not build and the errors are in files the migration did not change: nothing is written"
                    : "the tree does not build before the migration either, so the build cannot judge it: nothing is written"
                var empty = MigrationPlan(root: root, changes: [], notes: [], summary: MigrationPlan.Summary())
                empty.notes = [
                    MigrationNote(
                        kind: .dropped,
                        location: SourceLocation(
                            file: errors.first?.path ?? ".", line: errors.first?.line ?? 1,
                            column: errors.first?.column ?? 1), message: message)
                ]
                return Outcome(plan: empty, builds: false, rounds: round, culprits: culprits, failureOutput: lastOutput)
            }
            for (group, error) in blamed.sorted(by: { $0.key < $1.key }) {
                excluded.insert(group)
                culprits.append("\(group): \(error.path):\(error.line): \(error.message)")
                blamedNotes.append(
                    MigrationNote(
                        kind: .dropped,
                        location: SourceLocation(file: error.path, line: error.line, column: error.column),
                        message: "\(group) dropped: the build failed here: \(error.message)"))
            }
        }
        var empty = MigrationPlan(
            root: root, changes: [], notes: blamedNotes.sorted(), summary: MigrationPlan.Summary())
        empty.notes.append(
            MigrationNote(
                kind: .dropped, location: SourceLocation(file: ".", line: 1, column: 1),
                message: "no plan built after \(maxRounds) rounds: nothing is written"))
        return Outcome(plan: empty, builds: false, rounds: maxRounds, culprits: culprits, failureOutput: lastOutput)
    }

    // MARK: Building

    struct Build {
        var succeeded: Bool
        var output: String
        /// The scratch copy's root, as the compiler names its files.
        var root: String
    }

    /// Copies `root` (without `.build`, `.git`, `.swiftpm` and `.seam-journal`) into a scratch folder, applies
    /// `plan` there when given, runs the build command and removes the copy.
    private func buildCopy(of root: String, applying plan: MigrationPlan?) throws -> Build {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("seam-verify-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        let skipped: Set<String> = [".build", ".git", ".swiftpm", ".seam-journal"]
        for name in try FileManager.default.contentsOfDirectory(atPath: root) where !skipped.contains(name) {
            try FileManager.default.copyItem(
                atPath: PathText.join(root, name), toPath: scratch.appendingPathComponent(name).path)
        }
        if var plan {
            plan.root = scratch.path
            try MigrationWriter.apply(plan)
        }
        let outcome = try Subprocess.run(command, in: scratch, mergingErrors: true)
        return Build(
            succeeded: outcome.exited && outcome.status == 0, output: outcome.output,
            root: FilePaths.realPath(scratch.path))
    }

    /// The `path:line:column: error: message` lines of a build's output, with paths relative to `root`
    /// (the scratch copy's, absolute or relative as the compiler wrote them); errors outside it are dropped.
    static func errors(in output: String, root: String) -> [CompilerError] {
        var errors: [CompilerError] = []
        for line in output.split(whereSeparator: \.isNewline) {
            guard let marker = line.range(of: ": error: ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
                let column = Int(location[location.count - 1])
            else { continue }
            var path = location.dropLast(2).joined(separator: ":")
            for prefix in [root + "/", "/private" + root + "/"] where path.hasPrefix(prefix) {
                path = String(path.dropFirst(prefix.count))
            }
            guard !path.hasPrefix("/") else { continue }
            if path.hasPrefix("./") { path = String(path.dropFirst(2)) }
            errors.append(
                CompilerError(path: path, line: lineNumber, column: column, message: String(line[marker.upperBound...]))
            )
        }
        return errors
    }
}
