/// A line-based diff between two texts, computed with Myers' O((N+M)·D) algorithm.
///
/// There is no diff library among the package mirrors this project builds from, so Seam carries
/// this small one. It finds a shortest edit script (fewest inserted plus deleted lines).
///
/// ```swift
/// let edits = LineDiff.edits(from: ["a", "b"], to: ["a", "c"])
/// // [.keep("a"), .delete("b"), .insert("c")]
/// ```
public enum LineDiff {
    /// One step of an edit script.
    public enum Edit: Hashable, Sendable {
        /// A line present in both texts.
        case keep(String)
        /// A line only in the old text.
        case delete(String)
        /// A line only in the new text.
        case insert(String)
    }

    /// A shortest edit script turning `old` into `new`, in order.
    public static func edits(from old: [String], to new: [String]) -> [Edit] {
        // Trim the common prefix and suffix: cheap, and it keeps D (and the trace) small.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        var result = old[..<prefix].map(Edit.keep)
        result += middle(a, b)
        result += old[(old.count - suffix)...].map(Edit.keep)
        return result
    }

    /// Myers' greedy forward search, keeping one `V` array per `D` to backtrack the path.
    private static func middle(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        if n == 0 { return b.map(Edit.insert) }
        if m == 0 { return a.map(Edit.delete) }
        let max = n + m
        let offset = max
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        search: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]  // down: an insertion
                } else {
                    x = v[offset + k - 1] + 1  // right: a deletion
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Backtrack from (n, m) through the saved V arrays.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                edits.append(.keep(a[x - 1]))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX {
                    edits.append(.insert(b[y - 1]))
                } else {
                    edits.append(.delete(a[x - 1]))
                }
                x = previousX
                y = previousY
            }
        }
        return edits.reversed()
    }
}
