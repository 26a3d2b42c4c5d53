import Foundation
import Testing

@testable import SeamMigration

@Suite struct LineDiffTests {
    /// Applies an edit script to `old`, checking every kept or deleted line matches.
    private func apply(_ edits: [LineDiff.Edit], to old: [String]) -> [String]? {
        var result: [String] = []
        var index = 0
        for edit in edits {
            switch edit {
            case .keep(let line):
                guard index < old.count, old[index] == line else { return nil }
                result.append(line)
                index += 1
            case .delete(let line):
                guard index < old.count, old[index] == line else { return nil }
                index += 1
            case .insert(let line):
                result.append(line)
            }
        }
        return index == old.count ? result : nil
    }

    @Test func classicExampleIsShortest() {
        // Myers' paper example: ABCABBA → CBABAC has a shortest edit script of 5.
        let old = ["A", "B", "C", "A", "B", "B", "A"]
        let new = ["C", "B", "A", "B", "A", "C"]
        let edits = LineDiff.edits(from: old, to: new)
        #expect(apply(edits, to: old) == new)
        #expect(edits.filter { if case .keep = $0 { false } else { true } }.count == 5)
    }

    @Test(
        arguments: [
            ([], []), ([], ["a"]), (["a"], []), (["a", "b", "c"], ["a", "b", "c"]),
            (["a", "b", "c"], ["x", "y"]), (["a", "a", "a"], ["a"]), (["x", "a", "b"], ["a", "b", "x"]),
        ] as [([String], [String])])
    func scriptTurnsOldIntoNew(old: [String], new: [String]) {
        #expect(apply(LineDiff.edits(from: old, to: new), to: old) == new)
    }

    @Test func randomInputsRoundTripAndNeverBeatLCS() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            let old = (0..<Int(generator.next() % 12)).map { _ in String(generator.next() % 4) }
            let new = (0..<Int(generator.next() % 12)).map { _ in String(generator.next() % 4) }
            let edits = LineDiff.edits(from: old, to: new)
            #expect(apply(edits, to: old) == new)
            let kept = edits.filter { if case .keep = $0 { true } else { false } }.count
            #expect(kept == lcsLength(old, new), "\(old) → \(new)")
        }
    }

    private func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct UnifiedDiffTests {
    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.render(old: "a\nb\n", new: "a\nb\n", path: "x.swift").isEmpty)
    }

    @Test func singleChangeHasContextAndHeader() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = UnifiedDiff.render(old: old, new: new, path: "Sources/A.swift")
        #expect(
            diff == """
                --- a/Sources/A.swift
                +++ b/Sources/A.swift
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func distantChangesMakeTwoHunksAndCloseOnesOne() {
        let old = (1...30).map { "l\($0)" }
        var new = old
        new[2] = "changed"
        new[25] = "changed too"
        let diff = UnifiedDiff.render(
            old: old.joined(separator: "\n") + "\n", new: new.joined(separator: "\n") + "\n", path: "f")
        #expect(diff.components(separatedBy: "\n@@ ").count == 3)
        #expect(diff.contains("@@ -1,6 +1,6 @@"))
        #expect(diff.contains("@@ -23,7 +23,7 @@"))
        var near = old
        near[2] = "a"
        near[8] = "b"
        let one = UnifiedDiff.render(
            old: old.joined(separator: "\n") + "\n", new: near.joined(separator: "\n") + "\n", path: "f")
        #expect(one.components(separatedBy: "\n@@ ").count == 2)
    }

    @Test func createdFileDiffsAgainstDevNull() {
        let diff = UnifiedDiff.render(old: nil, new: "a\nb\n", path: "Tests/M.swift")
        #expect(diff == "--- /dev/null\n+++ b/Tests/M.swift\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    @Test func missingFinalNewlineIsMarked() {
        let diff = UnifiedDiff.render(old: "a\nb", new: "a\nb\n", path: "f")
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }
}
