/// The whole navigation state of a coordinator, as plain data: an ordered list of routes, each
/// pushed or presented modally, bottom first.
///
/// Modals split the list into *levels*: level 0 is the root navigation stack; level `n` is the
/// `n`-th presented modal with the routes pushed inside it. Only the topmost level is mutable
/// through push and pop, and only if it has a navigation stack (the root always has one).
///
/// ```swift
/// var state = NavigationState<SurfRoute>()
/// try state.apply(.push(.spot(id: "pipeline")))
/// try state.apply(.present(.forecast(spotID: "pipeline", days: 3), .sheet, withNavigationStack: true))
/// state.levels.count   // 2: the root stack and the sheet
/// ```
///
/// The state is `Codable` for state restoration; decoding re-checks every invariant.
public struct NavigationState<Route: NavigationRoute>: Hashable, Sendable {
    /// The entries, bottom first.
    public internal(set) var entries: [PresentedRoute<Route>]

    /// An empty state: the root screen alone.
    public init() {
        entries = []
    }

    /// A state holding `entries`, checked against the invariants.
    ///
    /// - Throws: ``NavigationError/Code/invalidStack`` naming the first offending entry.
    public init(_ entries: [PresentedRoute<Route>]) throws(NavigationError) {
        try Self.validate(entries)
        self.entries = entries
    }

    /// A state holding entries already checked by ``validate(_:)``.
    init(checked entries: [PresentedRoute<Route>]) {
        self.entries = entries
    }

    /// The routes, bottom first, without their presentation.
    public var routes: [Route] { entries.map(\.route) }

    /// The topmost entry, or `nil` when only the root screen is shown.
    public var top: PresentedRoute<Route>? { entries.last }

    /// The number of presented modals.
    public var modalCount: Int { entries.count { $0.presentation.isModal } }

    /// Whether a push is allowed now: the topmost level has a navigation stack.
    public var canPush: Bool { topModal?.presentation.hasNavigationStack ?? true }

    /// The levels: the root stack first, then one per presented modal.
    public var levels: [NavigationLevel<Route>] {
        var levels = [NavigationLevel<Route>(modal: nil, path: [])]
        for entry in entries {
            if entry.presentation.isModal {
                levels.append(NavigationLevel(modal: entry, path: []))
            } else {
                levels[levels.count - 1].path.append(entry.route)
            }
        }
        return levels
    }

    /// The routes pushed in level `level` (0 is the root stack); empty for a level that does not exist.
    public func path(atLevel level: Int) -> [Route] {
        let levels = levels
        return levels.indices.contains(level) ? levels[level].path : []
    }

    /// The topmost modal entry, if any.
    var topModal: PresentedRoute<Route>? { entries.last { $0.presentation.isModal } }

    /// The index where the topmost level's pushed routes start.
    var topLevelStart: Int {
        guard let modalIndex = entries.lastIndex(where: { $0.presentation.isModal }) else { return 0 }
        return modalIndex + 1
    }

    /// Checks that no route is pushed onto a modal without a navigation stack.
    static func validate(_ entries: [PresentedRoute<Route>]) throws(NavigationError) {
        var host: PresentedRoute<Route>?
        for (index, entry) in entries.enumerated() {
            if entry.presentation.isModal {
                host = entry
            } else if let host, !host.presentation.hasNavigationStack {
                throw NavigationError(
                    .invalidStack,
                    "entry \(index) (\(entry)) is pushed onto \(host), which has no navigation stack"
                )
            }
        }
    }
}

/// One level of a ``NavigationState``: the root stack, or a presented modal and what is pushed inside it.
public struct NavigationLevel<Route: NavigationRoute>: Hashable, Sendable {
    /// The modal that opened this level, or `nil` for the root stack.
    public var modal: PresentedRoute<Route>?
    /// The routes pushed in this level, bottom first.
    public var path: [Route]

    /// Whether routes can be pushed in this level.
    public var hasNavigationStack: Bool { modal?.presentation.hasNavigationStack ?? true }
}

extension NavigationState: Codable {
    private enum CodingKeys: String, CodingKey { case entries }

    /// Decodes a state and re-checks its invariants, so a corrupted restoration payload fails
    /// with a `DecodingError` instead of producing an impossible state.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try container.decode([PresentedRoute<Route>].self, forKey: .entries)
        do {
            try self.init(entries)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .entries, in: container, debugDescription: error.description
            )
        }
    }

    /// Encodes the entries, bottom first.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
    }
}
