/// What `seam audit` looks at and how strictly, usually read from `.seam.yml` at the audited root.
///
/// ```yaml
/// include: ["Sources/**"]
/// exclude: ["**/Generated/**"]
/// allow: [Logger, Analytics, KeychainService]
/// singleton-accessors: [sharedStore, live]
/// rules:
///   force-unwrap: off
///   injection-bypass: error
/// thresholds:
///   view-model-lines: 300
///   view-model-stored-properties: 12
///   view-model-dependencies: 6
///   max-findings: 0
/// roles:
///   service: ["*Manager", "*Service", "*Store", "*Client", "*Cache"]
/// goals:
///   singleton-accesses: 0
///   view-models-using-injection: 100%
/// ```
public struct AuditConfiguration: Sendable, Hashable, Codable {
    /// Glob patterns (relative to the root) of files to audit; empty means every `.swift` file.
    public var include: [String] = []
    /// Glob patterns of files to skip, on top of the default skipped folders.
    public var exclude: [String] = []
    /// Folder names never descended into (and `*.playground` folders, whose pages are scratch code).
    public var skippedFolders: Set<String> = [
        ".build", "Pods", "Carthage", "DerivedData", ".git", "vendor", "Vendor", "ThirdParty", "third_party",
        ".swiftpm", "checkouts", "fastlane", "Fastlane",
    ]
    /// Singletons that are meant to stay (logger, analytics, keychain...): their declarations and
    /// accesses are not reported and not counted.
    public var allowedSingletons: Set<String> = []
    /// Static property names that always make a singleton, on top of the built-in `shared`, `shared…`,
    /// `sharedInstance`, `instance` and `singleton` (`.seam.yml`: `singleton-accessors`).
    public var singletonAccessors: Set<String> = []
    /// Per-rule severity override; `nil` severity means the rule is off.
    public var ruleSeverities: [RuleID: Severity?] = [:]
    /// Limits for the fat-view-model rule.
    public var thresholds = Thresholds()
    /// Name patterns (`*Manager`, `*ViewModel`) that assign a role, tried before the built-in ones.
    public var rolePatterns: [TypeRole: [String]] = [:]
    /// The value each progress metric should reach (`.seam.yml`: `goals`), which `seam report` draws on its
    /// charts; a share's goal is a percentage.
    public var goals: [ProgressMetric: Double] = [:]
    /// Where the `.seam.yml` this was read from writes its values (empty for a configuration built in code).
    /// Not part of the configuration's value: it never makes two configurations differ, and is not encoded.
    package var origins = ConfigurationOrigins()

    private enum CodingKeys: String, CodingKey {
        case include, exclude, skippedFolders, allowedSingletons, singletonAccessors, ruleSeverities, thresholds
        case rolePatterns, goals
    }

    /// Limits for fat types and for the exit code.
    public struct Thresholds: Sendable, Hashable, Codable {
        /// Lines of a view model's declaration and extensions above which `fat-view-model` reports it (default 300).
        public var viewModelLines = 300
        /// Stored instance properties above which `fat-view-model` reports a view model (default 12).
        public var viewModelStoredProperties = 12
        /// Distinct dependencies (injected types plus singletons reached) above which `fat-view-model` reports a
        /// view model (default 6).
        public var viewModelDependencies = 6
        /// The number of findings (at `warning` or above, after the baseline) that still exits 0.
        public var maxFindings = 0
        /// The number of files a string literal must appear in to be reported as duplicated.
        public var duplicatedLiteralFiles = 3

        /// Creates the defaults: 300 lines, 12 stored properties, 6 dependencies, 0 findings, 3 files.
        public init() {}
    }

    /// Creates the defaults: every `.swift` file outside `skippedFolders`, every rule at its default severity,
    /// no allowed singletons, default thresholds.
    public init() {}

    /// Whether `rule` is enabled.
    public func isEnabled(_ rule: RuleID) -> Bool {
        if let override = ruleSeverities[rule] { return override != nil }
        return true
    }

    /// The severity `rule` reports at: the override from `.seam.yml` or the rule's default.
    public func severity(of rule: RuleID, default defaultSeverity: Severity) -> Severity {
        if let override = ruleSeverities[rule], let severity = override { return severity }
        return defaultSeverity
    }
}
