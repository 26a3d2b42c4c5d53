/// The deployment environment an app runs in; it chooses the per-environment configuration file.
///
/// Selected by the `--environment` command-line argument, else by the `APP_ENV` environment
/// variable (both names are configurable through ``ConfigurationSources``), else `development`.
public enum AppEnvironment: String, Sendable, Hashable, CaseIterable, Codable {
    /// Local builds and the simulator.
    case development
    /// Pre-release builds against the staging backend.
    case staging
    /// App Store builds against the production backend.
    case production
}
