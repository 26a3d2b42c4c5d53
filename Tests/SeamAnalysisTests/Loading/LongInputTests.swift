import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import SeamAnalysis

/// Inputs whose cost grew faster than their size (issue 11): the work now grows linearly.
@Suite("long inputs")
struct LongInputTests {
    /// The names the file walk records for the member chains of `source` (one range per name).
    private func recordedNameTokens(_ source: String) -> Int {
        var source = source
        return source.withUTF8 { bytes in
            LargeStack.run { [bytes = Array(bytes)] in
                bytes.withUnsafeBufferPointer { bytes in
                    let tree = Parser.parse(source: bytes)
                    let context = FileContext(path: "Chain.swift", lineTable: LineTable(bytes), isTest: false)
                    return FileCollector.collect(tree, source: bytes, context: context).facts.nameTokens.count
                }
            }
        }
    }

    @Test("a chain of n member accesses records O(n) names, not one name per link per link below it")
    func memberChainsAreLinear() {
        for root in ["A", "a"] {
            let short = recordedNameTokens("let x = \(root)" + String(repeating: ".b", count: 100))
            let long = recordedNameTokens("let x = \(root)" + String(repeating: ".b", count: 200))
            // Linear: twice the links, about twice the names (quadratic was four times: 20,100 for 200).
            #expect(long <= 2 * short + 16, "root \(root): \(short) names for 100 links, \(long) for 200")
            #expect(long <= 200 * (FileCollector.maximumTypeNameLength + 1), "root \(root)")
        }
    }

    @Test("a short qualified name is still recorded in full")
    func qualifiedNamesAreRecorded() {
        #expect(recordedNameTokens("let x = Outer.Inner.Deeper.shared") >= 4)
    }

    @Test("folders reachable through many symbolic-link paths are walked once each", .timeLimit(.minutes(10)))
    func symbolicLinkFanOut() throws {
        let fixture = try Fixture([:])
        defer { fixture.remove() }
        // real0 … real20, each real folder linking twice to the next: 2^20 paths to real20 (the old walk took 44 s for 2^16).
        for level in 0...20 {
            try fixture.write("let v\(level) = \(level)\n", to: "real\(level)/File\(level).swift")
        }
        for level in 0..<20 {
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(
                    at: fixture.url("real\(level)/\(name)"), withDestinationURL: fixture.url("real\(level + 1)"))
            }
        }
        let files = try SourceDiscovery(configuration: AuditConfiguration()).files(under: fixture.url("real0"))
        #expect(files.count == 21)
        #expect(files.first?.relativePath == "File0.swift")
        #expect(
            files.contains { $0.relativePath == "a/File1.swift" }, "each folder under the first path, in sorted order")
    }

    @Test("a symbolic link back to a folder on the way is not followed again")
    func symbolicLinkLoop() throws {
        let fixture = try Fixture(["A/B/File.swift": "let x = 1\n"])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(at: fixture.url("A/B/up"), withDestinationURL: fixture.url("A"))
        let files = try SourceDiscovery(configuration: AuditConfiguration()).files(under: fixture.root)
        #expect(files.map(\.relativePath) == ["A/B/File.swift"])
    }
}
