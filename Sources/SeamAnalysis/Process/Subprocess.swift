import Foundation
import SeamProcess

/// The one place the tools start another program (git, a build command): found on `PATH` through
/// `/usr/bin/env`, run in a folder, with nothing on standard input and messages in English whatever the locale
/// (`LC_ALL=C`, so that what is read from them, like `error:` lines, does not depend on the user's language).
package enum Subprocess {
    /// How the program ended and what it wrote.
    package struct Outcome: Sendable {
        /// The exit status (127 when `env` found no such program), or the signal that ended it.
        package var status: Int32
        /// Whether it exited rather than being ended by a signal.
        package var exited: Bool
        /// Standard output, with standard error too when they were merged.
        package var output: String
        /// Standard error, when it was kept apart.
        package var error: String
    }

    /// Runs `arguments` (the program and its arguments) in `directory`, reading its output to the end.
    /// `mergingErrors` sends standard error into the output, in the order written (a build's log); otherwise it
    /// is read after standard output, which suits a program whose few error lines cannot fill a pipe (git).
    /// The program is started and reaped by `Spawn` (why not Foundation's `Process`: see there).
    ///
    /// - Throws: `Spawn.Failure` when the program cannot be started at all.
    package static func run(_ arguments: [String], in directory: URL, mergingErrors: Bool = false) throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        let output = Pipe()
        let error = mergingErrors ? output : Pipe()
        let pid = try Spawn.start(
            "/usr/bin/env", arguments, in: directory.path, environment: environment,
            standardOutput: output.fileHandleForWriting.fileDescriptor,
            standardError: error.fileHandleForWriting.fileDescriptor
        )
        // The child has its own copies: closed here, the reads below end when the child's end.
        try? output.fileHandleForWriting.close()
        if !mergingErrors { try? error.fileHandleForWriting.close() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = mergingErrors ? Data() : error.fileHandleForReading.readDataToEndOfFile()
        let ending = Spawn.reap(pid)
        return Outcome(
            status: ending.status, exited: ending == .exited(ending.status),
            output: String(decoding: data, as: UTF8.self), error: String(decoding: errorData, as: UTF8.self))
    }
}
