import Foundation
import SeamAnalysis
import SeamTestSupport
import Testing

/// Exit code 2 and a message naming the culprit for every usage or configuration error.
@Suite("seam: usage and configuration errors")
struct CLIUsageErrorTests {
    @Test func aMissingPathExitsWith2AndNamesIt() async throws {
        let result = try await SeamCLI.run(["audit", "does/not/exist"])
        #expect(result.status == 2)
        #expect(result.stderr == "seam: error: no such file or directory: does/not/exist\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func seamPackageWithoutSeamKeysAndKeptAccessorsWithThemAreUsageErrors() async throws {
        let folder = try TemporaryDirectory(files: ["A.swift": "struct A {}\n"])
        defer { folder.remove() }
        let orphan = try await SeamCLI.run(["migrate", folder.path, "--seam-package", "../Seam"])
        #expect(orphan.status == 2)
        #expect(orphan.stderr.contains("--seam-package is where --container seam gets Seam"), "\(orphan.stderr)")
        let kept = try await SeamCLI.run(["migrate", folder.path, "--container", "seam", "--keep-shared"])
        #expect(kept.status == 2, "\(kept.output)")
        #expect(kept.stderr.contains("keepsSharedAccessors"), "\(kept.stderr)")
        // `seam` picks the style; the other values stay container type names.
        let styled = try await SeamCLI.run(["migrate", folder.path, "--container", "seam", "--container", "Services"])
        #expect(styled.status == 0, "\(styled.output)")
    }

    @Test func aFileInsteadOfAFolderIsAUsageError() async throws {
        let result = try await SeamCLI.run(["audit", "Package.swift"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a directory: Package.swift"))
    }

    @Test func malformedSeamYmlExitsWith2WithFileAndLine() async throws {
        let folder = try TemporaryDirectory(files: [
            "A.swift": "struct A {}\n",
            ".seam.yml": "allow: [Logger]\nrules:\n  force-unwrap: off\n   injection-bypass: error\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", folder.path])
        #expect(result.status == 2)
        let prefix = "seam: error: \(folder.path)/.seam.yml:"
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(result.stderr.contains("malformed YAML"))
        let position = result.stderr.dropFirst(prefix.count).prefix { $0 != ":" }
        #expect(position == "4", "the line of the bad indentation, got \(result.stderr)")
    }

    @Test func anUnknownKeyExitsWith2WithItsLine() async throws {
        let folder = try TemporaryDirectory(files: [
            "A.swift": "struct A {}\n",
            ".seam.yml": "thresholds:\n  max-finding: 3\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("seam: error: ./.seam.yml:2:3: unknown key 'max-finding' in 'thresholds'"),
            "\(result.stderr)"
        )
    }

    @Test func aMissingConfigFileExitsWith2() async throws {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--config", "nowhere.yml"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seam: error: nowhere.yml: cannot read configuration: "))
    }

    @Test(arguments: [
        ["audit", "--threads", "0", "."],
        ["audit", "--format", "pdf", "."],
        ["audit", "--update-baseline", "."],
        ["graph", "--format", "png", "."],
        ["audit", "--history", "", "."],
        ["report", "--history", "", "."],
        ["report", "--no-such-flag"],
        ["audit", "--no-such-flag"],
    ])
    func badArgumentsExitWith2(arguments: [String]) async throws {
        let result = try await SeamCLI.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("Usage: seam") || result.stderr.contains("Error:"))
    }

    @Test func aCorruptBaselineExitsWith2() async throws {
        let folder = try TemporaryDirectory(files: ["A.swift": "struct A {}\n", "baseline.json": "[1, 2]"])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", ".", "--baseline", "baseline.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seam: error: baseline.json: not a seam baseline"))
    }

    @Test func helpAndVersionExitWith0() async throws {
        let help = try await SeamCLI.run(["audit", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit codes: 0 clean, 1 more findings"))
        let version = try await SeamCLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
    }

    /// One version: what `seam --version` prints is what the JSON and SARIF reports name as their tool's.
    @Test func theReportsNameTheVersionSeamPrints() async throws {
        let version = try await SeamCLI.run(["--version"])
        #expect(version.stdout == SeamVersion.current + "\n")
        #expect(version.stderr.isEmpty)

        let json = try await SeamCLI.run(["audit", PackageCheckout.legacyApp.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["tool"] as? [String: Any])?["version"] as? String == SeamVersion.current)

        let sarif = try await SeamCLI.run(["audit", PackageCheckout.legacyApp.path, "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["version"] as? String == SeamVersion.current)
        #expect(driver?["semanticVersion"] as? String == SeamVersion.current)
    }
}
