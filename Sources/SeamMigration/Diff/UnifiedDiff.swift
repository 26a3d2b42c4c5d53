/// Renders the difference between two versions of a file in the unified format that `git apply` and
/// `patch -p1` read.
///
/// ```swift
/// let patch = UnifiedDiff.render(old: before, new: after, path: "Sources/App/SpotsViewModel.swift")
/// // --- a/Sources/App/SpotsViewModel.swift
/// // +++ b/Sources/App/SpotsViewModel.swift
/// // @@ -3,7 +3,9 @@
/// // ...
/// ```
public enum UnifiedDiff {
    /// The unified diff of `old` → `new`, or an empty string when they are equal.
    ///
    /// - Parameters:
    ///   - old: The original text; `nil` for a file that is being created.
    ///   - new: The new text.
    ///   - path: The file's path relative to the root, used in the `---`/`+++` headers.
    ///   - context: Unchanged lines shown around each change (3, like `diff -u`).
    public static func render(old: String?, new: String, path: String, context: Int = 3) -> String {
        if old == new { return "" }
        let oldLines = lines(of: old ?? "")
        let newLines = lines(of: new)
        let edits = LineDiff.edits(from: oldLines, to: newLines)
        var output = "--- \(old == nil ? "/dev/null" : "a/\(path)")\n+++ b/\(path)\n"
        for hunk in hunks(of: edits, context: context) {
            output += hunk.header
            for line in hunk.lines {
                if line.hasSuffix(noNewlineMarker) {
                    output += line.dropLast(noNewlineMarker.count) + "\n\\ No newline at end of file\n"
                } else {
                    output += line + "\n"
                }
            }
        }
        return output
    }

    /// Appended (internally) to a last line that has no newline, so that `x` and `x⏎` compare unequal.
    private static let noNewlineMarker = "\u{0}no-newline"

    private static func lines(of text: String) -> [String] {
        if text.isEmpty { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") {
            parts.removeLast()
        } else {
            parts[parts.count - 1] += noNewlineMarker
        }
        return parts
    }

    private struct Hunk {
        var oldStart: Int
        var oldCount: Int
        var newStart: Int
        var newCount: Int
        var lines: [String]

        var header: String {
            // An empty range is written with the line *before* it (so 0 for the start of a file).
            let oldFirst = oldCount == 0 ? oldStart - 1 : oldStart
            let newFirst = newCount == 0 ? newStart - 1 : newStart
            return "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n"
        }
    }

    private static func hunks(of edits: [LineDiff.Edit], context: Int) -> [Hunk] {
        // Indices of changed edits; group changes closer than 2 * context lines into one hunk.
        let changed = edits.indices.filter { if case .keep = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        var start = changed[0]
        var end = changed[0]
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                groups.append(start...end)
                start = index
            }
            end = index
        }
        groups.append(start...end)

        // Line numbers (1-based) of each edit in the old and new text.
        var oldLine = [Int](repeating: 0, count: edits.count)
        var newLine = [Int](repeating: 0, count: edits.count)
        var o = 1
        var n = 1
        for (index, edit) in edits.enumerated() {
            oldLine[index] = o
            newLine[index] = n
            switch edit {
            case .keep: o += 1; n += 1
            case .delete: o += 1
            case .insert: n += 1
            }
        }

        return groups.map { group in
            let first = max(0, group.lowerBound - context)
            let last = min(edits.count - 1, group.upperBound + context)
            var hunk = Hunk(oldStart: oldLine[first], oldCount: 0, newStart: newLine[first], newCount: 0, lines: [])
            for edit in edits[first...last] {
                switch edit {
                case .keep(let line):
                    hunk.lines.append(" " + line)
                    hunk.oldCount += 1
                    hunk.newCount += 1
                case .delete(let line):
                    hunk.lines.append("-" + line)
                    hunk.oldCount += 1
                case .insert(let line):
                    hunk.lines.append("+" + line)
                    hunk.newCount += 1
                }
            }
            return hunk
        }
    }
}
