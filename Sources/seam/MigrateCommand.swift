import ArgumentParser
import Foundation
import SeamAnalysis
import SeamMigration

/// `seam migrate`: the mechanical part of moving from singletons to injection, as a diff or in place.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Extract protocols, write mocks, inject `.shared` uses and register them in the container.",
        discussion: """
            Without --write, prints a unified diff on standard output (apply it with `git apply` or \
            `patch -p1` in <path>) and a summary on standard error. With --write, rewrites the files in \
            place as one transaction: every file is checked first (inside <path>, a regular file, \
            unchanged since planning, not read-only unless --allow-read-only), the originals are kept in \
            <path>/.seam-journal/ while the files are replaced one by one atomically, and a failure puts \
            every file back; a write that is killed is undone by the next `seam migrate --write`, which \
            then migrates again (after the same guards as a write; a journal that is not yours, is committed, \
            is damaged or names files outside <path> is refused, and a file a commit holds is never reverted). \
            It refuses to write when the git work tree under <path> has uncommitted \
            changes, or when git cannot tell (git missing, a repository git refuses), unless \
            --allow-dirty; a folder in no git repository is written without that check. Files reached \
            through a symbolic link to outside <path> are never rewritten. Every rewritten file is \
            parsed before anything is written; a rewrite that would leave a file unparsable is dropped \
            (listed as "dropped" with file:line) and the rest still goes through. Running it again on \
            its own output changes nothing.

            A type is injected with a singleton only when every use of it there can be rewritten; \
            otherwise each use that cannot (a static property, a default argument, a lazy or stored \
            property's initializer, a delegating initializer, the instance passed or compared as its \
            concrete type, a member the protocol cannot declare) is listed with file:line and the type \
            keeps the singleton. A use in a static function or an enum's method becomes a defaulted \
            parameter of that function; override and required initializers assign the default; a \
            subclass without initializers gets forwarding ones. Value-type models, Codable and @Model types, types with public \
            initializers, test doubles and test suites are never injected; optional and value-type \
            singletons are never snapshotted. Singletons in the allow-list of .seam.yml stay as they are.

            SwiftUI views are never injected through init: they read `@Environment(\\.dependencies)` where the \
            environment is installed (body, methods, their closures), from the app's container or a generated \
            Dependencies.swift (AppDependencies and its EnvironmentKey); uses in init, in stored property \
            initial values (@StateObject) and in static members stay, with a note.
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Flag(
        help:
            "With --write, first build the migrated code in a scratch copy and drop each rewrite the build blames, so only a plan that builds is written."
    )
    var verify = false

    @Option(
        help:
            "With --verify, the build command, run by /bin/sh in the copy's root (default: swift build --build-tests when there is a Package.swift)."
    )
    var buildCommand: String?

    @Flag(help: "Apply the changes instead of printing them.")
    var write = false

    @Flag(help: "With --write, allow uncommitted changes in the git work tree (or a repository git cannot read).")
    var allowDirty = false

    @Flag(help: "With --write, rewrite files whose permissions make them read-only (they stay read-only).")
    var allowReadOnly = false

    @Option(
        name: .customLong("only"), parsing: .upToNextOption,
        help: "Rewrites to make: protocols, mocks, inject, container, retire (default: all).")
    var rewrites: [String] = []

    @Option(help: "Only migrate these singleton types (repeatable).")
    var singleton: [String] = []

    @Flag(
        help:
            "Also inject the global services the roadmap keeps as singletons (loggers, analytics, crash reporting, keychain)."
    )
    var includeGlobalServices = false

    @Flag(
        help:
            "Keep each retired singleton's accessor, deprecated, returning the container's instance (for code outside <path>)."
    )
    var keepShared = false

    @Option(help: "Protocol name template; {name} is the type's name.")
    var protocolName = "{name}Protocol"

    @Option(help: "Mock name template; {name} is the type's name.")
    var mockName = "Mock{name}"

    @Option(help: "Where mocks go, inside <path>: relative to it, or absolute (default: Tests/<Target>Tests/Mocks).")
    var mocksDir: String?

    @Option(
        help:
            "Where injected parameters get their defaults: container (its Live values, when there is a container) or singleton (S.shared)."
    )
    var defaults: String = MigrationOptions.DefaultSource.container.rawValue

    @Option(
        help:
            "The container type to register dependencies in (repeatable; default: AppContainer, AppDependencies, DependencyContainer, Dependencies); `seam` registers them as Seam keys (the generated mocks as test values), `plain` (default) in an `enum Live`."
    )
    var container: [String] = []

    @Option(
        help:
            "With --container seam, where the migrated package gets Seam: a URL, or a path absolute or relative to the package's folder (default: https://github.com/seam-swift/seam)."
    )
    var seamPackage: String?

    /// The container style `--container` names (`seam`, `plain`), apart from container type names.
    private var containerStyle: MigrationOptions.ContainerStyle? {
        container.compactMap(MigrationOptions.ContainerStyle.init(rawValue:)).last
    }

    func validate() throws {
        if MigrationOptions.DefaultSource(rawValue: defaults) == nil {
            throw ValidationError("unknown value '\(defaults)' for --defaults (expected container or singleton)")
        }
        for rewrite in rewrites where MigrationOptions.Rewrite(rawValue: rewrite) == nil {
            throw ValidationError(
                "unknown rewrite '\(rewrite)' for --only (expected one of: \(MigrationOptions.Rewrite.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        if seamPackage != nil && containerStyle != .seam {
            throw ValidationError("--seam-package is where --container seam gets Seam: add --container seam")
        }
        if verify && !write { throw ValidationError("--verify checks what --write would write: use them together") }
        if buildCommand != nil && !verify {
            throw ValidationError("--build-command is the build --verify runs: add --verify")
        }
        if buildCommand?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw ValidationError("--build-command needs a command (got an empty one)")
        }
    }

    func run() async throws {
        do {
            try await migrate()
        } catch {
            throw error.report()
        }
    }

    private func migrate() async throws(UsageError) {
        let path = input.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("no such file or directory: \(path)")
        }
        guard isDirectory.boolValue else {
            throw UsageError("not a directory: \(path) (seam migrates a folder of Swift files)")
        }
        var options = MigrationOptions()
        if !rewrites.isEmpty { options.rewrites = Set(rewrites.compactMap(MigrationOptions.Rewrite.init(rawValue:))) }
        options.protocolNameTemplate = protocolName
        options.mockNameTemplate = mockName
        options.mocksDirectory = mocksDir
        options.onlySingletons = Set(singleton)
        options.keepsGlobalServices = !includeGlobalServices
        options.keepsSharedAccessors = keepShared
        let typeNames = container.filter { MigrationOptions.ContainerStyle(rawValue: $0) == nil }
        if !typeNames.isEmpty { options.containerTypeNames = typeNames }
        options.containerStyle = containerStyle ?? .plain
        if let seamPackage { options.seamPackage = seamPackage }
        options.defaultSource = MigrationOptions.DefaultSource(rawValue: defaults) ?? .container

        let configuration = try input.loadConfiguration()
        try recoverInterruptedWrite(at: path)
        var plan: MigrationPlan
        let migrator = Migrator(configuration: configuration, options: options, threads: input.threads)
        do {
            if verify {
                plan = try await verifiedPlan(migrator, path: path)
            } else {
                plan = try await migrator.plan(root: path)
            }
        } catch let error as UsageError {
            throw error
        } catch let error as MigrationError {
            throw UsageError(error.description)
        } catch {
            throw UsageError("cannot migrate \(path): \(FileSystemError.words(for: error))")
        }
        guard write else {
            try Terminal.write(plan.unifiedDiff())
            Terminal.writeError(plan.summaryText + (plan.isEmpty ? "" : "\n(a preview: run with --write to apply it)"))
            return
        }
        do {
            if !allowDirty, try MigrationWriter.checkWorkTree(root: path) == .notInARepository {
                Terminal.writeError(
                    "seam: note: \(path) is in no git repository; writing without checking for uncommitted changes")
            }
            try MigrationWriter.apply(plan, options: MigrationWriter.Options(allowReadOnly: allowReadOnly))
        } catch {
            throw UsageError(String(describing: error))
        }
        Terminal.writeError(plan.summaryText)
    }

    /// The plan that builds in a scratch copy (see `BuildVerification`), with what was dropped on standard error;
    /// a usage error when no plan builds, and nothing is written.
    private func verifiedPlan(_ migrator: Migrator, path: String) async throws -> MigrationPlan {
        let command: String
        if let buildCommand {
            command = buildCommand
        } else if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Package.swift")) {
            command = "swift build --build-tests"
        } else {
            throw UsageError("--verify needs --build-command for a folder without Package.swift (say how to build it)")
        }
        let outcome = try await BuildVerification(command: ["/bin/sh", "-c", command]).verify(migrator, root: path)
        guard outcome.builds else {
            let tail = (outcome.failureOutput ?? "").split(separator: "\n").suffix(20).joined(separator: "\n")
            throw UsageError(
                "--verify: \(outcome.plan.notes.map { $0.description }.joined(separator: "; ")); nothing was written. "
                    + "The last build (`\(command)`) ended with:\n\(tail)")
        }
        var lines = ["seam: verified with `\(command)`: the migrated copy builds (\(outcome.rounds) build(s))"]
        if !outcome.culprits.isEmpty {
            lines.append("seam: dropped \(outcome.culprits.count) rewrite(s) the build blamed:")
            lines += outcome.culprits.map { "  \($0)" }
        }
        Terminal.writeError(lines.joined(separator: "\n"))
        return outcome.plan
    }

    /// With --write, undoes a write that was interrupted (it left `.seam-journal/`) before planning again, after
    /// the same guards as the write's; a preview refuses, since it would show the diff of a half-written tree.
    private func recoverInterruptedWrite(at path: String) throws(UsageError) {
        guard write else {
            switch MigrationWriter.journalState(root: path) {
            case .absent:
                return
            case .interrupted:
                throw UsageError(
                    "an interrupted `seam migrate --write` left \(path)/.seam-journal: "
                        + "run `seam migrate \(path) --write` to undo it and migrate again")
            case .busy(let journal, let owner):
                throw UsageError(
                    "another `seam migrate --write` (process \(owner)) is writing and holds \(journal); wait for it to finish"
                )
            case .untrusted(let message):
                throw UsageError(message)
            }
        }
        do {
            guard let recovery = try MigrationWriter.recoverInterruptedWrite(root: path, allowDirty: allowDirty) else {
                return
            }
            let restored = recovery.restored.count
            let removed = recovery.removed.count
            Terminal.writeError(
                "seam: undid an interrupted migration: \(restored) file(s) restored, \(removed) created file(s) removed"
            )
        } catch {
            throw UsageError(String(describing: error))
        }
    }
}
