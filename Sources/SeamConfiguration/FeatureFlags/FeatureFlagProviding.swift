/// Reads and changes feature flags; inject it wherever code branches on a flag.
///
/// A flag's value is its local override if set, else its remote value if set, else its default.
/// ``FeatureFlags`` is the live implementation; `FeatureFlags.inMemory()` is the test double.
public protocol FeatureFlagProviding: Sendable {
    /// The flag's effective value.
    func value<Value>(_ flag: FeatureFlag<Value>) -> Value
    /// Where the flag's effective value comes from.
    func source<Value>(of flag: FeatureFlag<Value>) -> FeatureFlagSource
    /// Sets a local override, which wins over remote values and survives restarts.
    func setOverride<Value>(_ value: Value, for flag: FeatureFlag<Value>) throws
    /// Removes a local override.
    func removeOverride<Value>(for flag: FeatureFlag<Value>) throws
    /// Removes every local override.
    func removeAllOverrides() throws
    /// Replaces the remote values (as fetched from the backend), by flag key.
    func updateRemoteValues(_ values: [String: FlagPayload])
    /// A stream of changes to any flag's effective value, from now on.
    func changes() -> AsyncStream<FeatureFlagChange>
}

extension FeatureFlagProviding {
    /// The flag's current value, then its new value each time it changes.
    ///
    /// ```swift
    /// for await showMap in flags.values(of: .buoyMap) { spotView.showsBuoyMap = showMap }
    /// ```
    public func values<Value>(of flag: FeatureFlag<Value>) -> AsyncStream<Value> {
        let changes = changes()
        let initial = value(flag)
        return AsyncStream { continuation in
            continuation.yield(initial)
            let relay = Task {
                var last = initial
                for await change in changes where change.key == flag.key {
                    let current = value(flag)
                    if current != last {
                        last = current
                        continuation.yield(current)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }
}
