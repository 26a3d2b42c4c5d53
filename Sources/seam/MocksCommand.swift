import ArgumentParser
import Foundation
import SeamAnalysis
import SeamMigration

/// `seam mocks`: a test double for each chosen protocol, written or checked.
struct MocksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Generate a mock for each protocol chosen by name or marked // seam:mock, or check them (--check).",
        discussion: """
            A protocol is chosen by --protocol (an exact name, or a glob such as '*Service*Protocol') or by a \
            `// seam:mock` comment on the line(s) directly above it. Its mock records every call and returns the \
            values (or throws the errors) a test sets, includes the requirements of the codebase protocols it \
            refines (in any file), and compiles warning-free in Swift 6 mode: an actor for a protocol refining \
            Actor, a @MainActor class for a @MainActor protocol, a lock-guarded class otherwise. Mocks go to \
            Tests/<Target>Tests/Mocks next to the protocol's Sources/<Target> (or --output); a file is rewritten \
            only when its mock changed, and a file seam mocks did not write is never replaced. \
            With --check nothing is written: each mock that is missing or out of date is named, and the exit \
            code is 1 (for CI). A protocol chosen by its exact name or a comment that cannot be mocked (an \
            associated type, a subscript, operator or initializer requirement, a refinement of a protocol outside the code) \
            is an error naming its file and line; one matched by a glob is skipped with a note. \
            Exit codes: 0 written or up to date, 1 (with --check) mocks missing or out of date, 2 usage error.
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Option(name: .customLong("protocol"), help: "A protocol to mock: its name or a glob pattern (repeatable).")
    var protocols: [String] = []

    @Option(help: "Mock name template; {name} is the protocol's name without a trailing Protocol.")
    var mockName = "Mock{name}"

    @Option(help: "Where mocks go, inside <path>: relative to it, or absolute (default: Tests/<Target>Tests/Mocks).")
    var output: String?

    @Flag(help: "Write nothing; exit with 1 when a mock is missing or out of date, naming each file.")
    var check = false

    func validate() throws {
        if output?.isEmpty == true { throw ValidationError("--output needs a folder (got an empty one)") }
        if protocols.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--protocol needs a name or pattern (got an empty one)")
        }
    }

    func run() async throws {
        do {
            let outdated = try await generate()
            if check && outdated { throw SeamExitCode.findingsOverThreshold.exitCode }
        } catch let error as UsageError {
            throw error.report()
        }
    }

    /// Generates the mocks, writes them (without --check) and reports; returns whether any was missing or out of date.
    private func generate() async throws(UsageError) -> Bool {
        let path = input.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("no such file or directory: \(path)")
        }
        guard isDirectory.boolValue else {
            throw UsageError("not a directory: \(path) (seam mocks reads a folder of Swift files)")
        }
        var options = MockOptions()
        options.protocolPatterns = protocols
        options.mockNameTemplate = mockName
        options.outputDirectory = output
        let generation = MockGeneration(
            configuration: try input.loadConfiguration(), options: options, threads: input.threads)
        let mocks: MockSet
        do {
            mocks = try await generation.generate(root: path)
        } catch {
            throw UsageError(error.description)
        }
        let refused = mocks.skipped.filter(\.wasRequested)
        for skipped in mocks.skipped where !skipped.wasRequested {
            Terminal.writeError("\(display(skipped.location.description)): note: \(Self.skippedMessage(skipped))")
        }
        guard refused.isEmpty else {
            for skipped in refused {
                Terminal.writeError("\(display(skipped.location.description)): error: \(Self.skippedMessage(skipped))")
            }
            throw UsageError("\(refused.count) requested protocol(s) cannot be mocked; nothing was written")
        }
        let stale = mocks.stale
        if check {
            for mock in stale {
                Terminal.writeError(
                    "\(display(mock.path)): \(mock.state.rawValue) (the mock of `\(mock.protocolName)`; run `seam mocks` to update it)"
                )
            }
            let current = mocks.mocks.count - stale.count
            Terminal.writeError(
                stale.isEmpty
                    ? "seam: \(current) mock(s) up to date"
                    : "seam: \(stale.count) mock(s) missing or out of date, \(current) up to date")
            return !stale.isEmpty
        }
        do {
            try mocks.write()
        } catch {
            throw UsageError(error.description)
        }
        for mock in stale {
            Terminal.writeError(
                "seam: \(mock.state == .missing ? "wrote" : "updated") \(display(mock.path)) (`\(mock.protocolName)`)")
        }
        Terminal.writeError("seam: \(stale.count) mock(s) written, \(mocks.mocks.count - stale.count) up to date")
        return !stale.isEmpty
    }

    /// A path relative to <path> as the user can open it from the current directory.
    private func display(_ relative: String) -> String {
        input.path == "." ? relative : PathText.join(input.path, relative)
    }

    private static func skippedMessage(_ skipped: MockSet.Skipped) -> String {
        "no mock for `\(skipped.protocolName)`: \(skipped.reason)"
    }
}
