#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Who is building a slot: a thread (synchronous factories run start to end on one thread) or a task
/// (`async` factories may hop threads).
@usableFromInline
enum BuildOwner: Hashable, Sendable {
    case thread(UInt)
    case task(Int)

    /// The calling thread.
    static var currentThread: BuildOwner {
        #if canImport(Darwin)
        .thread(UInt(bitPattern: pthread_self()))
        #else
        .thread(UInt(pthread_self()))
        #endif
    }

    /// The calling task, or the calling thread outside a task.
    static var currentTask: BuildOwner {
        withUnsafeCurrentTask { task in task.map { .task($0.hashValue) } } ?? currentThread
    }
}
