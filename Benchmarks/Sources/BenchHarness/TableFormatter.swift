/// Formats rows as a GitHub-flavoured Markdown table with right-aligned numeric columns.
public struct MarkdownTable {
    /// Column titles.
    public let headers: [String]
    /// Which columns are right-aligned.
    public let rightAligned: Set<Int>
    private var rows: [[String]] = []

    /// Creates a table with `headers`; columns listed in `rightAligned` are right-aligned.
    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    /// Appends a row; missing cells are left empty.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as Markdown, padded so it also reads well in a terminal.
    public func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            let padded = widths.indices.map { index -> String in
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = widths.indices.map { index -> String in
            let dashes = String(repeating: "-", count: widths[index] + 1)
            return rightAligned.contains(index) ? dashes + ":" : dashes + "-"
        }
        var output = [line(headers), "|" + rule.joined(separator: "|") + "|"]
        output += rows.map(line)
        return output.joined(separator: "\n")
    }
}

/// Number formatting for reports.
public enum Format {
    /// `1234.5` → `"1,235"`; values under 100 keep one decimal (`"4.2"`).
    public static func nanoseconds(_ value: Double) -> String {
        value < 100 ? fixed(value, decimals: 1) : grouped(Int(value.rounded()))
    }

    /// A ratio such as `"1.84×"`.
    public static func ratio(_ value: Double) -> String {
        fixed(value, decimals: value < 10 ? 2 : 1) + "×"
    }

    /// A byte count in MiB with one decimal.
    public static func mebibytes(_ bytes: UInt64) -> String {
        fixed(Double(bytes) / 1_048_576, decimals: 1) + " MiB"
    }

    /// Thousands separated by commas.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// `value` with exactly `decimals` digits after the point, without Foundation.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard decimals > 0 else { return grouped(scaled) }
        let integer = scaled / Int(scale)
        var fraction = String(abs(scaled) % Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        let sign = value < 0 && integer == 0 ? "-" : ""
        return sign + grouped(integer) + "." + fraction
    }
}
