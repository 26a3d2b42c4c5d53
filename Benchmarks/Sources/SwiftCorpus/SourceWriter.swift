/// Accumulates Swift source with indentation, counting lines as it goes.
struct SourceWriter {
    private(set) var text = ""
    private(set) var lineCount = 0
    private var depth = 0

    /// Appends one line at the current indentation (an empty string appends a blank line).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text += String(repeating: "    ", count: depth)
            text += content
        }
        text += "\n"
        lineCount += 1
    }

    /// Appends `opener`, the lines written by `body` one level deeper, and `closer`.
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout SourceWriter) -> Void) {
        line(opener)
        depth += 1
        body(&self)
        depth -= 1
        line(closer)
    }

    /// Appends the lines written by `body` one level deeper.
    mutating func indented(_ body: (inout SourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
