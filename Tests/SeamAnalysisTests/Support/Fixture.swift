import Foundation
import SeamAnalysis

/// A temporary folder of Swift files, removed when the body returns.
struct Fixture {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("seam-analysis-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Audits `files` (path → source) written to a temporary folder.
func audit(
    _ files: [String: String], configuration: AuditConfiguration = AuditConfiguration()
) async throws -> AuditReport {
    let fixture = try Fixture(files)
    defer { fixture.remove() }
    return try await Auditor(configuration: configuration).audit(root: fixture.root)
}

/// Loads `files` (path → source) written to a temporary folder as a `Codebase`.
func load(
    _ files: [String: String], configuration: AuditConfiguration = AuditConfiguration(), retainingSyntax: Bool = false
) async throws -> Codebase {
    let fixture = try Fixture(files)
    defer { fixture.remove() }
    return try await Codebase.load(root: fixture.root, configuration: configuration, retainingSyntax: retainingSyntax)
}

extension AuditReport {
    /// Findings of one rule.
    func findings(_ rule: RuleID) -> [Finding] { findings.filter { $0.rule == rule } }

    /// `file:line` of each finding of one rule, for compact assertions.
    func lines(_ rule: RuleID) -> [String] {
        findings(rule).map { "\($0.location.file):\($0.location.line)" }
    }

    /// Subjects of each finding of one rule.
    func subjects(_ rule: RuleID) -> [String] { findings(rule).compactMap(\.subject) }
}
