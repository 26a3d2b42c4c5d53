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
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Flag(help: "Apply the changes instead of printing them.")
    var write = false

    @Flag(help: "With --write, allow uncommitted changes in the git work tree (or a repository git cannot read).")
    var allowDirty = false

    @Flag(help: "With --write, rewrite files whose permissions make them read-only (they stay read-only).")
    var allowReadOnly = false

    @Option(
        name: .customLong("only"), parsing: .upToNextOption,
        help: "Rewrites to make: protocols, mocks, inject, container (default: all).")
    var rewrites: [String] = []

    @Option(help: "Only migrate these singleton types (repeatable).")
    var singleton: [String] = []

    @Option(help: "Protocol name template; {name} is the type's name.")
    var protocolName = "{name}Protocol"

    @Option(help: "Mock name template; {name} is the type's name.")
    var mockName = "Mock{name}"

    @Option(help: "Where mocks go, inside <path>: relative to it, or absolute (default: Tests/<Target>Tests/Mocks).")
    var mocksDir: String?

    @Option(help: "Where injected parameters get their defaults: container (its Live values, when there is a container) or singleton (S.shared).")
    var defaults: String = MigrationOptions.DefaultSource.container.rawValue

    @Option(help: "The container type to register dependencies in (repeatable; default: AppContainer, AppDependencies, DependencyContainer, Dependencies).")
    var container: [String] = []

    func validate() throws {
        if MigrationOptions.DefaultSource(rawValue: defaults) == nil {
            throw ValidationError("unknown value '\(defaults)' for --defaults (expected container or singleton)")
        }
        for rewrite in rewrites where MigrationOptions.Rewrite(rawValue: rewrite) == nil {
            throw ValidationError("unknown rewrite '\(rewrite)' for --only (expected one of: protocols, mocks, inject, container)")
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
        if !container.isEmpty { options.containerTypeNames = container }
        options.defaultSource = MigrationOptions.DefaultSource(rawValue: defaults) ?? .container

        let configuration = try input.loadConfiguration()
        try recoverInterruptedWrite(at: path)
        let plan: MigrationPlan
        do {
            plan = try await Migrator(configuration: configuration, options: options, threads: input.threads).plan(root: path)
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
                Terminal.writeError("seam: note: \(path) is in no git repository; writing without checking for uncommitted changes")
            }
            try MigrationWriter.apply(plan, options: MigrationWriter.Options(allowReadOnly: allowReadOnly))
        } catch {
            throw UsageError(String(describing: error))
        }
        Terminal.writeError(plan.summaryText)
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
                throw UsageError("another `seam migrate --write` (process \(owner)) is writing and holds \(journal); wait for it to finish")
            case .untrusted(let message):
                throw UsageError(message)
            }
        }
        do {
            guard let recovery = try MigrationWriter.recoverInterruptedWrite(root: path, allowDirty: allowDirty) else { return }
            let restored = recovery.restored.count
            let removed = recovery.removed.count
            Terminal.writeError(
                "seam: undid an interrupted migration: \(restored) file(s) restored, \(removed) created file(s) removed")
        } catch {
            throw UsageError(String(describing: error))
        }
    }
}
