import Synchronization
import SeamLocking

/// The live ``FeatureFlagProviding``: remote values pushed by the app, local overrides persisted in
/// a ``FeatureFlagOverrideStore``, changes broadcast to every ``changes()`` stream.
///
/// ```swift
/// let flags = try FeatureFlags(store: FileFeatureFlagOverrideStore(fileURL: supportDirectory.appending(path: "flags.json")))
/// flags.updateRemoteValues(["surf.buoyMap": .bool(true)])   // after fetching remote config
/// try flags.setOverride(false, for: .buoyMap)               // from the debug menu; wins and persists
/// ```
public final class FeatureFlags: FeatureFlagProviding {
    private struct State {
        var remote: [String: FlagPayload]
        var overrides: [String: FlagPayload]
        var subscribers: [UInt64: AsyncStream<FeatureFlagChange>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0

        func effective(_ key: String) -> (FlagPayload?, FeatureFlagSource) {
            if let payload = overrides[key] { return (payload, .override) }
            if let payload = remote[key] { return (payload, .remote) }
            return (nil, .default)
        }
    }

    private let store: any FeatureFlagOverrideStore
    private let state: Locked<State>

    /// Creates the flags, loading the saved overrides from `store`.
    /// - Throws: The store's error when saved overrides exist but cannot be read.
    public convenience init(store: any FeatureFlagOverrideStore, remoteValues: [String: FlagPayload] = [:]) throws {
        self.init(store: store, remoteValues: remoteValues, overrides: try store.load())
    }

    private init(
        store: any FeatureFlagOverrideStore,
        remoteValues: [String: FlagPayload],
        overrides: [String: FlagPayload]
    ) {
        self.store = store
        self.state = Locked(State(remote: remoteValues, overrides: overrides))
    }

    /// Flags whose overrides live in memory only: the test double.
    public static func inMemory(
        remoteValues: [String: FlagPayload] = [:],
        overrides: [String: FlagPayload] = [:]
    ) -> FeatureFlags {
        FeatureFlags(
            store: InMemoryFeatureFlagOverrideStore(overrides), remoteValues: remoteValues, overrides: overrides
        )
    }

    deinit {
        state.withLock { state in
            for continuation in state.subscribers.values { continuation.finish() }
        }
    }

    /// The flag's value from the highest-precedence source that holds a valid one: override, then remote, then default.
    public func value<Value>(_ flag: FeatureFlag<Value>) -> Value {
        resolve(flag).value
    }

    /// Which source ``value(_:)`` takes the flag's value from.
    public func source<Value>(of flag: FeatureFlag<Value>) -> FeatureFlagSource {
        resolve(flag).source
    }

    /// Sets a local override that wins over remote and default values and is saved to the store.
    public func setOverride<Value>(_ value: Value, for flag: FeatureFlag<Value>) throws {
        try mutateOverrides { $0[flag.key] = value.flagPayload }
    }

    /// Removes the local override of `flag`, saving the change to the store.
    public func removeOverride<Value>(for flag: FeatureFlag<Value>) throws {
        try mutateOverrides { $0[flag.key] = nil }
    }

    /// Removes every local override, saving the change to the store.
    public func removeAllOverrides() throws {
        try mutateOverrides { $0.removeAll() }
    }

    /// Replaces the remote values (payloads by flag key), as fetched from remote config; changed flags are broadcast.
    public func updateRemoteValues(_ values: [String: FlagPayload]) {
        state.withLock { state in
            let before = state
            state.remote = values
            broadcast(from: before, to: state, keys: Set(before.remote.keys).union(values.keys))
        }
    }

    /// A stream of every change to an effective flag value, from now until the flags are released.
    public func changes() -> AsyncStream<FeatureFlagChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeatureFlagChange.self)
        let id = state.withLock { state in
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Private

    private func resolve<Value>(_ flag: FeatureFlag<Value>) -> (value: Value, source: FeatureFlagSource) {
        let (override, remote) = state.withLock { ($0.overrides[flag.key], $0.remote[flag.key]) }
        // A payload of the wrong type (a remote string for a Bool flag) falls through to the next source.
        if let override, let value = Value(flagPayload: override) { return (value, .override) }
        if let remote, let value = Value(flagPayload: remote) { return (value, .remote) }
        return (flag.defaultValue, .default)
    }

    /// Changes the overrides and persists them; on a store failure nothing changes.
    private func mutateOverrides(_ change: (inout [String: FlagPayload]) -> Void) throws {
        try state.withLock { state in
            let before = state
            change(&state.overrides)
            guard state.overrides != before.overrides else { return }
            do {
                try store.save(state.overrides)
            } catch {
                state.overrides = before.overrides
                throw error
            }
            broadcast(from: before, to: state, keys: Set(before.overrides.keys).union(state.overrides.keys))
        }
    }

    /// Yields a change for every key whose effective payload or source differs. Called under the
    /// lock so that every subscriber sees changes in the order they happened.
    private func broadcast(from before: State, to after: State, keys: Set<String>) {
        for key in keys.sorted() {
            let (oldPayload, oldSource) = before.effective(key)
            let (newPayload, newSource) = after.effective(key)
            guard oldPayload != newPayload || oldSource != newSource else { continue }
            let change = FeatureFlagChange(key: key, payload: newPayload, source: newSource)
            for continuation in after.subscribers.values { continuation.yield(change) }
        }
    }
}
