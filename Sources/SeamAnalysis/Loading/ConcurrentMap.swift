/// Maps `items` with at most `width` transforms running at once, keeping the input order.
///
/// Each transform runs as a child task; `progress` is called on the calling task after each one finishes.
func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], width: Int, progress: (Int) -> Void = { _ in },
    _ transform: @escaping @Sendable (Item) -> Result
) async -> [Result] {
    guard !items.isEmpty else { return [] }
    var results = [Result?](repeating: nil, count: items.count)
    await withTaskGroup(of: (Int, Result).self) { group in
        var next = 0
        for _ in 0..<min(max(width, 1), items.count) {
            let index = next
            let item = items[index]
            group.addTask { (index, transform(item)) }
            next += 1
        }
        var completed = 0
        while let (index, result) = await group.next() {
            results[index] = result
            completed += 1
            progress(completed)
            if next < items.count {
                let index = next
                let item = items[index]
                group.addTask { (index, transform(item)) }
                next += 1
            }
        }
    }
    return results.map { $0! }
}
