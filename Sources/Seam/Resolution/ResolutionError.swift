/// Why a dependency could not be resolved. Its `description` names the dependency (and for cycles the
/// whole path), so it can be shown as is.
///
/// ```swift
/// do { _ = try container.resolve(AKey.self) }
/// catch { print(error) }   // Dependency cycle: AKey → BKey → CKey → AKey
/// ```
public struct ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case cycle
        case missingTestValue
        case factoryFailed
        case stalledBuild
    }

    let code: Code
    /// The dependency that failed to resolve: the key's `name` (for a missing test value, with its value type).
    public let dependency: String
    /// For a cycle, the key names on the path, first and last equal (`[A, B, C, A]`); otherwise the
    /// resolution path that led to the failure, outermost first.
    public let path: [String]
    /// For a failing factory, the description of the error it threw.
    public let underlying: String?

    /// A cycle: resolving `path.last` while it is already being built on `path`.
    public static func cycle(_ path: [String]) -> ResolutionError {
        ResolutionError(code: .cycle, dependency: path.last ?? "", path: path, underlying: nil)
    }

    static func missingTestValue(_ dependency: String, path: [String]) -> ResolutionError {
        ResolutionError(code: .missingTestValue, dependency: dependency, path: path, underlying: nil)
    }

    static func factoryFailed(_ dependency: String, path: [String], error: any Error) -> ResolutionError {
        ResolutionError(code: .factoryFailed, dependency: dependency, path: path, underlying: String(describing: error))
    }

    static func stalledBuild(_ dependency: String, path: [String], waited: Duration) -> ResolutionError {
        ResolutionError(code: .stalledBuild, dependency: dependency, path: path, underlying: "\(waited)")
    }

    /// Whether this is a dependency cycle.
    public var isCycle: Bool { code == .cycle }
    /// Whether a dependency without a test value was read in the test context without an override.
    public var isMissingTestValue: Bool { code == .missingTestValue }
    /// Whether a factory threw.
    public var isFactoryFailure: Bool { code == .factoryFailed }
    /// Whether the resolve gave up waiting for another thread's or task's build of the dependency after
    /// the key's `maximumBuildWait`: almost always a factory waiting for work that
    /// resolves the key it is building.
    public var isStalledBuild: Bool { code == .stalledBuild }

    /// A message naming the dependency and, for cycles or nested resolves, the path; ready to show as is.
    public var description: String {
        switch code {
        case .cycle:
            return "Dependency cycle: \(path.joined(separator: " → "))"
        case .missingTestValue:
            return "\(dependency) has no test value and was not overridden in this test context"
                + pathSuffix + "; override it (withOverrides / .seamDependencies) or declare a testValue"
        case .factoryFailed:
            return "Factory of \(dependency) threw: \(underlying ?? "unknown error")" + pathSuffix
        case .stalledBuild:
            return "Gave up after \(underlying ?? "") waiting for another thread's or task's build of \(dependency)"
                + pathSuffix + ": if \(dependency)'s factory waits for work (a Thread, a Task.detached, "
                + "DispatchQueue.sync, a semaphore) that resolves \(dependency), each waits for the other; resolve what "
                + "that work needs before starting it and pass it in (or raise \(dependency).maximumBuildWait for a slow factory)"
        }
    }

    private var pathSuffix: String {
        path.count > 1 ? " (resolving \(path.joined(separator: " → ")))" : ""
    }
}
