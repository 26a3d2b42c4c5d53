import Foundation
import SeamTestSupport
import Testing

/// Files and folders whose names are not UTF-8 cannot be audited (nothing can name them in a report), but
/// they are reported, bytes escaped, so that a CI gate does not pass on `0 files … No findings`.
@Suite("seam audit: names that are not UTF-8")
struct UndecodableNameTests {
    private static let store = "final class Store {\n    static let shared = Store()\n}\n"

    /// Makes a file (or a folder) at `folder` + `/` + raw `bytes`.
    private func make(_ bytes: [UInt8], in folder: URL, folderToo: Bool, contents: String = "") -> Bool {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { name in
                if folderToo { return mkdir(name, 0o755) == 0 }
                let descriptor = open(name, O_CREAT | O_WRONLY, 0o644)
                guard descriptor >= 0 else { return false }
                _ = contents.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress!, $0.count - 1) }
                return close(descriptor) == 0
            }
        }
    }

    @Test func aSwiftFileAndAFolderNamedInBadBytesAreReported() async throws {
        let folder = try TemporaryDirectory(prefix: "badnames")
        // `rm -rf`: FileManager cannot name what it removes here.
        defer {
            _ = try? ChildProcess(
                executable: URL(fileURLWithPath: "/bin/rm"), ["-rf", folder.path], in: URL(fileURLWithPath: "/")
            ).waitUntilEnded()
        }
        #expect(
            make(
                Array("caf".utf8) + [0xE9] + Array(".swift".utf8), in: folder.url, folderToo: false,
                contents: Self.store))
        #expect(make([0xFF, 0x41], in: folder.url, folderToo: true))
        #expect(make([0xFE] + Array(".png".utf8), in: folder.url, folderToo: false), "not Swift: not reported")

        let result = try await SeamCLI.run(["audit", ".", "--format", "xcode"], in: folder.url)
        #expect(result.status == 1, "a CI gate fails: \(result.output)")
        #expect(
            result.stdout.contains(
                #"caf\xE9.swift:1:1: warning: caf\xE9.swift has a name that is not UTF-8 (shown as \xNN); it was skipped: rename it [parse-error]"#
            ),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                #"the folder \xFFA has a name that is not UTF-8 (shown as \xNN); its files were skipped: rename it"#),
            "\(result.stdout)")
        #expect(!result.stdout.contains(".png"))
    }
}
