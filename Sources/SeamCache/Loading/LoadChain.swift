/// The loads the current task runs inside, innermost last: how a cache notices a loader asking it for
/// the key being loaded (directly, or through other keys), which would otherwise wait for itself forever.
///
/// Carried in a task-local value, so it follows the loader into the tasks it awaits (child tasks and
/// `Task { }`), not into detached tasks.
enum LoadChain {
    /// One load in progress: which store, which key.
    struct Link: Sendable {
        let store: ObjectIdentifier
        let key: any Hashable & Sendable
    }

    @TaskLocal private static var links: [Link] = []

    /// Whether the current task runs inside the load of `key` by `store`.
    static func contains<Key: Hashable & Sendable>(_ store: AnyObject, _ key: Key) -> Bool {
        let identifier = ObjectIdentifier(store)
        return links.contains { $0.store == identifier && ($0.key as? Key) == key }
    }

    /// The key of the innermost load by `store` the current task runs inside, if any.
    static func innermost<Key: Hashable & Sendable>(in store: AnyObject, as type: Key.Type) -> Key? {
        let identifier = ObjectIdentifier(store)
        return links.last { $0.store == identifier }?.key as? Key
    }

    /// Runs `loader` as the load of `key` by `store`.
    static func run<Value>(
        loading key: some Hashable & Sendable, in store: AnyObject, _ loader: () async throws -> Value
    ) async throws -> Value {
        try await $links.withValue(links + [Link(store: ObjectIdentifier(store), key: key)]) {
            try await loader()
        }
    }
}
