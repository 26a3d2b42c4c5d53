import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("Baseline ratchet")
struct BaselineTests {
    private func finding(_ file: String, line: Int, message: String = "AuthManager reaches DataStore.shared.") -> Finding {
        Finding(
            rule: .singletonAccess, severity: .warning, location: SourceLocation(file: file, line: line, column: 5),
            message: message, fixHint: "Inject it.", typeName: "AuthManager", subject: "DataStore"
        )
    }

    @Test func knownFindingsSurviveMovingLines() {
        let baseline = Baseline(findings: [finding("A.swift", line: 10)])
        let (new, known) = baseline.partition([finding("A.swift", line: 42)])
        #expect(new.isEmpty)
        #expect(known.count == 1)
    }

    @Test func aSecondIdenticalFindingIsNew() {
        let baseline = Baseline(findings: [finding("A.swift", line: 10)])
        let (new, known) = baseline.partition([finding("A.swift", line: 10), finding("A.swift", line: 20)])
        #expect(known.map(\.location.line) == [10])
        #expect(new.map(\.location.line) == [20])
        #expect(baseline.count == 1)
    }

    @Test func findingsInOtherFilesOrWithOtherMessagesAreNew() {
        let baseline = Baseline(findings: [finding("A.swift", line: 10)])
        let (new, _) = baseline.partition([finding("B.swift", line: 10), finding("A.swift", line: 10, message: "other")])
        #expect(new.count == 2)
    }

    @Test func roundTripsThroughAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("seam-baseline.json").path
        let baseline = Baseline(findings: [finding("A.swift", line: 1), finding("A.swift", line: 2)])
        try baseline.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"version\" : 2"))
        #expect(text.contains("\"singleton-access|A.swift|AuthManager|DataStore|AuthManager reaches DataStore.shared.\" : 2"))
        #expect(try Baseline.load(from: path) == baseline)
    }

    @Test func rejectsFilesThatAreNotBaselines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("seam-baseline.json").path
        try Data("{\"findings\": []}".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BaselineError.self) { try Baseline.load(from: path) }
        #expect(error?.description.hasPrefix("\(path): not a seam baseline") == true)

        try Data("{\"version\": 9, \"fingerprints\": {}}".utf8).write(to: URL(fileURLWithPath: path))
        let version = #expect(throws: BaselineError.self) { try Baseline.load(from: path) }
        #expect(version?.reason == "baseline format version 9 is not supported (expected 1 to 2)")
    }
}
