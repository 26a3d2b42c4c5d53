import Foundation

/// Each progress metric over time, from a `MetricsHistory`, as small SVG line charts (the reference roadmap's
/// tracking table drawn as a chart), each with the goal `.seam.yml` sets for it (`goals:`) drawn as a dashed line.
struct HistoryChart {
    /// One charted metric.
    struct Series: Sendable {
        var metric: ProgressMetric
        var label: String
        /// The value plotted: a count, or a percentage for ratio metrics.
        var value: @Sendable (AuditMetrics) -> Double
        /// How the value reads (`34`, `33% (2/6)`).
        var text: @Sendable (AuditMetrics) -> String
        var lowerIsBetter: Bool
        /// Whether the value is a percentage (drawn on a 0–100 scale).
        var isPercentage = false
    }

    static let series: [Series] = [
        count(.singletons, "Singletons", \.singletons),
        count(.singletonAccesses, "`.shared` sites", \.singletonAccesses),
        ratio(.viewModelsUsingInjection, "View models using injection", \.viewModelsUsingInjection, of: \.viewModels),
        ratio(.servicesWithProtocols, "Services with protocols", \.servicesWithProtocols, of: \.services),
        count(.injectionBypasses, "Injection bypasses", \.injectionBypasses),
        count(.injectedSingletonDefaults, "Injected, singleton default", \.injectedSingletonDefaults),
        count(.cycles, "Dependency cycles", \.cycles),
    ]

    private static func count(_ metric: ProgressMetric, _ label: String, _ path: KeyPath<AuditMetrics, Int> & Sendable)
        -> Series
    {
        Series(
            metric: metric, label: label, value: { Double($0[keyPath: path]) }, text: { $0[keyPath: path].grouped },
            lowerIsBetter: true)
    }

    private static func ratio(
        _ metric: ProgressMetric, _ label: String, _ part: KeyPath<AuditMetrics, Int> & Sendable,
        of total: KeyPath<AuditMetrics, Int> & Sendable
    ) -> Series {
        Series(
            metric: metric, label: label,
            value: { $0[keyPath: total] == 0 ? 100 : Double($0[keyPath: part]) / Double($0[keyPath: total]) * 100 },
            text: { metrics in
                let total = metrics[keyPath: total], part = metrics[keyPath: part]
                let percent = total == 0 ? 100 : Int((Double(part) / Double(total) * 100).rounded())
                return "\(percent)% (\(part.grouped)/\(total.grouped))"
            },
            lowerIsBetter: false, isPercentage: true)
    }

    let entries: [MetricsHistory.Entry]
    /// The value each metric should reach (`.seam.yml`'s `goals`); a metric without one gets no goal line.
    var goals: [ProgressMetric: Double] = [:]

    static let width = 300.0
    static let height = 120.0
    private static let plot = (left: 40.0, right: 290.0, top: 14.0, bottom: 92.0)

    /// `2026-11-26`, in UTC.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current).year().month().day())
    }

    /// One `<figure>` per metric.
    func figures() -> String {
        Self.series.map(figure).joined(separator: "\n")
    }

    private func figure(_ series: Series) -> String {
        guard let first = entries.first, let last = entries.last else { return "" }
        let values = entries.map { series.value($0.metrics) }
        let goal = goals[series.metric]
        // The scale takes the goal in, so its line is on the chart.
        var low = min(values.min() ?? 0, goal ?? .infinity), high = max(values.max() ?? 0, goal ?? -.infinity)
        if series.isPercentage { (low, high) = (0, 100) }  // ratios: the whole scale
        if high == low { (low, high) = (max(0, low - 1), high + 1) }
        let plot = Self.plot
        func x(_ index: Int) -> Double {
            entries.count == 1
                ? (plot.left + plot.right) / 2
                : plot.left + (plot.right - plot.left) * Double(index) / Double(entries.count - 1)
        }
        func y(_ value: Double) -> Double { plot.bottom - (plot.bottom - plot.top) * (value - low) / (high - low) }
        let change = values[values.count - 1] - values[0]
        let better = change == 0 ? "same" : (change < 0) == series.lowerIsBetter ? "better" : "worse"
        var svg = [
            "<svg class=\"chart\" viewBox=\"0 0 \(HTMLText.number(Self.width)) \(HTMLText.number(Self.height))\" "
                + "role=\"img\" aria-label=\"\(HTMLText.escape(series.label.replacingOccurrences(of: "`", with: ""))) over time\">",
            "<line class=\"axis\" x1=\"\(plot.left)\" y1=\"\(plot.bottom)\" x2=\"\(plot.right)\" y2=\"\(plot.bottom)\"/>",
            "<line class=\"grid\" x1=\"\(plot.left)\" y1=\"\(plot.top)\" x2=\"\(plot.right)\" y2=\"\(plot.top)\"/>",
            "<text class=\"tick\" x=\"\(plot.left - 6)\" y=\"\(HTMLText.number(plot.top + 4))\" text-anchor=\"end\">\(Self.tick(high))</text>",
            "<text class=\"tick\" x=\"\(plot.left - 6)\" y=\"\(HTMLText.number(plot.bottom + 4))\" text-anchor=\"end\">\(Self.tick(low))</text>",
            "<text class=\"tick\" x=\"\(plot.left)\" y=\"\(HTMLText.number(Self.height - 8))\">\(Self.day(first.date))</text>",
        ]
        if let goal {
            let text = series.isPercentage ? "\(Self.tick(goal))%" : Self.tick(goal)
            svg.append(
                "<line class=\"goal\" x1=\"\(plot.left)\" y1=\"\(HTMLText.number(y(goal)))\" x2=\"\(plot.right)\" y2=\"\(HTMLText.number(y(goal)))\">"
                    + "<title>Goal: \(text)</title></line>")
            svg.append(
                "<text class=\"tick goal\" x=\"\(plot.right)\" y=\"\(HTMLText.number(y(goal) - 3))\" text-anchor=\"end\">goal \(text)</text>"
            )
        }
        if entries.count > 1 {
            svg.append(
                "<text class=\"tick\" x=\"\(plot.right)\" y=\"\(HTMLText.number(Self.height - 8))\" text-anchor=\"end\">\(Self.day(last.date))</text>"
            )
            let points = values.enumerated().map {
                "\(HTMLText.number(x($0.offset))),\(HTMLText.number(y($0.element)))"
            }
            svg.append("<polyline class=\"series \(better)\" points=\"\(points.joined(separator: " "))\"/>")
        }
        for (index, entry) in entries.enumerated() {
            let commit = entry.commit.map { " · " + $0.prefix(8) } ?? ""
            svg.append(
                "<circle class=\"point \(better)\" cx=\"\(HTMLText.number(x(index)))\" cy=\"\(HTMLText.number(y(values[index])))\" r=\"3\">"
                    + "<title>\(Self.day(entry.date))\(HTMLText.escape(String(commit))): \(series.text(entry.metrics))</title></circle>"
            )
        }
        svg.append("</svg>")
        let delta =
            change == 0
            ? "unchanged" : (change > 0 ? "+" : "−") + Self.tick(abs(change)) + (series.isPercentage ? " pts" : "")
        return """
            <figure class="metric-chart">
            <figcaption><span class="metric-name">\(HTMLText.withCode(series.label))</span>\
            <span class="metric-now">\(series.text(last.metrics))</span>\
            <span class="delta \(better)">\(delta) since \(Self.day(first.date))</span></figcaption>
            \(svg.joined(separator: "\n"))
            </figure>
            """
    }

    private static func tick(_ value: Double) -> String {
        value == value.rounded() ? Int(value).grouped : HTMLText.number(value)
    }
}
