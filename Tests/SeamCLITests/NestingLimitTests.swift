import Foundation
import SeamTestSupport
import Testing

/// Files too deeply nested or too large for seam are `parse-error` findings and the run goes on; files
/// just within the limits are audited in full. Run through the real executable: a stack overflow kills
/// the child process and fails the test, not the test run.
@Suite("seam on deeply nested and large files", .timeLimit(.minutes(10)))
struct NestingLimitTests {
    private static let normal =
        "final class Store {\n    static let shared = Store()\n    func save() {}\n}\n"
        + "final class ViewModel {\n    func tap() { Store.shared.save() }\n}\n"

    /// The inputs of issue 11 that crashed `seam audit` with SIGSEGV or never finished, and the limit
    /// each one exceeds.
    static let deepShapes: [(name: String, source: String, limit: String)] = [
        ("B().a(1)… ×10,000", "let x = B()" + String(repeating: ".a(1)", count: 10_000), "deeper than 256 levels"),
        ("a!!!… ×20,000", "let x = a" + String(repeating: "!", count: 20_000), "deeper than 256 levels"),
        (
            "[[[…]]] ×2,000", "let x = " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000),
            "more than 6 square brackets in a row"
        ),
        (
            "Array<Array<…>> ×1,000",
            "let x: " + String(repeating: "Array<", count: 1_000) + "Int"
                + String(repeating: ">", count: 1_000) + " = []", "deeper than 256 levels"
        ),
        ("try try … ×5,000", "let x = " + String(repeating: "try ", count: 5_000) + "f()", "deeper than 256 levels"),
        ("a.b.b… ×8,000", "let x = a" + String(repeating: ".b", count: 8_000), "deeper than 256 levels"),
        (
            "[[[…]]] ×20", "let x = " + String(repeating: "[", count: 20) + String(repeating: "]", count: 20),
            "more than 6 square brackets in a row"
        ),
        (
            "\"\\(…)\" ×250",
            "let x = " + String(repeating: "\"\\(", count: 250) + "1" + String(repeating: ")\"", count: 250),
            "string interpolations deeper than 16 levels"
        ),
    ]

    private struct Finding {
        var rule: String
        var file: String
        var line: Int
        var message: String
    }

    private func findings(_ json: String) throws -> [Finding] {
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        return findings.map {
            Finding(
                rule: $0["rule"] as? String ?? "", file: $0["file"] as? String ?? "", line: $0["line"] as? Int ?? 0,
                message: $0["message"] as? String ?? "")
        }
    }

    @Test(
        "a file too deep to parse is a parse-error finding on its line; the other files are audited",
        arguments: deepShapes.indices)
    func deepFileIsReported(index: Int) async throws {
        let shape = Self.deepShapes[index]
        let folder = try TemporaryDirectory(files: [
            "Deep.swift": "// \(shape.name)\n\(shape.source)\n", "Normal.swift": Self.normal,
        ])
        defer { folder.remove() }

        let audit = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(audit.status == 1, "findings over the threshold (0): \(audit.stderr.suffix(2_000))")
        #expect(
            !audit.stderr.contains("Backtrac") && !audit.stderr.contains("Fatal error"), "\(audit.stderr.suffix(2_000))"
        )
        let found = try findings(audit.stdout)
        let deep = found.filter { $0.file == "Deep.swift" }
        #expect(deep.count == 1, "\(shape.name)")
        #expect(deep.first?.rule == "parse-error")
        #expect(deep.first?.line == 2)
        #expect(deep.first?.message.contains(shape.limit) == true, "\(deep.first?.message ?? "none")")
        #expect(found.contains { $0.file == "Normal.swift" && $0.rule == "singleton-declaration" })
        #expect(found.contains { $0.file == "Normal.swift" && $0.rule == "singleton-access" })

        let migrate = try await SeamCLI.run(["migrate", "."], in: folder.url)
        #expect(migrate.status == 0, "\(migrate.output.suffix(2_000))")
        #expect(migrate.stdout.contains("Normal.swift"), "the normal file is still migrated")
        #expect(try String(contentsOf: folder.url("Deep.swift"), encoding: .utf8).hasPrefix("// \(shape.name)\n"))
    }

    /// Just within the limits: parsed and walked (on a large stack), no parse-error.
    static let nearLimitShapes: [(name: String, source: String)] = [
        ("(…) ×250", "let x = " + String(repeating: "(", count: 250) + "1" + String(repeating: ")", count: 250)),
        (
            "\"\\(…)\" ×16",
            "let x = " + String(repeating: "\"\\(", count: 16) + "1" + String(repeating: ")\"", count: 16)
        ),
        ("struct { ×250", String(repeating: "struct A { ", count: 250) + String(repeating: "} ", count: 250)),
        (
            "Array<…> ×250",
            "let x: " + String(repeating: "Array<", count: 250) + "Int" + String(repeating: ">", count: 250) + " = []"
        ),
        (".a(1) ×125", "let x = B()" + String(repeating: ".a(1)", count: 125)),
        ("try ×250", "func f() throws { _ = " + String(repeating: "try ", count: 250) + "g() }"),
        ("#if ×32", String(repeating: "#if A\n", count: 32) + "let x = 1\n" + String(repeating: "#endif\n", count: 32)),
        ("[[…]] ×6", "let x = " + String(repeating: "[", count: 6) + "1" + String(repeating: "]", count: 6)),
    ]

    @Test("a file just within the limits is audited without a parse error", arguments: nearLimitShapes.indices)
    func nearLimitFileIsAudited(index: Int) async throws {
        let shape = Self.nearLimitShapes[index]
        let folder = try TemporaryDirectory(files: ["Deep.swift": shape.source + "\n", "Normal.swift": Self.normal])
        defer { folder.remove() }
        let audit = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(audit.status == 1, "\(shape.name): \(audit.stderr.suffix(2_000))")
        let found = try findings(audit.stdout)
        #expect(
            !found.contains { $0.rule == "parse-error" },
            "\(shape.name): \(found.filter { $0.rule == "parse-error" }.map(\.message))")
        #expect(found.contains { $0.file == "Normal.swift" && $0.rule == "singleton-declaration" })
        let migrate = try await SeamCLI.run(["migrate", "."], in: folder.url)
        #expect(migrate.status == 0, "\(shape.name): \(migrate.output.suffix(2_000))")
    }

    @Test("a file over 8 MiB is a parse-error finding; the other files are audited")
    func largeFileIsReported() async throws {
        let folder = try TemporaryDirectory(files: ["Normal.swift": Self.normal])
        defer { folder.remove() }
        let line = "let value = 1 // padding padding padding padding padding padding padding padding\n"
        let large = String(repeating: line, count: (8 << 20) / line.utf8.count + 1)
        try folder.write(large, to: "Large.swift")
        let audit = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(audit.status == 1)
        let found = try findings(audit.stdout)
        let reported = found.filter { $0.file == "Large.swift" }
        #expect(reported.map(\.rule) == ["parse-error"])
        #expect(reported.first?.line == 1)
        #expect(
            reported.first?.message
                == "Large.swift is \(large.utf8.count) bytes, over seam's limit of 8388608 bytes (8 MiB); it was skipped"
        )
        #expect(found.contains { $0.file == "Normal.swift" && $0.rule == "singleton-declaration" })
    }

    @Test("long member chains in many statements finish (linear time)")
    func manyLongChains() async throws {
        let chains = (0..<100).map { "let x\($0) = Outer" + String(repeating: ".inner", count: 120) + "\n" }.joined()
        let folder = try TemporaryDirectory(files: ["Chains.swift": chains, "Normal.swift": Self.normal])
        defer { folder.remove() }
        let audit = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(audit.status == 1)
        #expect(try !findings(audit.stdout).contains { $0.rule == "parse-error" })
    }

    @Test("20 levels of folders, each linked twice from the one above (2^20 paths), are audited once each")
    func symbolicLinkFanOut() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for level in 0...20 {
            try folder.write("let v\(level) = \(level)\n", to: "real\(level)/File\(level).swift")
        }
        for level in 0..<20 {
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(
                    at: folder.url("real\(level)/\(name)"), withDestinationURL: folder.url("real\(level + 1)"))
            }
        }
        let audit = try await SeamCLI.run(["audit", "real0", "--format", "json"], in: folder.url)
        #expect(audit.status == 0, "\(audit.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        #expect((report["metrics"] as? [String: Any])?["files"] as? Int == 21)
    }
}
