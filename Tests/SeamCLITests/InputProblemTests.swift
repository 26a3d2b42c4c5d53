import Foundation
import SeamTestSupport
import Testing

/// Inputs that are not what they seem: FIFOs, folders where files are expected, unreadable folders,
/// include patterns that match nothing, malformed baselines. Each is named in plain words.
@Suite("seam audit: problems with the inputs")
struct InputProblemTests {
    private static let store = "final class Store {\n    static let shared = Store()\n}\n"

    @Test func aFIFONamedLikeASourceFileIsNotARegularFile() async throws {
        let folder = try TemporaryDirectory(files: ["Store.swift": Self.store])
        defer { folder.remove() }
        #expect(mkfifo(folder.url("Pipe.swift").path, 0o644) == 0)
        let result = try await SeamCLI.run(["audit", ".", "--format", "xcode"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Pipe.swift:1:1: warning: Pipe.swift could not be read (not a regular file (a FIFO)); it was skipped [parse-error]"
            ),
            "\(result.stdout)")
        #expect(!result.stdout.contains("permission"))
    }

    @Test func aFIFOOrAFolderAsConfigurationIsNamedPlainly() async throws {
        let folder = try TemporaryDirectory(files: ["Store.swift": Self.store])
        defer { folder.remove() }
        #expect(mkfifo(folder.url("config.yml").path, 0o644) == 0)
        let fifo = try await SeamCLI.run(["audit", ".", "--config", "config.yml"], in: folder.url)
        #expect(fifo.status == 2)
        #expect(fifo.stderr == "seam: error: config.yml: cannot read configuration: not a regular file (a FIFO)\n")
        let directory = try await SeamCLI.run(["audit", ".", "--config", "."], in: folder.url)
        #expect(directory.status == 2)
        #expect(directory.stderr == "seam: error: .: cannot read configuration: not a regular file (a directory)\n")
        #expect(!directory.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func anUnreadableSubfolderIsAWarningThatChangesTheExitCode() async throws {
        let folder = try TemporaryDirectory(files: [
            "Open/Greeter.swift": "struct Greeter {}\n", "Locked/Store.swift": Self.store,
        ])
        defer { folder.remove() }
        let locked = folder.url("Locked").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }

        let result = try await SeamCLI.runUnprivileged(["audit", ".", "--format", "xcode"], in: folder.url)
        #expect(result.status == 1, "an unreadable folder counts as a warning: \(result.output)")
        #expect(
            result.stdout
                == "Locked:1:1: warning: the folder Locked could not be read (permission denied); its files were skipped [parse-error]\n",
            "\(result.output)")
    }

    @Test func anIncludeThatMatchesNothingIsAnErrorAtItsLine() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/App/Store.swift": Self.store,
            ".seam.yml": "exclude: []\ninclude:\n  - Sources/**\n  - Source/**\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.stderr == "seam: error: ./.seam.yml:4:5: the include pattern 'Source/**' matches no file; "
                + "check it for a typo (patterns are relative to the audited folder)\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aNumberAsIncludeIsAnErrorAtItsLine() async throws {
        let folder = try TemporaryDirectory(files: ["Store.swift": Self.store, ".seam.yml": "allow: []\ninclude: 42\n"])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "seam: error: ./.seam.yml:2:10: 'include' must be a list of strings, got 42\n")
    }

    @Test func aDuplicatedKeyIsReportedWhereItIsRepeated() async throws {
        let folder = try TemporaryDirectory(files: [
            "Store.swift": Self.store, ".seam.yml": "allow: [A]\n\nrules: {}\nallow: [B]\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "seam: error: ./.seam.yml:4:1: malformed YAML: duplicated key 'allow' (first written at line 1)\n")
    }

    @Test func baselineErrorsSayWhere() async throws {
        let folder = try TemporaryDirectory(files: [
            "Store.swift": Self.store,
            "broken.json": "{\"version\": 1,\n  \"fingerprints\": {\"a\": 1 x}}\n",
            "typed.json": "{\"version\": 1, \"fingerprints\": {\"a\": \"one\"}}\n",
        ])
        defer { folder.remove() }
        let broken = try await SeamCLI.run(["audit", ".", "--baseline", "broken.json"], in: folder.url)
        #expect(broken.status == 2)
        #expect(
            broken.stderr.hasPrefix(
                "seam: error: broken.json: not a seam baseline: malformed JSON at line 2, column 27"),
            "\(broken.stderr)")
        let typed = try await SeamCLI.run(["audit", ".", "--baseline", "typed.json"], in: folder.url)
        #expect(typed.status == 2)
        #expect(
            typed.stderr.hasPrefix("seam: error: typed.json: not a seam baseline: 'fingerprints.a' is not an integer"),
            "\(typed.stderr)")
    }

    @Test func aNegativeThreadCountSaysItMustBePositive() async throws {
        let result = try await SeamCLI.run(["audit", "--threads", "-5", "."])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--threads must be a positive integer (got -5)"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }
}
