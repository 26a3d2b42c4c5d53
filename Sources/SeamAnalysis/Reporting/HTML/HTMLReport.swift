/// The audit as one self-contained HTML page (`seam report`): the progress table, the roadmap phase the
/// codebase is in and what is left in each phase, the metrics over time, the top offenders, the dependency
/// graph drawn as SVG, and the findings by file with a code excerpt each.
///
/// Everything is inline (CSS, a small script, SVG): the page loads nothing, and its Content-Security-Policy
/// forbids it to. Every text that comes from the audited code (names, messages, source lines) is escaped.
/// A click on a box of the graph lists only its findings. The output is deterministic: the same audit gives
/// the same bytes.
///
/// ```swift
/// let page = HTMLReport(report: report, roadmap: roadmap, history: history,
///                       excerpts: SourceExcerpts(root: root, files: report.findings.map(\.location.file))).render()
/// ```
public struct HTMLReport: Sendable {
    /// Past this many types the graph is drawn one box per target (or folder): see `clusterThreshold`.
    public static let defaultClusterThreshold = 150

    /// The audit.
    public var report: AuditReport
    /// The roadmap of the same codebase (`Auditor.auditAndRoadmap(_:)`).
    public var roadmap: Roadmap
    /// Earlier runs' metrics, for the charts; `nil` or empty draws none.
    public var history: MetricsHistory?
    /// The source lines the excerpts show.
    public var excerpts: SourceExcerpts
    /// Each file's build target (`SourceFile.target`), to group a large graph.
    public var targets: [String: String]
    /// The number of types above which the graph shows one box per target (or per folder, when all the types
    /// are in one target) instead of one per type.
    public var clusterThreshold: Int
    /// The value each progress metric should reach (`.seam.yml`'s `goals`), drawn on the history charts.
    public var goals: [ProgressMetric: Double]
    /// The version of `seam` named in the footer.
    public var toolVersion: String

    /// Creates a report page.
    public init(
        report: AuditReport, roadmap: Roadmap, history: MetricsHistory? = nil,
        excerpts: SourceExcerpts = SourceExcerpts(),
        targets: [String: String] = [:], clusterThreshold: Int = HTMLReport.defaultClusterThreshold,
        goals: [ProgressMetric: Double] = [:], toolVersion: String = SeamVersion.current
    ) {
        self.goals = goals
        self.report = report
        self.roadmap = roadmap
        self.history = history
        self.excerpts = excerpts
        self.targets = targets
        self.clusterThreshold = clusterThreshold
        self.toolVersion = toolVersion
    }

    /// The page, ending with a newline.
    public func render() -> String {
        let picture = GraphPicture(graph: report.graph, targets: targets, clusterThreshold: clusterThreshold)
        let root = HTMLText.escape(report.root)
        var page = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
                + "script-src 'unsafe-inline'; img-src data:\">",
            "<meta name=\"generator\" content=\"seam \(HTMLText.escape(toolVersion))\">",
            "<title>Seam report: \(root)</title>",
            "<style>\n\(Self.stylesheet)\n</style>",
            "</head>",
            "<body>",
            "<header class=\"top\"><div class=\"wrap\">",
            "<p class=\"eyebrow\">Seam report</p>",
            "<h1><code>\(root)</code></h1>",
            "<p class=\"meta\">\(report.metrics.files.grouped) files · \(report.metrics.lines.grouped) lines · "
                + "audited by seam \(HTMLText.escape(toolVersion))</p>",
            "</div></header>",
            "<main class=\"wrap\">",
        ]
        page.append(summary())
        page.append(graphSection(picture))
        page.append(roadmapSection())
        page.append(
            "<div class=\"columns\">\n\(progressSection())\n\(targetsSection())\n</div>")
        page.append(historySection())
        page.append(offendersSection())
        page.append(findingsSection(picture))
        page += [
            "</main>",
            "<footer class=\"wrap\">Written by <code>seam report</code>. Self-contained: this page loads nothing.</footer>",
            "<script>\n\(Self.script)\n</script>",
            "</body>",
            "</html>",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private var currentPhase: Roadmap.Phase? { roadmap.phases.first { $0.status == .next } }

    private func summary() -> String {
        let counts = report.severityCounts
        var cards: [String] = []
        for severity in Severity.allCases.reversed() {
            cards.append(
                "<div class=\"card sev-\(severity.rawValue)\"><span class=\"figure\">\((counts[severity] ?? 0).grouped)</span>"
                    + "<span class=\"caption\">\(Self.plural(severity))</span></div>")
        }
        cards.append(
            "<div class=\"card\"><span class=\"figure\">\(report.metrics.singletons.grouped)</span><span class=\"caption\">singletons</span></div>"
        )
        cards.append(
            "<div class=\"card\"><span class=\"figure\">\(report.metrics.singletonAccesses.grouped)</span>"
                + "<span class=\"caption\"><code>.shared</code> sites</span></div>")
        let phase = currentPhase.map { "Phase \($0.number) of \(roadmap.phases.count)" } ?? "Done"
        cards.append(
            "<div class=\"card phase\"><span class=\"figure\">\(phase)</span><span class=\"caption\">"
                + "\(HTMLText.escape(currentPhase?.title ?? "every phase")) · \(HTMLText.escape(roadmap.total.hours)) left</span></div>"
        )
        return "<section class=\"cards\" aria-label=\"Summary\">\n\(cards.joined(separator: "\n"))\n</section>"
    }

    private static func plural(_ severity: Severity) -> String {
        switch severity {
        case .error: "errors"
        case .warning: "warnings"
        case .note: "notes"
        }
    }

    private func roadmapSection() -> String {
        var html = ["<section id=\"roadmap\">", "<h2>Roadmap</h2>"]
        if let phase = currentPhase {
            html.append(
                "<p class=\"lead\">The codebase is in <strong>phase \(phase.number): \(HTMLText.escape(phase.title))</strong>. "
                    + "\(HTMLText.withCode(phase.goal)) Done when \(HTMLText.withCode(phase.doneWhen)).</p>")
        } else {
            html.append("<p class=\"lead\">Every phase of the roadmap is done: only the kept singletons remain.</p>")
        }
        html.append("<ol class=\"phases\">")
        for phase in roadmap.phases {
            let tasks = RoadmapBuilder.count(phase.tasks.count, "task")
            html.append("<li class=\"phase \(phase.status.rawValue)\">")
            html.append(
                "<div class=\"phase-head\"><span class=\"phase-number\">\(phase.number)</span>"
                    + "<span class=\"phase-title\">\(HTMLText.escape(phase.title))</span>"
                    + "<span class=\"pill \(phase.status.rawValue)\">\(phase.status.rawValue)</span>"
                    + "<span class=\"phase-left\">\(phase.tasks.isEmpty ? "nothing left" : "\(tasks) left · \(HTMLText.escape(phase.estimate.hours))")</span></div>"
            )
            if !phase.tasks.isEmpty {
                html.append(
                    "<details\(phase.status == .next ? " open" : "")><summary>What is left</summary><ul class=\"tasks\">"
                )
                for task in phase.tasks.prefix(RoadmapMarkdown.tasksPerPhase) {
                    let place =
                        task.location.map {
                            " <span class=\"where\">\(HTMLText.escape("\($0.file):\($0.line)"))</span>"
                        } ?? ""
                    html.append(
                        "<li><span class=\"task\">\(HTMLText.withCode(task.title))</span> "
                            + "<span class=\"muted\">\(HTMLText.withCode(task.detail))</span>\(place)</li>")
                }
                if phase.tasks.count > RoadmapMarkdown.tasksPerPhase {
                    html.append(
                        "<li class=\"muted\">… and \((phase.tasks.count - RoadmapMarkdown.tasksPerPhase).grouped) more "
                            + "(all of them in <code>seam plan --format json</code>)</li>")
                }
                html.append("</ul></details>")
            }
            html.append("</li>")
        }
        html.append("</ol>")
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    private func targetsSection() -> String {
        var html = [
            "<section id=\"targets\">", "<h2>Roadmap targets</h2>",
            "<table class=\"targets\"><thead><tr><th>Metric</th><th class=\"num\">Now</th><th class=\"num\">Target</th><th>Met</th></tr></thead><tbody>",
        ]
        for row in roadmap.progress {
            html.append(
                "<tr><td>\(HTMLText.withCode(row.metric))</td><td class=\"num\">\(HTMLText.escape(row.current))</td>"
                    + "<td class=\"num\">\(HTMLText.escape(row.target))</td>"
                    + "<td><span class=\"pill \(row.isMet ? "done" : "pending")\">\(row.isMet ? "met" : "not yet")</span></td></tr>"
            )
        }
        html += ["</tbody></table>", "</section>"]
        return html.joined(separator: "\n")
    }

    private func progressSection() -> String {
        var html = [
            "<section id=\"progress\">", "<h2>Migration progress</h2>",
            "<table class=\"progress\"><thead><tr><th>Metric</th><th class=\"num\">Value</th></tr></thead><tbody>",
        ]
        for row in ProgressTable(metrics: report.metrics).rows {
            let share =
                row.percentage.map { percent in
                    "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(percent)\"></span></span> \(percent)"
                } ?? ""
            html.append(
                "<tr class=\"\(row.isNested ? "nested" : "")\"><td>\(HTMLText.withCode(row.label))</td>"
                    + "<td class=\"num\">\(HTMLText.escape(row.value))\(share.isEmpty ? "" : " <span class=\"share\">\(share)</span>")</td></tr>"
            )
        }
        html += ["</tbody></table>", "</section>"]
        return html.joined(separator: "\n")
    }

    private func historySection() -> String {
        var html = ["<section id=\"history\">", "<h2>Progress over time</h2>"]
        guard let entries = history?.entries, !entries.isEmpty else {
            html.append(
                "<p class=\"muted\">No history yet: run <code>seam audit PATH --history seam-history.jsonl</code> in CI (or "
                    + "weekly), then <code>seam report PATH --history seam-history.jsonl</code> to chart each metric.</p>"
            )
            html.append("</section>")
            return html.joined(separator: "\n")
        }
        let runs = RoadmapBuilder.count(entries.count, "run")
        let goalsText =
            goals.isEmpty
            ? "<code>.seam.yml</code> sets no goals for these metrics (<code>goals:</code>), so the charts draw none; the roadmap's targets are above."
            : "Dashed lines are the goals <code>.seam.yml</code> sets (<code>goals:</code>)."
        html.append(
            "<p class=\"muted\">\(runs) from \(HistoryChart.day(entries[0].date)) to \(HistoryChart.day(entries[entries.count - 1].date)). "
                + goalsText + "</p>")
        html.append("<div class=\"charts\">")
        html.append(HistoryChart(entries: entries, goals: goals).figures())
        html.append("</div>")
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    private func offendersSection() -> String {
        let offenders = report.topOffenders(count: 10)
        guard !offenders.isEmpty else { return "" }
        let most = Double(offenders[0].findings)
        var html = [
            "<section id=\"offenders\">", "<h2>Top offenders</h2>",
            "<table class=\"offenders\"><thead><tr><th>Type</th><th class=\"num\">Findings</th><th class=\"num\"><code>.shared</code> sites</th>"
                + "<th>File</th></tr></thead><tbody>",
        ]
        for offender in offenders {
            let share = HTMLText.number(Double(offender.findings) / most * 100)
            html.append(
                "<tr><td><code>\(HTMLText.escape(offender.typeName))</code></td><td class=\"num\">"
                    + "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(share)%\"></span></span> \(offender.findings)</td>"
                    + "<td class=\"num\">\(offender.sites)</td><td><code class=\"path\">\(HTMLText.escape(offender.file))</code></td></tr>"
            )
        }
        html += ["</tbody></table>", "</section>"]
        return html.joined(separator: "\n")
    }

    private func graphSection(_ picture: GraphPicture) -> String {
        let edges = report.graph.edges.count
        let what: String
        switch picture.grouping {
        case nil:
            what =
                "\(RoadmapBuilder.count(picture.nodes.count, "type")), \(RoadmapBuilder.count(edges, "dependency", plural: "dependencies"))."
                + " Click a type to list its findings."
        case .byTarget?, .byFolder?:
            let by = picture.grouping == .byTarget ? "target" : "folder"
            what =
                "\(RoadmapBuilder.count(GraphExporter.allNodes(report.graph).count, "type")) in "
                + "\(RoadmapBuilder.count(picture.nodes.count, by)): each box is a \(by), each arrow every dependency of one kind "
                + "from one \(by) to another (thicker for more). Click a \(by) to list the findings in its files."
        }
        return """
            <section id="graph">
            <h2>Dependency graph</h2>
            <p class="muted">\(what)</p>
            <div class="legend">\
            <span><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="edge singleton"/></svg>reaches a singleton</span>\
            <span><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="edge injection"/></svg>injected</span>\
            <span><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="edge weak"/></svg>weak reference</span>\
            <span><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="edge cycle"/></svg>on a cycle</span>\
            <span><span class="swatch singleton"></span>declares a singleton</span>\
            <button type="button" id="fit-graph" class="link">Fit to width</button>\
            </div>
            <div class="graph-frame" id="graph-frame">
            \(picture.svg())
            </div>
            <p class="selection" id="graph-selection" hidden><strong id="selection-name"></strong>: \
            <span id="selection-count"></span> <button type="button" id="show-findings" class="link">show them</button> · \
            <button type="button" id="clear-selection" class="link">show all</button></p>
            </section>
            """
    }

    private func findingsSection(_ picture: GraphPicture) -> String {
        var html = [
            "<section id=\"findings\">", "<h2>Findings by file</h2>",
            "<div class=\"toolbar\"><span><span id=\"shown-count\">\(report.findings.count.grouped)</span> of "
                + "\(report.findings.count.grouped) findings</span>",
        ]
        for severity in Severity.allCases.reversed() {
            html.append(
                "<label class=\"toggle sev-\(severity.rawValue)\"><input type=\"checkbox\" data-severity-toggle=\"\(severity.rawValue)\" checked> "
                    + "\(Self.plural(severity))</label>")
        }
        html.append(
            "<span id=\"filter-banner\" hidden>Showing <strong id=\"filter-text\"></strong> "
                + "<button type=\"button\" id=\"clear-filter\" class=\"link\">show all</button></span></div>")
        html.append("<p id=\"no-match\" class=\"muted\" hidden>No findings here.</p>")
        if report.findings.isEmpty { html.append("<p class=\"muted\">No findings: nothing to migrate.</p>") }
        let byFile = Dictionary(grouping: report.findings, by: \.location.file)
        for file in byFile.keys.sorted() {
            let findings = (byFile[file] ?? []).sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
            let group = HTMLText.escape(picture.group(ofFile: file))
            html.append(
                "<section class=\"file\"><h3><code class=\"path\">\(HTMLText.escape(report.displayPath(file)))</code>"
                    + "<span class=\"count\">\(findings.count)</span></h3><ol class=\"findings\">")
            for finding in findings { html.append(item(finding, group: group)) }
            html.append("</ol></section>")
        }
        html.append("</section>")
        return html.joined(separator: "\n")
    }

    private func item(_ finding: Finding, group: String) -> String {
        let severity = finding.severity.rawValue
        var html =
            "<li class=\"finding sev-\(severity)\" data-severity=\"\(severity)\" data-type=\"\(HTMLText.escape(finding.typeName ?? ""))\" "
            + "data-group=\"\(group)\"><div class=\"finding-head\"><span class=\"pill sev-\(severity)\">\(severity)</span>"
            + "<code class=\"rule\">\(HTMLText.escape(finding.rule.rawValue))</code>"
            + "<span class=\"where\">line \(finding.location.line)</span>"
            + "<span class=\"message\">\(HTMLText.escape(finding.message))</span></div>"
            + "<p class=\"fix\">\(HTMLText.escape(finding.fixHint))</p>"
        let lines = excerpts.excerpt(around: finding.location)
        if !lines.isEmpty {
            html += "<pre class=\"excerpt\"><code>"
            for line in lines {
                let mark = line.number == finding.location.line ? " hit" : ""
                html +=
                    "<span class=\"line\(mark)\"><span class=\"ln\">\(line.number)</span>\(HTMLText.escape(line.text))</span>"
            }
            html += "</code></pre>"
        }
        return html + "</li>"
    }
}
