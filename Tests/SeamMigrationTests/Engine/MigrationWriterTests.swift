import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

@Suite struct MigrationWriterTests {
    static let files = [
        "Sources/App/DataStore.swift":
            "final class DataStore {\n    static let shared = DataStore()\n    func clear() {}\n}\n",
        "Sources/App/Home.swift": "final class Home {\n    func go() { DataStore.shared.clear() }\n}\n",
        "Tests/AppTests/HomeTests.swift": "import Testing\n",
    ]

    @Test func applyWritesEveryChangeAndLeavesNoTemporaryFiles() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(
            plan.changes.map(\.path) == [
                "Sources/App/DataStore.swift", "Sources/App/Home.swift", "Tests/AppTests/Mocks/MockDataStore.swift",
            ])
        try MigrationWriter.apply(plan)
        for change in plan.changes {
            #expect(
                try String(contentsOf: fixture.root.appendingPathComponent(change.path), encoding: .utf8)
                    == change.updated)
        }
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: fixture.root.path).filter {
            $0.contains(".seam-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func refusesAFileThatChangedSincePlanning() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let home = fixture.root.appendingPathComponent("Sources/App/Home.swift")
        try Data("// edited meanwhile\n".utf8).write(to: home)
        let error = #expect(throws: MigrationError.self) { try MigrationWriter.apply(plan) }
        #expect(error?.description.contains("Sources/App/Home.swift") == true)
        #expect(try String(contentsOf: home, encoding: .utf8) == "// edited meanwhile\n")
    }

    @Test func dirtyGitWorkTreeIsRefusedAndCleanOneAccepted() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        func git(_ arguments: String...) async throws {
            let result = try await Command.run(
                "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
                in: fixture.root)
            #expect(result.status == 0, "\(result.output)")
        }
        try await git("init", "-q")
        #expect(MigrationWriter.isGitWorkTree(fixture.root.path))
        let dirty = #expect(throws: MigrationError.self) { try MigrationWriter.checkWorkTree(root: fixture.root.path) }
        #expect(dirty?.isDirtyWorkTree == true)
        #expect(dirty?.description.contains("--allow-dirty") == true)
        try await git("add", ".")
        try await git("commit", "-q", "-m", "initial")
        try MigrationWriter.checkWorkTree(root: fixture.root.path)
    }

    @Test func cliPreviewsByDefaultAndRefusesADirtyTreeUnlessAllowed() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        _ = try await Command.run("git", ["init", "-q"], in: fixture.root)
        let preview = try await SeamCLI.run(["migrate", fixture.root.path], in: fixture.root)
        #expect(preview.status == 0)
        #expect(preview.output.contains("--- a/Sources/App/Home.swift\n+++ b/Sources/App/Home.swift"))
        #expect(preview.output.contains("(a preview: run with --write to apply it)"))
        let refused = try await SeamCLI.run(["migrate", fixture.root.path, "--write"], in: fixture.root)
        #expect(refused.status == 2)
        #expect(refused.output.contains("uncommitted changes"))
        #expect(
            try String(contentsOf: fixture.root.appendingPathComponent("Sources/App/Home.swift"), encoding: .utf8)
                == Self.files["Sources/App/Home.swift"])
        let written = try await SeamCLI.run(
            ["migrate", fixture.root.path, "--write", "--allow-dirty"], in: fixture.root)
        #expect(written.status == 0, "\(written.output)")
        #expect(
            try String(contentsOf: fixture.root.appendingPathComponent("Sources/App/Home.swift"), encoding: .utf8)
                .contains("dataStore.clear()"))
        let badRewrite = try await SeamCLI.run(
            ["migrate", fixture.root.path, "--only", "everything"], in: fixture.root)
        #expect(badRewrite.status == 2)
        #expect(badRewrite.output.contains("unknown rewrite 'everything'"))
    }

    @Test func sourceEditsRefuseOverlapsAndApplyInsertionsInOrder() throws {
        let text = "let a = 1\n"
        let edits = [
            SourceEdit(range: 4..<5, replacement: "b"), SourceEdit(range: 0..<0, replacement: "// x\n", order: 1),
            SourceEdit(range: 0..<0, replacement: "// first\n"),
        ]
        #expect(try SourceEdit.apply(edits, to: text, file: "f") == "// first\n// x\nlet b = 1\n")
        #expect(throws: MigrationError.self) {
            try SourceEdit.apply(
                [SourceEdit(range: 0..<5, replacement: ""), SourceEdit(range: 4..<6, replacement: "")], to: text,
                file: "f")
        }
    }

    @Test func aResultThatWouldNotParseSaysWhere() throws {
        let broken = PlanAssembly.result(of: [], on: "let a = 1\nfunc f( {\n", path: "Broken.swift")
        guard case .failure(let problem) = broken else {
            Issue.record("an unparsable result was accepted")
            return
        }
        #expect(problem.reason.contains("at line 2 of the result: `func f( {`"), "\(problem.reason)")
        #expect(try PlanAssembly.result(of: [], on: "func f() {}", path: "Fine.swift").get() == "func f() {}")
    }
}
