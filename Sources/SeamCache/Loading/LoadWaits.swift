/// The wait-for graph of one store's loads in flight: which load waits for which. A load waiting for
/// a load that (through any chain of loads, in any tasks) waits for it could never finish; the wait
/// that would close such a cycle is refused with ``CacheError`` `loadCycle` naming the keys.
struct LoadWaits<Key: Hashable & Sendable>: Sendable {
    /// The load of a key → the keys whose loads it waits for, with a count per key (a loader may wait
    /// for one key from several child tasks).
    private var edges: [Key: [Key: Int]] = [:]

    /// Records that the load of `waiting` now waits for the load of `key`.
    ///
    /// - Throws: ``CacheError`` `loadCycle` when the load of `key` already waits for `waiting`.
    mutating func begin(_ waiting: Key, waitsFor key: Key) throws(CacheError) {
        if let path = path(from: key, to: waiting) { throw CacheError.loadCycle([waiting] + path) }
        edges[waiting, default: [:]][key, default: 0] += 1
    }

    /// Records that one wait of `waiting` for `key` ended (delivered, failed or cancelled).
    mutating func end(_ waiting: Key, waitsFor key: Key) {
        guard let count = edges[waiting]?[key] else { return }
        edges[waiting]?[key] = count > 1 ? count - 1 : nil
        if edges[waiting]?.isEmpty == true { edges[waiting] = nil }
    }

    /// The keys from `start` to `target` along the graph (both included), if `target` is reachable.
    private func path(from start: Key, to target: Key) -> [Key]? {
        var visited: Set<Key> = [start]
        var stack: [[Key]] = [[start]]
        while let path = stack.popLast() {
            let last = path[path.count - 1]
            if last == target { return path }
            for next in edges[last, default: [:]].keys where visited.insert(next).inserted {
                stack.append(path + [next])
            }
        }
        return nil
    }
}
