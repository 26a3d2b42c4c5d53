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
            place, each atomically; it refuses to when the git work tree under <path> has uncommitted \
            changes, unless --allow-dirty. Every rewritten file is parsed before anything is written. \
            Running it again on its own output changes nothing.

            Uses that cannot be rewritten safely (in a static context, a default argument, a lazy or \
            stored property's initializer, a delegating initializer, a type outside <path>) are listed \
            with file:line in the summary and left untouched. Singletons in the allow-list of .seam.yml \
            stay as they are.
            """
    )

    @Argument(help: "The folder to migrate (default: the current directory).")
    var path: String = "."

    @Option(help: "A .seam.yml to use instead of <path>/.seam.yml.")
    var config: String?

    @Flag(help: "Apply the changes instead of printing them.")
    var write = false

    @Flag(help: "With --write, allow uncommitted changes in the git work tree.")
    var allowDirty = false

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

    @Option(help: "Where mocks go, relative to <path> (default: Tests/<Target>Tests/Mocks).")
    var mocksDir: String?

    @Option(help: "The container type to register dependencies in (repeatable; default: AppContainer, AppDependencies, DependencyContainer, Dependencies).")
    var container: [String] = []

    func validate() throws {
        for rewrite in rewrites where MigrationOptions.Rewrite(rawValue: rewrite) == nil {
            throw ValidationError("unknown rewrite '\(rewrite)' for --only (expected one of: protocols, mocks, inject, container)")
        }
    }

    func run() async throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExitCode(failure("not a directory: \(path)"))
        }
        var options = MigrationOptions()
        if !rewrites.isEmpty { options.rewrites = Set(rewrites.compactMap(MigrationOptions.Rewrite.init(rawValue:))) }
        options.protocolNameTemplate = protocolName
        options.mockNameTemplate = mockName
        options.mocksDirectory = mocksDir
        options.onlySingletons = Set(singleton)
        if !container.isEmpty { options.containerTypeNames = container }

        let plan: MigrationPlan
        do {
            plan = try Migrator(configuration: try loadConfiguration(), options: options).plan(root: path)
        } catch let error as MigrationError {
            throw ExitCode(failure(error.description))
        }
        guard write else {
            FileHandle.standardOutput.write(Data(plan.unifiedDiff().utf8))
            writeError(plan.summaryText + (plan.isEmpty ? "" : "\n(preview: run with --write to apply)"))
            return
        }
        do {
            if !allowDirty { try MigrationWriter.checkWorkTree(root: path) }
            try MigrationWriter.apply(plan)
        } catch let error as MigrationError {
            throw ExitCode(failure(error.description))
        }
        writeError(plan.summaryText)
    }

    /// `--config`, else `<path>/.seam.yml` when it exists, else the defaults.
    private func loadConfiguration() throws -> AuditConfiguration {
        AuditConfiguration()
    }

    private func failure(_ message: String) -> Int32 {
        writeError("seam: error: \(message)")
        return 2
    }

    private func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
