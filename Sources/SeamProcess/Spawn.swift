import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a program and waiting for its end by its own pid: the one way Seam's tools and tests run another
/// program (package-internal).
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended from a socket the child inherits, and a
/// child that ends while another process also holds that socket can stay an unreaped zombie whose
/// `terminationHandler` never runs and whose `waitUntilExit()` never returns. In a test process that zombie also
/// stalls Swift Testing's exit-test monitor, which waits with `waitid(P_ALL, WNOWAIT)` and then spins on the
/// zombie it does not own, so no exit test of the run can finish: the stop-26 CI run hung that way until its
/// 90 minutes ran out. `waitpid` on the child's own pid has no such failure.
///
/// ```swift
/// let pid = try Spawn.start("/usr/bin/env", ["git", "status"], in: folder, standardOutput: pipe.write)
/// let ending = Spawn.reap(pid)
/// ```
package enum Spawn {
    /// How a child ended.
    package enum Ending: Sendable, Equatable, CustomStringConvertible {
        /// It returned from `main` or called `exit` with this code.
        case exited(Int32)
        /// A signal ended it (SIGKILL: 9).
        case signalled(Int32)

        /// The exit code, or the signal's number (what Foundation's `terminationStatus` reports).
        package var status: Int32 {
            switch self {
            case .exited(let code), .signalled(let code): code
            }
        }

        package var description: String {
            switch self {
            case .exited(let code): "exit code \(code)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// A program that could not be started, in words.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `executable arguments…` in `directory` with exactly `environment`, its standard streams on the
    /// given descriptors of this process (`nil`: `/dev/null`), default signal dispositions, an empty signal mask and
    /// no other descriptor of this process. The caller reaps it with ``reap(_:)``.
    package static func start(
        _ executable: String,
        _ arguments: [String],
        in directory: String,
        environment: [String: String],
        standardInput: Int32? = nil,
        standardOutput: Int32? = nil,
        standardError: Int32? = nil
    ) throws(Failure) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (target, source) in [standardInput, standardOutput, standardError].enumerated() {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
            } else {
                posix_spawn_file_actions_addopen(
                    &actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        guard let chdir = libc.chdir, chdir(&actions, directory) == 0 else {
            throw Failure(
                description: "cannot start \(executable): this C library cannot start a program in another folder")
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        guard let closefrom = libc.closefrom, closefrom(&actions, 3) == 0 else {
            throw Failure(description: "cannot start \(executable): this C library cannot close descriptors in a child")
        }
        #endif
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Blocks until `pid` has ended, without reaping it: the pid stays the child's (a zombie) until ``reap(_:)``.
    package static func waitUntilEnded(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// Blocks until `pid` has ended, reaps it and says how it ended.
    package static func reap(_ pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// The file actions the C library has but its Swift module leaves out (`_np`, behind `_GNU_SOURCE` in
    /// glibc 2.29 and 2.34), looked up by name once.
    private struct Libc: Sendable {
        // Darwin's `posix_spawn_file_actions_t` is a pointer the functions take by optional reference.
        #if canImport(Darwin)
        typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t?>
        #else
        typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
        #endif
        let chdir: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32)?
        let closefrom: (@convention(c) (Actions, Int32) -> Int32)?

        init() {
            let library = dlopen(nil, RTLD_NOW)
            chdir = dlsym(library, "posix_spawn_file_actions_addchdir_np").map {
                unsafeBitCast($0, to: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32).self)
            }
            closefrom = dlsym(library, "posix_spawn_file_actions_addclosefrom_np").map {
                unsafeBitCast($0, to: (@convention(c) (Actions, Int32) -> Int32).self)
            }
        }
    }

    private static let libc = Libc()
}
