import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SeamCLI {
    /// Runs `seam` as a user that file permissions apply to, for tests of unreadable files and folders.
    ///
    /// Root reads everything whatever the permissions say, so under root (CI containers) `seam` runs as
    /// `nobody` through `setpriv` from a world-readable copy of the executable; otherwise it runs as is.
    /// The folders the test passes must be readable by others (temporary directories are).
    ///
    /// - Throws: ``TestSupportError`` when running as root without `setpriv`.
    public static func runUnprivileged(_ arguments: [String], in directory: URL) async throws -> CommandResult {
        guard geteuid() == 0 else { return try await run(arguments, in: directory) }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let setpriv else {
            throw TestSupportError("running as root without setpriv: cannot run seam as an unprivileged user")
        }
        let copy = try TemporaryDirectory(prefix: "unprivileged-seam")
        defer { copy.remove() }
        let binary = copy.url("seam")
        try FileManager.default.copyItem(at: executable, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        // A child another test forks while the copy is still open for writing holds it open until it execs:
        // `exec` then fails with ETXTBSY ("Text file busy"). That passes in a moment; so does the retry.
        var attempt = 0
        while true {
            let result = try await Command.run(
                executable: URL(fileURLWithPath: setpriv),
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
                in: directory, removing: ["NO_COLOR"]
            )
            attempt += 1
            guard result.status == 126, result.stderr.contains("Text file busy"), attempt < 20 else { return result }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Whether permissions stop this process from reading (false under root).
    public static var permissionsApply: Bool { geteuid() != 0 }
}
