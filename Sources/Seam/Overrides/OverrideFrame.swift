import Synchronization
import SeamLocking

/// One `withOverrides` scope, bound to a task-local so child tasks inherit it: its overrides, context,
/// issue reporter and a private storage per container (so singletons built inside never leak out and
/// parallel scopes never share instances).
@usableFromInline
final class OverrideFrame: @unchecked Sendable {
    @usableFromInline @TaskLocal static var current: OverrideFrame?

    /// Whether any frame exists anywhere; when `false` no task can be inside an override scope.
    /// (``Container``'s hot paths ask their own ``Container/frames`` reference instead.)
    @inlinable @inline(__always)
    static var noneExist: Bool { FrameCount.shared.noneExist }

    /// The frame of the current task, skipping the task-local read when no frame exists.
    @inlinable
    static var currentIfAny: OverrideFrame? { noneExist ? nil : current }

    @usableFromInline let overrides: IdentityTable<OverrideEntry>
    /// The same overrides as a dictionary, for building nested scopes.
    let overrideEntries: [ObjectIdentifier: OverrideEntry]
    let context: DependencyContext?
    let reporter: IssueReporting.Reporter?
    @usableFromInline let recorder: GraphRecorder?
    let label: String
    /// One storage per container used in this scope. Containers are held strongly for the scope's life
    /// (scopes are short-lived), which also keeps their identifiers from being reused.
    /// One storage per container used in this scope. A scope rarely touches more than one or two
    /// containers, so a linear scan beats hashing. Entries are never removed while the scope lives
    /// (which also keeps the containers' identities from being reused).
    private let storages = Locked<[ScopeStorage]>([])
    /// The entry used last (unretained; `storages` keeps it alive), read without locking.
    @usableFromInline let lastUsed = Atomic<UInt>(0)

    init(
        overrides: [ObjectIdentifier: OverrideEntry],
        context: DependencyContext?,
        reporter: IssueReporting.Reporter?,
        recorder: GraphRecorder?,
        label: String
    ) {
        self.overrides = IdentityTable(overrides.map { (UInt(bitPattern: $0.key), $0.value) })
        self.overrideEntries = overrides
        self.context = context
        self.reporter = reporter
        self.recorder = recorder
        self.label = label
        FrameCount.shared.live.add(1, ordering: .releasing)
    }

    deinit {
        FrameCount.shared.live.subtract(1, ordering: .releasing)
    }

    /// This frame's storage for `container`, unretained (the frame keeps it alive while the caller
    /// holds the frame): the last-used entry is checked lock-free, with no retain or release.
    @inlinable @inline(__always)
    func unretainedStorage(for container: Container) -> Unmanaged<Storage> {
        if let last = UnsafeRawPointer(bitPattern: lastUsed.load(ordering: .acquiring)) {
            let hit = Unmanaged<ScopeStorage>.fromOpaque(last)._withUnsafeGuaranteedRef { entry -> Unmanaged<Storage>? in
                entry.container === container ? Unmanaged.passUnretained(entry.storage) : nil
            }
            if let hit { return hit }
        }
        return Unmanaged.passUnretained(storage(for: container))
    }

    /// This frame's private storage for `container`, created on first use.
    @usableFromInline
    func storage(for container: Container) -> Storage {
        if let last = UnsafeRawPointer(bitPattern: lastUsed.load(ordering: .acquiring)) {
            let entry = Unmanaged<ScopeStorage>.fromOpaque(last).takeUnretainedValue()
            if entry.container === container { return entry.storage }
        }
        return storages.withLock { storages in
            let entry = storages.first { $0.container === container } ?? {
                let entry = ScopeStorage(container: container, storage: Storage(label: .isolated(label)))
                storages.append(entry)
                return entry
            }()
            lastUsed.store(UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), ordering: .releasing)
            return entry.storage
        }
    }

    /// The storage of `container` that a resolve in this frame uses, if already created.
    func existingStorage(for container: Container) -> Storage? {
        storages.withLock { $0.first { $0.container === container }?.storage }
    }
}

/// How many ``OverrideFrame``s exist. While it is zero, resolution skips the task-local read entirely.
///
/// One shared instance; every ``Container`` keeps a reference to it, so a resolve reads the count
/// through a field of the container (two loads) instead of calling a global's accessor.
@usableFromInline
final class FrameCount: Sendable {
    @usableFromInline static let shared = FrameCount()

    @usableFromInline let live = Atomic<Int>(0)

    private init() {}

    /// Whether no frame exists anywhere, so no task can be inside an override scope.
    @inlinable @inline(__always)
    var noneExist: Bool { live.load(ordering: .acquiring) == 0 }
}
