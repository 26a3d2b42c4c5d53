import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

/// Fingerprints name the finding (rule, file, type, subject, a count-free message), not its size.
@Suite("Finding fingerprints")
struct FingerprintTests {
    /// A view model with `properties` stored properties and `padding` blank lines.
    private func viewModel(properties: Int, padding: Int = 0, name: String = "FeedViewModel") -> String {
        "final class \(name) {\n" + (1...properties).map { "    var field\($0) = 0\n" }.joined()
            + String(repeating: "\n", count: padding) + "}\n"
    }

    @Test("a fat view model keeps its fingerprint when a line or a stored property is added")
    func fatViewModelKeepsItsFingerprint() async throws {
        let before = try await audit(["FeedViewModel.swift": viewModel(properties: 13)]).findings(.fatViewModel)
        let after = try await audit(["FeedViewModel.swift": viewModel(properties: 14, padding: 3)])
            .findings(.fatViewModel)
        #expect(before.count == 1 && after.count == 1)
        #expect(before.first?.message != after.first?.message, "the message still tells the size")
        #expect(before.first?.fingerprint == after.first?.fingerprint)
    }

    @Test("a fat view model that crosses another limit keeps its fingerprint too")
    func anotherLimitKeepsTheFingerprint() async throws {
        var limits = AuditConfiguration()
        limits.thresholds.viewModelLines = 16
        let before = try await audit(["FeedViewModel.swift": viewModel(properties: 13)], configuration: limits)
        let after = try await audit(
            ["FeedViewModel.swift": viewModel(properties: 13, padding: 5)], configuration: limits)
        #expect(before.findings(.fatViewModel).map(\.fingerprint) == after.findings(.fatViewModel).map(\.fingerprint))
        #expect(after.findings(.fatViewModel).first?.message.contains("lines") == true)
    }

    @Test("another fat view model has another fingerprint")
    func anotherTypeAnotherFingerprint() async throws {
        let report = try await audit([
            "FeedViewModel.swift": viewModel(properties: 13),
            "SpotViewModel.swift": viewModel(properties: 13, name: "SpotViewModel"),
        ])
        #expect(Set(report.findings(.fatViewModel).map(\.fingerprint)).count == 2)
    }

    private func finding(_ rule: RuleID, _ message: String, subject: String = "DataStore", type: String = "Feed")
        -> Finding
    {
        Finding(
            rule: rule, severity: .warning, location: SourceLocation(file: "A.swift", line: 3, column: 1),
            message: message, fixHint: "Fix it.", typeName: type, subject: subject)
    }

    @Test("an injection bypass keeps its fingerprint when the type takes another service through init")
    func bypassKeepsItsFingerprint() async throws {
        func source(_ parameters: String) -> String {
            """
            final class Session { static let shared = Session(); func track() {} }
            final class APIClient { static let shared = APIClient() }
            final class Cache { static let shared = Cache() }
            final class FeedViewModel {
                init(\(parameters)) {}
                func refresh() { Session.shared.track() }
            }
            """
        }
        let before = try await audit(["Feed.swift": source("api: APIClient")]).findings(.injectionBypass)
        let after = try await audit(["Feed.swift": source("cache: Cache, api: APIClient")]).findings(.injectionBypass)
        #expect(before.count == 1 && after.count == 1)
        #expect(before.first?.message != after.first?.message)
        #expect(before.first?.fingerprint == after.first?.fingerprint)
    }

    @Test("a count in the message does not change the fingerprint; a different subject or type does")
    func countsLeftOut() {
        let three = finding(
            .singletonAccess,
            "'Feed' takes 'a: A', 'b: B', 'c: C' and 2 more through init but reaches 'DataStore.shared' directly")
        let four = finding(
            .singletonAccess,
            "'Feed' takes 'a: A', 'b: B', 'c: C' and 3 more through init but reaches 'DataStore.shared' directly")
        #expect(three.fingerprint == four.fingerprint)
        #expect(three.fingerprint.hasSuffix("and # more through init but reaches 'DataStore.shared' directly"))
        let other = finding(.singletonAccess, three.message, subject: "Analytics")
        #expect(other.fingerprint != three.fingerprint)
        #expect(finding(.singletonAccess, three.message, type: "Other").fingerprint != three.fingerprint)
        #expect(
            finding(.singletonAccess, "'Feed' injects 'store: S' but still reaches 'DataStore.shared'").fingerprint
                != three.fingerprint)

        let literal = finding(.duplicatedLiteral, "String literal \"spot\" appears in 3 files", subject: "spot")
        let more = finding(.duplicatedLiteral, "String literal \"spot\" appears in 12 files", subject: "spot")
        #expect(literal.fingerprint == more.fingerprint)
        #expect(finding(.duplicatedLiteral, literal.message, subject: "reef").fingerprint != literal.fingerprint)
    }

    @Test("numbers become one #, whatever their length")
    func countFree() {
        #expect(
            Finding.countFree("has 304 lines (limit 300), 17 stored properties")
                == "has # lines (limit #), # stored properties")
        #expect(Finding.countFree("no number") == "no number")
    }

    @Test("a version 1 baseline is still read and matched by its whole messages; a new one is version 2")
    func versionOneBaseline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("old.json").path
        let old = finding(.fatViewModel, "View model 'Feed' has 13 stored properties (limit 12)", subject: "Feed")
        let json: [String: Any] = ["version": 1, "fingerprints": [old.fingerprintVersion1: 1]]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let baseline = try Baseline.load(from: path)
        #expect(baseline.version == 1)
        #expect(baseline.partition([old]).new.isEmpty)
        let grown = finding(.fatViewModel, "View model 'Feed' has 14 stored properties (limit 12)", subject: "Feed")
        #expect(baseline.partition([grown]).new.count == 1, "version 1 fingerprints kept the counts")
        let rerecorded = Baseline(findings: [old])
        #expect(rerecorded.version == 2)
        #expect(rerecorded.partition([grown]).new.isEmpty)
    }
}
