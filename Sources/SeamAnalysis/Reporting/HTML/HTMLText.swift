/// Text made safe for HTML: every character that could open markup or end an attribute is an entity, and
/// control characters (which HTML forbids) become U+FFFD. File contents, type names and messages go through
/// it: a source file may hold `</script>` or an attribute's quote, and must show as text.
enum HTMLText {
    /// `text` escaped for element content and quoted attribute values.
    static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped, with each `` `code` `` span (as the roadmap and the progress labels write them) in `<code>`.
    static func withCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return escape(text) }
        var result = ""
        for (index, part) in parts.enumerated() {
            let escaped = escape(part)
            // An odd part is inside backticks, unless it is the last one (an unmatched backtick).
            if index % 2 == 1, index < parts.count - 1 {
                result += "<code>\(escaped)</code>"
            } else {
                result += index % 2 == 1 ? "`" + escaped : escaped
            }
        }
        return result
    }

    /// A coordinate with at most one decimal, locale-independent (`12`, `12.5`).
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
