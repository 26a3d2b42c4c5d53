/// What a reporter needs to know besides the report itself.
public struct ReportContext: Sendable, Hashable {
    /// How the text format groups findings.
    public enum Grouping: String, Sendable, CaseIterable {
        case file
        case rule
    }

    /// The version of `seam` that produced the report.
    public var toolVersion: String
    /// The audited root as an absolute path, for SARIF's `originalUriBaseIds`; `nil` leaves it out.
    public var absoluteRoot: String?
    /// Whether the text format may use ANSI colours.
    public var colored: Bool
    /// How the text format groups findings.
    public var grouping: Grouping
    /// Findings that matched the baseline and were left out of `report.findings`.
    public var baselineMatched: Int

    /// Creates a context; the defaults are the current version, no absolute root, no colours, grouping by file
    /// and no baseline matches.
    public init(
        toolVersion: String = SeamVersion.current, absoluteRoot: String? = nil, colored: Bool = false,
        grouping: Grouping = .file, baselineMatched: Int = 0
    ) {
        self.toolVersion = toolVersion
        self.absoluteRoot = absoluteRoot
        self.colored = colored
        self.grouping = grouping
        self.baselineMatched = baselineMatched
    }
}

extension AuditReport {
    /// `file` as a path usable from the directory `seam` ran in: the root as given, then the relative path.
    func displayPath(_ file: String) -> String {
        var root = self.root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        if root.isEmpty || root == "." { return file }
        return root == "/" ? "/" + file : root + "/" + file
    }

    /// How many findings there are at each severity.
    var severityCounts: [Severity: Int] {
        findings.reduce(into: [:]) { $0[$1.severity, default: 0] += 1 }
    }
}
