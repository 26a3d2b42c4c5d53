/// The reference figures a roadmap's estimates are scaled from: for each phase, what the reference roadmap
/// counted and how many hours it planned for it.
///
/// The default, `EffortCalibration.reference`, is the architecture write-up this project started from: an iOS
/// app with 76 singleton classes, 1,214 `.shared` sites and 0% test coverage, whose team planned six phases
/// over 14–18 weeks and 520–720 hours. Each phase's rate is its planned hours divided by the units it covered
/// there, so a codebase with the same counts gets the same 520–720 hours, and a smaller one proportionally less.
/// A phase the write-up priced as a whole (Phase 1's 40 hours for the container and the first 25 bypass sites)
/// is a rate per unit like the others.
public struct EffortCalibration: Sendable, Codable, Hashable {
    /// One phase's reference: the unit it counts, how many the write-up had, and its planned hours.
    public struct Rate: Sendable, Codable, Hashable {
        /// What is counted (`bypass site`, `view model`).
        public var unit: String
        /// How many of the unit the reference roadmap covered in this phase.
        public var referenceUnits: Int
        /// Its planned hours, low end.
        public var referenceLowHours: Double
        /// Its planned hours, high end.
        public var referenceHighHours: Double
        /// Where the reference count comes from in the write-up.
        public var source: String

        /// Hours per unit, low end.
        public var lowHoursPerUnit: Double { referenceLowHours / Double(referenceUnits) }
        /// Hours per unit, high end.
        public var highHoursPerUnit: Double { referenceHighHours / Double(referenceUnits) }

        /// The estimate for `units` of this rate, with its basis spelled out.
        public func estimate(units: Int) -> Roadmap.Estimate {
            let low = Double(units) * lowHoursPerUnit, high = Double(units) * highHoursPerUnit
            let perUnit = Roadmap.Estimate(lowHours: lowHoursPerUnit, highHours: highHoursPerUnit, basis: "")
            let reference = Roadmap.Estimate(lowHours: referenceLowHours, highHours: referenceHighHours, basis: "")
            return Roadmap.Estimate(
                lowHours: low, highHours: high,
                basis:
                    "\(units) \(plural(units)) × \(Self.rate(perUnit)) (the reference: \(reference.hours) for \(referenceUnits) \(plural(referenceUnits)), \(source))"
            )
        }

        private func plural(_ count: Int) -> String { count == 1 ? unit : unit + "s" }

        private static func rate(_ estimate: Roadmap.Estimate) -> String {
            let low = (estimate.lowHours * 10).rounded() / 10, high = (estimate.highHours * 10).rounded() / 10
            return low == high ? "\(low) h" : "\(low)–\(high) h"
        }
    }

    /// The rates of phases 1 to 6, in order.
    public var rates: [Rate]

    /// Creates a calibration from six rates.
    public init(rates: [Rate]) {
        precondition(rates.count == 6, "a calibration has one rate per phase")
        self.rates = rates
    }

    /// The reference write-up's figures (76 singletons, 1,214 `.shared` sites; 520–720 hours in six phases).
    public static let reference = EffortCalibration(rates: [
        Rate(
            unit: "bypass site", referenceUnits: 25, referenceLowHours: 40, referenceHighHours: 40,
            source:
                "Phase 1 fixed the DI violations of two view models, 25 `.shared` calls, and created the container in one week"
        ),
        Rate(
            unit: "view model", referenceUnits: 13, referenceLowHours: 80, referenceHighHours: 120,
            source: "Phase 2 covers the 13 of 15 view models not yet using DI"),
        Rate(
            unit: "service", referenceUnits: 76, referenceLowHours: 120, referenceHighHours: 160,
            source: "Phase 3 moves the 76 singleton services' dependencies into their initialisers"),
        Rate(
            unit: "service", referenceUnits: 71, referenceLowHours: 80, referenceHighHours: 120,
            source: "Phase 4 gives protocols to the 71 services without one"),
        Rate(
            unit: "view site", referenceUnits: 200, referenceLowHours: 120, referenceHighHours: 160,
            source: "Phase 5 moves the views' estimated 200 `.shared` sites to the environment"),
        Rate(
            unit: "singleton", referenceUnits: 68, referenceLowHours: 80, referenceHighHours: 120,
            source: "Phase 6 retires the 68 singletons not on its list of 8 to keep"),
    ])
}
