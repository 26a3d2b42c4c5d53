import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("Baseline ratchet")
struct BaselineTests {
    private func finding(_ file: String, line: Int, message: String = "AuthManager reaches DataStore.shared.")
        -> Finding
    {
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
        let (new, _) = baseline.partition([
            finding("B.swift", line: 10), finding("A.swift", line: 10, message: "other"),
        ])
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
        #expect(
            text.contains(
                "\"singleton-access|A.swift|AuthManager|DataStore|AuthManager reaches DataStore.shared.\" : 2"))
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

@Suite("Baseline ratchet: gone entries and shrinking")
struct BaselineComparisonTests {
    private func finding(_ file: String, line: Int, subject: String = "DataStore") -> Finding {
        Finding(
            rule: .singletonAccess, severity: .warning, location: SourceLocation(file: file, line: line, column: 5),
            message: "AuthManager reaches \(subject).shared.", fixHint: "Inject it.", typeName: "AuthManager",
            subject: subject
        )
    }

    @Test func fixedFindingsAreGoneAndTheShrunkBaselineHoldsOnlyTheRest() {
        let baseline = Baseline(findings: [
            finding("A.swift", line: 1), finding("A.swift", line: 2), finding("A.swift", line: 3),
            finding("B.swift", line: 1),
        ])
        // One of A's three is fixed, B's is fixed, and C's is new.
        let comparison = baseline.compare([
            finding("A.swift", line: 1), finding("A.swift", line: 9), finding("C.swift", line: 4),
        ])
        #expect(comparison.new.map(\.location.file) == ["C.swift"])
        #expect(comparison.known.count == 2)
        #expect(comparison.gone.map(\.count) == [1, 1])
        #expect(comparison.gone.map(\.recorded) == [3, 1])
        #expect(comparison.gone.map(\.line) == [nil, nil], "not loaded from a file")
        #expect(comparison.goneCount == 2)
        #expect(comparison.gone[0].description.hasSuffix("|AuthManager reaches DataStore.shared. (1 of 3 gone)"))
        #expect(!comparison.gone[1].description.contains(" gone)"))

        let shrunk = comparison.shrunk
        #expect(shrunk.count == 2)
        #expect(shrunk.fingerprints == [finding("A.swift", line: 0).fingerprint: 2], "never takes in C's new finding")
        #expect(shrunk.compare([finding("C.swift", line: 4)]).new.count == 1)
        #expect(shrunk.compare([finding("A.swift", line: 1), finding("A.swift", line: 9)]).gone.isEmpty)
    }

    @Test func nothingIsGoneWhenEveryFindingRemains() {
        let baseline = Baseline(findings: [finding("A.swift", line: 1), finding("B.swift", line: 1)])
        let comparison = baseline.compare([finding("B.swift", line: 7), finding("A.swift", line: 3)])
        #expect(comparison.gone.isEmpty)
        #expect(comparison.goneCount == 0)
        #expect(comparison.shrunk == baseline)
    }

    @Test func goneEntriesNameTheirLineInTheBaselineFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("seam-baseline.json").path
        try Baseline(findings: [finding("A.swift", line: 1), finding("B.swift", line: 1, subject: "Cache")]).write(
            to: path)
        let loaded = try Baseline.load(from: path)
        #expect(
            loaded == Baseline(findings: [finding("A.swift", line: 1), finding("B.swift", line: 1, subject: "Cache")]))
        let gone = loaded.compare([]).gone
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(gone.count == 2)
        for entry in gone {
            let line = try #require(entry.line)
            #expect(lines[line - 1].contains(entry.fingerprint), "line \(line): \(lines[line - 1])")
        }
    }

    @Test func keyLinesFollowEscapesAndCompactJSON() {
        let json = """
            {"version": 2, "fingerprints": {"a|\\u0042|\\"q\\"": 1,
              "c": 2,

            "d\\\\"
              : 3}}
            """
        let lines = JSONKeyLines.scan(Data(json.utf8))
        #expect(lines["version"] == 1)
        #expect(lines["a|B|\"q\""] == 1)
        #expect(lines["c"] == 2)
        #expect(lines["d\\"] == 4)
        #expect(lines.count == 5, "values are not keys: \(lines)")
        #expect(JSONKeyLines.scan(Data("{\"unterminated".utf8)).isEmpty)
    }

    @Test func aBaselineWithANegativeOrHugeCountIsRefusedWithItsLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("seam-baseline.json").path
        try Data("{\n  \"version\": 2,\n  \"fingerprints\": {\n    \"ok\": 1,\n    \"bad\": -3\n  }\n}\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let negative = #expect(throws: BaselineError.self) { try Baseline.load(from: path) }
        #expect(negative?.description == "\(path): line 5: the count of 'bad' is -3, expected 0 to 2147483647")

        // A hostile key is printed with its control characters escaped.
        try Data("{\"version\": 2, \"fingerprints\": {\"a\": 1,\n\"b\\u001b[2J\": 9223372036854775807}}".utf8)
            .write(to: URL(fileURLWithPath: path))
        let huge = #expect(throws: BaselineError.self) { try Baseline.load(from: path) }
        #expect(huge?.reason == "line 2: the count of 'b\\u{1B}[2J' is 9223372036854775807, expected 0 to 2147483647")
    }

    @Test func controlCharactersInAFingerprintArePrintedEscaped() {
        let entry = BaselineComparison.GoneEntry(fingerprint: "x\u{1B}[2Jy\n", count: 1, recorded: 1, line: 3)
        #expect(entry.description == "x\\u{1B}[2Jy\\u{A}")
    }
}
