/// Word wrapping for paragraphs in a terminal.
enum TextWrap {
    /// `text` wrapped at `width` columns, each line prefixed with `indent` (the first with
    /// `firstIndent` when given). Words longer than a line are kept whole on their own line.
    static func wrap(_ text: String, width: Int, indent: String = "", firstIndent: String? = nil) -> [String] {
        let firstIndent = firstIndent ?? indent
        var lines: [String] = []
        var current = ""
        var prefix = firstIndent
        for word in text.split(whereSeparator: \.isWhitespace) {
            if current.isEmpty {
                current = String(word)
            } else if prefix.count + current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(prefix + current)
                prefix = indent
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(prefix + current) }
        return lines
    }
}
