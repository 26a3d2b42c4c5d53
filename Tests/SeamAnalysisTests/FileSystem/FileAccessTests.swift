import Foundation
import SeamTestSupport
import Testing

@testable import SeamAnalysis

@Suite("File access: reading, atomic writes, temporary names")
struct FileAccessTests {
    @Test func readsWholeFilesOfAnySize() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for size in [0, 1, 65_535, 65_536, 300_001] {
            let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try folder.write(data, to: "file-\(size)")
            #expect(try FileAccess.read(folder.url("file-\(size)").path) == data, "size \(size)")
        }
        let missing = #expect(throws: FileSystemError.self) { try FileAccess.read(folder.url("nope").path) }
        #expect(missing?.reason == "no such file or directory")
        let directory = #expect(throws: FileSystemError.self) { try FileAccess.read(folder.path) }
        #expect(directory?.reason == "not a regular file (a directory)")
    }

    @Test func aWriteReplacesTheFileAtomicallyKeepingItsPermissions() throws {
        let folder = try TemporaryDirectory(files: ["report.txt": "old\n"])
        defer { folder.remove() }
        let path = folder.url("report.txt").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try FileAccess.write(Data("new\n".utf8), to: path) == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try folder.fileNames() == ["report.txt"], "no temporary file is left")
        let nested = #expect(throws: FileSystemError.self) {
            try FileAccess.write(Data(), to: folder.url("no/such/dir/f").path)
        }
        #expect(nested?.reason.contains("cannot create a temporary file") == true)
    }

    @Test func temporaryNamesAreRecognisedOnlyWhenSeamMadeThem() {
        let name = TemporaryName.make(for: "Home.swift")
        #expect(name.hasPrefix(".Home.swift.seam-tmp-\(getpid())-"))
        #expect(TemporaryName.owner(of: name) == getpid())
        #expect(TemporaryName.owner(of: ".Home.swift.seam-0F3E2A1B-9C8D-4E5F-A6B7-C8D9E0F1A2B3.tmp") == 0)
        for other in [
            "Home.swift.seam-tmp-12-0000beef", ".Home.swift.seam-tmp-x-0000beef", ".Home.swift.seam-tmp-12-beef",
            ".Home.swift.tmp", ".seam-tmp-12-0000beef", ".Home.swift.seam-not-a-uuid.tmp",
        ] {
            #expect(TemporaryName.owner(of: other) == nil, "\(other)")
        }
    }
}
