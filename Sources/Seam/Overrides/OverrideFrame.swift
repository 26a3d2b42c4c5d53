import Synchronization
import SeamLocking
import SeamTaskState

/// One `withOverrides` scope, bound to a task-local so child tasks inherit it: its overrides, context,
/// issue reporter and a storage per container (so singletons built inside never leak out and
/// parallel scopes never share instances).
///
/// A scope nested in another shares what the enclosing scope already holds, unless it overrides that
/// key itself: see ``StoragePolicy``.
@usableFromInline
final class OverrideFrame: @unchecked Sendable {
    @usableFromInline @TaskLocal static var current: OverrideFrame?

    /// The frame of the current task, skipping the task-local read when no frame can be in effect.
    @inlinable
    static var currentIfAny: OverrideFrame? { FrameCount.shared.current }

    /// How a frame's storage relates to the enclosing frame's.
    enum StoragePolicy {
        /// Fresh storage, sharing nothing: a test's own scope (SeamTesting), `verify()`'s sandbox, or a
        /// top-level `withOverrides`.
        case isolated
        /// The enclosing frame's storage itself: a nested scope that changes no override and keeps the
        /// context (it may set an issue reporter).
        case enclosing
        /// Own storage that first looks up what the enclosing scope already holds, for every key this
        /// frame does not override itself: a nested scope with overrides of its own.
        case inheriting(Set<ObjectIdentifier>)
    }

    @usableFromInline let overrides: IdentityTable<OverrideEntry>
    /// The same overrides as a dictionary, for building nested scopes.
    let overrideEntries: [ObjectIdentifier: OverrideEntry]
    let context: DependencyContext?
    let reporter: IssueReporting.Reporter?
    @usableFromInline let recorder: GraphRecorder?
    let label: String
    let parent: OverrideFrame?
    let policy: StoragePolicy
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
        label: String,
        parent: OverrideFrame?,
        policy: StoragePolicy
    ) {
        self.overrides = IdentityTable(overrides.map { (UInt(bitPattern: $0.key), $0.value) })
        self.overrideEntries = overrides
        self.context = context
        self.reporter = reporter
        self.recorder = recorder
        self.label = label
        self.parent = parent
        self.policy = policy
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
            let hit = Unmanaged<ScopeStorage>.fromOpaque(last)._withUnsafeGuaranteedRef {
                entry -> Unmanaged<Storage>? in
                entry.container === container ? Unmanaged.passUnretained(entry.storage) : nil
            }
            if let hit { return hit }
        }
        return Unmanaged.passUnretained(storage(for: container))
    }

    /// This frame's storage for `container`, created on first use.
    @usableFromInline
    func storage(for container: Container) -> Storage {
        if let last = UnsafeRawPointer(bitPattern: lastUsed.load(ordering: .acquiring)) {
            let entry = Unmanaged<ScopeStorage>.fromOpaque(last).takeUnretainedValue()
            if entry.container === container { return entry.storage }
        }
        if let existing = storages.withLock({ $0.first { $0.container === container } }) {
            lastUsed.store(UInt(bitPattern: Unmanaged.passUnretained(existing).toOpaque()), ordering: .releasing)
            return existing.storage
        }
        // Made outside the lock: the enclosing frame's storage may have to be made first.
        let made: Storage
        switch policy {
        case .isolated:
            made = Storage(label: .isolated(label))
        case .enclosing:
            made = parent?.storage(for: container) ?? Storage(label: .isolated(label))
        case .inheriting(let overridden):
            made = Storage(
                label: .isolated(label),
                inheriting: parent.map {
                    Storage.Inheritance(storage: $0.storage(for: container), overridden: overridden)
                }
            )
        }
        return storages.withLock { storages in
            let entry =
                storages.first { $0.container === container }
                ?? {
                    let entry = ScopeStorage(container: container, storage: made)
                    storages.append(entry)
                    return entry
                }()
            lastUsed.store(UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), ordering: .releasing)
            return entry.storage
        }
    }

    /// The storage of `container` that a resolve in this frame uses, if already created.
    func existingStorage(for container: Container) -> Storage? {
        if let own = storages.withLock({ $0.first { $0.container === container }?.storage }) { return own }
        if case .enclosing = policy { return parent?.existingStorage(for: container) }
        return nil
    }

    /// Runs `body` with `frame` as the current task's scope (synchronously).
    static func bind<R, E: Error>(_ frame: OverrideFrame, _ body: () throws(E) -> R) throws(E) -> R {
        // Outside a task the binding lives in this thread's fallback storage: count it on this thread,
        // so only this thread's non-task resolves read the task-local.
        let onThread = !seam_is_in_task()
        if onThread { seam_add_bound_scopes_on_this_thread(1) }
        defer { if onThread { seam_add_bound_scopes_on_this_thread(-1) } }
        let result = $current.withValue(frame) { () -> Result<R, E> in
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Runs `body` with `frame` as the current task's scope.
    static func bind<R, E: Error>(
        _ frame: OverrideFrame, isolation: isolated (any Actor)?, _ body: () async throws(E) -> R
    ) async throws(E) -> R {
        let result = await $current.withValue(
            frame,
            operation: { () async -> Result<R, E> in
                do throws(E) { return .success(try await body()) } catch { return .failure(error) }
            }, isolation: isolation)
        return try result.get()
    }
}

/// How many ``OverrideFrame``s exist. While none does, resolution skips the task-local read entirely;
/// while some do, so does a resolve outside any task on a thread with no scope bound: a scope held by
/// another task or thread costs such resolves one cheap check, not a task-local read.
///
/// One shared instance; every ``Container`` keeps a reference to it, so a resolve reads the count
/// through a field of the container instead of calling a global's accessor.
@usableFromInline
final class FrameCount: Sendable {
    @usableFromInline static let shared = FrameCount()

    @usableFromInline let live = Atomic<Int>(0)

    private init() {}

    /// The frame of the current task, if any. No task-local read while no frame exists, nor (while
    /// some do) outside any task on a thread with no scope bound: only a task, which may have
    /// inherited a frame, or a thread with a synchronous scope bound on it can be in one.
    @inlinable @inline(__always)
    var current: OverrideFrame? {
        if live.load(ordering: .acquiring) == 0 { return nil }
        if seam_bound_scopes_on_this_thread() == 0, !seam_is_in_task() { return nil }
        return OverrideFrame.current
    }
}
