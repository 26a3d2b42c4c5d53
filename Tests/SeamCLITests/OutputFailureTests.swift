import Foundation
import SeamTestSupport
import Testing

/// Standard output that cannot be written: a clean message and exit status 2 for a full disk, a silent
/// exit status 2 for a closed pipe; never a trap and a backtrace.
@Suite("seam when its output cannot be written")
struct OutputFailureTests {
    private static let source = "final class Store {\n    static let shared = Store()\n    func save() {}\n}\n"

    /// Runs `seam arguments…` with standard output and standard error sent where the caller says.
    private func run(
        _ arguments: [String], in folder: URL, standardOutput: FileHandle, standardError: FileHandle
    ) throws -> ChildProcess.Ending {
        try ChildProcess(
            executable: SeamCLI.executable, arguments, in: folder,
            standardOutput: .descriptor(standardOutput.fileDescriptor),
            standardError: .descriptor(standardError.fileDescriptor)
        ).waitUntilEnded()
    }

    private func stderrFile(_ folder: TemporaryDirectory) throws -> (FileHandle, URL) {
        let url = folder.url("stderr.txt")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return (try FileHandle(forWritingTo: url), url)
    }

    @Test(
        "a full disk: a one-line error naming the reason, exit status 2",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")),
        arguments: [
            ["audit", "Sources"], ["audit", "Sources", "--format", "json"], ["graph", "Sources"],
            ["migrate", "Sources"],
        ])
    func fullDisk(arguments: [String]) throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/Store.swift": Self.source,
            "Sources/ViewModel.swift": "final class ViewModel {\n    func tap() { Store.shared.save() }\n}\n",
        ])
        defer { folder.remove() }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (stderr, stderrURL) = try stderrFile(folder)
        let ending = try run(arguments, in: folder.url, standardOutput: full, standardError: stderr)
        try stderr.close()
        let message = try String(contentsOf: stderrURL, encoding: .utf8)
        #expect(ending == .exited(2), "\(message)")
        #expect(
            message.hasSuffix("seam: error: cannot write to standard output: No space left on device\n"), "\(message)")
        #expect(!message.contains("Backtrac") && !message.contains("Fatal error"))
    }

    @Test("a closed pipe (`seam audit . | head -c1`): exit status 2, nothing printed, no SIGPIPE")
    func closedPipe() throws {
        let folder = try TemporaryDirectory(files: ["Store.swift": Self.source])
        defer { folder.remove() }
        let pipe = Pipe()
        // The reader is gone before seam writes: the write fails with EPIPE.
        try pipe.fileHandleForReading.close()
        let (stderr, stderrURL) = try stderrFile(folder)
        let ending = try run(
            ["audit", "."], in: folder.url, standardOutput: pipe.fileHandleForWriting, standardError: stderr)
        try stderr.close()
        #expect(ending == .exited(2), "not killed by SIGPIPE: \(ending)")
        #expect(try String(contentsOf: stderrURL, encoding: .utf8) == "")
    }

    @Test(
        "an error message that cannot be written either still exits with 2",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func errorToAFullDisk() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        #expect(
            try run(["audit", "does-not-exist"], in: folder.url, standardOutput: full, standardError: full)
                == .exited(2))
    }
}
