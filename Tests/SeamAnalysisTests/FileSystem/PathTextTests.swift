import Foundation
import Testing

@testable import SeamAnalysis

/// `PathText` splits paths as users type them, where Foundation's `deletingLastPathComponent` traps on a
/// one-character name on Linux.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("", "", ""), ("r", "", "r"), ("é", "", "é"), ("/", "/", "/"), ("/r", "/", "r"), ("a/b", "a", "b"),
        ("a/b/", "a", "b"), ("a//b", "a", "b"), ("./r", ".", "r"), ("/tmp/x/report.txt", "/tmp/x", "report.txt"),
    ])
    func foldersAndNames(path: String, folder: String, name: String) {
        #expect(PathText.folder(of: path) == folder)
        #expect(PathText.name(of: path) == name)
    }

    @Test func joining() {
        #expect(PathText.join("", "r") == "r")
        #expect(PathText.join("/", "r") == "/r")
        #expect(PathText.join("a", "r") == "a/r")
    }

    @Test func bytesThatAreNotUTF8AreEscaped() {
        #expect(PathText.escapedIfNotUTF8(Array("café".utf8)) == nil)
        #expect(PathText.escapedIfNotUTF8([0x63, 0x61, 0x66, 0xE9]) == #"caf\xE9"#)
        #expect(PathText.escapedIfNotUTF8([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(PathText.escapedIfNotUTF8([0xC3] + Array("é".utf8)) == #"\xC3é"#)
    }

    @Test func temporaryNamesFitAFileNameWhateverTheName() {
        for length in [1, 200, 228, 255] {
            let name = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
            let temporary = TemporaryName.make(for: name)
            #expect(temporary.utf8.count <= 255, "\(length)")
            #expect(TemporaryName.owner(of: temporary) == getpid())
        }
    }
}
