import Foundation
import SeamAnalysis
import Testing

@Suite("bad input")
struct BadInputTests {
    @Test("a missing root throws an error naming the path")
    func missingRoot() async throws {
        let path = "/tmp/seam-does-not-exist-\(UUID().uuidString)"
        do {
            _ = try await Auditor().audit(root: URL(fileURLWithPath: path))
            Issue.record("expected an error")
        } catch let error as AuditError {
            #expect(error.isRootNotFound)
            #expect(error.path == path)
            #expect(error.description == "no such file or directory: \(path)")
        }
    }

    @Test("an empty folder is an empty report")
    func emptyFolder() async throws {
        let report = try await audit([:])
        #expect(report.findings.isEmpty)
        #expect(report.metrics == AuditMetrics.emptyWithRoles)
        #expect(report.graph == DependencyGraph())
    }

    @Test("a file that is not UTF-8 is reported and skipped; the rest is audited")
    func invalidUTF8() async throws {
        let fixture = try Fixture(["Good.swift": "final class A { static let shared = A() }"])
        defer { fixture.remove() }
        try fixture.write(Data("let a = 1\nlet b = \"".utf8) + Data([0xFF, 0xFE]) + Data("\"\n".utf8), to: "Bad.swift")
        let report = try await Auditor().audit(root: fixture.root)
        let errors = report.findings(.parseError)
        #expect(errors.map(\.location.description) == ["Bad.swift:2:10"])
        #expect(errors.first?.message == "Bad.swift is not valid UTF-8; it was skipped")
        #expect(report.metrics.singletons == 1)
        #expect(report.metrics.files == 1)
    }

    @Test("a partly parsable file is reported at its first error and still analysed")
    func partialParse() async throws {
        let report = try await audit([
            "Broken.swift": """
            final class DataStore {
                static let shared = DataStore()
                func save( {
            }
            final class User { func f() { DataStore.shared.save() } }
            """
        ])
        let errors = report.findings(.parseError)
        #expect(errors.count == 1)
        #expect(errors.first?.location.file == "Broken.swift")
        #expect(errors.first?.location.line == 3)
        #expect(
            errors.first?.message.hasSuffix("could not be parsed completely; findings in this file may be incomplete")
                == true)
        #expect(report.metrics.singletons == 1)
    }

    @Test("a closure body starting with ( and holding an in later is valid Swift, not a parse error (primal's forEach)")
    func closureBodyStartingWithParenthesis() async throws {
        // SwiftParser 603 reads `(…)` up to the loop's `in` as a closure signature; swiftc compiles this.
        let report = try await audit([
            "Theme.swift": """
            protocol Themeable { func updateTheme() }
            final class ThemeStore { static let shared = ThemeStore(); func apply() {} }
            final class Screen {
                func refresh(children: [AnyObject], views: [Themeable]) {
                    children.forEach {
                        ($0 as? Themeable)?.updateTheme()
                        ThemeStore.shared.apply()
                        for view in views { view.updateTheme() }
                    }
                    let broken = { (a: Int  in a }
                }
            }
            """
        ])
        // The repaired closure is analysed (its `.shared` read is a site), and offsets hold: the genuine error
        // on line 10 is reported where it is.
        #expect(report.findings(.singletonAccess).map(\.location.line) == [7])
        #expect(report.findings(.parseError).map(\.location.line) == [10])
    }

    @Test("an unreadable file is reported and skipped (unless running as root, which reads anyway)")
    func unreadableFile() async throws {
        let fixture = try Fixture(["Secret.swift": "let a = 1", "Open.swift": "let b = 2"])
        defer { fixture.remove() }
        let secret = fixture.url("Secret.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret) }
        let report = try await Auditor().audit(root: fixture.root)
        if getuid() == 0 {
            #expect(report.metrics.files == 2)
        } else {
            #expect(report.metrics.files == 1)
            #expect(report.findings(.parseError).map(\.location.file) == ["Secret.swift"])
            #expect(report.findings(.parseError).first?.message.hasPrefix("Secret.swift could not be read") == true)
        }
    }

    @Test("symbolic link loops end, and a linked file is audited once")
    func symlinkLoop() async throws {
        let fixture = try Fixture(["App/A.swift": "final class A { static let shared = A() }"])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            at: fixture.url("App/Loop"), withDestinationURL: fixture.url("App"))
        try FileManager.default.createSymbolicLink(
            at: fixture.url("Alias.swift"), withDestinationURL: fixture.url("App/A.swift"))
        try FileManager.default.createSymbolicLink(
            at: fixture.url("Dangling.swift"), withDestinationURL: fixture.url("Nowhere.swift"))
        let codebase = try await Codebase.load(root: fixture.root)
        #expect(codebase.files.map(\.path) == ["Alias.swift"])
        #expect(codebase.singletonDeclarations.count == 1)
    }

    @Test("skipped folders, include and exclude globs choose the files")
    func folderSelection() async throws {
        let files = [
            "Sources/App/A.swift": "", "Sources/App/Generated/G.swift": "", "Pods/P/P.swift": "",
            ".build/x.swift": "", "Tests/T.swift": "", "Sources/App/B.generated.swift": "", "notes.txt": "",
        ]
        let all = try await load(files)
        #expect(
            all.files.map(\.path) == [
                "Sources/App/A.swift", "Sources/App/B.generated.swift", "Sources/App/Generated/G.swift",
                "Tests/T.swift",
            ])
        var configuration = AuditConfiguration()
        configuration.include = ["Sources/**"]
        configuration.exclude = ["Generated", "*.generated.swift"]
        let chosen = try await load(files, configuration: configuration)
        #expect(chosen.files.map(\.path) == ["Sources/App/A.swift"])
    }

    @Test("a single file can be the root")
    func fileRoot() async throws {
        let fixture = try Fixture(["One.swift": "final class A { static let shared = A() }"])
        defer { fixture.remove() }
        let report = try await Auditor().audit(root: fixture.url("One.swift"))
        #expect(report.findings(.singletonDeclaration).map(\.location.file) == ["One.swift"])
    }
}

extension AuditMetrics {
    /// Metrics of an empty codebase: every count zero, every role listed.
    static var emptyWithRoles: AuditMetrics {
        var metrics = AuditMetrics()
        metrics.singletonAccessesByRole = Dictionary(uniqueKeysWithValues: TypeRole.allCases.map { ($0, 0) })
        return metrics
    }
}
