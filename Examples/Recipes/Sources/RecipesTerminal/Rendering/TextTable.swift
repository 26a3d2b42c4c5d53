/// A plain-text table: a header row, a rule, left-aligned columns two spaces apart, and cells of
/// the last column cut with `…` so no line exceeds the width.
///
/// ```swift
/// TextTable(headers: ["ID", "Meal"], rows: [["52768", "Apple Frangipan Tart"]]).render(width: 80)
/// // ID     Meal
/// // ─────  ────────────────────
/// // 52768  Apple Frangipan Tart
/// ```
struct TextTable {
    let headers: [String]
    let rows: [[String]]

    /// The table as lines joined by newlines, with a trailing newline.
    func render(width: Int) -> String {
        let columns = headers.count
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let fixed = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        if let last = widths.indices.last {
            widths[last] = max(headers[last].count, min(widths[last], width - fixed))
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for index in 0..<columns {
                let cell = index < cells.count ? cells[index] : ""
                let fitted = Self.truncate(cell, to: widths[index])
                parts.append(index == columns - 1 ? fitted : fitted.padding(to: widths[index]))
            }
            return parts.joined(separator: "  ").trailingSpacesRemoved
        }
        var lines = [line(headers), widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` cut to `width` characters, ending in `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)).trailingSpacesRemoved + "…"
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string without trailing spaces.
    var trailingSpacesRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
