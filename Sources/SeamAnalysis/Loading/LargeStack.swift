import Foundation

/// Runs work that recurses over a syntax tree on a thread with a stack large enough for the deepest file
/// ``NestingScan`` lets through.
///
/// SwiftParser and tree walks recurse once per level of nesting. The threads `async` code runs on have
/// 512 KiB of stack on Apple platforms and 8 MiB on Linux, and a debug build of SwiftParser takes about
/// 15 KiB per level, so deeply nested files are parsed and walked on a thread of their own. Files nested
/// no deeper than ``inlineDepth`` (all but the rarest) run where they are, with no thread to start.
package enum LargeStack {
    /// The stack of the thread: 64 MiB of address space, of which only what the recursion touches is used.
    package static let size = 64 << 20

    /// The deepest ``NestingScan/depth`` parsed and walked on the calling thread.
    package static var inlineDepth: Int {
        #if DEBUG
        16
        #else
        64
        #endif
    }

    /// Returns `body()`, run on a thread with a ``size`` stack; the caller waits for it.
    package static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        // The semaphore orders the write before this read.
        guard let value = box.value else { preconditionFailure("the large-stack thread returned no value") }
        return value
    }

    /// Runs `body()` on a ``size`` stack when `depth` exceeds ``inlineDepth``, else on the calling thread.
    package static func run<Result: Sendable>(depth: Int, _ body: @escaping @Sendable () -> Result) -> Result {
        depth > inlineDepth ? run(body) : body()
    }
}

/// Carries a result from the large-stack thread to its waiting caller (ordered by a semaphore).
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
