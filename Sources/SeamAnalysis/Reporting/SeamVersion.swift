/// The version of the `seam` tool, written once: `seam --version` prints it, the JSON report's `tool.version`,
/// SARIF's `tool.driver.version` and the roadmap's header carry it (see CHANGELOG.md when it changes).
public enum SeamVersion {
    /// The tool's version (semantic versioning).
    public static let current = "0.1.0"
}
