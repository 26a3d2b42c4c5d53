import SeamLocking

/// `items.map(transform)` on `width` tasks at once, results in the order of `items`.
///
/// Each of the `width` tasks takes the next item no task has claimed until none is left, so tasks start
/// and finish `width` times, not once per item: a task per item cost a thread wake-up per file (about 2%
/// of an audit on one thread, in the kernel). `progress` is called with the number of items done, in
/// increasing order, from whichever task finished one.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], width: Int, progress: @escaping @Sendable (Int) -> Void = { _ in },
    _ transform: @escaping @Sendable (Item) -> Result
) async -> [Result] {
    guard !items.isEmpty else { return [] }
    let counters = WorkCounters()
    let parts = await withTaskGroup(of: [(Int, Result)].self) { group in
        for _ in 0..<min(max(width, 1), items.count) {
            group.addTask {
                var done: [(Int, Result)] = []
                while let index = counters.claim(below: items.count) {
                    done.append((index, transform(items[index])))
                    counters.finishOne(progress)
                }
                return done
            }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
    var results = [Result?](repeating: nil, count: items.count)
    for part in parts {
        for (index, result) in part { results[index] = result }
    }
    return results.compactMap { $0 }  // every slot is filled: one result per item
}

/// The next item to claim and the number done, shared by the tasks of one ``concurrentMap(_:width:progress:_:)``.
private final class WorkCounters: Sendable {
    /// `Locked`, not `Mutex`: the thread sanitizer cannot see `Mutex`'s hand-offs on Linux.
    private let state = Locked((next: 0, completed: 0))

    /// The next unclaimed index, or `nil` when every index below `count` is claimed.
    func claim(below count: Int) -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Counts one more item done and reports the count (under the lock, so counts arrive in order).
    func finishOne(_ progress: @Sendable (Int) -> Void) {
        state.withLock { state in
            state.completed += 1
            progress(state.completed)
        }
    }
}
