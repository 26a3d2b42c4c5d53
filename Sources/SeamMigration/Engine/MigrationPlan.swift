/// Everything a migration would change, computed without touching the disk.
///
/// ```swift
/// let plan = try Migrator().plan(root: "Examples/LegacyApp")
/// print(plan.unifiedDiff())   // what `seam migrate` shows
/// try MigrationWriter.apply(plan)   // what `seam migrate --write` does
/// ```
public struct MigrationPlan: Sendable {
    /// One file the migration creates or changes.
    public struct FileChange: Sendable, Hashable {
        /// The path relative to the root, with `/` separators.
        public var path: String
        /// The current text, `nil` for a file the migration creates.
        public var original: String?
        /// The text after the migration.
        public var updated: String
    }

    /// What the migration did, in numbers.
    public struct Summary: Sendable, Hashable {
        /// Protocols written from a type's API.
        public var protocolsExtracted: [String] = []
        /// Existing protocols that gained the requirements the migrated code calls.
        public var protocolsCompleted: [String] = []
        /// Mock files written.
        public var mocksGenerated: [String] = []
        /// `Type ← Singleton` injections.
        public var injections: [String] = []
        /// `.shared` uses replaced by an injected property.
        public var sitesRewritten = 0
        /// `.shared` uses in SwiftUI views moved to the environment (`dependencies.store`), of `viewSites`.
        public var viewSitesMoved = 0
        /// `.shared` uses of the migrated singletons in SwiftUI views.
        public var viewSites = 0
        /// Dependencies added to the container.
        public var containerRegistrations: [String] = []
        /// Edit groups drafted and then dropped because a file they changed would not parse.
        public var droppedEditGroups: [String] = []
        /// The view models the container got a factory method for.
        public var factoriesAdded: [String] = []
        /// The singletons retired: the container creates their instances (`APIClient.shared`).
        public var singletonsRetired: [String] = []
        /// The Seam keys declared (`--container seam`).
        public var seamKeys: [String] = []
    }

    /// The migrated root, as given.
    public var root: String
    /// Created and changed files, sorted by path.
    public var changes: [FileChange]
    /// Places left untouched and follow-ups, sorted by location.
    public var notes: [MigrationNote]
    /// What the migration did, in numbers.
    public var summary: Summary
    /// The edit groups behind each created or changed file: what a build failure in that file blames.
    var groupsByPath: [String: Set<EditGroup>] = [:]

    /// Whether the migration changes nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// The unified diff of every change (what `git apply` or `patch -p1` in the root would apply).
    public func unifiedDiff() -> String {
        changes.map { UnifiedDiff.render(old: $0.original, new: $0.updated, path: $0.path) }.joined()
    }

    /// A human-readable account of the plan: the counts, then each note.
    public var summaryText: String {
        var lines: [String] = []
        let created = changes.filter { $0.original == nil }.count
        lines.append("seam migrate: \(changes.count - created) file(s) changed, \(created) created")
        func list(_ label: String, _ items: [String]) {
            lines.append("  \(label): \(items.count)" + (items.isEmpty ? "" : " (\(items.joined(separator: ", ")))"))
        }
        list("protocols extracted", summary.protocolsExtracted)
        list("protocols completed", summary.protocolsCompleted)
        list("mocks generated", summary.mocksGenerated)
        list("injections", summary.injections)
        lines.append("  .shared uses rewritten: \(summary.sitesRewritten)")
        if summary.viewSites > 0 {
            lines.append("  view sites moved to the environment: \(summary.viewSitesMoved) of \(summary.viewSites)")
        }
        list("container registrations", summary.containerRegistrations)
        list("view model factories", summary.factoriesAdded)
        list("singletons retired", summary.singletonsRetired)
        if !summary.seamKeys.isEmpty { list("Seam keys", summary.seamKeys) }
        lines.append("  dropped edit groups: \(summary.droppedEditGroups.count)")
        if !notes.isEmpty {
            lines.append("\(notes.count) note(s):")
            lines += notes.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
