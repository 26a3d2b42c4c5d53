/// Finds where a YAML key is written a second time in the same mapping, for the duplicated-key error (Yams
/// only gives the position of the first occurrence).
enum DuplicateKeyLocator {
    /// The line and column (1-based) of the next occurrence of `key` as a mapping key after the first one at
    /// `first`: in a block mapping, at the same column on a later line; in a flow mapping (`{a: 1, a: 2}`),
    /// the next `key:` after it. `nil` when it cannot be found.
    static func `repeat`(of key: String, after first: (line: Int, column: Int), in text: String) -> (
        line: Int, column: Int
    )? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { Array($0.unicodeScalars) }
        func keyStarts(_ line: [Unicode.Scalar], at index: Int) -> Bool {
            spellings.contains { spelling in
                guard index + spelling.count <= line.count, Array(line[index..<index + spelling.count]) == spelling
                else {
                    return false
                }
                var end = index + spelling.count
                while end < line.count, line[end] == " " || line[end] == "\t" { end += 1 }
                return end < line.count && line[end] == ":"
            }
        }
        // Flow mapping: later on the first line.
        let firstLine = lines[first.line - 1]
        var index = first.column
        while index < firstLine.count {
            let previous = firstLine[index - 1]
            if previous == " " || previous == "{" || previous == ",", keyStarts(firstLine, at: index) {
                return (first.line, index + 1)
            }
            index += 1
        }
        // Block mapping: a later line indented to the same column.
        let column = first.column - 1
        for lineIndex in first.line..<lines.count {
            let line = lines[lineIndex]
            guard line.count > column, line[0..<column].allSatisfy({ $0 == " " || $0 == "-" }) else { continue }
            if keyStarts(line, at: column) { return (lineIndex + 1, column + 1) }
        }
        return nil
    }
}
