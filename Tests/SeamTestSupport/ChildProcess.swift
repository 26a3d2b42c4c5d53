import Foundation
package import SeamProcess
import SeamLocking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process of a test, reaped by a thread of its own the moment it ends (`Spawn`: why not Foundation's
/// `Process`, whose unreaped zombies hung the stop-26 CI run).
///
/// ```swift
/// let child = try ChildProcess(executable: SeamCLI.executable, ["audit", "."], in: folder.url,
///                              standardOutput: .file(folder.url("out")))
/// #expect(await child.ending() == .exited(1))
/// ```
public final class ChildProcess: Sendable {
    /// How a child ended: `.exited(code)` or `.signalled(signal)`.
    package typealias Ending = Spawn.Ending

    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated.
        case file(URL)
        /// An open descriptor of this process (duplicated into the child; the caller keeps and closes its own).
        case descriptor(Int32)
    }

    private enum Waiter {
        case task(CheckedContinuation<Ending, Never>)
        case thread(DispatchSemaphore)
    }

    private enum State {
        case running(waiters: [Waiter])
        case ended(Ending)
    }

    /// The child's process identifier.
    public let pid: pid_t
    private let state = Locked(State.running(waiters: []))

    /// Starts `executable arguments…` in `directory` with `environment` (the whole environment, not added to
    /// this process's), its standard input from `/dev/null` and its output where the caller says.
    ///
    /// - Throws: ``TestSupportError`` naming the executable when it cannot be started.
    public init(
        executable: URL,
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardOutput: Stream = .null,
        standardError: Stream = .null
    ) throws {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        func descriptor(_ stream: Stream) throws -> Int32? {
            switch stream {
            case .null: return nil
            case .descriptor(let descriptor): return descriptor
            case .file(let url):
                let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else {
                    throw TestSupportError(
                        "cannot open \(url.path) for \(executable.lastPathComponent): \(String(cString: strerror(errno)))"
                    )
                }
                opened.append(descriptor)
                return descriptor
            }
        }
        do {
            pid = try Spawn.start(
                executable.path, arguments, in: directory.path, environment: environment,
                standardOutput: try descriptor(standardOutput), standardError: try descriptor(standardError)
            )
        } catch let failure as Spawn.Failure {
            throw TestSupportError(failure.description)
        }
        let reaper = Thread { [self] in reap() }
        reaper.name = "ChildProcess reaper \(pid)"
        reaper.stackSize = 1 << 18
        reaper.start()
    }

    /// Marks the child ended and reaps it in one critical section: while the state says running, the pid is still
    /// the child's (at worst a zombie), so ``kill(_:)`` never signals another process.
    private func reap() {
        Spawn.waitUntilEnded(pid)
        state.withLock { state in
            let ending = Spawn.reap(pid)
            if case .running(let waiters) = state {
                for waiter in waiters {
                    switch waiter {
                    case .task(let continuation): continuation.resume(returning: ending)
                    case .thread(let semaphore): semaphore.signal()
                    }
                }
            }
            state = .ended(ending)
        }
    }

    /// Sends `signal` (SIGKILL unless told) if the child is still running.
    public func kill(_ signal: Int32 = SIGKILL) {
        state.withLock { state in
            if case .running = state { _ = Foundation.kill(pid, signal) }
        }
    }

    /// Whether the child is still running (it may end just after).
    public var isRunning: Bool {
        state.withLock { state in
            if case .running = state { return true }
            return false
        }
    }

    /// How the child ended, once it has; holds no thread while waiting.
    package func ending() async -> Ending {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                switch state {
                case .ended(let ending): continuation.resume(returning: ending)
                case .running(let waiters): state = .running(waiters: waiters + [.task(continuation)])
                }
            }
        }
    }

    /// How the child ended, blocking the calling thread until it has: for synchronous tests only.
    package func waitUntilEnded() -> Ending {
        let ended = DispatchSemaphore(value: 0)
        let ending: Ending? = state.withLock { state in
            switch state {
            case .ended(let ending): return ending
            case .running(let waiters):
                state = .running(waiters: waiters + [.thread(ended)])
                return nil
            }
        }
        if let ending { return ending }
        ended.wait()
        return state.withLock { state in
            guard case .ended(let ending) = state else { preconditionFailure("signalled before it ended") }
            return ending
        }
    }
}
