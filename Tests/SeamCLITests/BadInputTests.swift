import Foundation
import SeamTestSupport
import Testing

/// Bad input end to end: the run names the culprit, continues and never crashes.
@Suite("seam audit on bad input")
struct BadInputTests {
    @Test func anEmptyFolderIsClean() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("(0 files, 0 lines)"))
        #expect(result.stdout.hasSuffix("No findings\n"))
    }

    @Test func aCleanCodebaseExitsWith0() async throws {
        let folder = try TemporaryDirectory(files: [
            "Greeter.swift":
                "protocol Greeting { func greet() -> String }\nstruct Greeter: Greeting {\n    func greet() -> String { \"hi\" }\n}\n"
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func invalidUTF8AndBrokenSyntaxAreReportedAndTheRunContinues() async throws {
        let folder = try TemporaryDirectory(files: [
            "Good.swift": "final class Store {\n    static let shared = Store()\n}\n",
            "Broken.swift": "final class Half {\n    func f( {\n",
        ])
        defer { folder.remove() }
        try Data([0x6C, 0x65, 0x74, 0x20, 0x78, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0xFE, 0x22, 0x0A])
            .write(to: folder.url("Latin1.swift"))
        let result = try await SeamCLI.run(["audit", ".", "--format", "xcode"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Latin1.swift:"), "\(result.stdout)")
        #expect(result.stdout.contains("Broken.swift:"), "\(result.stdout)")
        #expect(result.stdout.contains("[parse-error]"))
        #expect(result.stdout.contains("Good.swift:2:"), "the other files are still audited")
    }

    @Test func aSymlinkLoopDoesNotHang() async throws {
        let folder = try TemporaryDirectory(files: [
            "A/Store.swift": "final class Store {\n    static let shared = Store()\n}\n"
        ])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            at: folder.url("A/loop"), withDestinationURL: folder.url("A")
        )
        let result = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["metrics"] as? [String: Any])?["singletons"] as? Int == 1, "the store is counted once")
    }

    @Test func anUnreadableFileIsNamed() async throws {
        let folder = try TemporaryDirectory(files: [
            "Open.swift": "struct Open {}\n", "Locked.swift": "struct Locked {}\n",
        ])
        defer { folder.remove() }
        let locked = folder.url("Locked.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked) }
        let result = try await SeamCLI.run(["audit", ".", "--format", "xcode"], in: folder.url)
        if FileManager.default.isReadableFile(atPath: locked) {
            // Running as root: permissions do not stop reading, so the file is simply audited.
            #expect(result.status == 0, "\(result.stdout)")
        } else {
            #expect(result.status == 1)
            #expect(result.stdout.contains("Locked.swift:1:1: warning: "), "\(result.stdout)")
            #expect(result.stdout.contains("[parse-error]"))
        }
    }
}
