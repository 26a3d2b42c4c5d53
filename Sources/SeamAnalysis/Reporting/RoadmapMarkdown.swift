import Foundation

/// Writes a `Roadmap` as the Markdown document a team keeps in its repository: the progress table, the phase
/// table with hours, each phase's tasks in priority order, and how the estimate is made.
public enum RoadmapMarkdown {
    /// Tasks listed per phase; the rest are counted (all are in the JSON form).
    public static let tasksPerPhase = 25

    /// The document.
    public static func render(_ roadmap: Roadmap) -> String {
        var lines: [String] = []
        let metrics = roadmap.metrics
        lines.append("# Refactoring roadmap: \(roadmap.root)")
        lines.append("")
        lines.append(
            "\(metrics.files.grouped) files, \(metrics.lines.grouped) lines, audited by seam \(SeamVersion.current). "
                + "The phases and their rates follow the reference roadmap (76 singletons, 1,214 `.shared` sites, "
                + "520–720 h); see [How the estimate is made](#how-the-estimate-is-made).")
        lines.append("")
        lines.append("## Progress")
        lines.append("")
        lines.append("| Metric | Current | Target | Met |")
        lines.append("|---|---:|---:|:---:|")
        for row in roadmap.progress {
            lines.append("| \(row.metric) | \(row.current) | \(row.target) | \(row.isMet ? "yes" : "no") |")
        }
        lines.append("")
        lines.append("## Phases")
        lines.append("")
        lines.append("| Phase | Tasks | Effort | Status |")
        lines.append("|---|---:|---:|---|")
        for phase in roadmap.phases {
            lines.append(
                "| \(phase.number). \(phase.title) | \(phase.tasks.count.grouped) | \(phase.estimate.hours) | \(phase.status.rawValue) |"
            )
        }
        let taskCount = roadmap.phases.reduce(0) { $0 + $1.tasks.count }
        lines.append("| **Total** | **\(taskCount.grouped)** | **\(roadmap.total.hours)** | |")
        for phase in roadmap.phases {
            lines.append("")
            lines.append("## Phase \(phase.number): \(phase.title) (\(phase.status.rawValue))")
            lines.append("")
            lines.append("**Goal:** \(phase.goal)  ")
            lines.append("**Done when:** \(phase.doneWhen).  ")
            lines.append("**Estimate:** \(phase.estimate.hours): \(phase.estimate.basis).")
            lines.append("")
            if phase.tasks.isEmpty {
                lines.append("Nothing left to do.")
                continue
            }
            for (index, task) in phase.tasks.prefix(tasksPerPhase).enumerated() {
                let place = task.location.map { " (`\($0.file):\($0.line)`)" } ?? ""
                lines.append("\(index + 1). **\(task.title)**: \(task.detail)\(place)")
            }
            if phase.tasks.count > tasksPerPhase {
                lines.append("")
                lines.append(
                    "… and \((phase.tasks.count - tasksPerPhase).grouped) more (all of them in `seam plan --format json`)."
                )
            }
        }
        lines.append("")
        lines.append("## How the estimate is made")
        lines.append("")
        lines.append(
            "Each phase's hours are the units of work this codebase has for it times the reference roadmap's hours "
                + "per unit: its planned hours for the phase divided by the units it covered. Applied to the "
                + "reference app's own counts, the rates give its 520–720 h. The rates describe a team working by "
                + "hand; what `seam migrate` rewrites mechanically costs review time instead.")
        lines.append("")
        lines.append("| Phase | Unit | Reference units | Reference hours | Per unit | Source |")
        lines.append("|---|---|---:|---:|---:|---|")
        for (phase, rate) in zip(roadmap.phases, roadmap.calibration.rates) {
            let reference = Roadmap.Estimate(
                lowHours: rate.referenceLowHours, highHours: rate.referenceHighHours, basis: "")
            let low = String(format: "%.1f", rate.lowHoursPerUnit), high = String(format: "%.1f", rate.highHoursPerUnit)
            let perUnit = low == high ? "\(low) h" : "\(low)–\(high) h"
            lines.append(
                "| \(phase.number). \(phase.title) | \(rate.unit) | \(rate.referenceUnits) | \(reference.hours) | \(perUnit) | \(rate.source) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
