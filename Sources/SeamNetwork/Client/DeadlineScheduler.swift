import Foundation

/// Runs actions at deadlines on one background thread: the timer behind every request's deadline.
///
/// Arming a dispatch timer per request cost more CPU than the rest of the client (a kernel timer
/// armed and disarmed each time); here arming is a heap insert under a lock, and the thread is woken
/// only when a new deadline is earlier than every pending one, which with a client's uniform timeout
/// is almost never. Requests that finish first cancel their entry; it is dropped when it reaches the
/// top of the heap, or when cancelled entries outnumber live ones.
///
/// One scheduler serves the process (``shared``), like a dispatch queue: it holds no app state.
final class DeadlineScheduler: @unchecked Sendable {
    /// The process's scheduler; its thread starts with the first deadline.
    static let shared = DeadlineScheduler()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: UInt64
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var heap: [Entry] = []
    private var actions: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 0
    private var started = false

    /// Runs `action` at `deadline` unless ``cancel(_:)`` is called first; returns the entry's id.
    func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        let id = nextID
        actions[id] = action
        push(Entry(deadline: deadline, id: id))
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "seam.network.deadlines"
            thread.start()
        } else if heap[0].id == id {
            condition.signal()  // earlier than everything pending: the thread must wake sooner
        }
        return id
    }

    /// Cancels the entry `id` (nothing happens when it already ran).
    func cancel(_ id: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        actions[id] = nil
        if heap.count > 64, heap.count > 2 * actions.count { compact() }
    }

    private func run() {
        condition.lock()
        while true {
            while let top = heap.first, actions[top.id] == nil { pop() }
            guard let top = heap.first else {
                condition.wait()
                continue
            }
            let now = ContinuousClock.now
            if top.deadline <= now {
                pop()
                let action = actions.removeValue(forKey: top.id)
                condition.unlock()
                action?()
                condition.lock()
            } else {
                // At most an hour at a time: a far deadline (a timeout of years) must not overflow the
                // platform's wait, and the heap is looked at again when the thread wakes anyway.
                let wait = min((top.deadline - now).seconds, 3600)
                _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
            }
        }
    }

    // MARK: Binary heap ordered by deadline

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private func compact() {
        let live = heap.filter { actions[$0.id] != nil }
        heap.removeAll(keepingCapacity: true)
        for entry in live { push(entry) }
        condition.signal()
    }
}
