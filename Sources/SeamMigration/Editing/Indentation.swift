/// Formatting conventions read from a file, so inserted code looks like its neighbours.
enum Indentation {
    /// The file's indentation unit: the whitespace of its first indented line, or four spaces.
    static func unit(of text: String) -> String {
        for line in text.split(separator: "\n") {
            let whitespace = line.prefix { $0 == " " || $0 == "\t" }
            if !whitespace.isEmpty, whitespace.count < line.count, !line.dropFirst(whitespace.count).hasPrefix("*") {
                return whitespace.first == "\t" ? "\t" : String(repeating: " ", count: min(whitespace.count, 8))
            }
        }
        return "    "
    }
}
