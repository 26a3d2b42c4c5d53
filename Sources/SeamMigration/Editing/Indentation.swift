/// Formatting conventions read from a file, so inserted code looks like its neighbours.
enum Indentation {
    /// The file's indentation unit: a tab if code lines are mostly indented with tabs, otherwise the
    /// smallest indentation of at least one code line in twenty (so a few odd lines, such as a
    /// multi-line string's, do not decide it); four spaces when nothing is indented.
    static func unit(of text: String) -> String {
        var counts: [Int: Int] = [:]
        var tabs = 0
        var indented = 0
        for line in text.split(separator: "\n") {
            let whitespace = line.prefix { $0 == " " || $0 == "\t" }
            let rest = line.dropFirst(whitespace.count)
            guard !whitespace.isEmpty, !rest.isEmpty, !rest.hasPrefix("*"), !rest.hasPrefix("//"), !rest.hasPrefix("/*") else { continue }
            indented += 1
            if whitespace.first == "\t" { tabs += 1 } else { counts[whitespace.count, default: 0] += 1 }
        }
        if tabs * 2 > indented { return "\t" }
        let threshold = max(1, indented / 20)
        let unit = counts.keys.sorted().first { counts[$0, default: 0] >= threshold } ?? 4
        return String(repeating: " ", count: min(unit, 8))
    }
}
