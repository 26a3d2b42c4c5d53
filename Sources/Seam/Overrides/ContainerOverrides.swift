/// The overrides a ``Container`` was created with: they apply to every resolve from that container,
/// under those of any enclosing `withOverrides` scope.
@usableFromInline
final class ContainerOverrides: Sendable {
    @usableFromInline let table: IdentityTable<OverrideEntry>
    /// The same overrides, by key.
    let entries: [ObjectIdentifier: OverrideEntry]
    /// Where the container's issues go when no enclosing scope has a reporter.
    let reporter: IssueReporting.Reporter?

    /// The container's overrides, or `nil` when `overrides` sets nothing.
    static func make(_ overrides: Overrides) -> ContainerOverrides? {
        guard !overrides.entries.isEmpty || overrides.issueReporter != nil else { return nil }
        return ContainerOverrides(entries: overrides.entries, reporter: overrides.issueReporter)
    }

    private init(entries: [ObjectIdentifier: OverrideEntry], reporter: IssueReporting.Reporter?) {
        self.table = IdentityTable(entries.map { (UInt(bitPattern: $0.key), $0.value) })
        self.entries = entries
        self.reporter = reporter
    }
}
