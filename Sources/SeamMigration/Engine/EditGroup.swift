/// The unit a migration keeps or drops as a whole: the edits of one rewrite for one type.
///
/// When a rewritten file would not parse (or two edits collide), the group that broke it is dropped, with
/// a note, and the plan is drafted again without it; everything else still goes through.
enum EditGroup: Hashable, Comparable, CustomStringConvertible {
    /// The protocol extracted (or completed) for a singleton type; without it the type is not migrated.
    case protocolOf(String)
    /// The injection of singletons into one type (its property, init parameters and rewritten sites).
    case injection(into: String)
    /// The container's registrations and `Live` defaults.
    case container
    /// The mock file written for a singleton type's protocol.
    case mock(String)
    /// The container's factory method for a view model.
    case factory(of: String)
    /// A singleton type's `static let` removed, its initialiser opened, its remaining reads pointed at the container.
    case retirement(of: String)
    /// The Seam keys file, the mocks' trait and the manifest's dependency on Seam (``MigrationOptions/ContainerStyle/seam``).
    case seamKeys

    var description: String {
        switch self {
        case .protocolOf(let type): "the protocol for `\(type)`"
        case .injection(let type): "the injection into `\(type)`"
        case .container: "the container registrations"
        case .mock(let type): "the mock for `\(type)`"
        case .factory(let type): "the container's factory for `\(type)`"
        case .retirement(let type): "the retirement of `\(type)`'s singleton"
        case .seamKeys: "the Seam keys"
        }
    }
}

/// An edit and the group it belongs to.
struct GroupedEdit {
    var group: EditGroup
    var edit: SourceEdit
}
