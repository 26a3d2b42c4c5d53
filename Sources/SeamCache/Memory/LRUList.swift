/// Recency order of keys, least recently used first, with O(1) touch and removal.
///
/// A doubly linked list threaded through a dictionary, so no node objects are allocated.
struct LRUList<Key: Hashable> {
    private struct Links {
        var older: Key?
        var newer: Key?
    }

    private var links: [Key: Links] = [:]
    /// The least recently used key: the next to evict.
    private(set) var oldest: Key?
    private var newest: Key?

    var count: Int { links.count }

    /// Marks `key` as the most recently used, adding it if absent.
    mutating func touch(_ key: Key) {
        if newest == key { return }
        remove(key)
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Removes `key` if present.
    mutating func remove(_ key: Key) {
        guard let removed = links.removeValue(forKey: key) else { return }
        if let older = removed.older { links[older]?.newer = removed.newer } else { oldest = removed.newer }
        if let newer = removed.newer { links[newer]?.older = removed.older } else { newest = removed.older }
    }

    mutating func removeAll() {
        links.removeAll()
        oldest = nil
        newest = nil
    }

    /// Every key, least recently used first.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(links.count)
        var cursor = oldest
        while let key = cursor {
            keys.append(key)
            cursor = links[key]?.newer
        }
        return keys
    }
}
