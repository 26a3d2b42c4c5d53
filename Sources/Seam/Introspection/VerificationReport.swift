/// What ``Container/verify(fileID:line:)`` found: registrations that failed to build, captive dependencies, keys
/// it could not build, and the discovered graph.
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// A registration whose resolution failed.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        /// The registration's key name.
        public let dependency: String
        /// Why it failed (cycles carry their path).
        public let error: ResolutionError

        /// `Key: error`, the key's name followed by the error's description.
        public var description: String { "\(dependency): \(error)" }
    }

    /// A longer-lived instance holding a shorter-lived one, directly or through ``Lifetime/unique``
    /// instances made for it (see ``Lifetime`` for the rule).
    public struct Captive: Hashable, Sendable, CustomStringConvertible {
        /// The holder's key name.
        public let holder: String
        /// The holder's lifetime.
        public let holderLifetime: Lifetime
        /// The held key's name.
        public let dependency: String
        /// The held key's lifetime.
        public let dependencyLifetime: Lifetime
        /// The unique keys between holder and dependency (`[]` when the holder's factory resolves the
        /// dependency itself).
        public let through: [String]

        /// Creates a captive record.
        public init(
            holder: String, holderLifetime: Lifetime, dependency: String, dependencyLifetime: Lifetime,
            through: [String] = []
        ) {
            self.holder = holder
            self.holderLifetime = holderLifetime
            self.dependency = dependency
            self.dependencyLifetime = dependencyLifetime
            self.through = through
        }

        /// `Holder (lifetime) holds Key (lifetime)[ through U, V]: …`: the held instance is captured for
        /// the holder's whole life.
        public var description: String {
            "\(holder) (\(holderLifetime)) holds \(dependency) (\(dependencyLifetime))"
                + (through.isEmpty ? "" : " through \(through.joined(separator: " → "))")
                + ": the \(dependencyLifetime) instance is captured for the \(holder)'s whole life"
        }
    }

    /// Registrations that failed to build.
    public let failures: [Failure]
    /// Captive dependencies found on the recorded edges.
    public let captives: [Captive]
    /// Registrations that need an argument and were registered without a sample.
    public let unbuilt: [String]
    /// The graph discovered while building.
    public let graph: DependencyGraph

    /// Whether nothing failed and nothing is captive.
    public var isClean: Bool { failures.isEmpty && captives.isEmpty }

    /// A summary line with the counts, then one indented line per failure, captive and unbuilt key.
    public var description: String {
        var lines = [
            "Seam verify \(graph.container): \(graph.nodes.count) dependencies, "
                + "\(failures.count) failures, \(captives.count) captive"
        ]
        lines += failures.map { "  failure: \($0)" }
        lines += captives.map { "  captive: \($0)" }
        lines += unbuilt.map { "  not built (needs a sample argument): \($0)" }
        if graph.nodes.isEmpty {
            lines.append("  nothing was checked: the container declares no keys (Container(name:) { Key.self … })")
        }
        return lines.joined(separator: "\n")
    }
}
