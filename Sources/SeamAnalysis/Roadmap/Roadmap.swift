/// The refactoring roadmap `seam plan` writes: the reference write-up's six phases, with this codebase's tasks
/// in each (one per type, in priority order), the progress table against its targets, and an effort estimate
/// per phase with the basis it was scaled from.
///
/// ```swift
/// let codebase = try await Codebase.load(root: URL(filePath: "Examples/LegacyApp"))
/// let roadmap = Auditor().roadmap(codebase)
/// for phase in roadmap.phases { print(phase.title, phase.tasks.count, phase.estimate.hours) }
/// ```
///
/// The phases, their order and the effort rates come from the reference roadmap of an app with 76 singletons
/// and 1,214 `.shared` sites (six phases, 14–18 weeks, 520–720 hours): see `EffortCalibration`.
public struct Roadmap: Sendable, Codable, Hashable {
    /// Where a phase stands.
    public enum Status: String, Sendable, Codable, Hashable {
        /// Nothing left to do.
        case done
        /// The first phase with work left: the one to start with.
        case next
        /// Work left, after the next phase.
        case pending
    }

    /// One unit of work on one type (or the codebase), as the write-up lists them ("Fix ProfileEditViewModel").
    public struct Task: Sendable, Codable, Hashable {
        /// The type the task is about, or `nil` for a codebase-wide task (creating the container).
        public var typeName: String?
        /// What to do, one line.
        public var title: String
        /// What the task covers: the singletons involved, the sites.
        public var detail: String
        /// Where to start: the type's declaration or the first site.
        public var location: SourceLocation?
        /// How many of the phase's units (sites, types) this task covers: what the estimate scales.
        public var units: Int

        /// Creates a task.
        public init(typeName: String?, title: String, detail: String, location: SourceLocation?, units: Int) {
            self.typeName = typeName
            self.title = title
            self.detail = detail
            self.location = location
            self.units = units
        }
    }

    /// Hours for a phase, low to high, and the sentence that says how they were computed.
    public struct Estimate: Sendable, Codable, Hashable {
        /// The low end, in hours.
        public var lowHours: Double
        /// The high end, in hours.
        public var highHours: Double
        /// How the range was computed (`12 view models × 6.2–9.2 h, the write-up's 80–120 h for 13`).
        public var basis: String

        /// Creates an estimate.
        public init(lowHours: Double, highHours: Double, basis: String) {
            self.lowHours = lowHours
            self.highHours = highHours
            self.basis = basis
        }

        /// `80–120 h`, or `40 h` when both ends round to the same hour.
        public var hours: String {
            let low = Int(lowHours.rounded()), high = Int(highHours.rounded())
            return low == high ? "\(low) h" : "\(low)–\(high) h"
        }
    }

    /// One of the six phases.
    public struct Phase: Sendable, Codable, Hashable {
        /// 1 to 6, in the write-up's order.
        public var number: Int
        /// `Foundation`, `Core view models`...
        public var title: String
        /// The phase's goal, one sentence.
        public var goal: String
        /// When the phase is complete, one sentence.
        public var doneWhen: String
        /// What the estimate counts (`bypass site`, `view model`...).
        public var unit: String
        /// The tasks, most urgent first.
        public var tasks: [Task]
        /// The hours the tasks would take, at the write-up's rate.
        public var estimate: Estimate
        /// Whether the phase is done, next or pending.
        public var status: Status

        /// The units all tasks cover.
        public var units: Int { tasks.reduce(0) { $0 + $1.units } }
    }

    /// One row of the progress table: a metric now and the roadmap's target for it.
    public struct Progress: Sendable, Codable, Hashable {
        /// The metric (`Singletons`, `View models using injection`).
        public var metric: String
        /// Its value now (`34`, `2/6`).
        public var current: String
        /// The roadmap's target (`0`, `6/6`, `≤ 3 (the allow-list)`).
        public var target: String
        /// Whether the target is met.
        public var isMet: Bool
    }

    /// The audited root.
    public var root: String
    /// The audit's metrics the progress rows are made of.
    public var metrics: AuditMetrics
    /// The progress table: each metric now and its target.
    public var progress: [Progress]
    /// The six phases in order.
    public var phases: [Phase]
    /// The sum of the phases' estimates.
    public var total: Estimate
    /// The reference figures the rates come from.
    public var calibration: EffortCalibration
}
