import SwiftParser
import Testing

@testable import SeamMigration

/// One rewrite that would leave a file unparsable is dropped with a note; the others still go through.
@Suite struct PlanAssemblyTests {
    private let text = """
        final class A {
            func run() {}
        }

        """

    private func input() -> MigrationInput {
        MigrationInput(
            files: [MigrationInput.File(path: "Sources/App/A.swift", text: text, tree: Parser.parse(source: text))],
            singletons: [], accessSites: [])
    }

    private func offset(of fragment: String) -> Int {
        text.utf8.count - (text.range(of: fragment).map { text[$0.lowerBound...].utf8.count } ?? 0)
    }

    @Test func theGroupThatBreaksTheFileIsBlamedAndTheOthersKept() {
        var draft = MigrationDraft()
        draft.add(
            [(0, .insert("\n    let x = 1", at: .init(utf8Offset: offset(of: "\n    func run"))))], to: .protocolOf("A")
        )
        draft.add(
            [(0, .insert(" [x] @MainActor in", at: .init(utf8Offset: offset(of: "{}") + 1)))], to: .injection(into: "A")
        )
        let assembly = PlanAssembly(input: input(), draft: draft)
        #expect(assembly.failures.map(\.group) == [.injection(into: "A")])
        let note = try? #require(assembly.failures.first?.note)
        #expect(note?.kind == .dropped)
        #expect(note?.location.line == 2)
        #expect(note?.message.contains("the injection into `A` dropped: the rewritten file would not parse") == true)
    }

    @Test func aDraftThatParsesBecomesChangesWithoutFailures() throws {
        var draft = MigrationDraft()
        draft.add(
            [(0, .insert("\n    let x = 1", at: .init(utf8Offset: offset(of: "\n    func run"))))], to: .protocolOf("A")
        )
        let kept = PlanAssembly(input: input(), draft: draft)
        #expect(kept.failures.isEmpty)
        #expect(kept.changes.first?.updated.contains("let x = 1") == true)
    }
}
