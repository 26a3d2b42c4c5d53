/// Formatting conventions read from a file, so inserted code looks like its neighbours.
enum Indentation {
    /// The file's indentation unit: a tab if code lines are mostly indented with tabs, otherwise the step most
    /// often taken from one code line to a more indented next one (a file whose code sits inside `extension T {
    /// final class Model { … } }` has few lines at four spaces and most at eight or more: its unit is still
    /// four); four spaces when nothing is indented. Comments (block comments' lines too) and compiler directives are
    /// skipped.
    static func unit(of text: String) -> String {
        var steps: [Int: Int] = [:]
        var tabs = 0
        var indented = 0
        var previous = 0
        var inBlockComment = false
        for line in text.split(separator: "\n") {
            // The lines of a block comment (tari's licence header, indented with tabs in files indented with spaces).
            if inBlockComment {
                if line.contains("*/") { inBlockComment = false }
                continue
            }
            let whitespace = line.prefix { $0 == " " || $0 == "\t" }
            let rest = line.dropFirst(whitespace.count)
            if rest.hasPrefix("/*"), !rest.contains("*/") {
                inBlockComment = true
                continue
            }
            // Comments and compiler directives (`#if DEBUG`, often at column 0 inside a body) set no step.
            guard !rest.isEmpty, !rest.hasPrefix("*"), !rest.hasPrefix("//"), !rest.hasPrefix("/*"),
                !rest.hasPrefix("#")
            else { continue }
            if !whitespace.isEmpty {
                indented += 1
                if whitespace.first == "\t" { tabs += 1 }
            }
            let width = whitespace.count
            if width > previous { steps[width - previous, default: 0] += 1 }
            previous = width
        }
        if tabs * 2 > indented { return "\t" }
        // The most frequent step, the smaller one on a tie (a continuation line's deeper step is rarer).
        let unit = steps.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 4
        return String(repeating: " ", count: min(max(unit, 1), 8))
    }

    /// The longest line the file allows itself: 100 columns when none of its lines is longer (the file keeps to
    /// SwiftLint's warning length, as sciencejournal's code does), otherwise 120.
    static func lineLimit(of text: String) -> Int {
        var longest = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            longest = max(longest, line.unicodeScalars.count)
            if longest > 100 { return 120 }
        }
        return 100
    }
}
