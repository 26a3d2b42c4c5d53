import Synchronization
import SeamLocking

/// The wait-for graph between builders, consulted only when a resolver is about to wait for a slot
/// another owner is building. A chain of waits that comes back to the waiter is a cycle across threads
/// (`A` waits for `B`'s builder, which waits for `A`): it is reported instead of deadlocking.
enum WaitRegistry {
    private struct Wait { let owner: BuildOwner; let dependency: String }
    private static let waits = Locked<[BuildOwner: Wait]>([:])

    /// Records that `waiter` waits for `owner` to finish `dependency`, or returns the names on the
    /// wait chain if waiting would close a cycle.
    static func beginWait(_ waiter: BuildOwner, for owner: BuildOwner, dependency: String) -> [String]? {
        waits.withLock { waits in
            var names = [dependency]
            var current = owner
            var seen: Set<BuildOwner> = []
            while current != waiter {
                guard seen.insert(current).inserted, let next = waits[current] else {
                    waits[waiter] = Wait(owner: owner, dependency: dependency)
                    return nil
                }
                names.append(next.dependency)
                current = next.owner
            }
            return names
        }
    }

    /// Removes `waiter`'s wait.
    static func endWait(_ waiter: BuildOwner) {
        _ = waits.withLock { $0.removeValue(forKey: waiter) }
    }
}
