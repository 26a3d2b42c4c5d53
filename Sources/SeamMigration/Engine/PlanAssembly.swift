import Foundation
import SeamAnalysis
import SwiftSyntax

/// Applies a draft's edits and checks that every result parses; for each file that would not, finds the
/// edit group to blame.
///
/// The culprit is the group whose edits alone already break the file (or collide); when no group breaks
/// it alone, every group that edits the file is blamed. The migrator drops the culprits and drafts again.
struct PlanAssembly {
    /// An edit group to drop, and the note that says where and why.
    struct Failure {
        var group: EditGroup
        var note: MigrationNote
    }

    private(set) var changes: [MigrationPlan.FileChange] = []
    /// The groups whose edits made each change.
    private(set) var groupsByPath: [String: Set<EditGroup>] = [:]
    private(set) var failures: [Failure] = []
    /// Files left alone because they did not parse to begin with.
    private(set) var notes: [MigrationNote] = []

    init(input: MigrationInput, draft: MigrationDraft) {
        for (fileIndex, drafted) in draft.edits.sorted(by: { $0.key < $1.key }) where !drafted.isEmpty {
            let file = input.files[fileIndex]
            // Wrapped arguments follow their parenthesis, in the group of the edit that moved it.
            let fileEdits =
                drafted
                + ArgumentAlignment.edits(after: drafted.map(\.edit), in: file.tree, text: file.text).map {
                    GroupedEdit(group: drafted[$0.cause].group, edit: $0.edit)
                }
            if input.filesWithProblems.contains(file.path) {
                notes.append(
                    MigrationNote(
                        kind: .leftUntouched,
                        location: SeamAnalysis.SourceLocation(file: file.path, line: 1, column: 1),
                        message:
                            "the file does not parse cleanly, so it is not rewritten; other files may now refer to what it should have gained"
                    ))
                continue
            }
            switch Self.result(of: fileEdits.map(\.edit), on: file.text, path: file.path) {
            case .success(let updated):
                if updated != file.text {
                    changes.append(MigrationPlan.FileChange(path: file.path, original: file.text, updated: updated))
                    groupsByPath[file.path] = Set(fileEdits.map(\.group))
                }
            case .failure(let problem):
                failures += Self.culprits(in: fileEdits, file: file, problem: problem)
            }
        }
        for (path, created) in draft.created {
            if case .failure(let problem) = Self.result(of: [], on: created.text, path: path) {
                let location = SeamAnalysis.SourceLocation(file: path, line: 1, column: 1)
                failures.append(
                    Failure(
                        group: created.group,
                        note: MigrationNote(
                            kind: .dropped, location: location, message: "\(created.group) dropped: \(problem.reason)"))
                )
                continue
            }
            changes.append(MigrationPlan.FileChange(path: path, original: nil, updated: created.text))
            groupsByPath[path] = [created.group]
        }
        changes.sort { $0.path < $1.path }
    }

    /// Why a file's edits cannot be kept.
    struct Problem: Error {
        var reason: String
    }

    /// The groups to blame for a file that would not parse, each with a note at its first edit.
    private static func culprits(in edits: [GroupedEdit], file: MigrationInput.File, problem: Problem) -> [Failure] {
        let groups = Dictionary(grouping: edits, by: \.group)
        var blamed: [(EditGroup, Problem)] = []
        for (group, own) in groups {
            if case .failure(let alone) = result(of: own.map(\.edit), on: file.text, path: file.path) {
                blamed.append((group, alone))
            }
        }
        if blamed.isEmpty { blamed = groups.keys.map { ($0, problem) } }
        return blamed.sorted { $0.0 < $1.0 }.map { group, problem in
            let first = groups[group, default: []].map(\.edit.range.lowerBound).min() ?? 0
            let note = MigrationNote(
                kind: .dropped, location: file.location(atOffset: first), message: "\(group) dropped: \(problem.reason)"
            )
            return Failure(group: group, note: note)
        }
    }

    /// The text after `edits`, or why it cannot be kept (colliding edits, or a result that does not parse).
    static func result(of edits: [SourceEdit], on text: String, path: String) -> Result<String, Problem> {
        let updated: String
        do {
            updated = try SourceEdit.apply(edits, to: text, file: path)
        } catch {
            return .failure(Problem(reason: "two of its edits collide in this file"))
        }
        let tree = SourceParser.parse(updated)
        guard tree.hasError else { return .success(updated) }
        // The first missing or unexpected token is where the parser gave up.
        let culprit = tree.tokens(viewMode: .all).first { token in
            token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true
        }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let location = (culprit.map(Syntax.init) ?? Syntax(tree)).startLocation(converter: converter)
        let line =
            updated.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(location.line - 1).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? ""
        return .failure(
            Problem(
                reason:
                    "the rewritten file would not parse (at line \(location.line) of the result: `\(line.prefix(100))`)"
            ))
    }
}
