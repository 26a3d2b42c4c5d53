import Dispatch
import Synchronization
import SeamLocking

/// The untyped face of a ``Slot``: what storage-wide operations (reset, reports) need.
@usableFromInline
class AnySlot: @unchecked Sendable {
    /// The key's `ObjectIdentifier` bit pattern.
    let key: UInt
    let lifetime: Lifetime
    let describing: any _DependencyKeyBase.Type

    /// For singletons: the address of the built value (0 until built), stored with a releasing store
    /// once and never changed; the value lives in its own allocation, freed with the slot. Readers need
    /// one acquiring load, no lock, no generic metadata and no exclusivity check.
    ///
    /// For cached and scoped slots: the address of the ``HeldBox`` holding the current instance (0 when
    /// none), swapped out by a reset; readers take no lock either (see ``HeldBox/enter()``).
    @usableFromInline let published = Atomic<UInt>(0)
    /// Guards the typed state of ``Slot``; never held while a factory runs.
    @usableFromInline let lock = Locked<Void>(())

    /// Runs `body` with `lock` held.
    @inlinable @inline(__always)
    func withLock<R>(_ body: () -> R) -> R {
        lock.withLock { _ -> R in body() }
    }

    /// The storage holding this slot (which outlives it: its tables keep the slot alive).
    unowned(unsafe) let storage: Storage

    init(key: UInt, describing: any _DependencyKeyBase.Type, storage: Storage) {
        self.key = key
        self.lifetime = describing.lifetime
        self.describing = describing
        self.storage = storage
    }

    /// Drops the held instance (no effect while it is being built).
    func reset() {}
    /// How the held instance was made, if one is held.
    var heldSource: DependencySource? { nil }
}

/// One key's stored instance in one ``Storage``: a small state machine
/// `empty → building(owner, waiters) → ready` guarded by the slot's own mutex, which is never held while
/// a factory runs. Concurrent first resolvers wait on this slot only, then all get the same instance.
///
/// Singletons, cached and scoped instances are also published through an atomic address
/// (``AnySlot/published``), so later reads take no lock: a singleton's value is never replaced, and a
/// cached or scoped one sits in a reader-counted ``HeldBox`` that a reset retires safely. Weak instances
/// are read under the lock from a typed ``WeakBox`` (no cast).
@usableFromInline
final class Slot<Value>: AnySlot, @unchecked Sendable {
    @usableFromInline
    enum Waiter {
        case thread(DispatchSemaphore)
        case task(TimedContinuation)

        func resume() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume(built: true)
            }
        }
    }

    @usableFromInline
    enum State {
        case empty
        case building(BuildOwner, [Waiter])
        /// A built singleton.
        case ready(Value, DependencySource)
        /// A built cached or scoped instance: the value is in the published ``HeldBox``.
        case held(DependencySource)
        case weak(WeakBox<Value>, DependencySource)
    }

    /// Outcome of looking at the state before building.
    enum Step {
        case value(Value)
        case build
        /// Another owner (or this one, re-entering) is running build number `build`.
        case wait(BuildOwner, build: UInt64)
    }

    /// Guarded by `lock`. (A `Locked<Void>` plus a stored property, because `Value` need not be `Sendable`.)
    @usableFromInline @exclusivity(unchecked) var state = State.empty
    /// The number of the latest build claimed (guarded by `lock`).
    @exclusivity(unchecked) private var buildNumber: UInt64 = 0
    /// The latest failed build and its error (guarded by `lock`): every resolver that waited for that
    /// build receives the error; a resolve that comes later builds again.
    @exclusivity(unchecked) private var failure: (build: UInt64, error: ResolutionError)?
    /// Whether a reset (`resetCached()`, `endScope`) arrived while the current build ran (guarded by
    /// `lock`): that build's instance is handed to its resolver but not kept.
    @exclusivity(unchecked) private var resetWhileBuilding = false
    /// Every box this cached or scoped slot has published (guarded by `lock`); kept for the slot's life
    /// so a late reader never touches freed memory, and reused once empty.
    @exclusivity(unchecked) private var boxes: [HeldBox<Value>] = []

    deinit {
        // Held boxes destroy their own values; a singleton's value has its own allocation.
        if lifetime == .singleton,
            let value = UnsafeMutablePointer<Value>(bitPattern: published.load(ordering: .acquiring))
        {
            value.deinitialize(count: 1)
            value.deallocate()
        }
    }

    /// Runs `body` on the state with the slot's lock held.
    private func withState<R>(_ body: (inout State) -> R) -> R {
        withLock { body(&state) }
    }

    /// The published box of a cached or scoped slot; call with the lock held while the state is `.held`.
    private var currentBox: HeldBox<Value> {
        Unmanaged<HeldBox<Value>>.fromOpaque(
            UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)).unsafelyUnwrapped
        ).takeUnretainedValue()
    }

    /// The instance a weak slot holds while its object lives, read under the slot's lock with no cast.
    @inlinable
    func weakValue() -> Value? {
        withLock { () -> Value? in
            if case .weak(let box, _) = state { return box.load() }
            return nil
        }
    }

    override func reset() {
        // Unpublish under the lock; the old instance is released after the lock is dropped (its deinit
        // may run user code), or later by the last reader still copying it.
        var dropped = State.empty
        let retired: HeldBox<Value>? = withState { state in
            switch state {
            case .held:
                state = .empty
                let box = currentBox
                published.store(0, ordering: .releasing)
                return box
            case .ready, .weak:
                swap(&state, &dropped)
                return nil
            case .building:
                resetWhileBuilding = true
                return nil
            case .empty:
                return nil
            }
        }
        retired?.retire()
        withExtendedLifetime(dropped) {}
    }

    override var heldSource: DependencySource? {
        withState { state in
            switch state {
            case .ready(_, let source), .held(let source): return source
            case .weak(let box, let source): return box.isAlive ? source : nil
            case .empty, .building: return nil
            }
        }
    }

    /// How many resolvers wait for the build in progress (0 when none is).
    var waiterCount: Int {
        withState { state in
            if case .building(_, let waiters) = state { return waiters.count }
            return 0
        }
    }

    /// Looks at the state: returns the held value, claims the build for `owner`, or says whom to wait for.
    private func step(claimingFor owner: BuildOwner, enqueue makeWaiter: () -> Waiter?) -> Step {
        withState { state -> Step in
            switch state {
            case .ready(let value, _):
                return .value(value)
            case .held:
                return .value(currentBox.value.pointee)
            case .weak(let box, _):
                if let value = box.load() { return .value(value) }
                return claim(&state, for: owner)
            case .empty:
                return claim(&state, for: owner)
            case .building(let builder, var waiters):
                guard builder != owner, let waiter = makeWaiter() else { return .wait(builder, build: buildNumber) }
                waiters.append(waiter)
                state = .building(builder, waiters)
                return .wait(builder, build: buildNumber)
            }
        }
    }

    /// Starts a new build owned by `owner`; call with the lock held.
    private func claim(_ state: inout State, for owner: BuildOwner) -> Step {
        buildNumber &+= 1
        resetWhileBuilding = false
        state = .building(owner, [])
        return .build
    }

    /// The error of build number `build`, if that build failed (a waiter of it rethrows it).
    private func failure(of build: UInt64) -> ResolutionError? {
        withLock { () -> ResolutionError? in
            guard let failure, failure.build == build else { return nil }
            return failure.error
        }
    }

    /// Stores a built value (or records the failure and gives the slot back) and wakes the waiters.
    private func finish(_ result: Result<(Value, DependencySource), ResolutionError>) {
        let waiters: [Waiter] = withState { state in
            guard case .building(_, let waiters) = state else { return [] }
            let value: Value
            let source: DependencySource
            switch result {
            case .failure(let error):
                failure = (buildNumber, error)
                state = .empty
                return waiters
            case .success(let built):
                (value, source) = built
            }
            if resetWhileBuilding {
                // Reset while it was being built: the instance belongs to the ended scope.
                state = .empty
                return waiters
            }
            switch lifetime {
            case .weak:
                state = WeakBox(value).map { .weak($0, source) } ?? .empty
            case .cached, .scoped:
                let box =
                    boxes.first(where: \.isReusable)
                    ?? {
                        let box = HeldBox<Value>()
                        boxes.append(box)
                        return box
                    }()
                box.fill(value)
                state = .held(source)
                published.store(UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque()), ordering: .releasing)
            case .singleton:
                state = .ready(value, source)
                let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                pointer.initialize(to: value)
                published.store(UInt(bitPattern: pointer), ordering: .releasing)
            default:
                state = .ready(value, source)
            }
            return waiters
        }
        waiters.forEach { $0.resume() }
        if lifetime == .singleton, case .success = result {
            let address = published.load(ordering: .acquiring)
            if address != 0 { storage.recordSingleton(self, at: address) }
        }
    }

    /// Returns the held value or builds it with `build` (run with no lock held). A resolver that finds
    /// another thread building waits on this slot and then takes the built value, or rethrows that
    /// build's error; re-entry on the same thread, or a wait that would close a cycle across threads,
    /// throws a cycle error instead.
    @usableFromInline
    func resolve(
        path: () -> [String],
        describing: any _DependencyKeyBase.Type,
        build: () throws(ResolutionError) -> (Value, DependencySource)
    ) throws(ResolutionError) -> Value {
        let me = BuildOwner.currentThread
        while true {
            var semaphore: DispatchSemaphore?
            let step = step(claimingFor: me) {
                semaphore = DispatchSemaphore(value: 0)
                return .thread(semaphore!)
            }
            switch step {
            case .value(let value):
                return value
            case .build:
                do {
                    let built = try build()
                    finish(.success(built))
                    return built.0
                } catch {
                    finish(.failure(error))
                    throw error
                }
            case .wait(let builder, let build):
                guard let semaphore else { throw .cycle(path() + [describing.name, describing.name]) }
                if let chain = WaitRegistry.beginWait(me, for: builder, dependency: describing.name) {
                    // Leave the waiter list: our semaphore will be signalled harmlessly later.
                    throw .cycle(path() + chain)
                }
                // Bounded: a factory waiting for work that resolves this key is invisible to Seam.
                let limit = describing.maximumBuildWait
                let built = semaphore.wait(timeout: .now() + limit.dispatchInterval) == .success
                WaitRegistry.endWait(me)
                // On timeout our semaphore stays in the waiter list and is signalled harmlessly later.
                guard built else {
                    throw .stalledBuild(describing.name, path: path() + [describing.name], waited: limit)
                }
                if let error = failure(of: build) { throw error }
            }
        }
    }

    /// The `async` counterpart of ``resolve(path:describing:build:)``: waiters suspend instead of
    /// blocking. The caller runs `build` inside ``BuildChain/building(as:node:_:)``.
    func resolve(
        path: () -> [String],
        describing: any _DependencyKeyBase.Type,
        build: () async throws(ResolutionError) -> (Value, DependencySource)
    ) async throws(ResolutionError) -> Value {
        let me = BuildOwner.currentTask
        while true {
            switch step(claimingFor: me, enqueue: { nil }) {
            case .value(let value):
                return value
            case .build:
                do {
                    let built = try await build()
                    finish(.success(built))
                    return built.0
                } catch {
                    finish(.failure(error))
                    throw error
                }
            case .wait(let builder, let build):
                // The builder is this task, or an ancestor awaiting it (a child task of the factory).
                if builder == me || BuildChain.isAncestor(builder) {
                    throw .cycle(path() + [describing.name, describing.name])
                }
                if let chain = WaitRegistry.beginWait(me, for: builder, dependency: describing.name) {
                    throw .cycle(path() + chain)
                }
                let limit = describing.maximumBuildWait
                let built = await waitUntilBuilt(limit: limit)
                WaitRegistry.endWait(me)
                guard built else {
                    throw .stalledBuild(describing.name, path: path() + [describing.name], waited: limit)
                }
                if let error = failure(of: build) { throw error }
            }
        }
    }

    /// Suspends until the current build finishes (returns `true` at once if it already has), or until
    /// `limit` has passed (returns `false`).
    private func waitUntilBuilt(limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiter = TimedContinuation(continuation)
            let resumeNow = withState { state -> Bool in
                guard case .building(let builder, var waiters) = state else { return true }
                waiters.append(.task(waiter))
                state = .building(builder, waiters)
                return false
            }
            if resumeNow {
                waiter.resume(built: true)
            } else {
                DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) {
                    waiter.resume(built: false)
                }
            }
        }
    }
}

/// A suspended waiter of a build, resumed once: by the build finishing or by its time limit.
@usableFromInline
final class TimedContinuation: Sendable {
    private let continuation: CheckedContinuation<Bool, Never>
    private let resumed = Atomic<Bool>(false)

    init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = continuation }

    /// Resumes the waiter with `built`, unless it was resumed already.
    func resume(built: Bool) {
        if !resumed.exchange(true, ordering: .acquiringAndReleasing) { continuation.resume(returning: built) }
    }
}

extension Duration {
    /// The duration for Dispatch, clamped to what it can represent.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        if seconds >= Int64(Int.max / 1_000_000_000) - 1 { return .never }
        if seconds < 0 { return .nanoseconds(0) }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
