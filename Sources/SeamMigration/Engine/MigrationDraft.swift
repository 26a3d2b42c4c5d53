/// What the rewrites would do, before anything is checked: edits per file (each in its ``EditGroup``),
/// created files, notes and counts.
struct MigrationDraft {
    /// The edits of each file, by index in the input's files.
    var edits: [Int: [GroupedEdit]] = [:]
    /// The files to create, by path.
    var created: [String: (group: EditGroup, text: String)] = [:]
    var notes: [MigrationNote] = []
    var summary = MigrationPlan.Summary()

    mutating func add(_ list: [(file: Int, edit: SourceEdit)], to group: EditGroup) {
        for item in list { edits[item.file, default: []].append(GroupedEdit(group: group, edit: item.edit)) }
    }

    /// Takes back every edit of `group` (a protocol no type ends up injected with).
    mutating func remove(_ group: EditGroup) {
        for file in edits.keys { edits[file]?.removeAll { $0.group == group } }
    }
}
