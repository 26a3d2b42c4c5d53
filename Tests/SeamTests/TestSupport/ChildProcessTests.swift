import Foundation
import SeamTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The test helper every process-running test goes through: a child is reaped the moment it ends, so no zombie is
/// left for Swift Testing's exit-test monitor to spin on (the stop-26 CI hang), and it reports how the child ended.
@Suite("ChildProcess: the tests' own children")
struct ChildProcessTests {
    @Test("a child that ends is reaped at once: no zombie is left behind")
    func reapedAtOnce() async throws {
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], in: URL(fileURLWithPath: "/"))
        #expect(await child.ending() == .exited(3))
        #expect(!child.isRunning)
        // Reaped: the pid names no process, not even a zombie (unless the system reused it in the meantime).
        #expect(kill(child.pid, 0) == -1 && errno == ESRCH)
    }

    @Test("a killed child ends by SIGKILL, and killing it again does nothing")
    func killed() async throws {
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sleep"), ["30"], in: URL(fileURLWithPath: "/"))
        #expect(child.isRunning)
        child.kill()
        #expect(await child.ending() == .signalled(SIGKILL))
        child.kill()
        #expect(child.waitUntilEnded() == .signalled(SIGKILL), "a synchronous wait after the end returns at once")
    }

    @Test("its folder, its whole environment and its output files are what the caller gave")
    func folderEnvironmentAndOutput() async throws {
        let folder = try TemporaryDirectory(prefix: "child")
        defer { folder.remove() }
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "pwd; echo \"$ONLY\"; echo \"${HOME:-unset}\" >&2"],
            in: folder.url, environment: ["ONLY": "this"],
            standardOutput: .file(folder.url("out")), standardError: .file(folder.url("err"))
        )
        #expect(await child.ending() == .exited(0))
        let out = try String(contentsOf: folder.url("out"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(out.count == 2)
        #expect(URL(fileURLWithPath: out.first ?? "").resolvingSymlinksInPath() == folder.url.resolvingSymlinksInPath())
        #expect(out.last == "this")
        #expect(try String(contentsOf: folder.url("err"), encoding: .utf8) == "unset\n")
    }

    @Test("no descriptor of the test process leaks into the child but its three streams")
    func noInheritedDescriptors() async throws {
        let folder = try TemporaryDirectory(prefix: "child")
        defer { folder.remove() }
        let pipe = Pipe()  // not close-on-exec in this process
        defer { try? pipe.fileHandleForReading.close(); try? pipe.fileHandleForWriting.close() }
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "ls /proc/self/fd"], in: folder.url,
            standardOutput: .file(folder.url("out"))
        )
        #expect(await child.ending() == .exited(0))
        let descriptors = try String(contentsOf: folder.url("out"), encoding: .utf8).split(separator: "\n").compactMap {
            Int($0)
        }
        // 0, 1, 2, and the descriptor `ls` opens to read /proc/self/fd.
        #expect(descriptors.filter { $0 > 2 }.count <= 1, "\(descriptors)")
    }

    @Test("a program that is not there is an error naming it")
    func missingProgram() {
        #expect {
            _ = try ChildProcess(
                executable: URL(fileURLWithPath: "/no/such/program"), [], in: URL(fileURLWithPath: "/"))
        } throws: { error in
            "\(error)".contains("/no/such/program")
        }
    }
}
